package dev.dynalens.cli;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.service.DynamoSession;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * Reads a whole table, live or from a file, through the session port, and prints what entity
 * inference makes of it. A file is opened as a {@link WorkspaceSession}, so both go through the same
 * DescribeTable and Scan pages.
 */
@Command(name = "analyze", sortOptions = false,
        description = {"Entity types, key templates, index meanings and adjacency lists of a single-table design, inferred from its items.",
                "Either a TABLE on a connection (every page is scanned), or --file: a NoSQL Workbench model, DynamoDB JSON lines "
                        + "(as DynamoDB's export to S3 writes them) or the output of aws dynamodb scan."},
        footer = {"", "Examples:",
                "  dynalens analyze Shop --endpoint http://localhost:8000 --json",
                "  dynalens analyze --file model.json --table Orders",
                "  dynalens analyze --file export.json.gz --key-schema PK,SK --gsi GSI1=GSI1PK,GSI1SK --json --assignments"})
final class AnalyzeCommand implements Callable<Integer> {
    @ParentCommand
    DynaLensCli root;

    @Mixin
    SourceOptions source;

    @Option(names = "--json", description = "Print the analysis as JSON.")
    boolean json;

    @Option(names = "--assignments", description = "Also list each item's key with its entity type.")
    boolean assignments;

    @Override
    public Integer call() throws IOException {
        var context = root.context;
        var opened = source.open(context);
        try (var session = opened.session()) {
            var result = analyze(session, opened.tableName());
            var out = context.out();
            if (json) {
                AnalysisOutput.writeJson(out, result.analyzer().result(), assignments ? result.assignments() : null);
            } else {
                AnalysisOutput.writeText(out, result.analyzer().result(), opened.label(), assignments ? result.assignments() : null);
            }
            out.flush();
        }
        return 0;
    }

    /** The analyzer after every page, and each item's key with what is needed to name it again at the end. */
    record Result(Analyzer analyzer, List<AnalysisOutput.Assignment> assignments) {
    }

    private Result analyze(DynamoSession session, String tableName) {
        var description = session.describeTable(tableName).join();
        var keys = TableKeys.from(description);
        var analyzer = new Analyzer(keys);
        var kept = new ArrayList<Item>();
        TableSource.forEachItem(session, tableName, item -> {
            analyzer.accept(item);
            if (assignments) {
                kept.add(namingPart(item, keys, analyzer));
            }
        });
        var named = new ArrayList<AnalysisOutput.Assignment>(kept.size());
        var schema = keys.keySchema();
        for (var item : kept) {
            named.add(new AnalysisOutput.Assignment(item.key(schema.partitionKeyName(), schema.sortKeyName()), analyzer.entityOf(item)));
        }
        return new Result(analyzer, named);
    }

    /**
     * What naming an item needs once all items are seen: its keys and, while the table has one, its
     * type attribute. Keeping only that lets --assignments follow a large table.
     */
    private static Item namingPart(Item item, TableKeys keys, Analyzer analyzer) {
        var part = new LinkedHashMap<String, AttributeValue>(4);
        part.putAll(item.key(keys.keySchema().partitionKeyName(), keys.keySchema().sortKeyName()));
        analyzer.classifier().typeAttribute().flatMap(item::get).ifPresent(value ->
                part.put(analyzer.classifier().typeAttribute().orElseThrow(), value));
        return new Item(part);
    }
}
