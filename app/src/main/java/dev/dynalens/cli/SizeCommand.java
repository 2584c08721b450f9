package dev.dynalens.cli;

import dev.dynalens.domain.capacity.ItemReport;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codec.Utf8Reader;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.KeySpec;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.workspace.WorkspaceReader;
import dev.dynalens.usecase.WholeTableRead;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * Item sizes as DynamoDB counts them, and what reading and writing each item costs: for one item
 * (--item, DynamoDB JSON), or every item of a file or table (as for analyze; a live table on a connection tagged
 * production only with {@code --confirm-read}, its cost said first).
 */
@Command(name = "size", sortOptions = false,
        description = {"Each item's size in bytes as DynamoDB counts it, attribute by attribute, what GetItem and PutItem of it cost "
                + "(read and write capacity units) and the limits it breaks or comes close to (400 KB item, 2048-byte partition key, "
                + "1024-byte sort key).",
                "Either --item FILE (one item in DynamoDB JSON, bare or as aws dynamodb get-item prints it), --file (a NoSQL Workbench model, DynamoDB JSON lines or aws dynamodb "
                        + "scan output) or a TABLE on a connection (every page is scanned)."},
        footer = {"", "Rules and where they come from: docs/capacity.md", "", "Examples:",
                "  dynalens size --item item.json --json",
                "  dynalens size --file samples/online-shop.json --table OnlineShop",
                "  dynalens size Shop --endpoint http://localhost:8000 --json"})
final class SizeCommand implements Callable<Integer> {
    @ParentCommand
    DynaLensCli root;

    @Option(names = "--item", paramLabel = "FILE", description = "One item in DynamoDB JSON (not with --file or a TABLE).")
    Path item;

    @Mixin
    SourceOptions source;

    @Option(names = "--json", description = "Print the items as JSON.")
    boolean json;

    @Mixin
    ConfirmReadOption readConfirmation;

    @Override
    public Integer call() throws IOException {
        var context = root.context;
        var out = context.out();
        var output = json ? SizeOutput.json(out) : SizeOutput.text(out);
        if (item != null) {
            if (source.file != null || source.table != null || source.connection.given()) {
                throw new CliException("--item reads one item: not with --file, a TABLE or connection options");
            }
            if (source.fileTable != null || !source.indexes.isEmpty()) {
                throw new CliException("--table and --gsi go with --file");
            }
            var read = readItem(item);
            var keys = keys(read, source.keySchema);
            if (keys == null) {
                context.err().println("dynalens: no key schema given and none could be guessed from the names; key sizes are not checked "
                        + "(give --key-schema PK[,SK])");
                context.err().flush();
            }
            output.begin(item.toString());
            output.item(ItemReport.of(read, keys == null ? null : keys.partitionKey(), keys == null ? null : keys.sortKey()));
            output.end();
            return 0;
        }
        var opened = source.open(context);
        try (var session = opened.session()) {
            var description = session.describeTable(opened.tableName()).join();
            readConfirmation.confirm(context, WholeTableRead.of(session, description));
            var schema = description.keySchema();
            output.begin(opened.label() == null ? opened.tableName() : opened.tableName() + " in " + opened.label());
            TableSource.forEachItem(session, opened.tableName(),
                    each -> output.item(ItemReport.of(each, schema.partitionKeyName(), schema.sortKeyName())));
            output.end();
        }
        return 0;
    }

    private static Item readItem(Path file) {
        String text;
        try {
            // As import reads a file: strictly UTF-8 (an error with its position, never U+FFFD), a byte-order mark skipped.
            text = Utf8Reader.decode(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new CliException("No such file: " + file);
        } catch (IOException e) {
            throw new CliException("Cannot read " + file + ": " + e.getMessage());
        } catch (CodecException e) {
            throw new CliException(file + ": " + e.getMessage());
        }
        try {
            return DynamoJsonCodec.readItem(text);
        } catch (CodecException e) {
            return unwrapped(text).orElseThrow(() -> new CliException(file + ": not an item in DynamoDB JSON: " + e.getMessage()));
        }
    }

    /** The item of {@code aws dynamodb get-item} output, {"Item": {...}}, when that is what the file holds. */
    private static java.util.Optional<Item> unwrapped(String text) {
        try {
            var tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
            if (tree != null && tree.isObject() && tree.path("Item").isObject()) {
                return java.util.Optional.of(DynamoJsonCodec.readItem(tree.get("Item").toString()));
            }
        } catch (IOException | CodecException e) {
            // not that shape either: the first error is the one to report
        }
        return java.util.Optional.empty();
    }

    private record Keys(String partitionKey, String sortKey) {
    }

    /** The key named with --key-schema, or the one the workspace reader guesses from the names (PK/SK, pk/sk, id…); null if none. */
    private static Keys keys(Item item, String keySchema) {
        if (keySchema != null) {
            try {
                var spec = KeySpec.parse(keySchema);
                return new Keys(spec.partitionKey(), spec.sortKey());
            } catch (IllegalArgumentException e) {
                throw new CliException("--key-schema: " + e.getMessage());
            }
        }
        var line = "{\"Item\":" + DynamoJsonCodec.writeItem(item) + "}\n";
        try {
            var workspace = WorkspaceReader.read("item.jsonl", () -> new ByteArrayInputStream(line.getBytes(StandardCharsets.UTF_8)),
                    WorkspaceOptions.NONE);
            if (workspace.tables().isEmpty()) return null;
            var schema = workspace.tables().getFirst().keySchema();
            return new Keys(schema.partitionKeyName(), schema.sortKeyName());
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }
}
