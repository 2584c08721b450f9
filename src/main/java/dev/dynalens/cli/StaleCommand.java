package dev.dynalens.cli;

import dev.dynalens.usecase.FindStaleCopies;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * Finds the stale and orphaned denormalized copies of a table, live or from a file, by the rules given
 * with --rule or, without any, by the rules inferred from the data ({@link FindStaleCopies}, which reads the
 * table several times: once to name the entities, twice more to infer rules without --rule, twice to detect).
 */
@Command(name = "stale", sortOptions = false,
        description = {"Denormalized copies that no longer equal their source (stale) or whose source is gone (orphans).",
                "Rules come from --rule, or from the rules confirmed in the app (--lens), or are inferred from the data. Either a TABLE on a connection "
                        + "(every page is scanned) or --file, as for analyze."},
        footer = {"", "Rule SPEC: COPY.attribute=SOURCE.attribute@reference, the reference being an attribute holding the source's id "
                + "(authorId), its whole partition key (SK:key) or the copy's own partition key (key).",
                "", "Examples:",
                "  dynalens stale Blog --endpoint http://localhost:8000 --json",
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

    @Option(names = "--json", description = "Print the rules and findings as JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        var rules = ruleOptions.choose();
        var context = root.context;
        var opened = source.open(context);
        try (var session = opened.session()) {
            var tableName = opened.tableName();
            var detection = new FindStaleCopies(session).start(tableName, rules, MAX_LISTED, finding -> { }, progress -> { }).result().join();
            RuleOptions.printWarnings(context.err(), detection);
            var report = detection.report();
            if (report.truncated()) {
                context.err().println("dynalens: more findings than " + MAX_LISTED + " of a kind; the counts are complete, the lists are not");
                context.err().flush();
            }
            var out = context.out();
            if (json) {
                StaleOutput.writeJson(out, report, detection.inferred());
            } else {
                StaleOutput.writeText(out, tableName, detection.itemCount(), opened.label(), report, detection.inferred());
            }
            out.flush();
        }
        return 0;
    }
}
