package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.change.ChangePlanner;
import dev.dynalens.domain.change.ChangeSpec;
import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.design.AccessPattern;
import dev.dynalens.domain.design.IndexProposal;
import dev.dynalens.domain.design.PatternRequests;
import dev.dynalens.domain.design.ValueTemplate;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.change.ChangeReport;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import dev.dynalens.usecase.support.Jobs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Add an index… (issue 26): a new access pattern of an existing table served by a new global secondary index, in four
 * steps. (1) The table is read once (its cost said first) and the design planner proposes the index's key templates from
 * the entity's attributes ({@link IndexProposal}); the backfill that writes them onto the entity's items is planned as a
 * bulk change ({@link PlanChange}), its write cost said with it (the table's and the new index's entries). (2) The
 * backfill is applied as {@link ApplyChange} applies any change: journaled, conditional, within the write budget, with an
 * undo file, all beside the change file written for it. (3) UpdateTable creates the index, and DescribeTable is asked
 * until it is ACTIVE (CREATING, backfilling, then ACTIVE). (4) The pattern runs through the new index with parameters
 * from items the backfill wrote, and what it returns is compared with what it should: that is the proof.
 *
 * <p>Every write goes through one {@link WriteGuard} for the action, asked once before anything is written: a read-only
 * connection refuses, a production one needs the table's name. A cancel stops between steps and stops the backfill as
 * {@link ApplyChange} stops (its journal resumes it); a cancel while the index is being created stops waiting only:
 * DynamoDB goes on creating it.
 */
public final class AddIndex {
    /** What writes, in the question and the refusal. */
    static final String ACTION = "adding an index";
    /** Items whose values the proof's Queries take as parameters, each a different set. */
    static final int PROOF_RUNS = 3;

    /** The four steps, in order. */
    public enum Step {
        PROPOSE("Propose the index"), BACKFILL("Backfill its keys"), CREATE("Create the index"), PROVE("Prove the pattern");

        private final String title;

