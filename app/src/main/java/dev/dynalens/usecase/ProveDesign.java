package dev.dynalens.usecase;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.design.DesignSamples;
import dev.dynalens.domain.design.PatternDesign;
import dev.dynalens.domain.design.PatternRequests;
import dev.dynalens.domain.design.ProofPlan;
import dev.dynalens.domain.design.TableDesign;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.load.LoadProgress;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.usecase.support.Jobs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * "Prove design" (and {@code dynalens design --prove}): the proof that a design serves its patterns. The samples are
 * loaded into a new table on a connection ({@link LoadIntoTable}, which creates the table with the design's GSIs, under
 * the write guard), or, with no connection, kept in memory by the workspace engine ({@link WorkspaceSession}, which
 * answers GetItem and Query as DynamoDB does); then every pattern's
 * request is sent with parameters taken from the samples ({@link ProofPlan}) and what it returned is compared, items
 * and order, with what the pattern asks for. A design is valid only when every pattern passed; a pattern the design
 * serves with a Scan did not.
 *
 * <p>The requests go one after the other, each once the one before answered, so the run's state needs no lock. A Query
 * on an index that returns the wrong items is asked again a few times, a moment apart: DynamoDB updates its global
 * secondary indexes eventually, so right after the load an index may not hold every item yet.
 */
public final class ProveDesign {
    /** The engine of a proof without a connection, as a proof names it. */
    public static final String IN_MEMORY = "in memory (DynaLens's workspace engine)";
    private static final int INDEX_ATTEMPTS = 5;

    /** Where the proof is: loading, or which pattern it runs. */
    public record Progress(String step, int patternsDone, int patternsTotal) {
    }

    /** One probe of a pattern: its parameters, how many items came back, and what was wrong, if anything. */
    public record ProbeOutcome(ProofPlan.Probe probe, int returned, String problem) {
        public boolean passed() {
            return problem == null;
        }
    }

    /**
     * One pattern's proof.
     *
     * @param items    the items its probes returned, summed
     * @param measured the read capacity the endpoint reported, summed (not reported by every endpoint)
     * @param problem  the first problem of its probes, or why it was not run (a Scan), or null when it passed
     */
    public record PatternProof(String pattern, ReadOperation operation, String index, List<ProbeOutcome> probes, long items,
                               ConsumedCapacity measured, String problem) {
        public PatternProof {
            probes = List.copyOf(probes);
        }

        public boolean passed() {
            return problem == null;
        }
    }

    /**
     * The proof of a design.
     *
     * @param engine what answered the requests: {@link #IN_MEMORY}, or "on" a connection and where it is
     * @param load   how the samples were loaded; null when they were already in the table
     */
    public record DesignProof(String table, String engine, List<PatternProof> patterns, LoadReport load, boolean complete) {
        public DesignProof {
            Objects.requireNonNull(engine, "engine");
            patterns = List.copyOf(patterns);
        }

        public boolean inMemory() {
            return IN_MEMORY.equals(engine);
        }

        /** Every pattern passed, and every pattern was run. */
        public boolean valid() {
            return complete && !patterns.isEmpty() && patterns.stream().allMatch(PatternProof::passed);
        }

        public long passedCount() {
            return patterns.stream().filter(PatternProof::passed).count();
        }
    }

    private final LoadIntoTable loads;
    private final Duration indexRetryDelay;

    public ProveDesign() {
        this(new LoadIntoTable(), Duration.ofSeconds(1));
    }

    /** @param indexRetryDelay how long to wait before asking an index again */
    public ProveDesign(LoadIntoTable loads, Duration indexRetryDelay) {
        this.loads = Objects.requireNonNull(loads, "loads");
        this.indexRetryDelay = Objects.requireNonNull(indexRetryDelay, "indexRetryDelay");
    }

