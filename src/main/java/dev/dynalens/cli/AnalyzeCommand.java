package dev.dynalens.cli;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.workspace.IndexSpec;
import dev.dynalens.domain.workspace.KeySource;
import dev.dynalens.domain.workspace.KeySpec;
import dev.dynalens.domain.workspace.LoadProblem;
import dev.dynalens.domain.workspace.LoadReport;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.workspace.WorkspaceSession;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
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
    private static final int PROBLEMS_PRINTED = 20;

    @ParentCommand
    DynaLensCli root;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TABLE", description = "A table on the connection (not with --file).")
    String table;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--file", paramLabel = "FILE", description = "Analyze a file instead of a live table.")
    Path file;

    @Option(names = "--table", paramLabel = "NAME", description = "With --file: which table of the model (default: the first).")
    String fileTable;

    @Option(names = "--key-schema", paramLabel = "PK[,SK]",
            description = "With --file: the key schema of a file that has none, e.g. PK,SK or pk:S,sk:N (default: guessed from the names).")
    String keySchema;

    @Option(names = "--gsi", paramLabel = "NAME=PK[,SK]", description = "With --file: a global secondary index, e.g. GSI1=GSI1PK,GSI1SK (repeatable).")
    List<String> indexes = new ArrayList<>();

    @Option(names = "--json", description = "Print the analysis as JSON.")
    boolean json;

    @Option(names = "--assignments", description = "Also list each item's key with its entity type.")
    boolean assignments;

    @Override
    public Integer call() throws IOException {
        var context = root.context;
        if (file == null && table == null) {
            throw new CliException("Name a TABLE (with --connection or --endpoint, --region, --profile), or give --file FILE");
        }
        if (file != null && table != null) {
            throw new CliException("Give a TABLE on a connection or --file, not both");
        }
        if (file != null && connection.given()) {
            throw new CliException("--file reads a file: --connection, --endpoint, --region and --profile are for a TABLE");
        }
        if (file == null && (fileTable != null || keySchema != null || !indexes.isEmpty())) {
            throw new CliException("--table, --key-schema and --gsi go with --file");
        }
        String tableName;
        String source = null;
        DynamoSession session;
        if (file != null) {
            var workspaceSession = openWorkspace();
            var workspace = workspaceSession.workspace();
            report(workspace.report());
            if (workspace.tables().isEmpty()) {
                workspaceSession.close();
                throw new CliException(file + " has no table that could be read");
            }
            var chosen = fileTable == null ? workspace.tables().getFirst() : workspace.table(fileTable).orElse(null);
            if (chosen == null) {
                workspaceSession.close();
                throw new CliException("No table '" + fileTable + "' in " + file + "; its tables: " + String.join(", ", workspace.tableNames()));
            }
            tableName = chosen.name();
            source = file + " (" + workspace.format().label() + (chosen.keySource() == KeySource.GUESSED ? ", key schema guessed" : "") + ")";
            session = workspaceSession;
        } else {
            tableName = table;
            session = context.sessions().open(connection.resolve(context));
        }
        try (session) {
            var result = analyze(session, tableName);
            var out = context.out();
            if (json) {
                AnalysisOutput.writeJson(out, result.analyzer().result(), assignments ? result.assignments() : null);
            } else {
                AnalysisOutput.writeText(out, result.analyzer().result(), source, assignments ? result.assignments() : null);
            }
            out.flush();
        }
        return 0;
    }

    private WorkspaceSession openWorkspace() throws IOException {
        KeySpec keys;
        try {
            keys = keySchema == null ? null : KeySpec.parse(keySchema);
        } catch (IllegalArgumentException e) {
            throw new CliException("--key-schema: " + e.getMessage());
        }
        WorkspaceOptions options;
        try {
            options = new WorkspaceOptions(keys, indexes.stream().map(IndexSpec::parse).toList());
        } catch (IllegalArgumentException e) {
            throw new CliException("--gsi: " + e.getMessage());
        }
        try {
            return WorkspaceSession.open(file, options);
        } catch (NoSuchFileException e) {
            throw new CliException("No such file: " + file);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        } catch (IOException e) {
            throw new CliException("Cannot read " + file + ": " + e.getMessage());
        }
    }

    /** Load problems go to stderr, so stdout stays the analysis alone. */
    private void report(LoadReport report) {
        var err = root.context.err();
        print(err, "error", report.errors(), report.errorCount());
        print(err, "warning", report.warnings(), report.warningCount());
        if (report.errorCount() > 0 || report.warningCount() > 0) {
            err.println("dynalens: " + report.file() + ": " + report.summary());
        }
        err.flush();
    }

    private static void print(java.io.PrintWriter err, String kind, List<LoadProblem> problems, long count) {
        problems.stream().limit(PROBLEMS_PRINTED).forEach(p -> err.println("dynalens: " + kind + ": " + p));
        if (count > PROBLEMS_PRINTED) {
            err.println("dynalens: … and " + (count - PROBLEMS_PRINTED) + " more " + kind + "s");
        }
    }

    /** The analyzer after every page, and each item's key with what is needed to name it again at the end. */
    record Result(Analyzer analyzer, List<AnalysisOutput.Assignment> assignments) {
    }

    private Result analyze(DynamoSession session, String tableName) {
        var description = session.describeTable(tableName).join();
        var keys = TableKeys.from(description);
        var analyzer = new Analyzer(keys);
        var kept = new ArrayList<Item>();
        ReadRequest request = new ReadRequest.Scan(tableName, null, null, null);
        while (request != null) {
            var page = session.read(request).join();
            for (var item : page.items()) {
                analyzer.accept(item);
                if (assignments) {
                    kept.add(namingPart(item, keys, analyzer));
                }
            }
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
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
