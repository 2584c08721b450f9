package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.item.Item;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The one read's state merges: however a table is cut into parts (Scan segments, file splits), however the parts' chunks
 * are spread over threads and whether they fit in memory or spilled, the answer is the one of one sequential pass —
 * and the one the two-pass engines give over the same items.
 */
class StaleScanPropertiesTest {
    private static ExecutorService threads;
    private static TaskRunner tasks;

    @BeforeContainer
    static void startThreads() {
        threads = Executors.newFixedThreadPool(4);
        tasks = new ThreadTasks(threads);
    }

    @AfterContainer
    static void stopThreads() {
        threads.shutdownNow();
    }

    /** A spill in memory, as a temporary file would hold it. */
    static final class MemorySpill implements ProjectionStore.Spill {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public synchronized long write(byte[] chunk, int length) {
            long at = bytes.size();
            bytes.write(chunk, 0, length);
            return at;
        }

        @Override
        public synchronized byte[] read(long at, int length) {
            return Arrays.copyOfRange(bytes.toByteArray(), (int) at, (int) at + length);
        }

        @Override
        public synchronized long size() {
            return bytes.size();
        }
    }

    /** The tracker with some items deleted (orphans and fewer copies) and the rest in a shuffled order. */
    private static List<Item> table(long seed, int deletedPercent) {
        var random = new Random(seed);
        var items = new ArrayList<Item>();
        for (var item : TrackerData.of(1 + random.nextInt(2)).items()) {
            if (random.nextInt(100) >= deletedPercent) {
                items.add(item);
            }
        }
        Collections.shuffle(items, random);
        return items;
    }

    private static StaleScan.Result scan(List<Item> items, RuleChoice rules, List<Integer> cuts, ProjectionStore.Budget budget,
                                         TaskRunner workers, int parallelism) {
        return scan(items, rules, cuts, budget, workers, parallelism, false);
    }

    /** @param firstNamed whether the first of several parts names its items as it keeps them, and begins the passes between pages of 50 */
    private static StaleScan.Result scan(List<Item> items, RuleChoice rules, List<Integer> cuts, ProjectionStore.Budget budget,
                                         TaskRunner workers, int parallelism, boolean firstNamed) {
        var scan = new StaleScan(TrackerData.KEYS, rules, RuleInference.Options.DEFAULTS, budget);
        return scan.finish(parts(scan, items, cuts, firstNamed), rules, workers, parallelism, 1_000, finding -> { }, progress -> { }, () -> false);
    }

    private static List<StaleScan.Partial> parts(StaleScan scan, List<Item> items, List<Integer> cuts, boolean firstNamed) {
        var partials = new ArrayList<StaleScan.Partial>();
        int from = 0;
        var bounds = new ArrayList<>(cuts);
        bounds.add(items.size());
        for (int part = 0; part < bounds.size(); part++) {
            // The first part names its items as it keeps them (firstPartial): the same answer, alone or with others.
            var partial = cuts.isEmpty() || firstNamed && part == 0 ? scan.firstPartial() : scan.partial(part);
            var own = items.subList(from, Math.max(from, bounds.get(part)));
            for (int page = 0; page < own.size(); page += 50) {
                partial.acceptAll(own.subList(page, Math.min(own.size(), page + 50)));
                if (firstNamed) {
                    partial.advance();
                }
            }
            from = Math.max(from, bounds.get(part));
            partials.add(partial);
        }
        Collections.reverse(partials); // the order handed in does not matter: the index does
        return partials;
    }

    private static List<Integer> cuts(long seed, int parts, int size) {
        var random = new Random(seed * 31 + parts);
        var cuts = new ArrayList<Integer>();
        for (int i = 1; i < parts; i++) {
            cuts.add(random.nextInt(size + 1));
        }
        Collections.sort(cuts);
        return cuts;
    }