    /**
     * Creates {@code tableName} on the target with the design's keys and indexes, loads the samples, and runs every
     * pattern. The job fails when the load does (the table exists, the connection is read-only, the production name was
     * not confirmed: nothing written then); a pattern that fails is part of the result.
     */
    public Job<Progress, DesignProof> start(TableDesign design, DynamoSession target, String tableName, WriteConfirmer confirmer,
                                            Consumer<? super Progress> listener) {
        var job = new Job<Progress, DesignProof>(listener);
        job.report(new Progress("Loading " + design.samples().size() + " sample items into " + tableName, 0, design.accessPatterns().size()));
        var load = create(design, target, tableName, confirmer, progress -> { });
        job.onCancel(load::cancel);
        load.result().whenComplete((report, failure) -> {
            if (failure != null) {
                job.result().completeExceptionally(Problems.unwrap(failure));
            } else if (report.outcome() != LoadReport.Outcome.COMPLETED || !report.rejected().isEmpty()) {
                job.result().complete(new DesignProof(tableName, engine(target), List.of(), report, false));
            } else {
                new Run(design, target, engine(target), tableName, job, report).next(0);
            }
        });
        return job;
    }

    /**
     * "Create in connection…": {@code tableName} created on the target with the design's keys and GSIs, and the samples
     * loaded into it, through {@link LoadIntoTable} and its write guard. Fails as the load does (the table exists, the
     * connection is read-only, a production name not confirmed: nothing written then).
     */
    public Job<LoadProgress, LoadReport> create(TableDesign design, DynamoSession target, String tableName, WriteConfirmer confirmer,
                                                Consumer<LoadProgress> listener) {
        var source = new WorkspaceSession(DesignSamples.workspace(design, tableName), Runnable::run);
        var load = loads.start(new LoadIntoTable.Request(source, tableName, target, tableName, true), confirmer, listener);
        load.result().whenComplete((report, failure) -> source.close());
        return load;
    }

    /**
     * Proves the design without a connection: the samples as a table {@code tableName} in memory, every pattern run
     * against it by the workspace engine on {@code engine} (a thread of the caller's; the FX thread must not be it).
     */
    public Job<Progress, DesignProof> proveInMemory(TableDesign design, String tableName, Executor engine,
                                                    Consumer<? super Progress> listener) {
        var memory = new WorkspaceSession(DesignSamples.workspace(design, tableName), engine);
        var job = new Job<Progress, DesignProof>(listener);
        new Run(design, memory, IN_MEMORY, tableName, job, null).next(0);
        job.result().whenComplete((proof, failure) -> memory.close());
        return job;
    }

    /** What answers a session's requests, as a proof names it. */
    static String engine(DynamoSession session) {
        if (session instanceof WorkspaceSession) {
            return IN_MEMORY;
        }
        var profile = session.profile();
        return "on " + profile.name() + " (" + profile.endpoint().map(Object::toString).orElse("DynamoDB in " + profile.region()) + ")";
    }

    /** Runs every pattern against a table that holds the samples already (a workspace of them, or a loaded table). */
    public Job<Progress, DesignProof> run(TableDesign design, DynamoSession session, String tableName, Consumer<? super Progress> listener) {
        var job = new Job<Progress, DesignProof>(listener);
        new Run(design, session, engine(session), tableName, job, null).next(0);
        return job;
    }

    /** One proof's patterns, run in order; each step starts when the one before completed. */
    private final class Run {
        private final TableDesign design;
        private final DynamoSession session;
        private final String engine;
        private final String table;
        private final Job<Progress, DesignProof> job;
        private final LoadReport load;
        private final List<PatternProof> proofs = new ArrayList<>();
        private final RunQueryByPages pages;

        Run(TableDesign design, DynamoSession session, String engine, String table, Job<Progress, DesignProof> job, LoadReport load) {
            this.design = design;
            this.session = session;
            this.engine = engine;
            this.table = table;
            this.job = job;
            this.load = load;
            this.pages = new RunQueryByPages(session, table);
        }

        void next(int index) {
            var patterns = design.accessPatterns();
            if (index == patterns.size() || job.cancelRequested()) {
                job.result().complete(new DesignProof(table, engine, proofs, load, index == patterns.size()));
                return;
            }
            var pattern = patterns.get(index);
            job.report(new Progress("Running " + pattern.name(), index, patterns.size()));
            prove(pattern).whenComplete((proof, failure) -> {
                if (failure != null) {
                    job.result().completeExceptionally(Problems.unwrap(failure));
                    return;
                }
                proofs.add(proof);
                next(index + 1);
            });
        }

