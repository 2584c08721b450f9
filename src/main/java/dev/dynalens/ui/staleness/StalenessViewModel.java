package dev.dynalens.ui.staleness;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.staleness.Finding;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.staleness.DenormalizationRule;
import dev.dynalens.domain.staleness.InferredRule;
import dev.dynalens.domain.staleness.RuleSpec;
import dev.dynalens.domain.staleness.RuleSpecException;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RuleInference;
import dev.dynalens.domain.staleness.StalenessDetector;
import dev.dynalens.domain.staleness.StalenessReport;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.LensStore;
import dev.dynalens.service.fanout.FanoutSettings;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The staleness view of one table: infers the denormalization rules from the data and lists the copies
 * that drifted from their source (stale) or lost it (orphans), as {@code dynalens stale} does.
 *
 * <p>Passes (each a Scan over every page): 1 names the entities ({@link Analyzer}), 2 and 3 infer the
 * rules ({@link RuleInference}: sources, then copies), 4 and 5 detect ({@link StalenessDetector}:
 * sources, then copies). Pages arrive on the SDK's threads; the domain classes (not thread-safe) are fed
 * on the single-threaded {@code analysis} executor; results are applied on the {@code fx} executor.
 */
public final class StalenessViewModel {
    public static final int PASSES = 5;
    /** Findings of each kind listed; all are counted. */
    static final int MAX_LISTED = 10_000;

    private final DynamoSession session;
    private final String tableName;
    private final Executor fx;
    private final Executor analysis;

    private final ObservableList<RuleRow> rules = FXCollections.observableArrayList();
    private final ObservableList<StaleRow> staleCopies = FXCollections.observableArrayList();
    private final ObservableList<OrphanRow> orphans = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<StaleCells> staleCells = new ReadOnlyObjectWrapper<>(StaleCells.NONE);
    /** The last complete detection, on the fx executor: what a repair plan is made from. */
    private final ReadOnlyObjectWrapper<StalenessReport> lastReport = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Lens.RuleChoices> ruleChoices = new ReadOnlyObjectWrapper<>(Lens.RuleChoices.NONE);
    private final LensStore lenses;
    private final String lensScope;

    /** Touched only on the analysis executor. */
    private StalenessDetector detector;
    private KeySchema keySchema;

    private volatile dev.dynalens.ui.common.WorkNotifier repairNotifier = dev.dynalens.ui.common.WorkNotifier.NONE;

    private volatile CompletableFuture<Page> inFlight;
    private volatile long generation;
    /** The run the person cancelled (checked between pages and passes). */
    private volatile long cancelled;
    /** Where the run is, for the progress and the cancel message: written on analysis, read on fx. */
    private volatile int pass;
    private volatile long passItems;
    /** True when confirmed rules made the inference passes unnecessary. */
    private volatile boolean passesSkipped;

    /** Without a lens store: rule choices live only as long as the view. */
    public StalenessViewModel(DynamoSession session, String tableName, Executor fx, Executor analysis) {
        this(session, tableName, fx, analysis, null, null);
    }

    /**
     * @param lenses    where the person's rule choices are saved, with the table's lens (shared with the collections view)
     * @param lensScope the connection's id, as the collections view uses it
     */
    public StalenessViewModel(DynamoSession session, String tableName, Executor fx, Executor analysis, LensStore lenses, String lensScope) {
        this.session = session;
        this.tableName = tableName;
        this.fx = fx;
        this.analysis = analysis;
        this.lenses = lenses;
        this.lensScope = lensScope;
        if (lenses != null) {
            CompletableFuture.supplyAsync(() -> lenses.load(lensScope, tableName).lens().rules(), analysis)
                    .thenAcceptAsync(ruleChoices::set, fx);
        }
    }

    public String tableName() {
        return tableName;
    }

