package dev.dynalens.usecase;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.DenormalizationRule;
import dev.dynalens.domain.staleness.Finding;
import dev.dynalens.domain.staleness.InferredRule;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.RuleInference;
import dev.dynalens.domain.staleness.StalenessDetector;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.Pager;
import dev.dynalens.service.job.SerialExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Find the denormalized copies of a table that drifted from their source (stale) or lost it (orphans), by the rules the
 * person chose ({@link RuleChoice}): {@code dynalens stale}, {@code dynalens fanout} and the app's "Stale copies" tab.
 *
 * <p>Reads the table in passes, each a Scan of every page through {@link Pager}: 1 names the entities
 * ({@link Analyzer}), 2 and 3 infer the rules ({@link RuleInference}: sources, then copies) unless the rules are given,
 * 4 and 5 detect ({@link StalenessDetector}: sources, then copies). The domain classes are not thread-safe: they are fed
 * on one lane over the {@code analysis} executor, where all of a run's state lives.
 */
public final class FindStaleCopies {
    /** Scans of a full detection; with given rules passes 2 and 3 are skipped (their numbers are kept). */
    public static final int PASSES = 5;

    private final DynamoSession session;
    private final Executor analysis;

    /** Feeds the domain classes on virtual threads, one task at a time. */
    public FindStaleCopies(DynamoSession session) {
        this(session, task -> Thread.ofVirtual().name("stale-copies").start(task));
    }

    /** @param analysis where the domain classes are fed, one task at a time on a lane over it (tests pass {@code Runnable::run}) */
    public FindStaleCopies(DynamoSession session, Executor analysis) {
        this.session = Objects.requireNonNull(session, "session");
        this.analysis = Objects.requireNonNull(analysis, "analysis");
    }

    /**
     * Starts a detection of {@code tableName}; returns at once. The job's result completes with the detection when
     * every pass is read, or when cancelled (with what was found so far: {@link StaleDetection#complete()} is false);
     * it fails with a {@link StaleDetectionFailedException}, which keeps what was found before, when a read failed.
     * Cancelling aborts the read in flight.
     *
     * @param maxListed how many findings of each kind the report lists; all are counted
     * @param onFinding told of every finding as it is found (also those beyond {@code maxListed}), on the lane
     * @param listener  told after every page, on the lane; hand off to a UI thread there
     */
    public Job<StaleProgress, StaleDetection> start(String tableName, RuleChoice rules, int maxListed, Consumer<? super Finding> onFinding,
                                                   Consumer<? super StaleProgress> listener) {
        var job = new Job<StaleProgress, StaleDetection>(listener);
        var run = new Run(Objects.requireNonNull(tableName, "tableName"), Objects.requireNonNull(rules, "rules"), maxListed,
                Objects.requireNonNull(onFinding, "onFinding"), job);
        job.onCancel(run::cancel);
        run.begin();
        return job;
    }

    /** One detection. Every field but the two volatile ones is touched only by tasks of {@link #lane}. */
    private final class Run {
        final String tableName;
        final RuleChoice rules;
        final int maxListed;
        final Consumer<? super Finding> onFinding;
        final Job<StaleProgress, StaleDetection> job;
        final SerialExecutor lane = new SerialExecutor(analysis);
        KeySchema keySchema;
        Analyzer analyzer;
        StalenessDetector detector;
        long itemCount;
        List<StaleDetection.UnknownEntity> warnings = List.of();
        List<DenormalizationRule> checking = List.of();
        StaleProgress progress = StaleProgress.STARTING;
        volatile boolean cancelled;
        volatile Job<Pager.Summary, Pager.Summary> reading;

        Run(String tableName, RuleChoice rules, int maxListed, Consumer<? super Finding> onFinding, Job<StaleProgress, StaleDetection> job) {
            if (maxListed < 0) {
                throw new IllegalArgumentException("maxListed must not be negative: " + maxListed);
            }
            this.tableName = tableName;
            this.rules = rules;
            this.maxListed = maxListed;
            this.onFinding = onFinding;
            this.job = job;
        }