    @Property(tries = 40)
    void partsMergeIntoTheAnswerOfOnePass(@ForAll long seed, @ForAll @IntRange(min = 1, max = 12) int parts,
                                          @ForAll @IntRange(min = 1, max = 4) int parallelism, @ForAll boolean spill,
                                          @ForAll @IntRange(min = 0, max = 15) int deletedPercent, @ForAll boolean inferred,
                                          @ForAll boolean firstNamed) {
        var items = table(seed, deletedPercent);
        var rules = inferred ? RuleChoice.INFERRED : RuleChoice.given(TrackerData.RULES.stream().map(RuleSpec::parse).toList(), "--rule");

        var onePass = scan(items, rules, List.of(), ProjectionStore.Budget.unlimited(), TaskRunner.IN_TURN, 1);
        var budget = spill ? new ProjectionStore.Budget(0, MemorySpill::new) : ProjectionStore.Budget.unlimited();
        var merged = scan(items, rules, cuts(seed, parts, items.size()), budget, tasks, parallelism, firstNamed);

        assertThat(merged.inferred()).isEqualTo(onePass.inferred());
        assertThat(merged.checked()).isEqualTo(onePass.checked());
        assertThat(merged.report()).isEqualTo(onePass.report());
        assertThat(merged.items()).isEqualTo(items.size());
        assertThat(merged.entities()).isEqualTo(onePass.entities());
        if (spill) {
            assertThat(budget.spilledBytes()).isPositive();
            assertThat(budget.heldBytes()).isZero();
        }
    }

    @Property(tries = 15)
    void onePassIsWhatTheTwoPassEnginesGive(@ForAll long seed, @ForAll @IntRange(min = 0, max = 15) int deletedPercent) {
        var items = table(seed, deletedPercent);
        var classifier = new EntityClassifier(TrackerData.KEYS);
        classifier.acceptAll(items);
        var inferred = RuleInference.infer(classifier, items, RuleInference.Options.DEFAULTS);
        var detector = new StalenessDetector(classifier, inferred.stream().map(InferredRule::rule).toList(), 1_000);
        items.forEach(detector::acceptSource);
        items.forEach(detector::acceptCopy);

        var scanned = scan(items, RuleChoice.INFERRED, cuts(seed, 5, items.size()), ProjectionStore.Budget.unlimited(), tasks, 3);

        assertThat(scanned.inferred()).isEqualTo(inferred);
        assertThat(scanned.report()).isEqualTo(detector.report());
    }

    /** Small samples, so that the source sample and the copy sample fill and refuse items. */
    private static final RuleInference.Options SMALL_SAMPLES = new RuleInference.Options(0.6, 2, 256, 1_000, 2_000_000, 3, 40, 300);

    /** The projects' tasks, with the tracker's items spread among them, in a shuffled order: pages of it close chunks. */
    private static List<Item> bigTable(long seed, boolean turning) {
        var random = new Random(seed);
        var items = new ArrayList<Item>();
        new ProjectTasks(40, 20, 3_000, 7, 11).forEach(items::add);
        items.addAll(TrackerData.of(1).items());
        Collections.shuffle(items, random);
        if (turning) {
            // Late in the read, names that turn a literal of the keys into data: the table's reading changes.
            for (int n = 0; n < 40; n++) {
                var name = "N" + (char) ('A' + n / 26) + (char) ('a' + n % 26);
                items.add(item(name + "#" + n, "TEAM#" + n % 3, "title", "t" + n));
            }
        }
        return items;
    }

    private static StaleScan.Result readInPages(List<Item> items, RuleInference.Options options, ProjectionStore.Budget budget, int pageSize,
                                                boolean advance, int[] started) {
        var scan = new StaleScan(TrackerData.KEYS, RuleChoice.INFERRED, options, budget);
        var partial = scan.firstPartial();
        for (int from = 0; from < items.size(); from += pageSize) {
            partial.acceptAll(items.subList(from, Math.min(items.size(), from + pageSize)));
            if (advance) {
                partial.advance();
            }
        }
        if (started != null) {
            System.arraycopy(partial.earlyStarted(), 0, started, 0, 2);
        }
        return scan.finish(List.of(partial), RuleChoice.INFERRED, tasks, 2, 1_000, finding -> { }, progress -> { }, () -> false);
    }

