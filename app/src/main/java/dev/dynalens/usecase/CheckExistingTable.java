package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.capacity.ItemSizeCalculator;
import dev.dynalens.domain.capacity.ReadConsistency;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.design.AccessPattern;
import dev.dynalens.domain.design.DerivationLearner;
import dev.dynalens.domain.design.DerivationVerifier;
import dev.dynalens.domain.design.ExistingTablePlanner;
import dev.dynalens.domain.design.KeyDerivation;
import dev.dynalens.domain.design.PatternDesign;
import dev.dynalens.domain.design.PatternRequests;
import dev.dynalens.domain.design.PatternsException;
import dev.dynalens.domain.design.PatternsFile;
import dev.dynalens.domain.design.PatternsProblem;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.ProjectionStore;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.spill.SpillFile;
import dev.dynalens.usecase.support.Jobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * "Check an existing table" against a patterns file whose entities are the ones the table's analysis finds: which
 * request the table's current keys serve each pattern with, or that it needs a Scan; what a call costs, measured by
 * running it on real items; which items do not fit their entity's key templates. How each key attribute is built from
 * other attributes is learned from the items ({@link DerivationLearner}) and relied on only where it holds for every
 * item of the entity ({@link DerivationVerifier}). An attribute the file gives an entity whose items do not have it is
 * taken as an id in their keys only where some key of the entity has a part no attribute holds ({@code userId} of users
 * keyed {@code USER#u1}); the planner says which part ({@link dev.dynalens.domain.design.KeyOnlyInput}), and the runs
 * read its value from the sample item's key.
 *
 * <p><b>One read.</b> The table is read once, through the pager, to name the entities ({@link AnalyzeTable}); its items
 * are kept as they come ({@link ProjectionStore}: in memory within a budget, the rest in a temporary file deleted
 * afterwards), and the two passes after the naming, which learn how the keys are built and count where the learned
 * keys hold, go over what was kept instead of reading the table again. Every page and both passes are handled on the
 * single-threaded {@code analysis} executor, which alone touches the analyzer, the learner and the verifier.
 *
 * <p><b>The cost first.</b> {@link #read} says what the read costs before anything is read; on a connection tagged
 * production the check reads only once the person confirmed it, and is refused otherwise
 * ({@link ReadNotConfirmedException}, nothing read).
 */
public final class CheckExistingTable {
    /** Items between two progress reports of a pass over what was read. */
    private static final long PROGRESS_EVERY = 10_000;

    /** Ends a pass that was cancelled, between two items. */
    private static final class PassCancelled extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PassCancelled() {
            super(null, null, false, false);
        }
    }

    /** Runs of each pattern, each with parameters from one item of its entity. */
    static final int RUNS_PER_PATTERN = 3;
    private static final int NOT_FITTING_LISTED = 20;

    /** Where the check is. */
    public record Progress(String step, long items) {
    }

    /**
     * One entity of the table.
     *
     * @param keys           how each key attribute its items have is built, learned from them
     * @param notFitting     items whose table keys do not have the entity's (most frequent) key templates
     * @param notFittingKeys the first {@value #NOT_FITTING_LISTED} of them
     */
    public record EntityCheck(String name, long items, String partitionKeyTemplate, String sortKeyTemplate, Map<String, KeyDerivation> keys,
                              long averageBytes, long largestBytes, long notFitting, List<Map<String, AttributeValue>> notFittingKeys) {
        public EntityCheck {
            keys = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(keys));
            notFittingKeys = List.copyOf(notFittingKeys);
        }
    }

    /**
     * One pattern: the request that serves it (with its cost per call measured on the real items), how many items its
     * runs returned at most, and what was wrong with what they returned.
     */
    public record PatternResult(PatternDesign design, long items, String problem) {
        public String servedBy() {
            return design.operation().label();
        }
    }

    /** The check of a table. */
    public record TableCheck(TableDescription table, TableAnalysis analysis, List<EntityCheck> entities, List<PatternResult> patterns,
                             List<String> warnings, long items, long bytes) {
        public TableCheck {
            entities = List.copyOf(entities);
            patterns = List.copyOf(patterns);
            warnings = List.copyOf(warnings);
        }
    }

    private final DynamoSession session;
    private final Executor analysis;
    private final long memoryBudgetBytes;
    private final Path spillDirectory;

    /**
     * Keeps the items read in a quarter of the heap at most (and at most 512 MB), the rest in the system's temporary
     * directory.
     *
     * @param analysis single-threaded: every page is handled there (tests pass {@code Runnable::run})
     */
    public CheckExistingTable(DynamoSession session, Executor analysis) {
        this(session, analysis, Math.min(512L << 20, Runtime.getRuntime().maxMemory() / 4), Path.of(System.getProperty("java.io.tmpdir")));
    }

    /**
     * @param memoryBudgetBytes the items read kept in memory at most; the rest goes to a temporary file in
     *                          {@code spillDirectory}, deleted when the check ends
     */
    public CheckExistingTable(DynamoSession session, Executor analysis, long memoryBudgetBytes, Path spillDirectory) {
        if (memoryBudgetBytes < 0) {
            throw new IllegalArgumentException("A memory budget is not negative: " + memoryBudgetBytes);
        }
        this.session = Objects.requireNonNull(session, "session");
        this.analysis = Objects.requireNonNull(analysis, "analysis");
        this.memoryBudgetBytes = memoryBudgetBytes;
        this.spillDirectory = Objects.requireNonNull(spillDirectory, "spillDirectory");
    }

    /** What the check reads (the whole table, once) and costs, said before it starts; to confirm on a production connection. */
    public WholeTableRead read(TableDescription table) {
        return WholeTableRead.of(session, table);
    }

    /** Starts the check, not confirmed: refused on a production connection ({@link #start(TableDescription, PatternsFile, boolean, Consumer)}). */
    public Job<Progress, TableCheck> start(TableDescription table, PatternsFile file, Consumer<? super Progress> listener) {
        return start(table, file, false, listener);
    }

    /**
     * Starts the check. The job fails with a {@link PatternsException} (each problem at its line and column) when the
     * file names an entity or an attribute the table does not have, or with what stopped the read; on a connection
     * tagged production, unless {@code confirmed} (the person said yes to {@link #read}), it fails at once with a
     * {@link ReadNotConfirmedException}, nothing read.
     */
    public Job<Progress, TableCheck> start(TableDescription table, PatternsFile file, boolean confirmed, Consumer<? super Progress> listener) {
        var read = read(table);
        if (read.needsConfirmation() && !confirmed) {
            return Job.failed(new ReadNotConfirmedException(table.name(), read.estimate()));
        }
        var job = new Job<Progress, TableCheck>(listener);
        var spill = new SpillFile.Lazy(spillDirectory, "design-check");
        job.result().whenComplete((done, failure) -> spill.close());
        var items = new ProjectionStore(new ProjectionStore.Budget(memoryBudgetBytes, spill::open));
        AnalyzeTable.PageObserver keep = (page, naming) -> page.forEach(item -> items.add(item, item.attributes().size()));
        var analyse = new AnalyzeTable(session, analysis).measuringItemSizes().start(table, namingAs(file), keep,
                progress -> job.report(new Progress("Reading " + table.name() + " · naming entities", progress.items())));
        job.onCancel(analyse::cancel);
        analyse.result().whenCompleteAsync((analysed, failure) -> {
            if (failure != null) {
                job.result().completeExceptionally(Problems.unwrap(failure));
            } else if (!analysed.complete()) {
                job.result().cancel(false);
            } else {
                items.seal();
                new Run(table, file, analysed.analysis(), analysed.naming().analyzer(), items, job).learn();
            }
        }, analysis);
        return job;
    }

    /**
     * The file's entity names for the types the analysis infers in capitals from key prefixes: {@code Customer} for
     * {@code CUSTOMER}, {@code OrderItem} for {@code ORDER_ITEM} or {@code ORDERITEM}, so the planner's own patterns
     * file checks the table it designed. A name the analysis already gives as written is left alone; an inferred name
     * no file entity spells differently keeps its name (and the check names it when the file lacks it).
     */
    static Lens namingAs(PatternsFile file) {
        var lens = Lens.NONE;
        var taken = new java.util.HashSet<String>();
        for (var entity : file.entities()) {
            taken.add(entity.name());
        }
        for (var entity : file.entities()) {
            var name = entity.name();
            var snake = name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
            for (var inferred : new java.util.LinkedHashSet<>(List.of(name.toUpperCase(java.util.Locale.ROOT), snake))) {
                if (!inferred.equals(name) && !taken.contains(inferred)) {
                    lens = lens.withRename(inferred, name);
                }
            }
        }
        return lens;
    }

    /** One check after the analysis; every step runs on the analysis executor. */
    private final class Run {
        private final TableDescription table;
        private final PatternsFile file;
        private final TableAnalysis analysisResult;
        private final Analyzer analyzer;
        private final Job<Progress, TableCheck> job;
        /** Every item of the one read, in the order read: what the passes after the naming go over. */
        private final ProjectionStore read;
        private final RunQuery reads;
        private final List<String> keyAttributes;
        private DerivationLearner learner;
        private DerivationVerifier verifier;
        /** Attributes the file gives an entity whose items have none: each a problem unless it can be in their keys only. */
        private List<EntityProblem> notAttributes = List.of();
        private final Map<String, List<Item>> kept = new LinkedHashMap<>();
        private final Map<String, long[]> notFitting = new HashMap<>();
        private final Map<String, List<Map<String, AttributeValue>>> notFittingKeys = new HashMap<>();
        private long items;
        private long bytes;

        Run(TableDescription table, PatternsFile file, TableAnalysis analysisResult, Analyzer analyzer, ProjectionStore read,
            Job<Progress, TableCheck> job) {
            this.table = table;
            this.file = file;
            this.analysisResult = analysisResult;
            this.analyzer = analyzer;
            this.read = read;
            this.job = job;
            this.reads = new RunQuery(session, table.name());
            this.keyAttributes = TableKeys.from(table).keyAttributeNames();
        }

        void learn() {
            var problems = entityProblems();
            // an attribute no item has may be an id in their keys only, which the keys learnt tell; any other problem stops here
            if (problems.stream().anyMatch(p -> p.attribute() == null)) {
                job.result().completeExceptionally(new PatternsException(problems.stream().map(EntityProblem::problem).toList()));
                return;
            }
            notAttributes = problems;
            learner = new DerivationLearner(keyAttributes, tableKeys());
            pass("Learning how the keys are built", item -> learner.accept(analyzer.entityOf(item), item), this::verify);
        }

        private Set<String> tableKeys() {
            return Set.copyOf(table.keySchema().attributeNames());
        }

        private void verify() {
            var proposals = learner.proposals();
            var problems = new ArrayList<PatternsProblem>();
            notAttributes.stream().filter(p -> !inKeysOnly(proposals.get(p.entity()))).map(EntityProblem::problem).forEach(problems::add);
            problems.addAll(pathProblems());
            if (!problems.isEmpty()) {
                job.result().completeExceptionally(new PatternsException(problems));
                return;
            }
            verifier = new DerivationVerifier(table.keySchema(), proposals);
            pass("Checking the keys on every item", this::count, this::runPatterns);
        }

        private void count(Item item) {
            var entity = analyzer.entityOf(item);
            verifier.accept(entity, item);
            items++;
            bytes += ItemSizeCalculator.sizeOf(item);
            var mine = kept.computeIfAbsent(entity, e -> new ArrayList<>());
            if (mine.size() < RUNS_PER_PATTERN) {
                mine.add(item);
            }
            var shape = analysisResult.entity(entity);
            if (shape.isPresent()) {
                var classifier = analyzer.classifier();
                var pk = classifier.partitionKeyTemplateOf(item).map(Object::toString).orElse("");
                var sk = classifier.sortKeyTemplateOf(item).map(Object::toString).orElse("");
                if (!pk.equals(shape.get().pkTemplate()) || !sk.equals(shape.get().skTemplate().orElse(""))) {
                    notFitting.computeIfAbsent(entity, e -> new long[1])[0]++;
                    var listed = notFittingKeys.computeIfAbsent(entity, e -> new ArrayList<>());
                    if (listed.size() < NOT_FITTING_LISTED) {
                        listed.add(item.key(table.keySchema().partitionKeyName(), table.keySchema().sortKeyName()));
                    }
                }
            }
        }

        /**
         * Hands every item of the read to {@code each}, in the order read, then runs {@code next}; on the analysis
         * executor, where this is called. A cancel stops it between items.
         */
        private void pass(String step, Consumer<Item> each, Runnable next) {
            job.report(new Progress(step, 0));
            var done = new long[1];
            try {
                read.forEach(item -> {
                    if (job.cancelRequested()) {
                        throw new PassCancelled();
                    }
                    each.accept(item);
                    if (++done[0] % PROGRESS_EVERY == 0) {
                        job.report(new Progress(step, done[0]));
                    }
                });
            } catch (PassCancelled e) {
                job.result().cancel(false);
                return;
            } catch (RuntimeException e) {
                job.result().completeExceptionally(e);
                return;
            }
            job.report(new Progress(step, done[0]));
            guarded(next);
        }

        private void guarded(Runnable step) {
            try {
                step.run();
            } catch (RuntimeException e) {
                job.result().completeExceptionally(e);
            }
        }

        private void runPatterns() {
            var derivations = verifier.derivations();
            var attributes = new LinkedHashMap<String, Set<String>>();
            learner.itemCounts().keySet().forEach(entity -> attributes.put(entity, learner.pathsOf(entity)));
            var planner = new ExistingTablePlanner(table, file, derivations, attributes, items, bytes);
            var results = new ArrayList<PatternResult>();
            var chain = CompletableFuture.<Void>completedFuture(null);
            for (var pattern : file.accessPatterns()) {
                var planned = planner.plan(pattern);
                chain = chain.thenCompose(ignored -> {
                    job.report(new Progress("Running " + pattern.name(), items));
                    return run(pattern, planned);
                }).thenAccept(results::add);
            }
            chain.whenCompleteAsync((ignored, failure) -> {
                if (failure != null) {
                    job.result().completeExceptionally(Problems.unwrap(failure));
                    return;
                }
                job.result().complete(new TableCheck(table, analysisResult, entities(derivations), results, warnings(results), items, bytes));
            }, analysis);
        }

        /** Runs the planned request with parameters from up to three items of the pattern's entity. */
        private CompletableFuture<PatternResult> run(AccessPattern pattern, ExistingTablePlanner.Plan plan) {
            var planned = plan.design();
            if (!planned.served()) {
                return CompletableFuture.completedFuture(new PatternResult(planned, items, null));
            }
            var sources = kept.getOrDefault(pattern.entity(), List.of());
            var chain = CompletableFuture.completedFuture(new Tally());
            for (var source : sources) {
                var parameters = parameters(pattern, plan, source);
                if (parameters == null) {
                    continue;
                }
                chain = chain.thenCompose(tally -> send(planned, parameters).thenApplyAsync(returned -> {
                    tally.add(pattern, planned, source, returned);
                    return tally;
                }, analysis));
            }
            return chain.thenApply(tally -> new PatternResult(withCost(planned, tally), tally.most, tally.problem));
        }

        private CompletableFuture<List<Item>> send(PatternDesign planned, Map<String, AttributeValue> parameters) {
            if (planned.operation() == ReadOperation.GET_ITEM) {
                var key = PatternRequests.getItemKey(planned, parameters);
                return Jobs.call(() -> session.getItem(table.name(), key, false)).thenApply(got -> got.item().map(List::of).orElse(List.of()));
            }
            var request = PatternRequests.query(table.name(), planned, parameters);
            var returned = new ArrayList<Item>();
            var limit = request.limit() == null ? null : (long) request.limit();
            return reads.readAll(request, limit, returned::add).result().thenApply(read -> returned);
        }

        /** What a run counts: the most items, the costliest call, the first wrong answer. */
        private final class Tally {
            long most;
            CapacityUnits rcu = CapacityUnits.ZERO;
            String problem;

            void add(AccessPattern pattern, PatternDesign planned, Item source, List<Item> returned) {
                most = Math.max(most, returned.size());
                var sizes = returned.stream().map(ItemSizeCalculator::sizeOf).toList();
                var cost = planned.operation() == ReadOperation.GET_ITEM
                        ? CapacityCalculator.getItem(sizes.isEmpty() ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(sizes.getFirst()),
                        ReadConsistency.EVENTUAL)
                        : CapacityCalculator.query(sizes, ReadConsistency.EVENTUAL);
                rcu = CapacityUnits.max(rcu, cost);
                if (problem != null) {
                    return;
                }
                var strangers = returned.stream().filter(i -> !pattern.entities().contains(analyzer.entityOf(i))).toList();
                if (!strangers.isEmpty()) {
                    problem = "it also returned " + strangers.size() + " item(s) of other entities, first "
                            + dev.dynalens.domain.item.KeyText.named(strangers.getFirst(), table.keySchema().partitionKeyName(),
                            table.keySchema().sortKeyName()) + " (" + analyzer.entityOf(strangers.getFirst()) + ")";
                } else if (pattern.limit() == 0 && returned.stream().noneMatch(i -> sameKey(i, source))) {
                    problem = "it did not return the item its parameters came from: " + dev.dynalens.domain.item.KeyText.named(source,
                            table.keySchema().partitionKeyName(), table.keySchema().sortKeyName());
                }
            }
        }

        /** An index that projects some attributes returns part of an item: items are the same when their table keys are. */
        private boolean sameKey(Item a, Item b) {
            var keys = table.keySchema();
            return a.key(keys.partitionKeyName(), keys.sortKeyName()).equals(b.key(keys.partitionKeyName(), keys.sortKeyName()));
        }

        private PatternDesign withCost(PatternDesign planned, Tally tally) {
            return planned.withCost(tally.most, tally.rcu, planned.rcuPerSecond()).withReason(planned.reason()
                    + "; measured on the real items: up to " + tally.most + " item(s), " + tally.rcu + " RCU per call");
        }

        /**
         * The pattern's parameters from one item: its equality values, and a range of just its own value; null when it
         * lacks one. An input the entity's items have in a key only is read from the item's key, at its part.
         */
        private Map<String, AttributeValue> parameters(AccessPattern pattern, ExistingTablePlanner.Plan plan, Item source) {
            var parameters = new LinkedHashMap<String, AttributeValue>();
            for (var attribute : pattern.equals()) {
                var value = input(pattern, plan, source, attribute);
                if (value == null) {
                    return null;
                }
                parameters.put(attribute, value);
            }
            if (pattern.between() != null) {
                var value = input(pattern, plan, source, pattern.between());
                if (value == null) {
                    return null;
                }
                parameters.put(pattern.between() + ":from", value);
                parameters.put(pattern.between() + ":to", value);
            }
            return parameters;
        }

        private AttributeValue input(AccessPattern pattern, ExistingTablePlanner.Plan plan, Item source, String attribute) {
            var keyOnly = plan.keyOnly(pattern.entity(), attribute);
            return keyOnly.isPresent() ? keyOnly.get().readFrom(source).orElse(null) : valueAt(source, attribute);
        }

        /** Whether some key of the entity has a part no attribute holds: an attribute its items lack may be that part. */
        private static boolean inKeysOnly(Map<String, KeyDerivation> keys) {
            return keys != null && keys.values().stream().anyMatch(KeyDerivation::hasUnknown);
        }

        /** A problem of the file's entities; {@code attribute} names an attribute the entity's items do not have. */
        private record EntityProblem(PatternsProblem problem, String entity, String attribute) {
        }

        private List<EntityProblem> entityProblems() {
            var problems = new ArrayList<EntityProblem>();
            var names = analysisResult.entities().stream().map(TableAnalysis.Entity::name).toList();
            for (var entity : file.entities()) {
                var found = analysisResult.entity(entity.name());
                var at = PatternsFile.path("entities", entity.name());
                if (found.isEmpty()) {
                    problems.add(new EntityProblem(file.problemAt(at, "table " + table.name() + " has no entity " + entity.name()
                            + " (its entities: " + String.join(", ", names) + ")"), entity.name(), null));
                    continue;
                }
                for (var attribute : entity.attributes().entrySet()) {
                    var top = attribute.getKey().split("[.\\[]", 2)[0];
                    var seen = found.get().attribute(top);
                    var path = PatternsFile.path(at, "attributes", attribute.getKey());
                    if (seen.isEmpty()) {
                        problems.add(new EntityProblem(file.problemAt(path, entity.name() + " items have no attribute " + top + " (they have: "
                                + String.join(", ", found.get().attributes().stream().map(TableAnalysis.Attribute::name).toList()) + ")"),
                                entity.name(), top.equals(attribute.getKey()) ? top : null));
                    } else if (top.equals(attribute.getKey()) && !seen.get().types().contains(attribute.getValue())) {
                        problems.add(new EntityProblem(file.problemAt(path, entity.name() + "." + top + " is " + seen.get().typeLabel()
                                + " in the table, not " + attribute.getValue()), entity.name(), null));
                    }
                }
            }
            return problems;
        }

        private List<PatternsProblem> pathProblems() {
            var problems = new ArrayList<PatternsProblem>();
            for (var entity : file.entities()) {
                for (var attribute : entity.attributes().keySet()) {
                    if ((attribute.contains(".") || attribute.contains("[")) && !learner.pathsOf(entity.name()).contains(attribute)) {
                        problems.add(file.problemAt(PatternsFile.path("entities", entity.name(), "attributes", attribute),
                                "no " + entity.name() + " item has a value at " + attribute));
                    }
                }
            }
            return problems;
        }

        private List<EntityCheck> entities(Map<String, Map<String, KeyDerivation>> derivations) {
            var checks = new ArrayList<EntityCheck>();
            for (var entity : analysisResult.entities()) {
                var sizes = entity.sizes();
                checks.add(new EntityCheck(entity.name(), entity.count(), entity.pkTemplate(), entity.skTemplate().orElse(null),
                        derivations.getOrDefault(entity.name(), Map.of()), sizes.averageBytes(), sizes.largestBytes(),
                        notFitting.getOrDefault(entity.name(), new long[1])[0], notFittingKeys.getOrDefault(entity.name(), List.of())));
            }
            return checks;
        }

        private List<String> warnings(List<PatternResult> results) {
            var warnings = new ArrayList<String>();
            for (var index : table.localSecondaryIndexes()) {
                warnings.add("local secondary index " + index.name() + ": every item collection (all items of one partition key value) "
                        + "is limited to 10 GB while the table has it");
            }
            for (var pattern : file.accessPatterns()) {
                var order = pattern.orderAttribute();
                if (order.isEmpty()) {
                    continue;
                }
                var values = kept.getOrDefault(pattern.entity(), List.of()).stream().map(i -> valueAt(i, order.get()))
                        .filter(Objects::nonNull).toList();
                if (!values.isEmpty() && values.stream().allMatch(v -> v instanceof AttributeValue.Str s && s.value().matches("-?\\d+(\\.\\d+)?"))) {
                    warnings.add("numbers sorted as strings: " + pattern.entity() + "." + order.get() + " holds numbers as text ("
                            + ((AttributeValue.Str) values.getFirst()).value() + "), so " + pattern.name() + " orders 10 before 9");
                }
            }
            return warnings;
        }
    }

    private static AttributeValue valueAt(Item item, String path) {
        return DerivationVerifier.valueAt(item, path).orElse(null);
    }
}