        private CompletableFuture<PatternProof> prove(PatternDesign pattern) {
            if (!pattern.served()) {
                return CompletableFuture.completedFuture(new PatternProof(pattern.name(), pattern.operation(), null, List.of(), 0,
                        ConsumedCapacity.NOT_REPORTED, "not served by one request: " + pattern.reason()));
            }
            var spec = design.patternSpec(pattern.name()).orElseThrow();
            var probes = ProofPlan.probes(spec, design.samplesByEntity());
            var outcomes = new ArrayList<ProbeOutcome>();
            var capacity = new ConsumedCapacity[] {ConsumedCapacity.NOT_REPORTED};
            var chain = CompletableFuture.<Void>completedFuture(null);
            for (var probe : probes) {
                chain = chain.thenCompose(ignored -> attempt(pattern, probe, 1).handle((result, failure) -> {
                    if (failure != null) {
                        // a request the endpoint refused is this pattern's failure, not the proof's
                        outcomes.add(new ProbeOutcome(probe, 0, "with " + probe.describe() + ": the request failed: "
                                + Problems.describe(Problems.unwrap(failure))));
                        return null;
                    }
                    capacity[0] = capacity[0].plus(result.capacity());
                    outcomes.add(new ProbeOutcome(probe, result.items().size(), ProofPlan.mismatch(probe, result.items(), design.keySchema())
                            .map(problem -> "with " + probe.describe() + ": " + problem).orElse(null)));
                    return null;
                }));
            }
            return chain.thenApply(ignored -> {
                var problem = probes.isEmpty() ? "no sample item to take parameters from"
                        : outcomes.stream().map(ProbeOutcome::problem).filter(Objects::nonNull).findFirst().orElse(null);
                long items = outcomes.stream().mapToLong(ProbeOutcome::returned).sum();
                return new PatternProof(pattern.name(), pattern.operation(), pattern.index(), outcomes, items, capacity[0], problem);
            });
        }

        /** Sends the probe's request; an index that answers wrongly is asked again, a moment later. */
        private CompletableFuture<Returned> attempt(PatternDesign pattern, ProofPlan.Probe probe, int attempt) {
            return send(pattern, probe).thenCompose(result -> {
                boolean wrong = ProofPlan.mismatch(probe, result.items(), design.keySchema()).isPresent();
                if (!wrong || pattern.index() == null || attempt >= INDEX_ATTEMPTS || job.cancelRequested()) {
                    return CompletableFuture.completedFuture(result);
                }
                var later = CompletableFuture.delayedExecutor(indexRetryDelay.toMillis(), TimeUnit.MILLISECONDS);
                return CompletableFuture.supplyAsync(() -> null, later).thenCompose(ignored -> attempt(pattern, probe, attempt + 1));
            });
        }

        private CompletableFuture<Returned> send(PatternDesign pattern, ProofPlan.Probe probe) {
            if (pattern.operation() == ReadOperation.GET_ITEM) {
                var key = PatternRequests.getItemKey(pattern, probe.parameters());
                return Jobs.call(() -> session.getItem(table, key, false))
                        .thenApply(got -> new Returned(got.item().map(List::of).orElse(List.of()), got.capacity()));
            }
            return pages.all(PatternRequests.query(table, pattern, probe.parameters()));
        }
    }

    /** What one request returned. */
    record Returned(List<Item> items, ConsumedCapacity capacity) {
    }

    /** Every page of a Query through {@link RunQuery}, up to its Limit. */
    private static final class RunQueryByPages {
        private final RunQuery query;

        RunQueryByPages(DynamoSession session, String table) {
            this.query = new RunQuery(session, table);
        }

        CompletableFuture<Returned> all(ReadRequest.Query request) {
            var items = new ArrayList<Item>();
            var limit = request.limit() == null ? null : (long) request.limit();
            return query.readAll(request, limit, items::add).result().thenApply(read -> new Returned(items, read.capacity()));
        }
    }
}
