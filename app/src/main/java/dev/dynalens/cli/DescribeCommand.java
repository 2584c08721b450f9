package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.table.TableSummaries;
import dev.dynalens.service.DynamoSession;
import java.io.IOException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "describe", description = "Key schema, indexes, item count and size, billing mode and TTL of a table.")
final class DescribeCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "TABLE")
    String table;

    @Option(names = "--json", description = "Print the description as JSON.")
    boolean json;

    @Override
    int execute(DynamoSession session) throws Exception {
        var description = session.describeTable(table).join();
        var out = root.context.out();
        if (json) {
            try (var gen = JsonOutput.prettyGenerator(out)) {
                write(gen, description);
            }
            out.println();
            return 0;
        }
        out.println("Table:   " + description.name() + " (" + description.status() + ")");
        out.println("Keys:    " + TableSummaries.keys(description.keySchema()));
        out.println("Items:   ≈ " + description.itemCount() + " · " + TableSummaries.size(description.sizeBytes()));
        out.println("Billing: " + TableSummaries.billing(description));
        out.println("TTL:     " + TableSummaries.timeToLive(description));
        TableSummaries.indexLines(description).forEach(line -> out.println("Index:   " + line));
        return 0;
    }

    static void write(JsonGenerator gen, TableDescription d) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("table", d.name());
        gen.writeStringField("status", d.status());
        gen.writeFieldName("keySchema");
        writeKeys(gen, d.keySchema().asIndexKey());
        gen.writeNumberField("itemCount", d.itemCount());
        gen.writeNumberField("sizeBytes", d.sizeBytes());
        gen.writeStringField("billingMode", d.billingMode().name());
        if (d.readCapacityUnits() != null) gen.writeNumberField("readCapacityUnits", d.readCapacityUnits());
        if (d.writeCapacityUnits() != null) gen.writeNumberField("writeCapacityUnits", d.writeCapacityUnits());
        gen.writeObjectFieldStart("timeToLive");
        gen.writeStringField("status", d.timeToLive().status().name());
        gen.writeStringField("attribute", d.timeToLive().attributeName());
        gen.writeEndObject();
        writeIndexes(gen, "globalSecondaryIndexes", d.globalSecondaryIndexes());
        writeIndexes(gen, "localSecondaryIndexes", d.localSecondaryIndexes());
        gen.writeEndObject();
    }

    private static void writeIndexes(JsonGenerator gen, String field, List<IndexDescription> indexes) throws IOException {
        gen.writeArrayFieldStart(field);
        for (var index : indexes) {
            gen.writeStartObject();
            gen.writeStringField("name", index.name());
            gen.writeFieldName("keySchema");
            writeKeys(gen, index.key());
            gen.writeStringField("projection", index.projection().name());
            gen.writeArrayFieldStart("nonKeyAttributes");
            for (var a : index.nonKeyAttributes()) gen.writeString(a);
            gen.writeEndArray();
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }

    /**
     * A key: {@code partitionKey}, {@code sortKey} and their types where it has one attribute on each side, and always
     * {@code elements}, every attribute in the KeySchema's order (a global index's key may have several of each).
     */
    private static void writeKeys(JsonGenerator gen, IndexKey keys) throws IOException {
        gen.writeStartObject();
        var single = keys.asKeySchema();
        if (single.isPresent()) {
            gen.writeStringField("partitionKey", single.get().partitionKeyName());
            gen.writeStringField("partitionKeyType", single.get().partitionKey().type().name());
            if (single.get().sortKey() != null) {
                gen.writeStringField("sortKey", single.get().sortKeyName());
                gen.writeStringField("sortKeyType", single.get().sortKey().type().name());
            }
        }
        gen.writeArrayFieldStart("elements");
        writeElements(gen, keys.partition(), "HASH");
        writeElements(gen, keys.sort(), "RANGE");
        gen.writeEndArray();
        gen.writeEndObject();
    }

    private static void writeElements(JsonGenerator gen, List<KeySchema.KeyAttribute> attributes, String keyType) throws IOException {
        for (var attribute : attributes) {
            gen.writeStartObject();
            gen.writeStringField("attributeName", attribute.name());
            gen.writeStringField("keyType", keyType);
            gen.writeStringField("attributeType", attribute.type().name());
            gen.writeEndObject();
        }
    }
}
