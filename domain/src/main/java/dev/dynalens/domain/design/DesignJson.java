package dev.dynalens.domain.design;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A design as JSON, the shape {@code dynalens design --json} prints: {@code table} (keys, attribute types, indexes),
 * {@code entities} (key templates, reasons, WCU per put), {@code accessPatterns} (operation, index, key condition,
 * values, ScanIndexForward, RCU per call, reason; with a check or a proof, also {@code servedBy} and {@code items}, and
 * with a proof {@code passed}), {@code sampleItems} in DynamoDB JSON, {@code warnings}, and with a proof {@code proof}.
 */
public final class DesignJson {
    private DesignJson() {
    }

    /**
     * What a check found for one pattern: what served it (GetItem, Query or Scan) and how many items it returned.
     *
     * @param passed  whether the pattern got what it asks for; null when the check does not judge it
     * @param problem what went wrong, or null
     */
    public record PatternCheck(String servedBy, long items, Boolean passed, String problem) {
    }

    /**
     * How a proof of the design went, as its {@code proof} object says.
     *
     * @param engine   what answered the requests: in memory, or a connection
     * @param inMemory whether no connection was used
     */
    public record ProofSummary(String engine, boolean inMemory, String table, boolean valid, long passed, int patterns) {
    }

    public static void write(JsonGenerator gen, TableDesign design, Map<String, PatternCheck> checks) throws IOException {
        write(gen, design, checks, null);
    }

    /** The design with what a proof found for each pattern, and the proof's summary last; {@code proof} null for none. */
    public static void write(JsonGenerator gen, TableDesign design, Map<String, PatternCheck> checks, ProofSummary proof)
            throws IOException {
        gen.writeStartObject();
        gen.writeObjectFieldStart("table");
        gen.writeStringField("name", design.tableName());
        writeTable(gen, design.keySchema(), design.attributeTypes(), design.indexes().stream()
                .map(i -> new IndexLine(i.name(), i.key(), i.projection())).toList());
        writeStrings(gen, "reasons", design.reasons());
        gen.writeEndObject();
        gen.writeArrayFieldStart("entities");
        for (var entity : design.entities()) {
            gen.writeStartObject();
            gen.writeStringField("name", entity.name());
            gen.writeObjectFieldStart("keys");
            for (var key : entity.keys().entrySet()) {
                gen.writeStringField(key.getKey(), key.getValue().toString());
            }
            gen.writeEndObject();
            writeStrings(gen, "reasons", entity.reasons());
            gen.writeNumberField("itemBytes", entity.itemBytes());
            writeUnits(gen, "wcuPerPut", entity.wcuPerPut());
            if (entity.wcuPerSecond() != null) {
                writeUnits(gen, "wcuPerSecond", entity.wcuPerSecond());
            }
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeArrayFieldStart("accessPatterns");
        for (var pattern : design.accessPatterns()) {
            writePattern(gen, pattern, checks.get(pattern.name()));
        }
        gen.writeEndArray();
        gen.writeArrayFieldStart("sampleItems");
        for (var sample : design.samples()) {
            DynamoJsonCodec.writeItem(gen, sample.item());
        }
        gen.writeEndArray();
        writeStrings(gen, "warnings", design.warnings());
        if (proof != null) {
            gen.writeObjectFieldStart("proof");
            gen.writeStringField("engine", proof.engine());
            gen.writeBooleanField("inMemory", proof.inMemory());
            gen.writeStringField("table", proof.table());
            gen.writeBooleanField("valid", proof.valid());
            gen.writeNumberField("passed", proof.passed());
            gen.writeNumberField("patterns", proof.patterns());
            gen.writeEndObject();
        }
        gen.writeEndObject();
    }

    /** An index as the {@code table} object lists it. */
    public record IndexLine(String name, IndexKey key, String projection) {
    }

    /** The fields of the {@code table} object after its name: keys, attribute types, indexes. */
    public static void writeTable(JsonGenerator gen, KeySchema keySchema, Map<String, KeySchema.ScalarType> attributeTypes,
                                  List<IndexLine> indexes) throws IOException {
        gen.writeStringField("partitionKey", keySchema.partitionKeyName());
        if (keySchema.hasSortKey()) {
            gen.writeStringField("sortKey", keySchema.sortKeyName());
        }
        gen.writeObjectFieldStart("attributeTypes");
        for (var type : attributeTypes.entrySet()) {
            gen.writeStringField(type.getKey(), type.getValue().name());
        }
        gen.writeEndObject();
        gen.writeArrayFieldStart("indexes");
        for (var index : indexes) {
            gen.writeStartObject();
            gen.writeStringField("name", index.name());
            writeIndexKey(gen, index.key());
            gen.writeStringField("projection", index.projection());
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }

    /**
     * An index's key: {@code partitionKey} and {@code sortKey} as names for a key of one attribute each, as arrays of
     * names in the key schema's order for a multi-attribute key.
     */
    private static void writeIndexKey(JsonGenerator gen, IndexKey key) throws IOException {
        if (key.isSingle()) {
            gen.writeStringField("partitionKey", key.partitionNames().get(0));
            if (key.hasSortKey()) {
                gen.writeStringField("sortKey", key.sortNames().get(0));
            }
            return;
        }
        writeStrings(gen, "partitionKey", key.partitionNames());
        if (key.hasSortKey()) {
            writeStrings(gen, "sortKey", key.sortNames());
        }
    }

    /** One pattern's request, as the {@code accessPatterns} array lists it. */
    public static void writePattern(JsonGenerator gen, PatternDesign pattern, PatternCheck check) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("name", pattern.name());
        gen.writeStringField("operation", pattern.operation().label());
        if (pattern.index() == null) {
            gen.writeNullField("index");
        } else {
            gen.writeStringField("index", pattern.index());
        }
        if (pattern.served()) {
            gen.writeStringField("keyCondition", pattern.keyCondition());
            gen.writeObjectFieldStart("values");
            for (var value : pattern.values().entrySet()) {
                gen.writeStringField(value.getKey(), value.getValue().toString());
            }
            gen.writeEndObject();
            gen.writeBooleanField("scanIndexForward", pattern.scanIndexForward());
        }
        if (pattern.limit() > 0) {
            gen.writeNumberField("limit", pattern.limit());
        }
        gen.writeNumberField("itemsPerCall", pattern.itemsPerCall());
        writeUnits(gen, "rcuPerCall", pattern.rcuPerCall());
        if (pattern.rcuPerSecond() != null) {
            writeUnits(gen, "rcuPerSecond", pattern.rcuPerSecond());
        }
        gen.writeStringField("reason", pattern.reason());
        if (check != null) {
            gen.writeStringField("servedBy", check.servedBy());
            gen.writeNumberField("items", check.items());
            if (check.passed() != null) {
                gen.writeBooleanField("passed", check.passed());
            }
            if (check.problem() != null) {
                gen.writeStringField("problem", check.problem());
            }
        }
        gen.writeEndObject();
    }

    private static void writeUnits(JsonGenerator gen, String field, CapacityUnits units) throws IOException {
        gen.writeFieldName(field);
        gen.writeNumber(units.toBigDecimal());
    }

    private static void writeStrings(JsonGenerator gen, String field, List<String> values) throws IOException {
        gen.writeArrayFieldStart(field);
        for (var value : values) {
            gen.writeString(value);
        }
        gen.writeEndArray();
    }
}