    /**
     * Naming and indexing sources between the pages of a one-part read, while the next page comes, gives the answer of
     * doing it all at the end: with samples that fill, with chunks spilled, and when a late item changes how the table
     * reads (what was begun is begun again).
     */
    @Property(tries = 12)
    void passesBegunBetweenPagesGiveTheAnswerOfPassesAtTheEnd(@ForAll long seed, @ForAll boolean spill, @ForAll boolean turning,
                                                              @ForAll boolean smallSamples, @ForAll @IntRange(min = 100, max = 1_500) int pageSize) {
        var items = bigTable(seed, turning);
        var options = smallSamples ? SMALL_SAMPLES : RuleInference.Options.DEFAULTS;
        var atTheEnd = readInPages(items, options, ProjectionStore.Budget.unlimited(), pageSize, false, null);
        var started = new int[2];
        var budget = spill ? new ProjectionStore.Budget(0, MemorySpill::new) : ProjectionStore.Budget.unlimited();
        var begun = readInPages(items, options, budget, pageSize, true, started);

        assertThat(started[0]).as("the passes were begun while reading").isPositive();
        assertThat(begun.inferred()).isEqualTo(atTheEnd.inferred());
        assertThat(begun.checked()).isEqualTo(atTheEnd.checked());
        assertThat(begun.report()).isEqualTo(atTheEnd.report());
        assertThat(begun.entities()).isEqualTo(atTheEnd.entities());
        assertThat(atTheEnd.inferred()).extracting(rule -> rule.rule().toSpec()).anyMatch(spec -> spec.startsWith("TASK.projectTitle="));
        assertThat(atTheEnd.report().staleCopies()).isNotEmpty();
    }

    @Example
    void aKeptReadOfSeveralPartsFinishedAgain_andAfterACancelledFinish_givesTheSameAnswer() {
        var items = bigTable(7, false);
        var cuts = cuts(7, 3, items.size());
        var onePass = scan(items, RuleChoice.INFERRED, List.of(), ProjectionStore.Budget.unlimited(), TaskRunner.IN_TURN, 1);
        var scan = new StaleScan(TrackerData.KEYS, RuleChoice.INFERRED, RuleInference.Options.DEFAULTS, ProjectionStore.Budget.unlimited());
        var partials = parts(scan, items, cuts, true);

        // Cancelled while naming the other parts with the first part's classifier, after its first chunk.
        var named = new java.util.concurrent.atomic.AtomicBoolean();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> scan.finish(partials, RuleChoice.INFERRED, tasks, 2, 1_000, finding -> { },
                        progress -> named.compareAndSet(false, progress.phase() == StaleScan.Phase.NAMING), named::get))
                .isInstanceOf(java.util.concurrent.CancellationException.class);
        var afterCancel = scan.finish(partials, RuleChoice.INFERRED, tasks, 2, 1_000, finding -> { }, progress -> { }, () -> false);
        var again = scan.finish(partials, RuleChoice.INFERRED, tasks, 2, 1_000, finding -> { }, progress -> { }, () -> false);