    /** Reads the table {@value #PASSES} times: infers the rules, then finds the stale copies and orphans. */
    public CompletableFuture<Void> run() {
        cancel();
        var run = ++generation;
        running.set(true);
        error.set("");
        status.set("Reading " + tableName + "…");
        rules.clear();
        staleCopies.clear();
        orphans.clear();
        staleCells.set(StaleCells.NONE);
        lastReport.set(null);
        analysis.execute(() -> detector = null);
        var choices = ruleChoices.get();
        passesSkipped = false;
        return session.describeTable(tableName)
                .thenComposeAsync(table -> runPasses(TableKeys.from(table), run, choices), analysis)
                .handleAsync((report, failure) -> finish(report, failure, run), fx);
    }

    /**
     * Runs on the analysis executor; the rest of the chain too. With confirmed rules, detection uses exactly those
     * and the two inference passes are skipped; otherwise the inferred rules minus the rejected ones are used.
     */
    private CompletableFuture<StalenessReport> runPasses(TableKeys keys, long run, Lens.RuleChoices choices) {
        keySchema = keys.keySchema();
        detector = null;
        var analyzer = new Analyzer(keys);
        var confirmed = new java.util.ArrayList<DenormalizationRule>();
        for (var spec : choices.confirmed()) {
            try {
                confirmed.add(RuleSpec.parse(spec));
            } catch (RuleSpecException e) {
                fx.execute(() -> error.set("A saved rule is not valid and was left out: " + spec + " (" + e.getMessage() + ")"));
            }
        }
        return scan(1, analyzer::accept, run).thenComposeAsync(ignored -> {
            var classifier = analyzer.classifier();
            if (!confirmed.isEmpty()) {
                passesSkipped = true;
                return detect(classifier, List.copyOf(confirmed), run);
            }
            var inference = new RuleInference(classifier, RuleInference.Options.DEFAULTS);
            var rejected = java.util.Set.copyOf(choices.rejected());
            return scan(2, inference::acceptSource, run)
                    .thenCompose(ok -> scan(3, inference::acceptCopy, run))
                    .thenComposeAsync(ok -> detect(classifier, inference.result().stream().map(InferredRule::rule)
                            .filter(rule -> !rejected.contains(rule.toSpec())).toList(), run), analysis);
        }, analysis);
    }

    private CompletableFuture<StalenessReport> detect(EntityClassifier classifier, List<DenormalizationRule> chosen, long run) {
        detector = new StalenessDetector(classifier, chosen, MAX_LISTED);
        var current = detector;
        if (chosen.isEmpty()) {
            return CompletableFuture.completedFuture(current.report());
        }
        var shown = current.report().rules().stream().map(RuleRow::detected).toList();
        fx.execute(() -> {
            if (run == generation) rules.setAll(shown);
        });
        return scan(4, current::acceptSource, run).thenCompose(ok -> scan(5, current::acceptCopy, run))
                .thenApplyAsync(ok -> current.report(), analysis);
    }

    /** One pass: every page of a Scan, each page's items handed to {@code each} on the analysis executor. */
    private CompletableFuture<Void> scan(int number, Consumer<Item> each, long run) {
        var done = new CompletableFuture<Void>();
        analysis.execute(() -> {
            pass = number;
            passItems = 0;
            readPage(new ReadRequest.Scan(tableName, null, null, null), each, run, done);
        });
        return done;
    }

    private void readPage(ReadRequest request, Consumer<Item> each, long run, CompletableFuture<Void> done) {
        if (run != generation || run == cancelled) {
            done.completeExceptionally(new java.util.concurrent.CancellationException("cancelled"));
            return;
        }
        var future = session.read(request);
        inFlight = future;
        future.whenCompleteAsync((page, failure) -> {
            if (failure != null) {
                done.completeExceptionally(failure);
                return;
            }
            page.items().forEach(each);
            passItems += page.items().size();
            var progress = progressText();
            fx.execute(() -> {
                if (run == generation && running.get()) status.set(progress);
            });
            var next = page.next();
            if (next.isPresent()) {
                readPage(request.withExclusiveStartKey(next.get()), each, run, done);
            } else {
                done.complete(null);
            }
        }, analysis);
    }

