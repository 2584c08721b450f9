package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.change.ChangeFileException;
import dev.dynalens.domain.change.ChangePlanner;
import dev.dynalens.domain.change.ChangeProblem;
import dev.dynalens.domain.change.ChangeSpec;
import dev.dynalens.domain.change.ItemChange;

import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.sql.AccessPlan;
import dev.dynalens.domain.sql.AccessPlanner;
import dev.dynalens.domain.sql.ReadShape;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The dry run of a bulk change (issue 26, {@code dynalens change plan}): the table read once, every item named by the
 * analysis of the whole table (for {@code where.entity}) and tested against {@code where.condition} as DynamoDB would test
 * a FilterExpression, each selected item planned ({@link ChangePlanner}): the exact number of items per action, samples
 * of before and after, what the read cost and what the writes will cost (the table's and every index's). Nothing is
 * written. The items the condition selects are kept until the analysis has named every item.
 */
public final class PlanChange {
    private final DynamoSession session;
    private final Executor analysis;

    /** @param analysis single-threaded: feeds the analysis and tests each item (tests pass {@code Runnable::run}) */
    public PlanChange(DynamoSession session, Executor analysis) {
        this.session = Objects.requireNonNull(session, "session");
        this.analysis = Objects.requireNonNull(analysis, "analysis");
    }

    /** What a planned action is called in counts ({@link Action#RESTORE}: only in a revert, which puts a deleted item back). */
    public enum Action { UPDATE, MOVE, DELETE, UNCHANGED_MISSING_ATTRIBUTE, UNCHANGED_ALREADY_SO, REFUSED, RESTORE }

    /**
     * The plan.
     *
     * @param counts     items per action, in {@link Action} order
     * @param changes    every selected item's change, in read order (the apply's input)
     * @param writeUnits the writes' WCU, the table's and every index's
     * @param read       what the read was
     * @param selected   items the where selected
     * @param itemsRead  items read
     */
    public record Plan(ChangeSpec spec, TableDescription table, Map<Action, Long> counts, List<ItemChange> changes, CapacityUnits writeUnits,
                       Read read, long selected, long itemsRead) {
        /** Items the change writes. */
        public long changing() {
            return counts.getOrDefault(Action.UPDATE, 0L) + counts.getOrDefault(Action.MOVE, 0L) + counts.getOrDefault(Action.DELETE, 0L);
        }
    }

    /**
     * What the dry run reads, said before it is sent. Without an entity type, a condition that pins the key is read as the
     * SQL workbench would read it ({@link AccessPlanner}: GetItem, BatchGetItem, or a Query of the table or of an index
     * that projects every attribute); else the whole table, once (naming an entity type needs the analysis of every item).
     *
     * @param whole the whole-table read (production asks first: {@link WholeTableRead#confirm}); null for a keyed read
     * @param keyed the requests of a keyed read; null for a whole-table read
     */
    public record Read(WholeTableRead whole, AccessPlan keyed) {
        public String text() {
            if (whole != null) {
                return whole.text();
            }
            var counts = new java.util.LinkedHashMap<String, Long>();
            keyed.requests().forEach(request -> counts.merge(request.operation().label()
                    + (request.indexName() == null ? "" : " on " + request.indexName()), 1L, Long::sum));
            var parts = new ArrayList<String>();
            counts.forEach((operation, count) -> parts.add(count + " " + operation));
            return "Reads only what the condition's key pins: " + String.join(", ", parts) + ", about " + keyed.estimatedRcu()
                    + " RCU; no Scan";
        }

        /** A production connection asks before a whole-table read; a keyed read asks nothing. */
        public boolean needsConfirmation() {
            return whole != null && whole.needsConfirmation();
        }

        /** The read, confirmed by {@code confirm} where it reads the whole table. */
        public Read confirmedBy(java.util.function.UnaryOperator<WholeTableRead> confirm) {
            return whole == null ? this : new Read(confirm.apply(whole), null);
        }
    }

    /** What the whole-table read costs, said before it is sent (production asks first: {@link WholeTableRead#confirm}). */
    public WholeTableRead cost(TableDescription table) {
        return WholeTableRead.of(session, table);
    }

