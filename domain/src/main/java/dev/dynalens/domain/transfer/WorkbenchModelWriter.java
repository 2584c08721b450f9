package dev.dynalens.domain.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import java.io.IOException;
import java.io.Writer;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Writes a NoSQL Workbench 3.0 data model of one table, in the shape of AWS's published models:
 * {@code ModelName}, {@code ModelMetadata} (Version 3.0), and one table in {@code DataModel} with its
 * {@code KeyAttributes}, {@code NonKeyAttributes} (name and type), {@code TableFacets} (one per entity
 * type: a name, key aliases and the entity's items in DynamoDB JSON), {@code TableData} for items of no
 * facet, {@code GlobalSecondaryIndexes}, {@code DataAccess} and a billing mode. Items stream through:
 *
 * <pre>{@code
 * writer.start(name, table, nonKeyAttributes, created);
 * writer.startFacet("ORDER", "CUSTOMER#{}", "ORDER#{}");  writer.item(…) …  writer.endFacet();
 * writer.startTableData();  writer.item(…) …
 * writer.finish();
 * }</pre>
 *
 * Local secondary indexes are left out (Workbench models have none). The capacity is written as AWS's
 * own models have it (provisioned, 5 RCU/WCU with auto scaling), so the file imports into Workbench as
 * theirs do; it does not describe the exported table's billing.
 *
 * <p>A model of a design also lists its access patterns ({@link #accessPatterns}), each with its operation, index, key
 * condition and value templates, in the table's {@code AccessPatterns}, as Workbench's data modeler keeps the patterns
 * it validates against the model's sample data (Developer Guide, "Adding and validating access patterns"). No model
 * written by Workbench with access patterns was at hand, so the field names follow the API's own
 * ({@code KeyConditionExpression}, {@code ScanIndexForward}); a reader that does not know the section skips it.
 */
public final class WorkbenchModelWriter {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("MMM dd, yyyy, hh:mm a", Locale.US);

    private enum State { NEW, FACETS, IN_FACET, TABLE_DATA, FINISHED }

    private final JsonGenerator gen;
    private KeySchema keySchema;
    private TableDescription table;
    private State state = State.NEW;
    private final Set<String> facetAttributes = new LinkedHashSet<>();
    private java.util.List<AccessPattern> accessPatterns = java.util.List.of();

    /**
     * One access pattern of a design.
     *
     * @param type      Query, GetItem or Scan
     * @param indexName null for the table
     * @param keyConditionExpression empty for a Scan
     * @param values    placeholder to value template ({@code :pk} to {@code CUSTOMER#{customerId}})
     * @param limit     0 for none
     */
    public record AccessPattern(String name, String description, String type, String indexName, String keyConditionExpression,
                                Map<String, String> values, boolean scanIndexForward, int limit) {
        public AccessPattern {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
        }
    }

    public WorkbenchModelWriter(Writer out) throws IOException {
        this.gen = TransferJson.generator(out);
        gen.setPrettyPrinter(prettyPrinter());
    }

    /** Two-space indent, {@code "name": value}, one array element per line: as Workbench writes. */
    private static DefaultPrettyPrinter prettyPrinter() {
        var indenter = new DefaultIndenter("  ", "\n");
        var printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator(""));
        printer.indentArraysWith(indenter);
        printer.indentObjectsWith(indenter);
        return printer;
    }

    /**
     * @param nonKeyAttributes every attribute of the items other than the table's keys, with a type, in the order to list them
     * @param created          written as the model's creation and modification date
     */
    public void start(String modelName, TableDescription table, Map<String, AttributeType> nonKeyAttributes,
                      LocalDateTime created) throws IOException {
        start(modelName, table, nonKeyAttributes, created, "Exported by DynaLens from table " + table.name()
                + "; one facet per inferred entity type");
    }

    /** As {@link #start(String, TableDescription, Map, LocalDateTime)}, with the model's description. */
    public void start(String modelName, TableDescription table, Map<String, AttributeType> nonKeyAttributes,
                      LocalDateTime created, String description) throws IOException {
        expect(State.NEW);
        this.table = Objects.requireNonNull(table, "table");
        this.keySchema = table.keySchema();
        gen.writeStartObject();
        gen.writeStringField("ModelName", modelName);
        gen.writeObjectFieldStart("ModelMetadata");
        gen.writeStringField("Author", "DynaLens");
        gen.writeStringField("DateCreated", DATE.format(created));
        gen.writeStringField("DateLastModified", DATE.format(created));
        gen.writeStringField("Description", description);
        gen.writeStringField("AWSService", "Amazon DynamoDB");
        gen.writeStringField("Version", "3.0");
        gen.writeEndObject();
        gen.writeArrayFieldStart("DataModel");
        gen.writeStartObject();
        gen.writeStringField("TableName", table.name());
        gen.writeFieldName("KeyAttributes");
        writeKeyAttributes(table.keySchema());
        gen.writeArrayFieldStart("NonKeyAttributes");
        for (var attribute : nonKeyAttributes.entrySet()) {
            if (isTableKey(attribute.getKey())) {
                continue;
            }
            gen.writeStartObject();
            gen.writeStringField("AttributeName", attribute.getKey());
            gen.writeStringField("AttributeType", attribute.getValue().name());
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeArrayFieldStart("TableFacets");
        state = State.FACETS;
    }

    /** @param partitionKeyAlias how the facet labels the partition key, e.g. the entity's key template {@code CUSTOMER#{}} */
    public void startFacet(String name, String partitionKeyAlias, String sortKeyAlias) throws IOException {
        expect(State.FACETS);
        gen.writeStartObject();
        gen.writeStringField("FacetName", name);
        gen.writeObjectFieldStart("KeyAttributeAlias");
        gen.writeStringField("PartitionKeyAlias", partitionKeyAlias == null ? keySchema.partitionKeyName() : partitionKeyAlias);
        if (keySchema.hasSortKey()) {
            gen.writeStringField("SortKeyAlias", sortKeyAlias == null ? keySchema.sortKeyName() : sortKeyAlias);
        }
        gen.writeEndObject();
        gen.writeArrayFieldStart("TableData");
        facetAttributes.clear();
        state = State.IN_FACET;
    }

    /** One item, in the open facet or in the table's own TableData. */
    public void item(Item item) throws IOException {
        if (state != State.IN_FACET && state != State.TABLE_DATA) {
            throw new IllegalStateException("Items go into a facet or the table data, not in state " + state);
        }
        if (state == State.IN_FACET) {
            item.attributes().keySet().stream().filter(name -> !isTableKey(name)).forEach(facetAttributes::add);
        }
        DynamoJsonCodec.writeItem(gen, item);
    }

    public void endFacet() throws IOException {
        expect(State.IN_FACET);
        gen.writeEndArray();
        gen.writeArrayFieldStart("NonKeyAttributes");
        for (var name : facetAttributes) {
            gen.writeString(name);
        }
        gen.writeEndArray();
        writeDataAccess();
        gen.writeEndObject();
        state = State.FACETS;
    }

    /** Opens the table's own TableData, for items no facet holds. */
    public void startTableData() throws IOException {
        expect(State.FACETS);
        gen.writeEndArray();
        gen.writeArrayFieldStart("TableData");
        state = State.TABLE_DATA;
    }

    /** The access patterns to list in the table, written by {@link #finish()}; call any time before it. */
    public void accessPatterns(java.util.List<AccessPattern> patterns) {
        if (state == State.FINISHED) {
            throw new IllegalStateException("The model is finished");
        }
        accessPatterns = java.util.List.copyOf(patterns);
    }

    public void finish() throws IOException {
        if (state == State.FACETS) {
            startTableData();
        }
        expect(State.TABLE_DATA);
        gen.writeEndArray();
        if (!table.globalSecondaryIndexes().isEmpty()) {
            gen.writeArrayFieldStart("GlobalSecondaryIndexes");
            for (var index : table.globalSecondaryIndexes()) {
                writeIndex(index);
            }
            gen.writeEndArray();
        }
        if (!accessPatterns.isEmpty()) {
            gen.writeArrayFieldStart("AccessPatterns");
            for (var pattern : accessPatterns) {
                writeAccessPattern(pattern);
            }
            gen.writeEndArray();
        }
        writeDataAccess();
        writeCapacity();
        gen.writeEndObject();
        gen.writeEndArray();
        gen.writeEndObject();
        gen.writeRaw('\n');
        gen.flush();
        state = State.FINISHED;
    }

    private void expect(State expected) {
        if (state != expected) {
            throw new IllegalStateException("Expected state " + expected + " but the model is in " + state);
        }
    }

    private boolean isTableKey(String name) {
        return name.equals(keySchema.partitionKeyName()) || name.equals(keySchema.sortKeyName());
    }

    private void writeIndex(IndexDescription index) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("IndexName", index.name());
        gen.writeFieldName("KeyAttributes");
        writeKeyAttributes(index.singleKey("the NoSQL Workbench model"));
        gen.writeObjectFieldStart("Projection");
        gen.writeStringField("ProjectionType", index.projection().name());
        if (index.projection() == IndexDescription.Projection.INCLUDE) {
            gen.writeArrayFieldStart("NonKeyAttributes");
            for (var name : index.nonKeyAttributes()) {
                gen.writeString(name);
            }
            gen.writeEndArray();
        }
        gen.writeEndObject();
        gen.writeEndObject();
    }

    private void writeAccessPattern(AccessPattern pattern) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("AccessPatternName", pattern.name());
        if (pattern.description() != null) {
            gen.writeStringField("Description", pattern.description());
        }
        gen.writeStringField("Type", pattern.type());
        gen.writeStringField("TableName", table.name());
        if (pattern.indexName() != null) {
            gen.writeStringField("IndexName", pattern.indexName());
        }
        if (pattern.keyConditionExpression() != null && !pattern.keyConditionExpression().isEmpty()) {
            gen.writeStringField("KeyConditionExpression", pattern.keyConditionExpression());
        }
        if (!pattern.values().isEmpty()) {
            gen.writeObjectFieldStart("ExpressionAttributeValues");
            for (var value : pattern.values().entrySet()) {
                gen.writeStringField(value.getKey(), value.getValue());
            }
            gen.writeEndObject();
        }
        gen.writeBooleanField("ScanIndexForward", pattern.scanIndexForward());
        if (pattern.limit() > 0) {
            gen.writeNumberField("Limit", pattern.limit());
        }
        gen.writeEndObject();
    }

    private void writeKeyAttributes(KeySchema schema) throws IOException {
        gen.writeStartObject();
        writeKeyAttribute("PartitionKey", schema.partitionKey());
        if (schema.sortKey() != null) {
            writeKeyAttribute("SortKey", schema.sortKey());
        }
        gen.writeEndObject();
    }

    private void writeKeyAttribute(String role, KeySchema.KeyAttribute attribute) throws IOException {
        gen.writeObjectFieldStart(role);
        gen.writeStringField("AttributeName", attribute.name());
        gen.writeStringField("AttributeType", attribute.type().name());
        gen.writeEndObject();
    }

    private void writeDataAccess() throws IOException {
        gen.writeObjectFieldStart("DataAccess");
        gen.writeObjectFieldStart("MySql");
        gen.writeEndObject();
        gen.writeEndObject();
    }

    private void writeCapacity() throws IOException {
        gen.writeStringField("BillingMode", "PROVISIONED");
        gen.writeObjectFieldStart("ProvisionedCapacitySettings");
        gen.writeObjectFieldStart("ProvisionedThroughput");
        gen.writeNumberField("ReadCapacityUnits", 5);
        gen.writeNumberField("WriteCapacityUnits", 5);
        gen.writeEndObject();
        writeAutoScaling("AutoScalingRead");
        writeAutoScaling("AutoScalingWrite");
        gen.writeEndObject();
    }

    private void writeAutoScaling(String name) throws IOException {
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
}