    private String progressText() {
        return String.format(Locale.ROOT, "Pass %d of %d · %,d items", pass, PASSES, passItems);
    }

    /** On the fx executor: shows the report, or what was found before a cancel or failure. */
    private Void finish(StalenessReport report, Throwable failure, long run) {
        if (run != generation) {
            return null;
        }
        if (failure == null) {
            running.set(false);
            show(report);
            lastReport.set(report);
            status.set(String.format(Locale.ROOT, "%d rule(s) · %,d stale cop%s · %,d orphan(s)%s", report.rules().size(),
                    count(report, true), count(report, true) == 1 ? "y" : "ies", count(report, false),
                    report.truncated() ? " · the lists are cut at " + MAX_LISTED : ""));
            return null;
        }
        var where = progressText();
        var cancelled = Problems.isCancellation(failure);
        if (!cancelled) {
            error.set("Finding stale copies failed: " + Problems.describe(failure));
        }
        // What was found so far: the detector's partial report, read on its own thread.
        CompletableFuture.supplyAsync(() -> detector == null ? null : detector.report(), analysis).thenAcceptAsync(partial -> {
            if (run != generation) return;
            running.set(false);
            if (partial != null) show(partial);
            status.set((cancelled ? "Cancelled in " : "Stopped in ") + where.substring(0, 1).toLowerCase(Locale.ROOT) + where.substring(1)
                    + (partial != null ? "; the counts and lists are partial" : "; no stale copies looked for yet"));
        }, fx);
        return null;
    }

    private static long count(StalenessReport report, boolean stale) {
        return report.rules().stream().mapToLong(r -> stale ? r.stale() : r.orphans()).sum();
    }

    private void show(StalenessReport report) {
        rules.setAll(report.rules().stream().map(RuleRow::detected).toList());
        staleCopies.setAll(report.staleCopies().stream().map(StaleRow::of).toList());
        orphans.setAll(report.orphanCopies().stream().map(OrphanRow::of).toList());
        var cells = new HashMap<CellKey, StaleRow>();
        for (int i = 0; i < report.staleCopies().size(); i++) {
            var finding = report.staleCopies().get(i);
            cells.putIfAbsent(new CellKey(finding.key(), finding.attribute().attributeName()), staleCopies.get(i));
        }
        staleCells.set(new StaleCells(Map.copyOf(cells), keySchema));
    }

    /**
     * The guarded updates that would repair every stale copy of the last complete detection. Empty (with no plan to
     * offer) before a detection finished, after a cancelled one, or when the lists were cut at {@value #MAX_LISTED}:
     * a plan must cover every stale copy, so then the CLI's {@code dynalens fanout} is the way.
     */
    public Optional<RepairPlan> repairPlan() {
        var report = lastReport.get();
        if (report == null || report.truncated()) {
            return Optional.empty();
        }
        return Optional.of(RepairPlan.of(tableName, report.staleCopies()));
    }

    /** Why {@link #repairPlan()} is empty, for the person; empty when a plan is available. */
    public String repairUnavailableReason() {
        var report = lastReport.get();
        if (report == null) {
            return "Find stale copies first: a repair plan is made from a complete detection.";
        }
        if (report.truncated()) {
            return "More than " + MAX_LISTED + " stale copies of a kind: use `dynalens fanout " + tableName + " … --dry-run --journal FILE`, "
                    + "which plans every one of them.";
        }
        return report.staleCopies().isEmpty() ? "No stale copies to repair." : "";
    }

    // ---- the person's rule choices ----

    /** Uses this rule (and, once any rule is confirmed, only confirmed rules) in the next detection. */
    public void confirmRule(String spec) {
        var current = ruleChoices.get();
        changeRules(new Lens.RuleChoices(append(current.confirmed(), spec), without(current.rejected(), spec)), "Confirmed " + spec);
    }

    /** Confirms every rule listed now. */
    public void confirmAllRules() {
        var current = ruleChoices.get();
        var confirmed = new java.util.ArrayList<>(current.confirmed());
        rules.forEach(row -> confirmed.add(row.spec()));
        changeRules(new Lens.RuleChoices(confirmed, current.rejected()), "Confirmed " + rules.size() + " rule(s)");
    }

