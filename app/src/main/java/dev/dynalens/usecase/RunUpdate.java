package dev.dynalens.usecase;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.SerialExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Run an update built in the expression builder on the items the person selected: confirmed first (nothing is sent on
 * a read-only connection, nor on a production one without the table's name), then one UpdateItem per item, guarded by
 * the condition, one after the other. Each item's outcome is progress, in order; the report of every outcome is the
 * result. A condition that did not hold or a write that failed is an outcome, not a failure of the run: the next item
 * is still sent.
 */
public final class RunUpdate {
    public enum Status { APPLIED, CONDITION_FAILED, ERROR }

    /**
     * What the update did to one item.
     *
     * @param index  the item's place among the items given
     * @param after  the item as DynamoDB returned it after the update (applied), otherwise the item as given
     */
    public record Outcome(int index, Item item, Status status, String message, Item after) {
        public Outcome {
            Objects.requireNonNull(item, "item");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(after, "after");
        }
    }

    /**
     * Every outcome, in the order of the items.
     *
     * @param complete every item was tried (false after a cancel: the items after the last outcome were not sent)
     */
    public record Report(List<Outcome> outcomes, boolean complete) {
        public Report {
            outcomes = List.copyOf(outcomes);
        }

        public long applied() {
            return count(Status.APPLIED);
        }

        public long conditionFailed() {
            return count(Status.CONDITION_FAILED);
        }

        public long errors() {
            return count(Status.ERROR);
        }

        private long count(Status status) {
            return outcomes.stream().filter(o -> o.status() == status).count();
        }
    }

    private final DynamoSession session;

    public RunUpdate(DynamoSession session) {
        this.session = Objects.requireNonNull(session, "session");
    }

    /**
     * An item's primary key under {@code schema}, when the schema is known and the item holds every key attribute: what
     * an UpdateItem of it needs.
     */
    public static Optional<Map<String, AttributeValue>> primaryKey(KeySchema schema, Item item) {
        if (schema == null) {
            return Optional.empty();
        }
        var key = item.key(schema.partitionKeyName(), schema.sortKeyName());
        var whole = key.containsKey(schema.partitionKeyName()) && (!schema.hasSortKey() || key.containsKey(schema.sortKeyName()));
        return whole ? Optional.of(key) : Optional.empty();
    }

    /**
     * Starts sending {@code update} for each of {@code items} in {@code tableName}. The result fails, with nothing sent,
     * when the connection is read-only or {@code confirmer} does not confirm the table of a production connection.
     * Cancelling sends no further item; the write in flight finishes and is reported.
     *
     * @param keySchema the table's key: each item is updated by its primary key (an item without all of it is an
     *                  outcome in error, not sent)
     * @param update    an update expression with its condition, names and values, valid for DynamoDB
     * @param listener  told of each outcome, in order, one at a time
     * @throws IllegalArgumentException when {@code update} has no update expression
     */
    public Job<Outcome, Report> start(String tableName, KeySchema keySchema, List<Item> items, RenderedExpressions update,
                                      WriteConfirmer confirmer, Consumer<? super Outcome> listener) {
        Objects.requireNonNull(tableName, "tableName");
        if (update == null || update.updateExpression() == null) {
            throw new IllegalArgumentException("Build a valid update first: UpdateItem needs an update expression.");
        }
        var targets = List.copyOf(items);
        var job = new Job<Outcome, Report>(listener);
        var guard = WriteGuard.forAction(session, confirmer);
        var run = new Run(guard, tableName, keySchema, targets, update, job);
        guard.confirmWrites(tableName, "an UpdateItem on " + targets.size() + " item(s)").whenComplete((confirmed, refused) -> {
            if (refused != null) {
                job.result().completeExceptionally(Problems.unwrap(refused));
            } else {
                run.lane.execute(run::next);
            }
        });
        return job;
    }

    /** One run's state, on its lane: one item at a time, and the next one queued behind the last, never nested in it. */
    private static final class Run {
        private final Executor lane = new SerialExecutor(Runnable::run);
        private final DynamoSession guard;
        private final String tableName;
        private final KeySchema keySchema;
        private final List<Item> items;
        private final RenderedExpressions update;
        private final Job<Outcome, Report> job;
        private final List<Outcome> outcomes = new ArrayList<>();

        Run(DynamoSession guard, String tableName, KeySchema keySchema, List<Item> items, RenderedExpressions update,
            Job<Outcome, Report> job) {
            this.guard = guard;
            this.tableName = tableName;
            this.keySchema = keySchema;
            this.items = items;
            this.update = update;
            this.job = job;
        }

        void next() {
            var index = outcomes.size();
            if (index == items.size() || job.cancelRequested()) {
                job.result().complete(new Report(outcomes, index == items.size()));
                return;
            }
            var item = items.get(index);
            var key = primaryKey(keySchema, item);
            if (key.isEmpty()) {
                done(new Outcome(index, item, Status.ERROR, "The item's primary key is not known: not sent.", item));
                return;
            }
            CompletableFuture<WriteResult> write;
            try {
                write = guard.write(new ItemWrite.Update(tableName, key.get(), update.updateExpression(), update.conditionExpression(),
                        update.names(), update.values()));
            } catch (RuntimeException e) {
                write = CompletableFuture.failedFuture(e);
            }
            write.whenCompleteAsync((result, failure) -> done(outcome(index, item, result, failure)), lane);
        }

        private static Outcome outcome(int index, Item item, WriteResult result, Throwable failure) {
            if (failure != null) {
                return new Outcome(index, item, Status.ERROR, Problems.describe(failure), item);
            }
            if (result.applied()) {
                return new Outcome(index, item, Status.APPLIED, "Updated.", result.returned().orElse(item));
            }
            return new Outcome(index, item, Status.CONDITION_FAILED, "The condition did not hold: nothing written.", item);
        }

        private void done(Outcome outcome) {
            outcomes.add(outcome);
            try {
                job.report(outcome);
            } catch (RuntimeException e) {
                // A listener that throws would otherwise leave the run waiting for ever, with items unsent and unsaid.
                job.result().completeExceptionally(e);
                return;
            }
            lane.execute(this::next);
        }
    }
}
