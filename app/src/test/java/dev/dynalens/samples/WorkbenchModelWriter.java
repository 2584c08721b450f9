package dev.dynalens.samples;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * Writes a NoSQL Workbench 3.0 data model in the shape of AWS's own models (see
 * domain/src/test/resources/models/aws-dynamodb-examples): one table, its key attributes, non-key
 * attributes with types, GSIs, and one facet per entity whose {@code TableData} holds that entity's
 * items in DynamoDB JSON. Output is byte-for-byte deterministic (fixed metadata, "\n" line ends).
 */
final class WorkbenchModelWriter {

    /** A whole model: one table. */
    record Model(String modelName, String description, String tableName, KeySchema keySchema,
                 List<Gsi> globalSecondaryIndexes, List<Facet> facets) {
        Model {
            globalSecondaryIndexes = List.copyOf(globalSecondaryIndexes);
            facets = List.copyOf(facets);
        }

        List<Item> items() {
            return facets.stream().flatMap(f -> f.items().stream()).toList();
        }
    }

    /** A GSI with projection ALL. */
    record Gsi(String name, KeySchema keySchema) {
    }

    /**
     * A facet: NoSQL Workbench's name for an access pattern, here one per entity.
     *
     * @param partitionKeyAlias how the facet labels the partition key ({@code CUSTOMER#customerId})
     * @param sortKeyAlias      how it labels the sort key ({@code PROFILE})
     */
    record Facet(String name, String partitionKeyAlias, String sortKeyAlias, List<Item> items) {
        Facet {
            Objects.requireNonNull(name, "name");
            items = List.copyOf(items);
        }
    }

    private static final String CREATED = "Jan 15, 2025, 10:00 AM";

    private WorkbenchModelWriter() {
    }

    static String write(Model model) {
        var out = new StringWriter();
        try (var gen = new JsonFactory().createGenerator(out)) {
            gen.setPrettyPrinter(prettyPrinter());
            writeModel(gen, model);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }

    /** Two-space indent, {@code "name": value}, one array element per line, {@code {}} when empty: as Workbench writes. */
    private static DefaultPrettyPrinter prettyPrinter() {
        var indenter = new DefaultIndenter("  ", "\n");
        var separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        var printer = new DefaultPrettyPrinter(separators);
        printer.indentArraysWith(indenter);
        printer.indentObjectsWith(indenter);
        return printer;
    }

    private static void writeModel(JsonGenerator gen, Model model) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("ModelName", model.modelName());
        gen.writeObjectFieldStart("ModelMetadata");
        gen.writeStringField("Author", "DynaLens");
        gen.writeStringField("DateCreated", CREATED);
        gen.writeStringField("DateLastModified", CREATED);
        gen.writeStringField("Description", model.description());
        gen.writeStringField("AWSService", "Amazon DynamoDB");
        gen.writeStringField("Version", "3.0");
        gen.writeEndObject();
        gen.writeArrayFieldStart("DataModel");
        writeTable(gen, model);
        gen.writeEndArray();
        gen.writeEndObject();
    }

    private static void writeTable(JsonGenerator gen, Model model) throws IOException {
        var keySchema = model.keySchema();
        gen.writeStartObject();
        gen.writeStringField("TableName", model.tableName());
        gen.writeFieldName("KeyAttributes");
        writeKeyAttributes(gen, keySchema);
        gen.writeArrayFieldStart("NonKeyAttributes");
        for (var attribute : nonKeyAttributeTypes(model.items(), keySchema).entrySet()) {
            gen.writeStartObject();
            gen.writeStringField("AttributeName", attribute.getKey());
            gen.writeStringField("AttributeType", attribute.getValue());
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeArrayFieldStart("TableFacets");
        for (var facet : model.facets()) {
            writeFacet(gen, facet, keySchema);
        }
        gen.writeEndArray();
        if (!model.globalSecondaryIndexes().isEmpty()) {
            gen.writeArrayFieldStart("GlobalSecondaryIndexes");
            for (var gsi : model.globalSecondaryIndexes()) {
                gen.writeStartObject();
                gen.writeStringField("IndexName", gsi.name());
                gen.writeFieldName("KeyAttributes");
                writeKeyAttributes(gen, gsi.keySchema());
                gen.writeObjectFieldStart("Projection");
                gen.writeStringField("ProjectionType", "ALL");
                gen.writeEndObject();
                gen.writeEndObject();
            }
            gen.writeEndArray();
        }
        writeDataAccess(gen);
        writeCapacity(gen);
        gen.writeEndObject();
    }

    private static void writeFacet(JsonGenerator gen, Facet facet, KeySchema keySchema) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("FacetName", facet.name());
        gen.writeObjectFieldStart("KeyAttributeAlias");
        gen.writeStringField("PartitionKeyAlias", facet.partitionKeyAlias());
        gen.writeStringField("SortKeyAlias", facet.sortKeyAlias());
        gen.writeEndObject();
        gen.writeArrayFieldStart("TableData");
        for (var item : facet.items()) {
            DynamoJsonCodec.writeItem(gen, item);
        }
        gen.writeEndArray();
        gen.writeArrayFieldStart("NonKeyAttributes");
        for (var name : nonKeyAttributeTypes(facet.items(), keySchema).keySet()) {
            gen.writeString(name);
        }
        gen.writeEndArray();
        writeDataAccess(gen);
        gen.writeEndObject();
    }

