package dev.dynalens.cli;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.staleness.DenormalizationRule;
import dev.dynalens.domain.staleness.Finding;
import dev.dynalens.domain.staleness.StalenessReport;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.domain.staleness.InferredRule;
import dev.dynalens.domain.staleness.RuleInference;
import dev.dynalens.domain.staleness.RuleSpec;
import dev.dynalens.domain.staleness.RuleSpecException;
import dev.dynalens.domain.staleness.StalenessDetector;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * Finds the stale and orphaned denormalized copies of a table, live or from a file, by the rules given
 * with --rule or, without any, by the rules inferred from the data. Reads the table several times:
 * once to name the entities, twice more to infer rules (without --rule), twice to detect.
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
        var chosen = ruleOptions.choose();
        var context = root.context;
        var opened = source.open(context);
        try (var session = opened.session()) {
            var tableName = opened.tableName();
            var detection = detect(context, session, tableName, chosen, MAX_LISTED, finding -> { });
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

    static List<DenormalizationRule> parseRules(List<String> specs) {
        var rules = new ArrayList<DenormalizationRule>();
        for (var spec : specs) {
            try {
                rules.add(RuleSpec.parse(spec));
            } catch (RuleSpecException e) {
                throw new CliException("--rule: " + e.getMessage());
            }
        }
        return rules;
    }

    /** What one detection found; {@code inferred} when the rules came from the data. */
    record Detection(StalenessReport report, boolean inferred, long itemCount) {
    }

    /**
     * Names the entities (one scan), infers rules when none are given (two scans), detects (two scans). Every finding
     * also goes to {@code onFinding}, beyond the {@code maxListed} the report keeps.
     */
    static Detection detect(CliContext context, DynamoSession session, String tableName, RuleOptions.Chosen chosen,
                            int maxListed, java.util.function.Consumer<? super Finding> onFinding) {
        var rules = new ArrayList<>(chosen.rules());
        var analyzer = new Analyzer(TableKeys.from(session.describeTable(tableName).join()));
        long[] itemCount = {0};
        TableSource.forEachItem(session, tableName, item -> {
            analyzer.accept(item);
            itemCount[0]++;
        });
        var classifier = analyzer.classifier();
        var entities = analyzer.result().entities().stream().map(TableAnalysis.Entity::name).collect(Collectors.toCollection(TreeSet::new));
        for (var rule : rules) {
            for (var entity : List.of(rule.source().entity(), rule.copy().entity())) {
                if (!entities.contains(entity)) {
                    context.err().println("dynalens: warning: " + chosen.source() + " " + rule.toSpec() + ": no entity '" + entity + "' in " + tableName
                            + "; its entities: " + String.join(", ", entities));
                }
            }
        }
        context.err().flush();
        boolean inferred = rules.isEmpty();
        if (inferred) {
            var inference = new RuleInference(classifier, RuleInference.Options.DEFAULTS);
            TableSource.forEachItem(session, tableName, inference::acceptSource);
            TableSource.forEachItem(session, tableName, inference::acceptCopy);
            inference.result().stream().map(InferredRule::rule).filter(rule -> !chosen.rejected().contains(rule.toSpec()))
                    .forEach(rules::add);
        }
        var detector = new StalenessDetector(classifier, rules, maxListed, onFinding);
        if (!rules.isEmpty()) {
            TableSource.forEachItem(session, tableName, detector::acceptSource);
            TableSource.forEachItem(session, tableName, detector::acceptCopy);
        }
        return new Detection(detector.report(), inferred, itemCount[0]);
    }
}
