package dev.dynalens.cli;

import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.usecase.FindStaleCopies;
import dev.dynalens.usecase.FindStaleCopiesInFile;
import dev.dynalens.usecase.StaleDetection;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * Finds the stale and orphaned denormalized copies of a table, live or from a file, by the rules given with --rule or,
 * without any, by the rules inferred from the data ({@link FindStaleCopies}: one read of the table, in parallel
 * segments where the endpoint gains from them; a clean DynamoDB JSON lines file with its key schema is read straight
 * through, {@link FindStaleCopiesInFile}). Before a live table is read, what the read costs goes to stderr; on a
 * connection tagged production it is read only with --confirm-read. Afterwards the capacity it consumed.
 */
@Command(name = "stale", sortOptions = false,
        description = {"Denormalized copies that no longer equal their source (stale) or whose source is gone (orphans).",
                "Rules come from --rule, or from the rules confirmed in the app (--lens), or are inferred from the data. Either a TABLE on a connection "
                        + "(read once: its cost is printed on stderr first) or --file, as for analyze."},
        footer = {"", "Rule SPEC: COPY.attribute=SOURCE.attribute@reference, the reference being an attribute holding the source's id "
                + "(authorId), its whole partition key (SK:key), the copy's own partition key (key), a key variable (SK:2: the second "
                + "variable of the sort key holds the source's id) or a key part equal to one of the source (PK=SK, GSI1PK=GSI1PK).",
                "", "Examples:",
                "  dynalens stale Blog --endpoint http://localhost:8000 --json",
                "  dynalens stale Orders --connection prod --confirm-read",
                "  dynalens stale --file samples/blog.json --rule 'POST.authorName=USER.name@authorId'"})
final class StaleCommand implements Callable<Integer> {
    /** Findings of each kind listed; all are counted. */
    static final int MAX_LISTED = 100_000;

    @ParentCommand
    DynaLensCli root;

    @Mixin
    SourceOptions source;

    @Mixin
    RuleOptions ruleOptions;

    @Mixin
    ConfirmReadOption readConfirmation;

    @Option(names = "--segments", paramLabel = "N", description = "Read a live table in N parallel Scan segments, at most one per MB of "
            + "the table (16 when DescribeTable does not know its size) (default: by the endpoint and the table's size).")
    Integer segments;

    @Option(names = "--json", description = "Print the rules, the findings and the read's cost as JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        var rules = ruleOptions.choose();
        var context = root.context;
        var settings = FindStaleCopies.Settings.defaults();
        if (segments != null) {
            if (segments > ReadRequest.Segment.MAX_TOTAL) {
                throw new CliException(String.format(Locale.ROOT, "--segments %d: a Scan has at most %,d segments "
                        + "(DynamoDB's TotalSegments)", segments, ReadRequest.Segment.MAX_TOTAL));
            }
            settings = settings.withSegments(segments);
        }
        var streamed = streamed(rules, settings);
        if (streamed.isPresent()) {
            print(context, streamed.get(), source.file + " (" + WorkspaceFormat.DYNAMODB_JSON_LINES.label() + ")");
            return 0;
        }
        var opened = source.open(context);
        try (var session = opened.session()) {
            var tableName = opened.tableName();
            var finder = new FindStaleCopies(session, task -> Thread.ofVirtual().name("stale-copies").start(task), settings, null);
            var plan = finder.plan(tableName, rules).join();
            boolean live = opened.label() == null;
            if (plan.segmentsBound() != null) {
                context.err().println("dynalens: --segments " + segments + ": " + plan.segmentsBound());
            }
            if (live) {
                context.err().println("dynalens: " + plan.text());
                context.err().flush();
            }
            plan = readConfirmation.confirm(plan);
            var detection = finder.start(plan, rules, MAX_LISTED, finding -> { }, progress -> { }).result().join();
            if (live && detection.read() != null) {
                context.err().println("dynalens: read " + tableName + ": " + detection.read().text());
            }
            print(context, detection, opened.label());
        }
        return 0;
    }

    private void print(CliContext context, StaleDetection detection, String label) throws IOException {
        RuleOptions.printWarnings(context.err(), detection);
        var report = detection.report();
        if (report.truncated()) {
            context.err().println("dynalens: more findings than " + MAX_LISTED + " of a kind; the counts are complete, the lists are not");
            context.err().flush();
        }
        var out = context.out();
        if (json) {
            StaleOutput.writeJson(out, detection);
        } else {
            StaleOutput.writeText(out, detection.tableName(), detection.itemCount(), label, report, detection.inferred());
        }
        out.flush();
    }

    /**
     * A DynamoDB JSON lines file with its key schema given, read straight through; empty when the options are not for
     * that or the file is not one whose workspace load would be silent (it is then read as a workspace, which reports
     * what it finds).
     */
    private Optional<StaleDetection> streamed(RuleChoice rules, FindStaleCopies.Settings settings) throws IOException {
        var options = source.streamableFile();
        if (options.isEmpty()) {
            return Optional.empty();
        }
        try {
            return new FindStaleCopiesInFile(settings, task -> Thread.ofVirtual().name("stale-copies").start(task))
                    .find(source.file, options.get(), rules, MAX_LISTED, finding -> { });
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // read again as a workspace, which reports it
        }
    }
}