    /** Leaves this rule out: no longer confirmed, and not inferred again. */
    public void removeRule(String spec) {
        var current = ruleChoices.get();
        changeRules(new Lens.RuleChoices(without(current.confirmed(), spec), append(current.rejected(), spec)), "Removed " + spec);
    }

    /**
     * Adds a confirmed rule written as a SPEC; when {@code replacing} is given, that rule is replaced (an edit).
     *
     * @return why the SPEC was refused; empty when it was added
     */
    public Optional<String> addRule(String spec, String replacing) {
        DenormalizationRule rule;
        try {
            rule = RuleSpec.parse(spec);
        } catch (RuleSpecException e) {
            return Optional.of(e.getMessage());
        }
        var normal = rule.toSpec();
        var current = ruleChoices.get();
        var confirmed = replacing == null ? current.confirmed() : without(current.confirmed(), replacing);
        var rejected = replacing == null ? current.rejected() : append(current.rejected(), replacing);
        changeRules(new Lens.RuleChoices(append(confirmed, normal), without(rejected, normal)),
                (replacing == null ? "Added " : "Changed to ") + normal);
        return Optional.empty();
    }

    /** Forgets every choice: rules are inferred again. */
    public void resetRules() {
        changeRules(Lens.RuleChoices.NONE, "Rules are inferred again");
    }

    private void changeRules(Lens.RuleChoices choices, String message) {
        ruleChoices.set(choices);
        status.set(message + " · Find stale copies to apply");
        if (lenses == null) {
            return;
        }
        CompletableFuture.runAsync(() -> lenses.save(lensScope, tableName, lenses.load(lensScope, tableName).lens().withRules(choices)), analysis)
                .whenCompleteAsync((ok, failure) -> {
                    if (failure != null) {
                        error.set("Could not save the rule choices: " + Problems.describe(failure));
                    }
                }, fx);
    }

    private static List<String> append(List<String> list, String spec) {
        var copy = new java.util.ArrayList<>(list);
        copy.remove(spec);
        copy.add(spec);
        return copy;
    }

    private static List<String> without(List<String> list, String spec) {
        var copy = new java.util.ArrayList<>(list);
        copy.remove(spec);
        return copy;
    }

    /** Whether a listed rule is one the person confirmed. */
    public boolean isConfirmed(String spec) {
        return ruleChoices.get().confirmed().contains(spec);
    }

    public ReadOnlyObjectProperty<Lens.RuleChoices> ruleChoicesProperty() {
        return ruleChoices.getReadOnlyProperty();
    }

    /** Who is told when a repair started from here ends; passed to every fan-out this model creates. */
    public void notifyWith(dev.dynalens.ui.common.WorkNotifier notifier) {
        this.repairNotifier = java.util.Objects.requireNonNull(notifier, "notifier");
    }

    /** A dry run of {@link #repairPlan()}, ready to be reviewed and applied. */
    public Optional<FanoutViewModel> newRepair(java.nio.file.Path journalDirectory) {
        return repairPlan().map(plan -> told(FanoutViewModel.plan(session, fx, journalDirectory, FanoutSettings.DEFAULTS, plan)));
    }

    private FanoutViewModel told(FanoutViewModel fanout) {
        fanout.notifyWith(repairNotifier);
        return fanout;
    }

    /** The newest unfinished fan-out of this table in {@code journalDirectory}, read off the FX thread. */
    public CompletableFuture<Optional<FanoutViewModel>> unfinishedRepair(java.nio.file.Path journalDirectory) {
        return CompletableFuture.supplyAsync(() -> FanoutViewModel.unfinished(journalDirectory, tableName), analysis)
                .thenApply(state -> state.map(s -> told(FanoutViewModel.resumeFrom(session, fx, FanoutSettings.DEFAULTS, s))));
    }

