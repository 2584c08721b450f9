package dev.dynalens.domain.design;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.transfer.WorkbenchModelWriter;
import java.io.IOException;
import java.io.Writer;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A design written for the tools people model with: a NoSQL Workbench data model (one facet per entity, named after
 * it, with its key templates as the facet's key aliases and its sample items; the GSIs; the access patterns) and a
 * dynamodb-onetable schema (format {@code onetable:1.1.0}: the indexes, one model per entity whose key attributes have
 * value templates, {@code ${attr}}, and the patterns as saved queries).
 */
public final class DesignExports {
    private DesignExports() {
    }

    /** The design as a NoSQL Workbench 3.0 model. */
    public static void workbenchModel(TableDesign design, Writer out, LocalDateTime created) throws IOException {
        var writer = new WorkbenchModelWriter(out);
        var attributes = new LinkedHashMap<String, AttributeType>();
        for (var entity : design.file().entities()) {
            entity.attributes().forEach(attributes::putIfAbsent);
        }
        design.attributeTypes().forEach((name, type) -> attributes.putIfAbsent(name, AttributeType.valueOf(type.name())));
        writer.start(design.tableName(), description(design), attributes, created, "Designed by DynaLens from "
                + design.accessPatterns().size() + " access patterns; one facet per entity, with its sample items");
        var samples = design.samplesByEntity();
        for (var entity : design.entities()) {
            var keys = entity.keys();
            writer.startFacet(entity.name(), text(keys.get(design.keySchema().partitionKeyName())),
                    text(keys.get(design.keySchema().sortKeyName())));
            for (var item : samples.getOrDefault(entity.name(), List.of())) {
                writer.item(item);
            }
            writer.endFacet();
        }
        writer.accessPatterns(design.accessPatterns().stream().map(p -> new WorkbenchModelWriter.AccessPattern(p.name(), p.reason(),
                p.operation().label(), p.index(), p.keyCondition(), templates(p.values()), p.scanIndexForward(), p.limit())).toList());
        writer.finish();
    }

    private static TableDescription description(TableDesign design) {
        return new TableDescription(design.tableName(), design.keySchema(), design.indexDescriptions(), List.of(), design.samples().size(), 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    }

    private static String text(ValueTemplate template) {
        return template == null ? null : template.toString();
    }

    private static Map<String, String> templates(Map<String, ValueTemplate> values) {
        var texts = new LinkedHashMap<String, String>();
        values.forEach((placeholder, template) -> texts.put(placeholder, template.toString()));
        return texts;
    }

    /** The design as a dynamodb-onetable schema. */
    public static void oneTableSchema(TableDesign design, Writer out) throws IOException {
        try (var gen = JsonFactory.builder().build().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .useDefaultPrettyPrinter()) {
            gen.writeStartObject();
            gen.writeStringField("format", "onetable:1.1.0");
            gen.writeStringField("version", "0.0.1");
            gen.writeStringField("description", "Designed by DynaLens: table " + design.tableName());
            gen.writeObjectFieldStart("indexes");
            writeIndex(gen, "primary", design.keySchema(), false);
            for (var index : design.indexes()) {
                writeIndex(gen, index.name(), index.singleKey("the onetable schema"), true);
            }
            gen.writeEndObject();
            gen.writeObjectFieldStart("params");
            gen.writeBooleanField("isoDates", true);
            gen.writeBooleanField("timestamps", false);
            gen.writeEndObject();
            gen.writeObjectFieldStart("models");
            var types = design.attributeTypes();
            for (var entity : design.entities()) {
                var spec = design.file().requireEntity(entity.name());
                gen.writeObjectFieldStart(entity.name());
                for (var key : entity.keys().entrySet()) {
                    gen.writeObjectFieldStart(key.getKey());
                    gen.writeStringField("type", types.get(key.getKey()) == KeySchema.ScalarType.N ? "number" : "string");
                    gen.writeStringField("value", oneTable(key.getValue()));
                    gen.writeEndObject();
                }
                for (var attribute : spec.attributes().entrySet()) {
                    gen.writeObjectFieldStart(attribute.getKey());
                    gen.writeStringField("type", oneTableType(attribute.getValue()));
                    if (spec.id().contains(attribute.getKey())) {
                        gen.writeBooleanField("required", true);
                    }
                    gen.writeEndObject();
                }
                gen.writeEndObject();
            }
            gen.writeEndObject();
            gen.writeObjectFieldStart("queries");
            for (var pattern : design.accessPatterns()) {
                writeQuery(gen, pattern);
            }
            gen.writeEndObject();
            gen.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    private static void writeIndex(JsonGenerator gen, String name, KeySchema keys, boolean global) throws IOException {
        gen.writeObjectFieldStart(name);
        gen.writeStringField("hash", keys.partitionKeyName());
        if (keys.hasSortKey()) {
            gen.writeStringField("sort", keys.sortKeyName());
        }
        if (global) {
            gen.writeStringField("project", "all");
        }
        gen.writeEndObject();
    }

    private static void writeQuery(JsonGenerator gen, PatternDesign pattern) throws IOException {
        gen.writeObjectFieldStart(pattern.name());
        gen.writeStringField("type", pattern.served() ? "Entity" : "Scan");
        gen.writeStringField("model", pattern.entities().get(0));
        gen.writeStringField("index", pattern.index() == null ? "primary" : pattern.index());
        gen.writeNumberField("limit", pattern.limit() > 0 ? pattern.limit() : 100);
        gen.writeStringField("schema", "Current");
        var condition = pattern.condition();
        if (condition != null) {
            gen.writeStringField("hash", oneTable(condition.partition()));
            var operator = condition.operator();
            gen.writeStringField("operation", operator == null || operator == SortKeyCondition.Operator.BEGINS_WITH ? "Begins with"
                    : operator == SortKeyCondition.Operator.BETWEEN ? "Between" : "Equal");
            if (operator != null) {
                gen.writeStringField("sort", oneTable(condition.sort()));
                if (condition.sortUpper() != null) {
                    gen.writeStringField("sortUpper", oneTable(condition.sortUpper()));
                }
            }
        }
        gen.writeStringField("description", pattern.reason());
        gen.writeEndObject();
    }

    /**
     * A template in OneTable's form, {@code CUSTOMER#${customerId}}. A range's bounds become parameters of their own
     * ({@code ${createdAt_from}}): OneTable reads {@code ${name:size}} as padding.
     */
    static String oneTable(ValueTemplate template) {
        var out = new StringBuilder();
        for (var part : template.parts()) {
            if (part instanceof ValueTemplate.Text text) {
                out.append(text.text());
            } else if (part instanceof ValueTemplate.Value value) {
                out.append("${").append(value.attribute()).append(switch (value.bound()) {
                    case VALUE -> "";
                    case FROM -> "_from";
                    case TO -> "_to";
                }).append('}');
            } else {
                throw new IllegalStateException("unexpected " + part.getClass());
            }
        }
        return out.toString();
    }

    private static String oneTableType(AttributeType type) {
        return switch (type) {
            case S -> "string";
            case N -> "number";
            case BOOL -> "boolean";
            case B -> "binary";
            case L -> "array";
            case M -> "object";
            case SS, NS, BS -> "set";
            case NULL -> "string";
        };
    }
}
