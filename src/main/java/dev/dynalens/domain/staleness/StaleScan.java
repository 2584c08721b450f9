package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.EntityShape;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Inference and detection of stale copies from <em>one</em> read of a table. Entity names are only final once every
 * item was seen, and rules only once every copy was counted, so the read keeps what the passes need from each item — a
 * projection: its keys, what names its entity, and the attributes that can be copies, sources or references (string
 * and number leaves; with given rules, only the attributes they name) — in a {@link ProjectionStore} with a memory
 * budget (what does not fit spills to a file the caller provides, never to a second read), and the passes run over it.
 *
 * <p><b>Partial states.</b> Each part of the read (a Scan segment, a file split) fills a {@link Partial} of its own, on
 * its own thread. {@link #finish} takes the partials in their index order (segment 0 first: the order one sequential
 * Scan reads) and runs the passes: name every item ({@link EntityClassifier}, one thread: it is not shareable), then
 * infer ({@link RuleInference}) and detect ({@link StalenessDetector}) a chunk per task on the {@code workers}, whose
 * states merge — sources by union (the smaller key wins a tie), counts by sum, findings in chunk order. So the answer
 * does not depend on how the table was cut into parts nor on how the chunks were spread over threads:
 * {@code StaleScanPropertiesTest} checks that on generated tables.
 *
 * <p>Not thread-safe as a whole: each partial is filled by one thread, {@link #finish} called once.
 */
public final class StaleScan {
    /** Where a finish is. */
    public enum Phase {
        NAMING("Naming the entities"), INFERRING("Inferring the rules"), DETECTING("Checking every copy against its source");

        private final String text;

        Phase(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** How far a finish is: a phase, the chunks of the store done in it, and the rules checked (once known). */
    public record Progress(Phase phase, int chunksDone, int chunks, List<DenormalizationRule> checking) {
        public Progress {
            checking = List.copyOf(checking);
        }
    }

    /**
     * What the one read found.
     *
     * @param inferred the rules inferred (with their evidence), before the rejected ones were left out; empty with given rules
     * @param checked  the rules detection checked
     * @param entities the entity names the table has, sorted
     */
    public record Result(List<InferredRule> inferred, List<DenormalizationRule> checked, StalenessReport report, long items,
                         Set<String> entities) {
        public Result {
            inferred = List.copyOf(inferred);
            checked = List.copyOf(checked);
            entities = Set.copyOf(entities);
        }
    }

    private final TableKeys keys;
    private final RuleChoice keptFor;
    private final RuleInference.Options options;
    private final ProjectionStore.Budget budget;
    /** The top-level attributes given rules read; null when rules are inferred (every scalar leaf is kept). */
    private final Set<String> ruleAttributes;
    private final Set<String> keyAttributes;

    /**
     * @param keys    the table's key schema and its indexes'
     * @param keptFor what the read keeps: everything inference needs ({@link RuleChoice.Inferred}), or only what the
     *                given rules read
     * @param budget  the memory budget of the projections, shared by every partial
     */
    public StaleScan(TableKeys keys, RuleChoice keptFor, RuleInference.Options options, ProjectionStore.Budget budget) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.keptFor = Objects.requireNonNull(keptFor, "keptFor");
        var rules = keptFor;
        this.options = Objects.requireNonNull(options, "options");
        this.budget = Objects.requireNonNull(budget, "budget");
        var keyNames = new LinkedHashSet<String>();
        keyNames.add(keys.keySchema().partitionKeyName());
        if (keys.keySchema().sortKeyName() != null) {
            keyNames.add(keys.keySchema().sortKeyName());
        }
        keys.indexes().values().forEach(schema -> {
            keyNames.add(schema.partitionKeyName());
            if (schema.sortKeyName() != null) {
                keyNames.add(schema.sortKeyName());
            }
        });
        this.keyAttributes = Set.copyOf(keyNames);
        if (rules instanceof RuleChoice.Given given) {
            var names = new LinkedHashSet<String>();
            for (var rule : given.rules()) {
                names.add(rule.copy().attribute().attributeName());
                names.add(rule.source().attribute().attributeName());
                switch (rule.reference()) {
                    case DenormalizationRule.Reference.ByOwnKey ignored -> {
                    }
                    case DenormalizationRule.Reference.ByAttribute byAttribute -> names.add(byAttribute.attribute().attributeName());
                    case DenormalizationRule.Reference.ByKeyPart byKeyPart -> {
                        names.add(byKeyPart.copy().attribute().attributeName());
                        names.add(byKeyPart.source().attribute().attributeName());
                    }
                }
            }
            this.ruleAttributes = Set.copyOf(names);
        } else {
            this.ruleAttributes = null;
        }
    }

    public TableKeys keys() {
        return keys;
    }

    /**
     * Whether what this read kept is enough to check these rules: a read kept for inference holds every string and
     * number leaf down to the inference depth, so given rules whose copies and sources are such leaves, and inference
     * again; a read kept for given rules holds only what they read.
     */
    public boolean holds(RuleChoice rules) {
        if (keptFor instanceof RuleChoice.Given kept) {
            return rules instanceof RuleChoice.Given given && kept.rules().containsAll(given.rules());
        }
        if (rules instanceof RuleChoice.Given given) {
            return given.rules().stream().allMatch(rule -> isLeafPath(rule.copy().attribute()) && isLeafPath(rule.source().attribute())
                    && referenceIsKept(rule.reference()));
        }
        return true;
    }

    private boolean isLeafPath(dev.dynalens.domain.item.AttributePath path) {
        return path.depth() <= options.maxDepth() && path.elements().stream().allMatch(e -> e instanceof dev.dynalens.domain.item.AttributePath.Key);
    }

    private boolean referenceIsKept(DenormalizationRule.Reference reference) {
        return switch (reference) {
            case DenormalizationRule.Reference.ByOwnKey ignored -> true;
            case DenormalizationRule.Reference.ByAttribute byAttribute -> isLeafPath(byAttribute.attribute());
            case DenormalizationRule.Reference.ByKeyPart byKeyPart -> isLeafPath(byKeyPart.copy().attribute())
                    && isLeafPath(byKeyPart.source().attribute());
        };
    }

    /** A partial state for one part of the read; {@code index} orders the parts (segment 0 first). */
    public Partial partial(int index) {
        return new Partial(index);
    }

    /** What one part of the read keeps: the projections of its items, in the order it read them. */
    public final class Partial {
        private final int index;
        private final ProjectionStore store = new ProjectionStore(budget);

        private Partial(int index) {
            if (index < 0) {
                throw new IllegalArgumentException("A part's index is not negative: " + index);
            }
            this.index = index;
        }

        public int index() {
            return index;
        }

        public void accept(Item item) {
            var projection = new LinkedHashMap<String, AttributeValue>();
            int naming = 0;
            var attributes = item.attributes();
            var pk = keys.keySchema().partitionKeyName();
            var sk = keys.keySchema().sortKeyName();
            var pkValue = attributes.get(pk);
            if (pkValue != null) {
                projection.put(pk, pkValue);
                naming++;
            }
            var skValue = sk == null ? null : attributes.get(sk);
            if (skValue != null) {
                projection.put(sk, skValue);
                naming++;
            }
            for (var attribute : attributes.entrySet()) {
                var name = attribute.getKey();
                if (!name.equals(pk) && !name.equals(sk) && EntityClassifier.mayBeTypeAttribute(name)
                        && attribute.getValue() instanceof AttributeValue.Str) {
                    projection.put(name, attribute.getValue());
                    naming++;
                }
            }
            for (var attribute : attributes.entrySet()) {
                var name = attribute.getKey();
                if (projection.containsKey(name)) {
                    continue;
                }
                var value = attribute.getValue();
                if (ruleAttributes != null) {
                    if (ruleAttributes.contains(name) || keyAttributes.contains(name)) {
                        projection.put(name, value);
                    }
                } else {
                    var kept = scalarLeaves(value, 1);
                    if (kept != null) {
                        projection.put(name, kept);
                    }
                }
            }
            store.add(new Item(projection), naming);
        }

        public void acceptAll(Iterable<Item> items) {
            items.forEach(this::accept);
        }

        /** Items this part read. */
        public long items() {
            return store.size();
        }

        /** This part read its last item: what it kept is closed (and spilled, where the budget says so). */
        public void end() {
            store.seal();
        }
    }

    /** A value reduced to what inference compares: strings and numbers, maps of them down to the depth; null if nothing is left. */
    private AttributeValue scalarLeaves(AttributeValue value, int depth) {
        return switch (value) {
            case AttributeValue.Str s -> s;
            case AttributeValue.Num n -> n;
            case AttributeValue.MapValue map when depth < options.maxDepth() -> {
                var kept = new LinkedHashMap<String, AttributeValue>();
                map.values().forEach((name, child) -> {
                    var leaf = scalarLeaves(child, depth + 1);
                    if (leaf != null) {
                        kept.put(name, leaf);
                    }
                });
                yield kept.isEmpty() ? null : new AttributeValue.MapValue(kept);
            }
            default -> null;
        };
    }

    /**
     * Names the entities, infers the rules (unless given) and checks every copy, over what the partials kept.
     *
     * @param partials   every part of the read, in any order (they are taken by their index)
     * @param rules      the rules to check, or inference; what the read kept must hold them ({@link #holds})
     * @param workers    runs the chunks of a pass, up to {@code parallelism} at once ({@code Runnable::run} in tests)
     * @param maxListed  findings of each kind the report lists; all are counted
     * @param onFinding  told of every finding, in the order one sequential pass finds them, on the calling thread
     * @param progress   told after each chunk, on the calling thread
     * @param cancelled  checked between chunks; true stops the finish with a {@link CancellationException}
     */
    public Result finish(Collection<Partial> partials, RuleChoice rules, Executor workers, int parallelism, int maxListed,
                         Consumer<? super Finding> onFinding, Consumer<? super Progress> progress, BooleanSupplier cancelled) {
        Objects.requireNonNull(workers, "workers");
        if (!holds(rules)) {
            throw new IllegalArgumentException("This read kept only what other rules read; read the table again for " + rules);
        }
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + parallelism);
        }
        var ordered = new ArrayList<>(partials);
        ordered.sort(Comparator.comparingInt(Partial::index));
        var chunks = new ArrayList<ProjectionStore.Chunk>();
        long items = 0;
        for (var partial : ordered) {
            partial.store.seal();
            chunks.addAll(partial.store.chunks());
            items += partial.store.size();
        }
        var run = new Run(chunks, workers, parallelism, progress, cancelled);

        // Naming: one classifier sees every item in the read's order; then each item's entity and root-ness as the
        // final reading names them, so the parallel passes need not touch the classifier's caches.
        var classifier = new EntityClassifier(keys);
        run.sequential(Phase.NAMING, (chunk, at) -> ProjectionStore.read(chunk, true, classifier::accept));
        var reading = new KeyReading(classifier);
        var entityNames = new ArrayList<String>();
        var entityIds = new HashMap<String, Integer>();
        var annotations = new int[chunks.size()][];
        run.sequential(Phase.NAMING, (chunk, at) -> {
            var marks = new int[chunk.items];
            int[] next = {0};
            ProjectionStore.read(chunk, true, item -> {
                var entity = reading.entityOf(item);
                int id = entityIds.computeIfAbsent(entity, e -> {
                    entityNames.add(e);
                    return entityNames.size() - 1;
                });
                marks[next[0]++] = id << 1 | (reading.isRoot(item) ? 1 : 0);
            });
            annotations[at] = marks;
        });
        reading.prepareForThreads();
        var entities = new java.util.TreeSet<String>();
        for (EntityShape shape : classifier.entities()) {
            entities.add(shape.name());
        }

        List<InferredRule> inferred = List.of();
        List<DenormalizationRule> checked;
        switch (rules) {
            case RuleChoice.Given given -> checked = given.rules();
            case RuleChoice.Inferred choice -> {
                var inference = new RuleInference(classifier, options);
                var sourceStates = run.perWorker(Phase.INFERRING, () -> new RuleInference(classifier, options), (state, chunk, at) ->
                        annotated(chunk, annotations[at], entityNames, (item, entity, root) -> state.acceptSource(item, entity, root)));
                sourceStates.forEach(inference::absorbSources);
                var countStates = run.perWorker(Phase.INFERRING, inference::forCopies, (state, chunk, at) ->
                        annotated(chunk, annotations[at], entityNames, (item, entity, root) -> state.acceptCopy(item, entity, root)));
                countStates.forEach(inference::absorbCounts);
                inferred = inference.result();
                checked = choice.keep(inferred.stream().map(InferredRule::rule).toList());
            }
        }

        var detector = new StalenessDetector(classifier, checked, maxListed, onFinding);
        run.checking = detector.rules();
        if (!checked.isEmpty()) {
            var sourceStates = run.perWorker(Phase.DETECTING, () -> new StalenessDetector(classifier, checked, 0), (state, chunk, at) ->
                    annotated(chunk, annotations[at], entityNames, (item, entity, root) -> {
                        if (state.isSourceEntity(entity)) {
                            state.acceptSource(item, entity, root);
                        }
                    }));
            sourceStates.forEach(detector::absorbSources);
            var splits = run.perChunk(Phase.DETECTING, detector::forCopies, (state, chunk, at) ->
                    annotated(chunk, annotations[at], entityNames, (item, entity, root) -> {
                        if (state.isCopyEntity(entity)) {
                            state.acceptCopy(item, entity);
                        }
                    }));
            splits.forEach(detector::absorb);
        }
        return new Result(inferred, checked, detector.report(), items, entities);
    }

    @FunctionalInterface
    private interface AnnotatedItem {
        void accept(Item item, String entity, boolean root);
    }

    /** The items of a chunk with their entity and root-ness, decoded whole. */
    private static void annotated(ProjectionStore.Chunk chunk, int[] marks, List<String> entityNames, AnnotatedItem each) {
        int[] at = {0};
        ProjectionStore.read(chunk, false, item -> {
            int mark = marks[at[0]++];
            each.accept(item, entityNames.get(mark >>> 1), (mark & 1) == 1);
        });
    }

    @FunctionalInterface
    private interface ChunkWork<S> {
        void run(S state, ProjectionStore.Chunk chunk, int index);
    }

    /** How the passes go over the chunks: in order on this thread, or spread over the workers. */
    private static final class Run {
        final List<ProjectionStore.Chunk> chunks;
        final Executor workers;
        final int parallelism;
        final Consumer<? super Progress> progress;
        final BooleanSupplier cancelled;
        List<DenormalizationRule> checking = List.of();

        Run(List<ProjectionStore.Chunk> chunks, Executor workers, int parallelism, Consumer<? super Progress> progress,
            BooleanSupplier cancelled) {
            this.chunks = chunks;
            this.workers = workers;
            this.parallelism = parallelism;
            this.progress = Objects.requireNonNull(progress, "progress");
            this.cancelled = Objects.requireNonNull(cancelled, "cancelled");
        }

        interface Sequential {
            void run(ProjectionStore.Chunk chunk, int index);
        }

        void sequential(Phase phase, Sequential work) {
            for (int i = 0; i < chunks.size(); i++) {
                checkCancelled();
                work.run(chunks.get(i), i);
                progress.accept(new Progress(phase, i + 1, chunks.size(), checking));
            }
        }

        /** One state per worker, each fed the chunks it takes; states whose merge does not depend on order. */
        <S> List<S> perWorker(Phase phase, java.util.function.Supplier<S> newState, ChunkWork<S> work) {
            int tasks = Math.max(1, Math.min(parallelism, chunks.size()));
            var states = new ArrayList<S>(tasks);
            for (int t = 0; t < tasks; t++) {
                states.add(newState.get());
            }
            var next = new java.util.concurrent.atomic.AtomicInteger();
            var done = new java.util.concurrent.atomic.AtomicInteger();
            var futures = new ArrayList<CompletableFuture<Void>>(tasks);
            for (int t = 0; t < tasks; t++) {
                var state = states.get(t);
                futures.add(CompletableFuture.runAsync(() -> {
                    for (int i = next.getAndIncrement(); i < chunks.size(); i = next.getAndIncrement()) {
                        if (cancelled.getAsBoolean()) {
                            return;
                        }
                        work.run(state, chunks.get(i), i);
                        done.incrementAndGet();
                    }
                }, workers));
            }
            join(futures, phase, done);
            return states;
        }

        /** One state per chunk, in chunk order: for states whose merge keeps an order (findings). */
        <S> List<S> perChunk(Phase phase, java.util.function.Supplier<S> newState, ChunkWork<S> work) {
            var states = new ArrayList<S>(chunks.size());
            for (int i = 0; i < chunks.size(); i++) {
                states.add(newState.get());
            }
            var next = new java.util.concurrent.atomic.AtomicInteger();
            var done = new java.util.concurrent.atomic.AtomicInteger();
            int tasks = Math.max(1, Math.min(parallelism, chunks.size()));
            var futures = new ArrayList<CompletableFuture<Void>>(tasks);
            for (int t = 0; t < tasks; t++) {
                futures.add(CompletableFuture.runAsync(() -> {
                    for (int i = next.getAndIncrement(); i < chunks.size(); i = next.getAndIncrement()) {
                        if (cancelled.getAsBoolean()) {
                            return;
                        }
                        work.run(states.get(i), chunks.get(i), i);
                        done.incrementAndGet();
                    }
                }, workers));
            }
            join(futures, phase, done);
            return states;
        }

        /** Waits for the tasks, telling the progress as chunks finish (on this thread). */
        private void join(List<CompletableFuture<Void>> futures, Phase phase, java.util.concurrent.atomic.AtomicInteger done) {
            var all = CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new));
            int told = -1;
            while (true) {
                try {
                    all.get(100, java.util.concurrent.TimeUnit.MILLISECONDS);
                    break;
                } catch (java.util.concurrent.TimeoutException e) {
                    int now = done.get();
                    if (now != told) {
                        told = now;
                        progress.accept(new Progress(phase, now, chunks.size(), checking));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CancellationException("interrupted");
                } catch (java.util.concurrent.ExecutionException e) {
                    var cause = e.getCause();
                    if (cause instanceof RuntimeException runtime) {
                        throw runtime;
                    }
                    if (cause instanceof Error error) {
                        throw error;
                    }
                    throw new IllegalStateException(cause);
                }
            }
            checkCancelled();
            progress.accept(new Progress(phase, chunks.size(), chunks.size(), checking));
        }

        private void checkCancelled() {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException("cancelled");
            }
        }
    }
}