        Step(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    /** Where the work is: the step, and what it is doing, for a person. */
    public record Progress(Step step, String text) {
    }

    /**
     * @param pollInterval     how often DescribeTable is asked while the index is created
     * @param activeTimeout    how long the index may take to be ACTIVE before the job gives up waiting
     * @param indexRetryDelay  how long before the proof asks the index again (GSIs are updated eventually)
     * @param indexAttempts    how many times the proof asks at most, per parameter set
     */
    public record Settings(Duration pollInterval, Duration activeTimeout, Duration indexRetryDelay, int indexAttempts) {
        public static final Settings DEFAULTS = new Settings(Duration.ofSeconds(5), Duration.ofHours(6), Duration.ofSeconds(1), 5);

        public Settings {
            Objects.requireNonNull(pollInterval, "pollInterval");
            Objects.requireNonNull(activeTimeout, "activeTimeout");
            Objects.requireNonNull(indexRetryDelay, "indexRetryDelay");
            if (indexAttempts < 1) {
                throw new IllegalArgumentException("The proof asks the index at least once");
            }
        }
    }

    /**
     * What will be done, said before anything is written.
     *
     * @param change     the backfill's dry run, planned against the table with the new index (its write units count the
     *                   index's entries too)
     * @param changeText the backfill as a change file, which the journal and the undo file name
     * @param create     the UpdateTable that creates the index
     */
    public record Plan(IndexProposal proposal, ChangeSpec backfill, String changeText, PlanChange.Plan change, CreateIndexSpec create) {
        /** Items the backfill writes. */
        public long backfilled() {
            return change.changing();
        }

        /** The backfill's write units: the table's updates and the new index's entries. */
        public CapacityUnits writeUnits() {
            return change.writeUnits();
        }

        /** The entity's items as they will be once backfilled: those the index holds. */
        public List<Item> written() {
            var items = new ArrayList<Item>();
            for (var change : change.changes()) {
                switch (change) {
                    case ItemChange.Update update -> items.add(update.after());
                    case ItemChange.Unchanged unchanged when unchanged.why() == ItemChange.Unchanged.Why.ALREADY_SO -> items.add(unchanged.before());
                    default -> { }
                }
            }
            return items;
        }
    }

    /** One Query of the proof: its parameters, how many items it returned and should have, and what was wrong. */
    public record ProofRun(Map<String, AttributeValue> parameters, int returned, int expected, String problem) {
    }

    /** The pattern run through the new index. */
    public record Proof(String pattern, String index, String keyCondition, List<ProofRun> runs) {
        public Proof {
            runs = List.copyOf(runs);
        }

        /** Passed: at least one run, and every run returned what it should. */
        public boolean passed() {
            return !runs.isEmpty() && runs.stream().allMatch(run -> run.problem() == null);
        }

        public Optional<String> problem() {
            if (runs.isEmpty()) {
                return Optional.of("no backfilled item to take the pattern's parameters from");
            }
            return runs.stream().map(ProofRun::problem).filter(Objects::nonNull).findFirst();
        }
    }

    /**
     * What was done.
     *
     * @param backfill what the backfill wrote
     * @param index    the index as DynamoDB describes it at the end (ACTIVE), or null when the job stopped before
     * @param proof    the pattern's runs, or null when the job stopped before
     * @param stopped  why the job stopped before the proof, or null
     */
    public record Report(Plan plan, ChangeReport backfill, Path journal, Path undo, IndexDescription index, Duration creating, Proof proof,
                         String stopped) {
        public boolean complete() {
            return stopped == null && proof != null;
        }
    }

    private final DynamoSession session;
    private final Executor analysis;
    private final WriteGuard guard;
    private final ChangeSettings changeSettings;
    private final Settings settings;
    private final Clock clock;

    /** @param analysis single-threaded: the read's analysis and the plan (tests pass {@code Runnable::run}) */
    public AddIndex(DynamoSession session, Executor analysis, WriteConfirmer confirmer, ChangeSettings changeSettings, Settings settings,
                    Clock clock) {
        this.session = Objects.requireNonNull(session, "session");
        this.analysis = Objects.requireNonNull(analysis, "analysis");
        this.guard = WriteGuard.forAction(session, confirmer);
        this.changeSettings = Objects.requireNonNull(changeSettings, "changeSettings");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** What the read of step 1 costs, said before it is sent (a production connection asks first: {@link WholeTableRead#confirm}). */
    public WholeTableRead cost(TableDescription table) {
        return WholeTableRead.of(session, table);
    }

    /**
     * Whether this connection may add the index to {@code tableName}, asked before anything is written: fails on a read-only
     * connection, and on a production one unless the confirmer confirms. Asked once: the backfill and the UpdateTable
     * are not asked again.
     */
    public CompletableFuture<Void> confirm(String tableName) {
        return guard.confirmWrites(tableName, ACTION);
    }

    /**
     * Step 1: reads the table once, proposes the index for {@code pattern} of {@code entity} and plans its backfill. The job
     * fails with an {@link IndexProposal.NotProposedException} (a sentence) when no index of the entity's attributes serves
     * the pattern, or when the table has no such entity.
     *
     * @param indexName the index's name, or null for the first free {@code GSIn}
     * @param capacity  a provisioned table's index's read and write units, or null: the table's own (none on demand)
     */
    public Job<Progress, Plan> plan(TableDescription table, String entity, AccessPattern pattern, String indexName, long[] capacity,
                                    WholeTableRead read, Consumer<? super Progress> listener) {
        read.requireConfirmed();
        var items = new ArrayList<Item>();
        AnalyzeTable.PageObserver keep = (page, naming) -> items.addAll(page);
        var job = new Job<Progress, Plan>(listener);
        var analyse = new AnalyzeTable(session, analysis).start(table, Lens.NONE, keep,
                progress -> job.report(new Progress(Step.PROPOSE, "Reading " + table.name() + " · " + progress.items() + " items")));
        job.onCancel(analyse::cancel);
        analyse.result().whenCompleteAsync((analysed, failure) -> {
            if (failure != null) {
                job.result().completeExceptionally(Problems.unwrap(failure));
                return;
            }
            if (!analysed.complete()) {
                job.result().cancel(false);
                return;
            }
            try {
                var proposal = propose(table, analysed.analysis(), entity, pattern, indexName);
                job.report(new Progress(Step.PROPOSE, "Planning the backfill of " + String.join(", ", proposal.keyTemplates().keySet())));
                var text = changeText(table.name(), entity, proposal.keyTemplates());
                var spec = ChangeFileReader.read(text);
                var withIndex = withIndex(table, proposal.index());
                var change = PlanChange.plan(spec, withIndex, new PlanChange.Read(read, null), new ChangePlanner(spec, withIndex), items,
                        analysed.naming(), PlanChange.known(spec, withIndex, analysed.analysis()), analysed.analysis(), items.size());
                job.result().complete(new Plan(proposal, spec, text, change, createSpec(table, proposal.index(), capacity)));
            } catch (RuntimeException e) {
                job.result().completeExceptionally(e);
            }
        }, analysis);
        return job;
    }

    static IndexProposal propose(TableDescription table, TableAnalysis analysis, String entity, AccessPattern pattern, String indexName) {
        var found = analysis.entity(entity).orElseThrow(() -> new IndexProposal.NotProposedException("no entity type " + entity + " in "
                + table.name() + "; its entity types: " + String.join(", ", analysis.entities().stream().map(TableAnalysis.Entity::name).toList())));
        var attributes = new LinkedHashMap<String, Set<AttributeType>>();
        found.attributes().forEach(attribute -> attributes.put(attribute.name(), attribute.types()));
        var taken = new HashSet<String>(table.keySchema().attributeNames());
        analysis.entities().forEach(e -> e.attributes().forEach(attribute -> taken.add(attribute.name())));
        return IndexProposal.propose(table, entity, attributes, taken, pattern, indexName);
    }

    /** The backfill as a change file: what {@code dynalens change apply} would take, and what its journal names. */
    static String changeText(String table, String entity, Map<String, ValueTemplate> set) {
        var text = new StringBuilder();
        text.append("# the keys of a new index, written onto every ").append(entity).append(" item (dynalens change add-index)\n");
        text.append("table: ").append(quoted(table)).append('\n');
        text.append("where:\n  entity: ").append(quoted(entity)).append('\n');
        text.append("set:\n");
        set.forEach((attribute, template) -> text.append("  ").append(quoted(attribute)).append(": ").append(quoted(template.toString())).append('\n'));
        return text.toString();
    }

    /** A YAML double-quoted scalar (JSON's escapes are YAML's). */
    private static String quoted(String text) {
        var out = new StringBuilder("\"");
        for (var c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    static TableDescription withIndex(TableDescription table, IndexDescription index) {
        var global = new ArrayList<>(table.globalSecondaryIndexes());
        global.add(index);
        return new TableDescription(table.name(), table.keySchema(), global, table.localSecondaryIndexes(), table.itemCount(), table.sizeBytes(),
                table.billingMode(), table.readCapacityUnits(), table.writeCapacityUnits(), table.status(), table.timeToLive());
    }

    /** A provisioned table's index takes the capacity given, else the table's own; an on-demand table's takes none. */
    private static CreateIndexSpec createSpec(TableDescription table, IndexDescription index, long[] capacity) {
        if (table.billingMode() == TableDescription.BillingMode.PAY_PER_REQUEST) {
            if (capacity != null) {
                throw new IndexProposal.NotProposedException(table.name() + " is on demand: its indexes take no provisioned capacity");
            }
            return CreateIndexSpec.onDemand(table.name(), index);
        }
        if (capacity != null) {
            return new CreateIndexSpec(table.name(), index, capacity[0], capacity[1]);
        }
        return new CreateIndexSpec(table.name(), index, Math.max(1, orZero(table.readCapacityUnits())), Math.max(1, orZero(table.writeCapacityUnits())));
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }

    /** The change file's name for a plan: {@code Orders-GSI2.add-index.yaml}. */
    public static String changeFileName(Plan plan) {
        return plan.proposal().tableName().replaceAll("[^A-Za-z0-9._-]", "_") + "-" + plan.proposal().index().name() + ".add-index.yaml";
    }

    /**
     * Steps 2 to 4. Writes the backfill's change file to {@code changeFile} (its journal and undo file go beside it), asks
     * the guard, backfills, creates the index and waits until it is ACTIVE, then runs the pattern through it. The result
     * is the report, also when a step stopped it ({@link Report#stopped}); it fails when the write is refused, with what
     * stopped a request, or when the index is not ACTIVE within the settings' time.
     */
    public Job<Progress, Report> start(Plan plan, Path changeFile, Consumer<? super Progress> listener) {
        var job = new Job<Progress, Report>(listener);
        var table = plan.change().table().name();
        confirm(table).whenComplete((confirmed, refused) -> {
            if (refused != null) {
                job.result().completeExceptionally(Problems.unwrap(refused));
                return;
            }
            new Run(plan, changeFile, job).backfill();
        });
        return job;
    }

    /** One run of steps 2 to 4; each step starts when the one before ended. */
    private final class Run {
        private final Plan plan;
        private final Path changeFile;
        private final Job<Progress, Report> job;
        private final String table;
        private final String index;
        private Path journal;
        private Path undo;
        private ChangeReport backfill;

        Run(Plan plan, Path changeFile, Job<Progress, Report> job) {
            this.plan = plan;
            this.changeFile = changeFile;
            this.job = job;
            this.table = plan.change().table().name();
            this.index = plan.proposal().index().name();
        }

        void backfill() {
            var apply = new ApplyChange(guard, changeSettings, intent -> guard.confirmWrites(intent.tableName(), ACTION), clock);
            ApplyChange.Prepared prepared;
            try {
                if (changeFile.toAbsolutePath().getParent() != null) {
                    Files.createDirectories(changeFile.toAbsolutePath().getParent());
                }
                Files.writeString(changeFile, plan.changeText(), StandardCharsets.UTF_8);
                var now = LocalDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
                journal = ApplyChange.fileBeside(changeFile, "journal", now);
                undo = ApplyChange.fileBeside(changeFile, "undo", now);
                prepared = apply.fresh(plan.change(), changeFile.toString(), plan.changeText(), journal, undo);
            } catch (IOException | RuntimeException e) {
                job.result().completeExceptionally(e);
                return;
            }
            var keys = String.join(", ", plan.proposal().keyTemplates().keySet());
            job.report(new Progress(Step.BACKFILL, "Backfilling " + keys + " on " + prepared.toWrite() + " " + plan.proposal().entity() + " items"));
            var run = apply.start(prepared, progress -> job.report(new Progress(Step.BACKFILL, "Backfilling " + keys + " · "
                    + progress.finished() + " of " + progress.total() + " items" + (progress.failed() > 0 ? ", " + progress.failed() + " failed" : ""))));
            job.onCancel(run::cancel);
            run.result().whenComplete((report, failure) -> {
                if (failure != null) {
                    job.result().completeExceptionally(Problems.unwrap(failure));
                    return;
                }
                backfill = report;
                if (report.cancelled() || job.cancelRequested()) {
                    job.result().cancel(false);
                } else if (!report.complete()) {
                    stop("the backfill left " + report.pending() + " item(s) unwritten; apply " + changeFile + " again with --journal "
                            + journal + " to finish it before the index is created");
                } else {
                    create();
                }
            });
        }

        private void create() {
            if (job.cancelRequested()) {
                job.result().cancel(false);
                return;
            }
            job.report(new Progress(Step.CREATE, "Creating " + index + " on " + table));
            var started = clock.instant();
            Jobs.call(() -> session.describeTable(table)).thenCompose(described -> described.index(index).isPresent()
                    ? CompletableFuture.completedFuture(described.index(index).get())
                    : Jobs.call(() -> guard.createGlobalSecondaryIndex(plan.create())))
                    .thenCompose(created -> waitUntilActive(started.plus(settings.activeTimeout())))
                    .whenComplete((active, failure) -> {
                        if (failure != null) {
                            job.result().completeExceptionally(Problems.unwrap(failure));
                        } else if (active == null) {
                            job.result().cancel(false);
                        } else {
                            prove(active, Duration.between(started, clock.instant()));
                        }
                    });
        }

        /** DescribeTable until the index is ACTIVE; null when the job was cancelled meanwhile (the index goes on being made). */
        private CompletableFuture<IndexDescription> waitUntilActive(Instant deadline) {
            if (job.cancelRequested()) {
                return CompletableFuture.completedFuture(null);
            }
            return Jobs.call(() -> session.describeTable(table)).thenCompose(described -> {
                var now = described.index(index).orElseThrow(() -> notListed());
                if (now.active()) {
                    return CompletableFuture.completedFuture(now);
                }
                job.report(new Progress(Step.CREATE, index + " " + now.status() + (now.backfilling() ? ", backfilling" : "")
                        + (now.itemCount() == null ? "" : " · " + now.itemCount() + " items")));
                if (clock.instant().isAfter(deadline)) {
                    throw new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER, "Index " + index + " of " + table
                            + " is still " + now.status() + " after " + settings.activeTimeout().toMinutes() + " minutes; DynamoDB goes on "
                            + "creating it", null), null);
                }
                var later = CompletableFuture.delayedExecutor(settings.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
                return CompletableFuture.supplyAsync(() -> null, later).thenCompose(ignored -> waitUntilActive(deadline));
            });
        }

        private DynamoAccessException notListed() {
            return new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.OTHER, "DescribeTable does not list index "
                    + index + " of " + table + ": the endpoint did not create it", null), null);
        }

        private void prove(IndexDescription active, Duration creating) {
            if (job.cancelRequested()) {
                job.result().cancel(false);
                return;
            }
            var proposal = plan.proposal();
            var written = plan.written();
            var parameterSets = new LinkedHashSet<Map<String, AttributeValue>>();
            for (var item : written) {
                proposal.parametersFrom(item).ifPresent(parameterSets::add);
                if (parameterSets.size() == PROOF_RUNS) {
                    break;
                }
            }
            var runs = new ArrayList<ProofRun>();
            var chain = CompletableFuture.<Void>completedFuture(null);
            int n = 0;
            for (var parameters : parameterSets) {
                int number = ++n;
                chain = chain.thenCompose(ignored -> {
                    job.report(new Progress(Step.PROVE, "Query " + index + " for " + proposal.pattern().name() + " · run " + number + " of "
                            + parameterSets.size()));
                    return attempt(parameters, proposal.expected(written, parameters), 1);
                }).thenAccept(runs::add);
            }
            chain.whenComplete((ignored, failure) -> {
                if (failure != null) {
                    job.result().completeExceptionally(Problems.unwrap(failure));
                    return;
                }
                var proof = new Proof(proposal.pattern().name(), index, proposal.pattern().keyCondition(), runs);
                job.result().complete(new Report(plan, backfill, journal, undo, active, creating, proof, null));
            });
        }

        /** One parameter set; an index that answers wrongly is asked again a moment later, as its entries arrive eventually. */
        private CompletableFuture<ProofRun> attempt(Map<String, AttributeValue> parameters, List<Item> expected, int attempt) {
            var query = PatternRequests.query(table, plan.proposal().pattern(), parameters);
            var returned = new ArrayList<Item>();
            var limit = query.limit() == null ? null : (long) query.limit();
            return new RunQuery(session, table).readAll(query, limit, returned::add).result().thenCompose(read -> {
                var problem = plan.proposal().compare(returned, expected, plan.change().table().keySchema()).orElse(null);
                if (problem == null || attempt >= settings.indexAttempts() || job.cancelRequested()) {
                    return CompletableFuture.completedFuture(new ProofRun(parameters, returned.size(), expected.size(), problem));
                }
                var later = CompletableFuture.delayedExecutor(settings.indexRetryDelay().toMillis(), TimeUnit.MILLISECONDS);
                return CompletableFuture.supplyAsync(() -> null, later).thenCompose(ignored -> attempt(parameters, expected, attempt + 1));
            });
        }

        private void stop(String why) {
            job.result().complete(new Report(plan, backfill, journal, undo, null, null, null, why));
        }
    }
}
