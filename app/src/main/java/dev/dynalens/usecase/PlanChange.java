package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.change.ChangeFileException;
import dev.dynalens.domain.change.ChangePlanner;
import dev.dynalens.domain.change.ChangeProblem;
import dev.dynalens.domain.change.ChangeSpec;
import dev.dynalens.domain.change.ItemChange;

import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
                       WholeTableRead read, long selected, long itemsRead) {
        /** Items the change writes. */
        public long changing() {
            return counts.getOrDefault(Action.UPDATE, 0L) + counts.getOrDefault(Action.MOVE, 0L) + counts.getOrDefault(Action.DELETE, 0L);
        }
    }

    /** What the plan's read will cost, said before it is sent (production asks first: {@link WholeTableRead#confirm}). */
    public WholeTableRead cost(TableDescription table) {
        return WholeTableRead.of(session, table);
    }

    /**
     * Reads the table once and plans the change; returns at once.
     *
     * @throws ChangeFileException when the change cannot apply to this table (wrong table, a key attribute removed…), before
     *                             anything is read
     */
    public Job<AnalyzeTable.Progress, Plan> start(ChangeSpec spec, TableDescription table, WholeTableRead read,
                                                 Consumer<? super AnalyzeTable.Progress> listener) {
        Objects.requireNonNull(spec, "spec");
        read.requireConfirmed();
        if (!spec.table().equals(table.name())) {
            throw new ChangeFileException(List.of(new ChangeProblem(spec.position("table"), "the change is for table " + spec.table()
                    + ", not " + table.name())));
        }
        var planner = new ChangePlanner(spec, table);
        var where = spec.whereCondition().orElse(null);
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
        var analyze = new AnalyzeTable(session, analysis).start(table, Lens.NONE, select, listener);
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
                job.result().complete(plan(spec, table, read, planner, candidates, analysed.naming(), analysed.analysis(), items[0]));
            } catch (RuntimeException e) {
                job.result().completeExceptionally(e);
            }
        }, analysis);
        return job;
    }

    static Plan plan(ChangeSpec spec, TableDescription table, WholeTableRead read, ChangePlanner planner, List<Item> candidates,
                             EntityNaming naming, TableAnalysis analysis, long itemsRead) {
        if (spec.entity() != null && analysis.entities().stream().noneMatch(e -> e.name().equals(spec.entity()))) {
            throw new ChangeFileException(List.of(new ChangeProblem(spec.position("where.entity"), "no entity type " + spec.entity()
                    + " in " + table.name() + "; its entity types: " + String.join(", ",
                    analysis.entities().stream().map(TableAnalysis.Entity::name).toList()))));
        }
        unknownAttributes(spec, table, analysis);
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
    private static void unknownAttributes(ChangeSpec spec, TableDescription table, TableAnalysis analysis) {
        var known = new java.util.HashSet<String>(table.keySchema().attributeNames());
        table.indexes().forEach(index -> known.addAll(index.keySchema().attributeNames()));
        for (var entity : analysis.entities()) {
            if (spec.entity() == null || entity.name().equals(spec.entity())) {
                entity.attributes().forEach(attribute -> known.add(attribute.name()));
            }
        }
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