        for (var result : List.of(afterCancel, again)) {
            assertThat(result.inferred()).isEqualTo(onePass.inferred());
            assertThat(result.report()).isEqualTo(onePass.report());
            assertThat(result.entities()).isEqualTo(onePass.entities());
        }
    }

    @Example
    void noPartsAtAllFinishIntoAnEmptyAnswer() {
        var scan = new StaleScan(TrackerData.KEYS, RuleChoice.INFERRED, RuleInference.Options.DEFAULTS, ProjectionStore.Budget.unlimited());
        var result = scan.finish(List.of(), RuleChoice.INFERRED, TaskRunner.IN_TURN, 1, 10, finding -> { }, progress -> { }, () -> false);
        assertThat(result.items()).isZero();
        assertThat(result.inferred()).isEmpty();
        assertThat(result.report().staleCopies()).isEmpty();
    }

    @Example
    void aLateChangeOfHowTheTableReadsBeginsThePassesAgain() {
        var items = bigTable(7, true);
        var started = new int[2];
        var begun = readInPages(items, SMALL_SAMPLES, ProjectionStore.Budget.unlimited(), 500, true, started);
        var atTheEnd = readInPages(items, SMALL_SAMPLES, ProjectionStore.Budget.unlimited(), 500, false, null);
        assertThat(started[0]).as("begun again after the names turned into data").isGreaterThan(1);
        assertThat(begun.report()).isEqualTo(atTheEnd.report());
        assertThat(begun.inferred()).isEqualTo(atTheEnd.inferred());

        var steady = new int[2];
        readInPages(bigTable(7, false), SMALL_SAMPLES, ProjectionStore.Budget.unlimited(), 500, true, steady);
        assertThat(steady[1]).as("chunks named and indexed before the end").isPositive();
    }

    /**
     * Projects found by their GSI1PK; one of them has a GSI1PK without a variable ({@code LEGACY}), which inference never
     * indexes a source by. Its tasks still have their source: detection reads that side's sources itself rather than
     * take them from inference.
     */
    @Example
    void aSideInferenceDidNotIndexEverySourceByIsReadByDetectionItself() {
        var keys = new dev.dynalens.domain.inference.TableKeys("Projects", dev.dynalens.domain.table.KeySchema.of("PK", "SK"),
                java.util.Map.of("GSI1", dev.dynalens.domain.table.KeySchema.of("GSI1PK", null)));
        var items = new ArrayList<Item>();
        for (int p = 1; p <= 6; p++) {
            var gsi = p == 6 ? "LEGACY" : "PRJ#P-" + p;
            items.add(item("PROJECT#P-" + p, "META", "GSI1PK", gsi, "title", "Project " + p));
            for (int t = 1; t <= 4; t++) {
                // Task 1 of the legacy project has an old title: the one stale copy.
                var title = p == 6 && t == 1 ? "Old title" : "Project " + p;
                items.add(item("TASK#T-" + p + "-" + t, "META", "GSI1PK", gsi, "projectTitle", title));
            }
        }
        var classifier = new EntityClassifier(keys);
        classifier.acceptAll(items);
        var inferred = RuleInference.infer(classifier, items, RuleInference.Options.DEFAULTS);
        var detector = new StalenessDetector(classifier, inferred.stream().map(InferredRule::rule).toList(), 1_000);
        items.forEach(detector::acceptSource);
        items.forEach(detector::acceptCopy);

        var scan = new StaleScan(keys, RuleChoice.INFERRED, RuleInference.Options.DEFAULTS, ProjectionStore.Budget.unlimited());
        var partial = scan.partial(0);
        partial.acceptAll(items);
        var scanned = scan.finish(List.of(partial), RuleChoice.INFERRED, TaskRunner.IN_TURN, 1, 1_000, finding -> { }, progress -> { }, () -> false);

        assertThat(inferred).extracting(rule -> rule.rule().toSpec()).contains("TASK.projectTitle=PROJECT.title@GSI1PK=GSI1PK");
        assertThat(scanned.inferred()).isEqualTo(inferred);
        assertThat(scanned.report()).isEqualTo(detector.report());
        assertThat(scanned.report().orphanCopies()).isEmpty();
        assertThat(scanned.report().staleCopies()).extracting(stale -> stale.key().get("PK"))
                .containsExactly(dev.dynalens.domain.item.AttributeValue.s("TASK#T-6-1"));
    }

    private static Item item(String pk, String sk, String... namesAndValues) {
        var attributes = new java.util.LinkedHashMap<String, dev.dynalens.domain.item.AttributeValue>();
        attributes.put("PK", dev.dynalens.domain.item.AttributeValue.s(pk));
        attributes.put("SK", dev.dynalens.domain.item.AttributeValue.s(sk));
        for (int i = 0; i < namesAndValues.length; i += 2) {
            attributes.put(namesAndValues[i], dev.dynalens.domain.item.AttributeValue.s(namesAndValues[i + 1]));
        }
        return new Item(attributes);
    }
}
