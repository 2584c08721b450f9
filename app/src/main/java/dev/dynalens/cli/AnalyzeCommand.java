package dev.dynalens.cli;

import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.workspace.JsonLinesStream;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.AnalyzeExport;
import dev.dynalens.usecase.EntityNaming;
import dev.dynalens.usecase.AnalyzeFile;
import dev.dynalens.export.ExportReadException;
import dev.dynalens.usecase.AnalyzeTable;
import dev.dynalens.usecase.WholeTableRead;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * Reads a whole table, live or from a file, through the session port, and prints what entity
 * inference makes of it. A file is opened as a {@link dev.dynalens.service.workspace.WorkspaceSession}, so both go
 * through the same DescribeTable and Scan pages ({@link AnalyzeTable}, as the app's overview); a clean DynamoDB JSON
 * lines file with its key schema given is read straight into the analyzer instead, with the same result
 * ({@link JsonLinesStream}). A live table on a connection tagged production is read only with {@code --confirm-read},
 * its cost said first.
 */
@Command(name = "analyze", sortOptions = false,
        description = {"Entity types, key templates, index meanings and adjacency lists of a single-table design, inferred from its items.",
                "Either a TABLE on a connection (every page is scanned), or --file: a NoSQL Workbench model, DynamoDB JSON lines "
                        + "(as DynamoDB's export to S3 writes them) or the output of aws dynamodb scan."},
        footer = {"", "Examples:",
                "  dynalens analyze Shop --endpoint http://localhost:8000 --json",
                "  dynalens analyze Orders --connection prod --confirm-read",
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

    @Mixin
    ConfirmReadOption readConfirmation;

    @Override
    public Integer call() throws IOException {
        var context = root.context;
        var streamed = streamed();
        if (streamed.isPresent()) {
            print(context, streamed.get(), source.file + " (" + WorkspaceFormat.DYNAMODB_JSON_LINES.label() + ")");
            return 0;
        }
        var opened = source.open(context);
        try (var session = opened.session()) {
            if (opened.export() != null && !assignments) {
                // Straight through: every data file read at once, no pages (the same analysis, AnalyzeExport).
                var export = opened.export();
                var table = export.describeTable(opened.tableName()).join();
                EntityNaming naming;
                try {
                    naming = new AnalyzeExport(Runtime.getRuntime().availableProcessors()).analyze(export.snapshot(), table, () -> false);
                } catch (ExportReadException e) {
                    throw new CliException(e.getMessage());
                }
                print(context, new Result(naming, List.of()), opened.label());
                return 0;
            }
            print(context, analyze(session, opened.tableName()), opened.label());
        }
        return 0;
    }

    private void print(CliContext context, Result result, String label) throws IOException {
        var out = context.out();
        if (json) {
            AnalysisOutput.writeJson(out, result.naming().result(), assignments ? result.assignments() : null);
        } else {
            AnalysisOutput.writeText(out, result.naming().result(), label, assignments ? result.assignments() : null);
        }
        out.flush();
    }

    /**
     * A DynamoDB JSON lines file with its key schema given, read straight into the analyzer ({@link JsonLinesStream}):
     * the same result as through the workspace, without keeping a million items in memory and paging through them.
     * Empty when the options are not for that, or the file is not one whose workspace load would be silent; then it
     * is read as a workspace, which reports what it finds (and what is wrong with the options).
     */
    private Optional<Result> streamed() {
        var options = source.streamableFile();
        if (options.isEmpty()) {
            return Optional.empty();
        }
        var kept = new ArrayList<Item>();
        AnalyzeTable.PageObserver keep = assignments
                ? (items, naming) -> items.forEach(item -> kept.add(naming.namingPart(item)))
                : AnalyzeTable.PageObserver.NONE;
        try {
            return new AnalyzeFile().analyze(source.file, options.get(), keep)
                    .map(analysed -> new Result(analysed.naming(), named(kept, analysed.table().keys(), analysed.naming())));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // read again as a workspace, which reports it
        }
    }

    /** The naming after every page, and each item's key with what is needed to name it again at the end. */
    record Result(EntityNaming naming, List<AnalysisOutput.Assignment> assignments) {
    }

    /**
     * Every page of the table through {@link AnalyzeTable}, analysed on a thread of its own so that reading and analysis
     * overlap as they do in the app.
     */
    private Result analyze(DynamoSession session, String tableName) {
        var description = session.describeTable(tableName).join();
        readConfirmation.confirm(root.context, WholeTableRead.of(session, description));
        var keys = TableKeys.from(description);
        var kept = new ArrayList<Item>();
        AnalyzeTable.Analysed analysed;
        try (var analysis = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("dynalens-analyze").daemon().factory())) {
            AnalyzeTable.PageObserver keep = assignments
                    ? (items, naming) -> items.forEach(item -> kept.add(naming.namingPart(item)))
                    : AnalyzeTable.PageObserver.NONE;
            analysed = new AnalyzeTable(session, analysis).start(description, Lens.NONE, keep, progress -> { }).result().join();
        }
        return new Result(analysed.naming(), named(kept, keys.keySchema(), analysed.naming()));
    }

    private static List<AnalysisOutput.Assignment> named(List<Item> kept, KeySchema schema, EntityNaming naming) {
        var named = new ArrayList<AnalysisOutput.Assignment>(kept.size());
        for (var item : kept) {
            named.add(new AnalysisOutput.Assignment(item.key(schema.partitionKeyName(), schema.sortKeyName()), naming.entityOf(item)));
        }
        return named;
    }

}