    /** What the dry run of {@code spec} will read ({@link Read}). */
    public Read read(ChangeSpec spec, TableDescription table) {
        return keyed(spec, table).map(plan -> new Read(null, plan)).orElseGet(() -> new Read(cost(table), null));
    }

    /** The keyed read of a change without an entity type whose condition pins the table's or an index's key; empty otherwise. */
    static java.util.Optional<AccessPlan> keyed(ChangeSpec spec, TableDescription table) {
        if (spec.entity() != null || spec.condition() == null) {
            return java.util.Optional.empty();
        }
        var where = spec.whereCondition().orElseThrow();
        var condition = Expressions.parseCondition(where.expression(), where.names(), where.values());
        var conjuncts = condition instanceof Condition.And and ? and.conditions() : List.of(condition);
        var catalog = new SqlCatalog(table, List.of(), new SqlCatalog.EntitySource("the key schema", null, 0, table.itemCount()));
        var plan = AccessPlanner.plan(catalog, new ReadShape(catalog.wholeTable(), conjuncts, null, ReadShape.Order.ANY, null));
        return plan.scans() ? java.util.Optional.empty() : java.util.Optional.of(plan);
    }

    /**
     * Reads the table once and plans the change; returns at once.
     *
     * @throws ChangeFileException when the change cannot apply to this table (wrong table, a key attribute removed…), before
     *                             anything is read
     */
    public Job<AnalyzeTable.Progress, Plan> start(ChangeSpec spec, TableDescription table, WholeTableRead read,
                                                 Consumer<? super AnalyzeTable.Progress> listener) {
        return start(spec, table, new Read(read, null), Lens.NONE, listener);
    }

    /**
     * {@link #start(ChangeSpec, TableDescription, WholeTableRead, Consumer)} with the entity types named through
     * {@code lens}: the app's Change items… names them as its Collections overview and SQL tab show them (the person's
     * renames, merges and splits of the table); the commands name them as {@code dynalens analyze} does.
     */
    public Job<AnalyzeTable.Progress, Plan> start(ChangeSpec spec, TableDescription table, WholeTableRead read, Lens lens,
                                                 Consumer<? super AnalyzeTable.Progress> listener) {
        return start(spec, table, new Read(read, null), lens, listener);
    }

    /** Reads as {@code read} says (a keyed read, or the whole table once) and plans the change; returns at once. */
    public Job<AnalyzeTable.Progress, Plan> start(ChangeSpec spec, TableDescription table, Read read,
                                                 Consumer<? super AnalyzeTable.Progress> listener) {
        return start(spec, table, read, Lens.NONE, listener);
    }