        /**
         * The passes, in order: the one place that knows them. Each step hops onto the lane; a cancelled or failed
         * pass skips the rest and ends the run.
         */
        void begin() {
            described()
                    .thenComposeAsync(table -> {
                        var keys = TableKeys.from(table);
                        keySchema = keys.keySchema();
                        analyzer = new Analyzer(keys);
                        return read(1, item -> {
                            analyzer.accept(item);
                            itemCount++;
                        });
                    }, lane)
                    .thenComposeAsync(named -> chooseRules(analyzer.classifier()), lane)
                    .thenComposeAsync(chosen -> detect(analyzer.classifier(), chosen), lane)
                    .whenCompleteAsync((done, failure) -> end(failure), lane);
        }

        CompletableFuture<TableDescription> described() {
            try {
                return session.describeTable(tableName);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }

        /** Given rules as they are (warning about entities the table lacks); otherwise passes 2 and 3 infer them. */
        CompletableFuture<List<DenormalizationRule>> chooseRules(EntityClassifier classifier) {
            return switch (rules) {
                case RuleChoice.Given given -> {
                    warnings = unknownEntities(given);
                    yield CompletableFuture.completedFuture(given.rules());
                }
                case RuleChoice.Inferred inferred -> {
                    var inference = new RuleInference(classifier, RuleInference.Options.DEFAULTS);
                    yield read(2, inference::acceptSource)
                            .thenComposeAsync(sources -> read(3, inference::acceptCopy), lane)
                            .thenApplyAsync(copies -> inferred.keep(inference.result().stream().map(InferredRule::rule).toList()), lane);
                }
            };
        }

        /** Passes 4 and 5; none when there is no rule to check. */
        CompletableFuture<Void> detect(EntityClassifier classifier, List<DenormalizationRule> chosen) {
            detector = new StalenessDetector(classifier, chosen, maxListed, onFinding);
            checking = detector.rules();
            if (chosen.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            var current = detector;
            return read(4, current::acceptSource).thenComposeAsync(sources -> read(5, current::acceptCopy), lane);
        }

        List<StaleDetection.UnknownEntity> unknownEntities(RuleChoice.Given given) {
            var entities = analyzer.result().entities().stream().map(TableAnalysis.Entity::name).collect(Collectors.toCollection(TreeSet::new));
            var unknown = new ArrayList<StaleDetection.UnknownEntity>();
            for (var rule : given.rules()) {
                for (var entity : List.of(rule.source().entity(), rule.copy().entity())) {
                    if (!entities.contains(entity)) {
                        unknown.add(new StaleDetection.UnknownEntity(given.origin(), rule, entity, tableName, entities));
                    }
                }
            }
            return unknown;
        }

        /** One pass: every page of a Scan, its items handed to {@code each} on the lane; fails with a cancellation when cut short. */
        CompletableFuture<Void> read(int pass, Consumer<Item> each) {
            if (cancelled) {
                return CompletableFuture.failedFuture(new CancellationException("cancelled"));
            }
            var pager = Pager.start(session, new ReadRequest.Scan(tableName, null, null, null), lane, page -> page.items().forEach(each),
                    summary -> report(new StaleProgress(pass, summary.items(), checking)));
            reading = pager;
            if (cancelled) {
                // The cancel came between the check above and this pager: it found no pager to stop.
                pager.cancel();
            }
            return pager.result().thenApply(summary -> {
                if (!summary.complete()) {
                    throw new CancellationException("cancelled in pass " + pass);
                }
                return null;
            });
        }

        void report(StaleProgress now) {
            progress = now;
            job.report(now);
        }

        void end(Throwable failure) {
            if (failure == null) {
                job.result().complete(detection(true));
            } else if (cancelled || Problems.isCancellation(failure)) {
                job.result().complete(detection(false));
            } else {
                job.result().completeExceptionally(new StaleDetectionFailedException(failure, detection(false)));
            }
        }

        StaleDetection detection(boolean complete) {
            return new StaleDetection(tableName, detector == null ? null : detector.report(), rules instanceof RuleChoice.Inferred, itemCount,
                    warnings, complete, progress, keySchema);
        }

        /** From any thread: stops the pass in flight; the lane then ends the run with what was found. */
        void cancel() {
            cancelled = true;
            var current = reading;
            if (current != null) {
                current.cancel();
            }
        }
    }
}