    public ReadOnlyObjectProperty<StalenessReport> lastReportProperty() {
        return lastReport.getReadOnlyProperty();
    }

    /** Stops the pass in flight; what was found so far stays listed. */
    public void cancel() {
        cancelled = generation;
        var current = inFlight;
        if (current != null && !current.isDone()) {
            current.cancel(true);
        }
    }

    /** The source's current value, when this item's attribute (a top-level name) holds a stale copy. */
    public Optional<String> staleSourceValue(Item item, String attribute) {
        return staleCells.get().find(item, attribute).map(StaleRow::sourceValue);
    }

    static String keyText(Map<String, AttributeValue> key) {
        return key.values().stream().map(ValueText::cell).collect(Collectors.joining(" / "));
    }

    /** A rule with its counts; before detection, the inference's evidence (stale = copies that disagree). */
    public record RuleRow(String spec, long copies, long stale, long orphans, double confidence) {
        static RuleRow inferred(InferredRule rule) {
            return new RuleRow(rule.rule().toSpec(), rule.copies(), rule.copies() - rule.support(), 0, rule.confidence());
        }

        static RuleRow detected(StalenessReport.RuleCounts counts) {
            return new RuleRow(counts.rule().toSpec(), counts.copies(), counts.stale(), counts.orphans(), counts.confidence());
        }

        public String confidenceText() {
            return String.format(Locale.ROOT, "%.2f", confidence);
        }
    }

    /** A stale copy beside its source's current value. */
    public record StaleRow(String copyKey, String attribute, String copyValue, String sourceKey, String sourceEntity,
                           String sourceAttribute, String sourceValue, String rule) {
        static StaleRow of(Finding.StaleCopy stale) {
            var source = stale.rule().source();
            return new StaleRow(keyText(stale.key()), stale.attribute().render(), ValueText.cell(stale.copyValue()),
                    keyText(stale.sourceKey()), source.entity(), source.attribute().render(),
                    stale.sourceValue() == null ? "(no " + source.attribute().render() + ")" : ValueText.cell(stale.sourceValue()),
                    stale.rule().toSpec());
        }

        /** For a tooltip: "Source USER#102 / PROFILE name is now Priya Natarajan". */
        public String explanation() {
            return "Source " + sourceKey + " " + sourceAttribute + " is now " + sourceValue + " (this copy: " + copyValue + ")";
        }
    }

    /** A copy whose source item does not exist. */
    public record OrphanRow(String copyKey, String attribute, String reference, String rule) {
        static OrphanRow of(Finding.OrphanCopy orphan) {
            return new OrphanRow(keyText(orphan.key()), orphan.attribute().render(), ValueText.cell(orphan.reference()), orphan.rule().toSpec());
        }
    }

    /** A copy's primary key and a top-level attribute name. */
    public record CellKey(Map<String, AttributeValue> key, String attribute) {
    }

    /** The stale cells of the last run, by copy key and top-level attribute. */
    public record StaleCells(Map<CellKey, StaleRow> cells, KeySchema keySchema) {
        static final StaleCells NONE = new StaleCells(Map.of(), null);

        public boolean isEmpty() {
            return cells.isEmpty();
        }

        public Optional<StaleRow> find(Item item, String attribute) {
            if (cells.isEmpty() || keySchema == null) {
                return Optional.empty();
            }
            var key = new LinkedHashMap<String, AttributeValue>();
            item.get(keySchema.partitionKeyName()).ifPresent(v -> key.put(keySchema.partitionKeyName(), v));
            if (keySchema.sortKeyName() != null) {
                item.get(keySchema.sortKeyName()).ifPresent(v -> key.put(keySchema.sortKeyName(), v));
            }
            return Optional.ofNullable(cells.get(new CellKey(key, attribute)));
        }
    }

    public ObservableList<RuleRow> rules() { return rules; }
    public ObservableList<StaleRow> staleCopies() { return staleCopies; }
    public ObservableList<OrphanRow> orphans() { return orphans; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<StaleCells> staleCellsProperty() { return staleCells.getReadOnlyProperty(); }
}