    /** As {@link #start(ChangeSpec, TableDescription, Read, Consumer)}, the entity types named through {@code lens}. */
    public Job<AnalyzeTable.Progress, Plan> start(ChangeSpec spec, TableDescription table, Read read, Lens lens,
                                                 Consumer<? super AnalyzeTable.Progress> listener) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(lens, "lens");
        if (read.whole() != null) {
            read.whole().requireConfirmed();
        }
        if (!spec.table().equals(table.name())) {
            throw new ChangeFileException(List.of(new ChangeProblem(spec.position("table"), "the change is for table " + spec.table()
                    + ", not " + table.name())));
        }
        var planner = new ChangePlanner(spec, table);
        var where = spec.whereCondition().orElse(null);
        if (read.keyed() != null) {
            return startKeyed(spec, table, read, planner, where, listener);
        }
        var candidates = new ArrayList<Item>();
        long[] items = {0};
        AnalyzeTable.PageObserver select = (page, naming) -> {
            for (var item : page) {
                items[0]++;
                if (where == null || where.holds(item)) {
                    candidates.add(item);
                }
            }
        };
        var analyze = new AnalyzeTable(session, analysis).start(table, lens, select, listener);
        var job = new Job<AnalyzeTable.Progress, Plan>(listener);
        job.onCancel(analyze::cancel);
        analyze.result().whenCompleteAsync((analysed, failure) -> {
            if (failure != null) {
                job.result().completeExceptionally(failure);
                return;
            }
            try {
                if (!analysed.complete()) {
                    job.result().cancel(false);
                    return;
                }
                job.result().complete(plan(spec, table, read, planner, candidates, analysed.naming(), known(spec, table, analysed.analysis()),
                        analysed.analysis(), items[0]));
            } catch (RuntimeException e) {
                job.result().completeExceptionally(e);
            }
        }, analysis);
        return job;
    }

    /**
     * The keyed read: its requests one after the other (every page of a Query, BatchGetItem's unprocessed keys asked
     * again), each item tested against the condition. No analysis: no entity type is named.
     */
    private Job<AnalyzeTable.Progress, Plan> startKeyed(ChangeSpec spec, TableDescription table, Read read, ChangePlanner planner,
                                                       dev.dynalens.domain.change.WhereCondition where,
                                                       Consumer<? super AnalyzeTable.Progress> listener) {
        var job = new Job<AnalyzeTable.Progress, Plan>(listener);
        var keyed = read.keyed();
        var items = new ArrayList<Item>();
        var all = new java.util.concurrent.atomic.AtomicLong();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (var request : keyed.reads()) {
            chain = chain.thenCompose(ignored -> pages(request, items, all, job));
        }
        for (var key : keyed.gets()) {
            chain = chain.thenCompose(ignored -> job.cancelRequested() ? CompletableFuture.completedFuture(null)
                    : session.getItem(table.name(), key, false).thenAccept(got -> got.item().ifPresent(item -> {
                        all.incrementAndGet();
                        items.add(item);
                    })));
        }
        for (var batch : keyed.batches()) {
            chain = chain.thenCompose(ignored -> batch(batch, items, all, job, 0));
        }
        chain.whenCompleteAsync((done, failure) -> {
            if (failure != null) {
                job.result().completeExceptionally(dev.dynalens.domain.connection.Problems.unwrap(failure));
                return;
            }
            if (job.cancelRequested()) {
                job.result().cancel(false);
                return;
            }
            try {
                var selected = items.stream().filter(where::holds).toList();
                var known = new java.util.HashSet<String>(table.keySchema().attributeNames());
                items.forEach(item -> known.addAll(item.attributes().keySet()));
                job.result().complete(plan(spec, table, read, planner, selected, null, known, null, all.get()));
            } catch (RuntimeException e) {
                job.result().completeExceptionally(e);
            }
        }, analysis);
        return job;
    }

    private CompletableFuture<Void> pages(dev.dynalens.domain.table.ReadRequest request, List<Item> items,
                                          java.util.concurrent.atomic.AtomicLong all, Job<AnalyzeTable.Progress, Plan> job) {
        if (job.cancelRequested()) {
            return CompletableFuture.completedFuture(null);
        }
        return session.read(request).thenCompose(page -> {
            synchronized (items) {
                items.addAll(page.items());
            }
            all.addAndGet(page.items().size());
            return page.next().map(next -> pages(request.withExclusiveStartKey(next), items, all, job))
                    .orElse(CompletableFuture.completedFuture(null));
        });
    }

    private CompletableFuture<Void> batch(dev.dynalens.domain.table.BatchGetRequest batch, List<Item> items,
                                          java.util.concurrent.atomic.AtomicLong all, Job<AnalyzeTable.Progress, Plan> job, int attempt) {
        if (job.cancelRequested()) {
            return CompletableFuture.completedFuture(null);
        }
        return session.batchGet(batch).thenCompose(result -> {
            synchronized (items) {
                items.addAll(result.items());
            }
            all.addAndGet(result.items().size());
            if (result.unprocessedKeys().isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            if (attempt >= 10) {
                return CompletableFuture.failedFuture(new IllegalStateException("BatchGetItem left " + result.unprocessedKeys().size()
                        + " keys unprocessed ten times in a row; the plan would be incomplete, so none is shown"));
            }
            // unprocessed keys go again after a backoff (DynamoDB Developer Guide, "BatchGetItem")
            var later = CompletableFuture.delayedExecutor(25L << attempt, java.util.concurrent.TimeUnit.MILLISECONDS);
            return CompletableFuture.supplyAsync(() -> null, later)
                    .thenCompose(ignored -> batch(batch.withKeys(result.unprocessedKeys()), items, all, job, attempt + 1));
        });
    }

    /** The attributes a change may name: the keys of the table and its indexes, and every attribute of the entity type (of the table, without one). */
    static java.util.Set<String> known(ChangeSpec spec, TableDescription table, TableAnalysis analysis) {
        var known = new java.util.HashSet<String>(table.keySchema().attributeNames());
        table.indexes().forEach(index -> known.addAll(index.key().attributeNames()));
        for (var entity : analysis.entities()) {
            if (spec.entity() == null || entity.name().equals(spec.entity())) {
                entity.attributes().forEach(attribute -> known.add(attribute.name()));
            }
        }
        return known;
    }

    static Plan plan(ChangeSpec spec, TableDescription table, Read read, ChangePlanner planner, List<Item> candidates,
                             EntityNaming naming, java.util.Set<String> known, TableAnalysis analysis, long itemsRead) {
        if (spec.entity() != null && analysis.entities().stream().noneMatch(e -> e.name().equals(spec.entity()))) {
            throw new ChangeFileException(List.of(new ChangeProblem(spec.position("where.entity"), "no entity type " + spec.entity()
                    + " in " + table.name() + "; its entity types: " + String.join(", ",
                    analysis.entities().stream().map(TableAnalysis.Entity::name).toList()))));
        }
        unknownAttributes(spec, table, known);
        var counts = new EnumMap<Action, Long>(Action.class);
        var changes = new ArrayList<ItemChange>();
        var units = CapacityUnits.ZERO;
        long selected = 0;
        for (var item : candidates) {
            if (spec.entity() != null && !spec.entity().equals(naming.entityOf(item))) {
                continue;
            }
            selected++;
            var change = planner.plan(item);
            changes.add(change);
            counts.merge(action(change), 1L, Long::sum);
            units = units.plus(change.writeUnits());
        }
        return new Plan(spec, table, new LinkedHashMap<>(counts), changes, units, read, selected, itemsRead);
    }

    /**
     * An attribute the change reads, removes or renames that no item of the entity type (of the table, without one) has:
     * a problem of the file at its place, as a misspelt name would be.
     */
    private static void unknownAttributes(ChangeSpec spec, TableDescription table, java.util.Set<String> known) {
        var problems = new ArrayList<ChangeProblem>();
        var where = spec.entity() == null ? "no item of " + table.name() : "no " + spec.entity() + " item";
        for (var entry : spec.set().entrySet()) {
            for (var read : entry.getValue().attributes()) {
                if (!known.contains(read)) {
                    problems.add(new ChangeProblem(spec.position("set." + entry.getKey()), "the template of " + entry.getKey()
                            + " reads " + read + ", which " + where + " has"));
                }
            }
        }
        for (var removed : spec.remove()) {
            if (!known.contains(removed)) {
                problems.add(new ChangeProblem(spec.position("remove." + removed), "unknown attribute " + removed + ": " + where + " has it"));
            }
        }
        for (var renamed : spec.rename().keySet()) {
            if (!known.contains(renamed)) {
                problems.add(new ChangeProblem(spec.position("rename." + renamed), "unknown attribute " + renamed + ": " + where + " has it"));
            }
        }
        if (!problems.isEmpty()) {
            throw new ChangeFileException(problems);
        }
    }

    /** The action a change counts under. */
    public static Action action(ItemChange change) {
        return switch (change) {
            case ItemChange.Update u -> Action.UPDATE;
            case ItemChange.Move m -> Action.MOVE;
            case ItemChange.Delete d -> Action.DELETE;
            case ItemChange.Unchanged u -> u.why() == ItemChange.Unchanged.Why.MISSING_ATTRIBUTE ? Action.UNCHANGED_MISSING_ATTRIBUTE
                    : Action.UNCHANGED_ALREADY_SO;
            case ItemChange.Refused r -> Action.REFUSED;
            case ItemChange.Restore r -> Action.RESTORE;
        };
    }

}
