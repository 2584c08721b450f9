package dev.dynalens.domain.inference;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;

/**
 * The analysis as JSON, the one shape of {@code dynalens analyze --json} and of the Spark job's {@code "analysis"}: the
 * fields {@code "table", "itemCount", "keySchema", "entities", "indexes"} and, where they were computed,
 * {@code "relationships"}, written into an object the caller opened on a generator it owns. Key values are plain JSON
 * values; counts and sizes are JSON integers, never through a double. An entity's attributes leave out the table's key
 * attributes (its templates show them); its {@code "sizes"} are there when the analysis measured them.
 */
public final class AnalysisJson {
    private AnalysisJson() {
    }

    /**
     * @param relationships false to leave the field out (the analysis did not look for adjacency lists), not to say
     *                      there are none
     */
    public static void writeFields(JsonGenerator gen, TableAnalysis analysis, boolean relationships) throws IOException {
        gen.writeStringField("table", analysis.table());
        gen.writeNumberField("itemCount", analysis.itemCount());
        gen.writeObjectFieldStart("keySchema");
        gen.writeStringField("partitionKey", analysis.keySchema().partitionKeyName());
        gen.writeStringField("sortKey", analysis.keySchema().sortKeyName());
        gen.writeEndObject();
        gen.writeArrayFieldStart("entities");
        for (var entity : analysis.entities()) {
            writeEntity(gen, analysis, entity);
        }
        gen.writeEndArray();
        gen.writeArrayFieldStart("indexes");
        for (var index : analysis.indexes()) {
            gen.writeStartObject();
            gen.writeStringField("name", index.name());
            gen.writeArrayFieldStart("meanings");
            for (var meaning : index.meanings()) {
                gen.writeStartObject();
                gen.writeStringField("pkTemplate", meaning.pkTemplate());
                gen.writeStringField("entity", meaning.entity());
                gen.writeNumberField("count", meaning.count());
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.writeEndObject();
        }
        gen.writeEndArray();
        if (relationships) {
            gen.writeArrayFieldStart("relationships");
            for (var relationship : analysis.relationships()) {
                gen.writeStartObject();
                gen.writeStringField("kind", relationship.kind().name().toLowerCase(Locale.ROOT));
                gen.writeArrayFieldStart("entities");
                for (var name : relationship.entities()) {
                    gen.writeString(name);
                }
                gen.writeEndArray();
                gen.writeNumberField("edges", relationship.edgeCount());
                gen.writeArrayFieldStart("missingReverse");
                for (var key : relationship.missingReverse()) {
                    writeKey(gen, key);
                }
                gen.writeEndArray();
                gen.writeEndObject();
            }
            gen.writeEndArray();
        }
    }

    private static void writeEntity(JsonGenerator gen, TableAnalysis analysis, TableAnalysis.Entity entity) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("name", entity.name());
        gen.writeNumberField("count", entity.count());
        gen.writeStringField("pkTemplate", entity.pkTemplate());
        gen.writeStringField("skTemplate", entity.skTemplate().orElse(null));
        gen.writeObjectFieldStart("attributes");
        for (var attribute : entity.attributes()) {
            if (!isTableKey(analysis, attribute.name())) {
                gen.writeStringField(attribute.name(), attribute.typeLabel());
            }
        }
        gen.writeEndObject();
        var sizes = entity.sizes();
        if (sizes.measured()) {
            gen.writeObjectFieldStart("sizes");
            gen.writeNumberField("items", sizes.items());
            gen.writeNumberField("totalBytes", sizes.totalBytes());
            // Rounded to the nearest byte, halves up, in integers (Sizes.averageBytes goes through a double).
            gen.writeNumberField("averageBytes", (sizes.totalBytes() + sizes.items() / 2) / sizes.items());
            gen.writeNumberField("largestBytes", sizes.largestBytes());
            gen.writeEndObject();
        }
        gen.writeEndObject();
    }

    private static boolean isTableKey(TableAnalysis analysis, String attribute) {
        return attribute.equals(analysis.keySchema().partitionKeyName()) || attribute.equals(analysis.keySchema().sortKeyName());
    }

    /** A key as an object of plain JSON values. */
    public static void writeKey(JsonGenerator gen, Map<String, AttributeValue> key) throws IOException {
        gen.writeStartObject();
        for (var entry : key.entrySet()) {
            gen.writeFieldName(entry.getKey());
            PlainJsonCodec.writeValue(gen, entry.getValue());
        }
        gen.writeEndObject();
    }
}
