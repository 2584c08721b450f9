package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.EntityShape;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.ChunkNames.Annotations;
import dev.dynalens.domain.staleness.ChunkNames.Named;
import dev.dynalens.domain.staleness.ChunkNames.Naming;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Inference and detection of stale copies from <em>one</em> read of a table. Entity names are only final once every
 * item was seen, and rules only once every copy was counted, so the read keeps what the passes need from each item — a
 * projection: its keys, what names its entity, and the attributes that can be copies, sources or references (string
 * and number leaves; with given rules, only the attributes they name) — in a {@link ProjectionStore} with a memory
 * budget (what does not fit spills to a file the caller provides, never to a second read), and the passes run over it.
 *
 * <p><b>Partial states.</b> Each part of the read (a Scan segment, a file split) fills a {@link Partial} of its own, on
 * its own thread. {@link #finish} takes the partials in their index order (segment 0 first: the order one sequential
 * Scan reads) and runs the passes: name every item ({@link EntityClassifier}, one thread: it is not shareable; each
 * item keeps the number of its group, and each group is named once at the end, since items of a group read alike), then
 * infer ({@link RuleInference}) and detect ({@link StalenessDetector}) in tasks that take chunks in turn, whose states
 * merge — sources by union (the smaller key wins a tie), counts by sum, findings in chunk order. Where the tasks run
 * is the caller's ({@link TaskRunner}: the app's workers, or in turn); the domain starts no thread. So the answer does
 * not depend on how the table was cut into parts nor on how the chunks were spread over tasks:
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
    /** The indexes' key attributes that are not the table's, in order: kept first with the table's keys. */
    private final List<String> indexKeys;

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
        var keyNames = keys.keyAttributeNames();
        this.keyAttributes = Set.copyOf(keyNames);
        var indexNames = new ArrayList<>(keyNames);
        indexNames.remove(keys.keySchema().partitionKeyName());
        indexNames.remove(keys.keySchema().sortKeyName());
        this.indexKeys = List.copyOf(indexNames);
        if (rules instanceof RuleChoice.Given given) {
            var names = new LinkedHashSet<String>();
            for (var rule : given.rules()) {
                names.add(rule.copy().attribute().attributeName());
                names.add(rule.source().attribute().attributeName());
                var reference = rule.reference();
                if (reference instanceof DenormalizationRule.Reference.ByOwnKey) {
                    // nothing more to read
                } else if (reference instanceof DenormalizationRule.Reference.ByAttribute byAttribute) {
                    names.add(byAttribute.attribute().attributeName());
                } else if (reference instanceof DenormalizationRule.Reference.ByKeyPart byKeyPart) {
                    names.add(byKeyPart.copy().attribute().attributeName());
                    names.add(byKeyPart.source().attribute().attributeName());
                } else {
                    throw new IllegalStateException("unexpected " + reference.getClass());
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
        if (reference instanceof DenormalizationRule.Reference.ByOwnKey) {
            return true;
        } else if (reference instanceof DenormalizationRule.Reference.ByAttribute byAttribute) {
            return isLeafPath(byAttribute.attribute());
        } else if (reference instanceof DenormalizationRule.Reference.ByKeyPart byKeyPart) {
            return isLeafPath(byKeyPart.copy().attribute())
                    && isLeafPath(byKeyPart.source().attribute());
        } else {
            throw new IllegalStateException("unexpected " + reference.getClass());
        }
    }

    /** A partial state for one part of the read; {@code index} orders the parts (segment 0 first). */
    public Partial partial(int index) {
        return new Partial(index, null);
    }

    /**
     * The first part of a read (index 0: a Scan's segment 0, or its only one; a file read straight through): it names
     * its items while it keeps them (the classifier sees each item's naming attributes in the read's order, as
     * {@link #finish} would, and each item's group number is kept), and {@link Partial#advance} begins the passes on
     * them between pages. {@link #finish} given it alone reads no item for naming; given others too, it names only
     * theirs, after this part's, as one sequential read would have seen them.
     */
    public Partial firstPartial() {
        return new Partial(0, new EntityClassifier(keys));
    }

    /** What one part of the read keeps: the projections of its items, in the order it read them. */
    public final class Partial {
        private final int index;
        private final ProjectionStore store = new ProjectionStore(budget);
        /** Names the items as they are kept, for {@link #firstPartial}; null for the others. */
        private final EntityClassifier classifier;
        /** For the first part of several: whether a finish named the other parts' items with its classifier, after its own. */
        private boolean restNamed;
        /** For the first part: a finish began to name the others with its classifier and did not end (cancelled). */
        private boolean spoiled;

        private Partial(int index, EntityClassifier classifier) {
            if (index < 0) {
                throw new IllegalArgumentException("A part's index is not negative: " + index);
            }
            this.index = index;
            this.classifier = classifier;
            this.marks = classifier == null ? null : new int[1024];
        }

        public int index() {
            return index;
        }

        // What one item keeps, reused from item to item (a partial is filled by one thread).
        private String[] names = new String[32];
        private AttributeValue[] values = new AttributeValue[32];
        private int count;
        /** Each item's key hash ({@link RuleInference#hash(AttributeValue, AttributeValue)}), in the order kept. */
        private long[] hashes = new long[1024];
        /**
         * Each item's group ({@link EntityClassifier#acceptGrouped}) shifted left by one, and in bit 0 whether its key
         * values alone make it a root (no sort key, or one equal to the partition key): filled as items are kept by
         * {@link #firstPartial}, else by {@link #finish}'s naming pass.
         */
        private int[] marks;
        private int kept;

        public void accept(Item item) {
            count = 0;
            var attributes = item.attributes();
            var pk = keys.keySchema().partitionKeyName();
            var sk = keys.keySchema().sortKeyName();
            var pkValue = attributes.get(pk);
            if (pkValue != null) {
                keep(pk, pkValue);
            }
            var skValue = sk == null ? null : attributes.get(sk);
            if (skValue != null) {
                keep(sk, skValue);
            }
            for (var attribute : indexKeys) {
                var value = attributes.get(attribute);
                if (value != null) {
                    keep(attribute, value);
                }
            }
            for (var attribute : attributes.entrySet()) {
                var name = attribute.getKey();
                if (!keyAttributes.contains(name) && EntityClassifier.mayBeTypeAttribute(name) && attribute.getValue() instanceof AttributeValue.Str) {
                    keep(name, attribute.getValue());
                }
            }
            int naming = count;
            for (var attribute : attributes.entrySet()) {
                var name = attribute.getKey();
                var value = attribute.getValue();
                if (keyAttributes.contains(name) || isKept(name, naming)) {
                    continue;
                }
                if (ruleAttributes != null) {
                    if (ruleAttributes.contains(name)) {
                        keep(name, value);
                    }
                } else {
                    var leaf = scalarLeaves(value, 1);
                    if (leaf != null) {
                        keep(name, leaf);
                    }
                }
            }
            store.add(names, values, count, naming);
            if (kept == hashes.length) {
                hashes = Arrays.copyOf(hashes, kept * 2);
            }
            hashes[kept] = RuleInference.hash(pkValue, skValue);
            if (classifier != null) {
                if (kept == marks.length) {
                    marks = Arrays.copyOf(marks, kept * 2);
                }
                marks[kept] = classifier.acceptGrouped(item) << 1 | (rootByValues(pkValue, skValue) ? 1 : 0);
            }
            kept++;
        }

        private void keep(String name, AttributeValue value) {
            if (count == names.length) {
                names = Arrays.copyOf(names, count * 2);
                values = Arrays.copyOf(values, count * 2);
            }
            names[count] = name;
            values[count++] = value;
        }

        /** Whether a naming attribute (one of the first {@code naming} kept) has this name. */
        private boolean isKept(String name, int naming) {
            for (int i = 0; i < naming; i++) {
                if (names[i].equals(name)) {
                    return true;
                }
            }
            return false;
        }

        public void acceptAll(Iterable<Item> items) {
            items.forEach(this::accept);
        }

        /** For tests: how many times the passes were begun while reading, and how many chunks the current start holds. */
        int[] earlyStarted() {
            return new int[] {earlyStarts, early == null ? 0 : early.annotated.size()};
        }

        /** The passes begun while reading, or null; dropped when the table's reading changed under them. */
        private Early early;
        private int earlyStarts;

        /**
         * Between pages of a read, on this part's thread, for {@link #firstPartial} with inferred rules: names the chunks
         * closed so far and indexes their sources for inference now, while the endpoint sends the next page, so that
         * {@link #finish} does only the rest. When a later item changes how the table reads (a literal turned out to be
         * data), what was begun is dropped and begun again, at most {@value #EARLY_STARTS} times; {@link #finish} uses it
         * only if the table still reads as it did. The answer is the same either way; not calling this loses nothing.
         */
        public void advance() {
            if (classifier == null || !(keptFor instanceof RuleChoice.Inferred)) {
                return;
            }
            int revision = classifier.revision();
            if (early != null && early.revision != revision) {
                early = null;
            }
            if (early == null) {
                if (earlyStarts == EARLY_STARTS) {
                    return;
                }
                earlyStarts++;
                var sources = new RuleInference(classifier, options);
                new KeyReading(classifier).prepareForThreads();
                early = new Early(revision, new Naming(classifier), sources);
            }
            var closed = store.closedChunks();
            var named = new Named(early.naming.entityNames, early.naming.templates);
            for (int at = early.annotated.size(); at < closed.size(); at++) {
                var chunk = closed.get(at);
                var marks = early.naming.annotate(chunk, hashes, this.marks, early.offset);
                early.offset += chunk.items;
                early.annotated.add(marks);
                var state = early.sources;
                named.staged(chunk, marks, state::know, state::acceptSourceKeys, state::acceptSourceWhole);
            }
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

    /** Whether an item is a root by its key values alone: no sort key, or one equal to its partition key ({@link KeyReading#isRoot}). */
    private static boolean rootByValues(AttributeValue pk, AttributeValue sk) {
        return sk == null || sk.equals(pk);
    }

    /** How many times a read begins its passes again before it leaves them all to {@link #finish}. */
    static final int EARLY_STARTS = 4;

    /** A value reduced to what inference compares: strings and numbers, maps of them down to the depth; null if nothing is left. */
    private AttributeValue scalarLeaves(AttributeValue value, int depth) {
        if (value instanceof AttributeValue.Str s) {
            return s;
        } else if (value instanceof AttributeValue.Num n) {
            return n;
        } else if (value instanceof AttributeValue.MapValue map && depth < options.maxDepth() && isScalarMap(map)) {
            return map;
        } else if (value instanceof AttributeValue.MapValue map && depth < options.maxDepth()) {
            var kept = new LinkedHashMap<String, AttributeValue>();
            map.values().forEach((name, child) -> {
                var leaf = scalarLeaves(child, depth + 1);
                if (leaf != null) {
                    kept.put(name, leaf);
                }
            });
            return kept.isEmpty() ? null : new AttributeValue.MapValue(kept);
        } else {
            return null;
        }
    }

    /** A map of strings and numbers only is kept as it is (most nested copies are: {@code author = {id, name}}). */
    private static boolean isScalarMap(AttributeValue.MapValue map) {
        for (var child : map.values().values()) {
            if (!(child instanceof AttributeValue.Str) && !(child instanceof AttributeValue.Num)) {
                return false;
            }
        }
        return !map.values().isEmpty();
    }

    /**
     * Names the entities, infers the rules (unless given) and checks every copy, over what the partials kept. Only the
     * last pass decodes every item whole: naming reads items' keys once (not at all after {@link #firstPartial}), inference's
     * sources their keys and the rest of those it keeps, inference's copies the items of each entity's sample.
     *
     * @param partials   every part of the read, in any order (they are taken by their index)
     * @param rules      the rules to check, or inference; what the read kept must hold them ({@link #holds})
     * @param tasks      where the tasks of a pass run, up to {@code parallelism} of them ({@link TaskRunner#IN_TURN}: in turn)
     * @param maxListed  findings of each kind the report lists; all are counted
     * @param onFinding  told of every finding, in the order one sequential pass finds them, on the calling thread
     * @param progress   told after each chunk, on the calling thread
     * @param cancelled  checked between chunks; true stops the finish with a {@link CancellationException}
     */
    public Result finish(Collection<Partial> partials, RuleChoice rules, TaskRunner tasks, int parallelism, int maxListed,
                         Consumer<? super Finding> onFinding, Consumer<? super Progress> progress, BooleanSupplier cancelled) {
        Objects.requireNonNull(tasks, "tasks");
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
        var run = new Run(chunks, tasks, parallelism, progress, cancelled);

        // Naming: one classifier sees every item in the read's order, and each item's group is noted; then each group's
        // entity, root-ness and key templates as the final reading names them, so the parallel passes need not touch
        // the classifier's caches. Items of a group read alike, so no item's keys are read twice for it.
        EntityClassifier classifier;
        var owners = new Partial[chunks.size()];
        var offsets = new int[chunks.size()];
        for (int p = 0, at = 0; p < ordered.size(); p++) {
            int offset = 0;
            for (var chunk : ordered.get(p).store.chunks()) {
                owners[at] = ordered.get(p);
                offsets[at++] = offset;
                offset += chunk.items;
            }
        }
        var first = ordered.isEmpty() ? null : ordered.get(0);
        boolean firstNamed = first != null && first.index == 0 && first.classifier != null;
        synchronized (first == null ? this : first) {
            if (firstNamed && !first.spoiled && (ordered.size() == 1 || first.restNamed)) {
                // The first part named its items as it kept them, and the others were named after them (by an earlier finish).
                classifier = first.classifier;
            } else {
                // The others are named after the first part's items, with its classifier, in the read's order; a part
                // with no classifier of its own (or a classifier a cancelled finish left half-fed) is named from the start.
                var naming = firstNamed && !first.spoiled ? first.classifier : new EntityClassifier(keys);
                var pk = keys.keySchema().partitionKeyName();
                var sk = keys.keySchema().sortKeyName();
                for (var partial : ordered) {
                    if (partial.classifier != naming) {
                        partial.marks = new int[partial.kept];
                    }
                }
                if (firstNamed) {
                    first.spoiled = true; // until the others are named: a cancel in between leaves the classifier half-fed
                }
                run.sequential(Phase.NAMING, (chunk, at) -> {
                    if (owners[at].classifier == naming) {
                        return; // named as it was kept
                    }
                    var marks = owners[at].marks;
                    int[] next = {offsets[at]};
                    ProjectionStore.read(chunk, true, item -> {
                        var attributes = item.attributes();
                        var skValue = sk == null ? null : attributes.get(sk);
                        marks[next[0]++] = naming.acceptGrouped(item) << 1 | (rootByValues(attributes.get(pk), skValue) ? 1 : 0);
                    });
                });
                if (firstNamed && naming == first.classifier) {
                    first.spoiled = false;
                    first.restNamed = true;
                }
                classifier = naming;
            }
        }
        var reading = new KeyReading(classifier);
        var annotations = new Annotations[chunks.size()];
        // The passes the first part began while it was read stand while the table reads as it did then.
        var early = firstNamed && classifier == first.classifier && rules instanceof RuleChoice.Inferred ? first.early : null;
        if (first != null) {
            first.early = null; // taken once: a kept read finished again starts afresh
        }
        if (early != null && early.revision != classifier.revision()) {
            early = null;
        }
        var naming = early != null ? early.naming : new Naming(classifier);
        int begun = early != null ? early.annotated.size() : 0;
        for (int at = 0; at < begun; at++) {
            annotations[at] = early.annotated.get(at);
        }
        run.sequential(Phase.NAMING, (chunk, at) -> {
            if (annotations[at] == null) {
                annotations[at] = naming.annotate(chunk, owners[at].hashes, owners[at].marks, offsets[at]);
            }
        });
        var entityNames = naming.entityNames;
        var templates = naming.templates;
        var named = new Named(entityNames, templates);
        reading.prepareForThreads();
        var entities = new java.util.TreeSet<String>();
        for (EntityShape shape : classifier.entities()) {
            entities.add(shape.name());
        }

        List<InferredRule> inferred = List.of();
        List<DenormalizationRule> checked;
        RuleInference inference = null;
        if (rules instanceof RuleChoice.Given given) {
            checked = given.rules();
        } else if (rules instanceof RuleChoice.Inferred choice) {
            inference = new RuleInference(classifier, options);
            // The keys say which items are kept as sources; only those are decoded whole.
            var sourceStates = run.perWorker(Phase.INFERRING, begun, () -> new RuleInference(classifier, options), (state, chunk, at) ->
                    named.staged(chunk, annotations[at], state::know, state::acceptSourceKeys, state::acceptSourceWhole));
            if (early != null) {
                inference.absorbSources(early.sources);
            }
            sourceStates.forEach(inference::absorbSources);
            var counting = inference;
            // Only the copies in each entity's sample are read (their key hashes were noted while naming).
            var countStates = run.perWorker(Phase.INFERRING, counting::forCopies, (state, chunk, at) ->
                    named.each(chunk, annotations[at], i -> annotations[at].hash(i) <= counting.copyThreshold(
                            entityNames.get(annotations[at].entities[i] >>> 1)), state::know,
                            state::acceptSampledCopy));
            countStates.forEach(counting::absorbCounts);
            inferred = inference.result();
            checked = choice.keep(inferred.stream().map(InferredRule::rule).toList());
        } else {
            throw new IllegalStateException("unexpected " + rules.getClass());
        }

        var detector = new StalenessDetector(classifier, checked, maxListed, onFinding);
        run.checking = detector.rules();
        if (!checked.isEmpty()) {
            // Inference's pass 1 holds the sources of the rules it inferred, unless a bound cut it short.
            if (inference == null || !detector.sourcesFrom(inference)) {
                var sourceEntities = ChunkNames.wanted(entityNames, detector::isSourceEntity);
                var sourceStates = run.perWorker(Phase.DETECTING, () -> new StalenessDetector(classifier, checked, 0), (state, chunk, at) ->
                        named.each(chunk, annotations[at], i -> sourceEntities[annotations[at].entities[i] >>> 1], state::know, state::acceptSource));
                sourceStates.forEach(detector::absorbSources);
            }
            var copyEntities = ChunkNames.wanted(entityNames, detector::isCopyEntity);
            // A copy is checked by its keys and the attributes the rules read of it: the others are not decoded.
            var copyAttributes = detector.copyAttributes();
            var splits = run.perChunk(Phase.DETECTING, detector::forCopies, (state, chunk, at) ->
                    named.each(chunk, annotations[at], i -> copyEntities[annotations[at].entities[i] >>> 1], copyAttributes::contains,
                            state::know, (item, entity, root) -> state.acceptCopy(item, entity)));
            splits.forEach(detector::absorb);
        }
        return new Result(inferred, checked, detector.report(), items, entities);
    }

    /**
     * The passes a one-part read began while it read ({@link Partial#advance}): the chunks closed so far named, and their
     * sources indexed for inference, as the table read at {@code revision}. They stand if it still reads so at the end.
     */
    private static final class Early {
        final int revision;
        final Naming naming;
        final List<Annotations> annotated = new ArrayList<>();
        final RuleInference sources;
        int offset;

        Early(int revision, Naming naming, RuleInference sources) {
            this.revision = revision;
            this.naming = naming;
            this.sources = sources;
        }
    }

    @FunctionalInterface
    private interface ChunkWork<S> {
        void run(S state, ProjectionStore.Chunk chunk, int index);
    }

    /** How the passes go over the chunks: in order on this thread, or in tasks that take them in turn ({@link TaskRunner}). */
    private static final class Run {
        final List<ProjectionStore.Chunk> chunks;
        final TaskRunner tasks;
        final int parallelism;
        final Consumer<? super Progress> progress;
        final BooleanSupplier cancelled;
        List<DenormalizationRule> checking = List.of();

        Run(List<ProjectionStore.Chunk> chunks, TaskRunner tasks, int parallelism, Consumer<? super Progress> progress,
            BooleanSupplier cancelled) {
            this.chunks = chunks;
            this.tasks = tasks;
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

        /** One state per task, each fed the chunks it takes; states whose merge does not depend on order. */
        <S> List<S> perWorker(Phase phase, Supplier<S> newState, ChunkWork<S> work) {
            return perWorker(phase, 0, newState, work);
        }

        /** As {@link #perWorker(Phase, Supplier, ChunkWork)}, over the chunks from {@code from} on. */
        <S> List<S> perWorker(Phase phase, int from, Supplier<S> newState, ChunkWork<S> work) {
            int count = Math.max(1, Math.min(parallelism, chunks.size() - from));
            var states = new ArrayList<S>(count);
            for (int t = 0; t < count; t++) {
                states.add(newState.get());
            }
            var next = new AtomicInteger(from);
            var done = new AtomicInteger(from);
            runAll(phase, count, t -> {
                var state = states.get(t);
                for (int i = next.getAndIncrement(); i < chunks.size(); i = next.getAndIncrement()) {
                    if (cancelled.getAsBoolean()) {
                        return;
                    }
                    work.run(state, chunks.get(i), i);
                    done.incrementAndGet();
                }
            }, done);
            return states;
        }

        /** One state per chunk, in chunk order: for states whose merge keeps an order (findings). */
        <S> List<S> perChunk(Phase phase, Supplier<S> newState, ChunkWork<S> work) {
            var states = new ArrayList<S>(chunks.size());
            for (int i = 0; i < chunks.size(); i++) {
                states.add(newState.get());
            }
            var next = new AtomicInteger();
            var done = new AtomicInteger();
            runAll(phase, Math.max(1, Math.min(parallelism, chunks.size())), t -> {
                for (int i = next.getAndIncrement(); i < chunks.size(); i = next.getAndIncrement()) {
                    if (cancelled.getAsBoolean()) {
                        return;
                    }
                    work.run(states.get(i), chunks.get(i), i);
                    done.incrementAndGet();
                }
            }, done);
            return states;
        }

        /** Runs the tasks where the runner says, telling the progress as chunks finish (on this thread). */
        private void runAll(Phase phase, int count, IntConsumer task, AtomicInteger done) {
            int[] told = {-1};
            tasks.runAll(count, task, () -> {
                int now = done.get();
                if (now != told[0]) {
                    told[0] = now;
                    progress.accept(new Progress(phase, now, chunks.size(), checking));
                }
            });
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