    private static void writeKeyAttributes(JsonGenerator gen, KeySchema schema) throws IOException {
        gen.writeStartObject();
        writeKeyAttribute(gen, "PartitionKey", schema.partitionKey());
        if (schema.sortKey() != null) {
            writeKeyAttribute(gen, "SortKey", schema.sortKey());
        }
        gen.writeEndObject();
    }

    private static void writeKeyAttribute(JsonGenerator gen, String role, KeySchema.KeyAttribute attribute) throws IOException {
        gen.writeObjectFieldStart(role);
        gen.writeStringField("AttributeName", attribute.name());
        gen.writeStringField("AttributeType", attribute.type().name());
        gen.writeEndObject();
    }

    private static void writeDataAccess(JsonGenerator gen) throws IOException {
        gen.writeObjectFieldStart("DataAccess");
        gen.writeObjectFieldStart("MySql");
        gen.writeEndObject();
        gen.writeEndObject();
    }

    /**
     * Workbench's own models are provisioned (5 RCU/WCU with auto scaling); kept so the file imports as
     * theirs do. DynaLens creates tables on demand whatever the model says.
     */
    private static void writeCapacity(JsonGenerator gen) throws IOException {
        gen.writeStringField("BillingMode", "PROVISIONED");
        gen.writeObjectFieldStart("ProvisionedCapacitySettings");
        gen.writeObjectFieldStart("ProvisionedThroughput");
        gen.writeNumberField("ReadCapacityUnits", 5);
        gen.writeNumberField("WriteCapacityUnits", 5);
        gen.writeEndObject();
        writeAutoScaling(gen, "AutoScalingRead");
        writeAutoScaling(gen, "AutoScalingWrite");
        gen.writeEndObject();
    }

    private static void writeAutoScaling(JsonGenerator gen, String name) throws IOException {
        gen.writeObjectFieldStart(name);
        gen.writeObjectFieldStart("ScalableTargetRequest");
        gen.writeNumberField("MinCapacity", 1);
        gen.writeNumberField("MaxCapacity", 10);
        gen.writeStringField("ServiceRole", "AWSServiceRoleForApplicationAutoScaling_DynamoDBTable");
        gen.writeEndObject();
        gen.writeObjectFieldStart("ScalingPolicyConfiguration");
        gen.writeNumberField("TargetValue", 70);
        gen.writeEndObject();
        gen.writeEndObject();
    }

    /** Every non-key attribute of the items with the type it first had, in order of first appearance. */
    private static LinkedHashMap<String, String> nonKeyAttributeTypes(List<Item> items, KeySchema keySchema) {
        var keys = new LinkedHashSet<String>();
        keys.add(keySchema.partitionKeyName());
        if (keySchema.hasSortKey()) {
            keys.add(keySchema.sortKeyName());
        }
        var types = new LinkedHashMap<String, String>();
        for (var item : items) {
            item.attributes().forEach((name, value) -> {
                if (!keys.contains(name)) {
                    types.putIfAbsent(name, typeName(value));
                }
            });
        }
        return types;
    }

    private static String typeName(AttributeValue value) {
        return value.type().name();
    }
}
