package dev.dynalens.service.sql;

import dev.dynalens.domain.expression.ConditionEvaluator;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.sql.AccessPlan;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.sql.SqlEntity;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.Pager;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The rows of one table of a query, read when the query runs: its requests sent one after the other (every page of a
 * Query or Scan through the {@link Pager}, one page of read-ahead; GetItem; BatchGetItem with unprocessed keys asked
 * again), each item checked for the entity type and the conditions left to the desktop, and turned into a row. It
 * stops reading once it has the rows a pushed-down LIMIT asks for. Public because generated code calls it.
 */
public final class LeafRead {
    /** A column the read produces: the attribute and its SQL type. */
    record Column(String attribute, SqlTypeName type) {
    }

    private final SqlCatalog catalog;
    private final SqlEntity entity;
    private final AccessPlan plan;
    private final List<Column> columns;
    private final boolean scalar;
    private final boolean kept;

    /**
     * @param kept the read is enumerated more than once (the inner side of a nested-loop join): its items are read from
     *             DynamoDB once and kept for the run ({@link ReadOnce}), instead of sending its requests again
     */
    LeafRead(SqlCatalog catalog, SqlEntity entity, AccessPlan plan, List<Column> columns, boolean scalar, boolean kept) {
        this.catalog = catalog;
        this.entity = entity;
        this.plan = plan;
        this.columns = List.copyOf(columns);
        this.scalar = scalar;
        this.kept = kept;
    }

    public Enumerable<Object> enumerable(DataContext root) {
        var run = (SqlRun) root.get(SqlRun.KEY);
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object> enumerator() {
                if (kept) {
                    return new Rows(run.readOnce(LeafRead.this, () -> new Items(run)).reader());
                }
                run.enumerated(LeafRead.this, entity.name());
                return new Rows(new Items(run));
            }
        };
    }

    /** The rows of this read for a run already under way (a lookup join's Query per key). */
    Enumerator<Object> enumerator(SqlRun run) {
        return new Rows(new Items(run));
    }

    private boolean wanted(Item item) {
        if (!entity.wholeTable() && !entity.contains(item, catalog.description().keySchema())) {
            return false;
        }
        return plan.desktopCondition() == null || ConditionEvaluator.evaluate(plan.desktopCondition(), item);
    }

    private Object row(Item item) {
        var attributes = item.attributes();
        if (scalar) {
            var column = columns.getFirst();
            return SqlTypes.toColumn(attributes.get(column.attribute()), column.type());
        }
        var row = new Object[columns.size()];
        for (int i = 0; i < row.length; i++) {
            var column = columns.get(i);
            row[i] = SqlTypes.toColumn(attributes.get(column.attribute()), column.type());
        }
        return row;
    }

    /** An item enumerator as rows of this read's columns. */
    private final class Rows implements Enumerator<Object> {
        private final Enumerator<Item> items;
        private Object current;

        Rows(Enumerator<Item> items) {
            this.items = items;
        }

        @Override
        public Object current() {
            return current;
        }

        @Override
        public boolean moveNext() {
            if (!items.moveNext()) {
                return false;
            }
            current = row(items.current());
            return true;
        }

        @Override
        public void reset() {
            throw new UnsupportedOperationException("A DynamoDB read is not read twice");
        }

        @Override
        public void close() {
            items.close();
        }
    }

    /**
     * Walks the plan's requests lazily (nothing is sent before the first item is asked for) and gives the items that
     * belong to the entity type and pass the conditions left to the desktop.
     */
    private final class Items implements Enumerator<Item> {
        private final SqlRun run;
        private final Iterator<ReadRequest> reads = plan.reads().iterator();
        private final Iterator<Map<String, AttributeValue>> gets = plan.gets().iterator();
        private final Iterator<BatchGetRequest> batches = plan.batches().iterator();
        private final ArrayDeque<Item> buffered = new ArrayDeque<>();
        private PageStream stream;
        private ReadRequest streaming;
        private List<Item> recorded;
        private Item current;
        private long produced;

        Items(SqlRun run) {
            this.run = run;
        }

        @Override
        public Item current() {
            return current;
        }

        @Override
        public boolean moveNext() {
            if (plan.stopAfter() != null && produced >= plan.stopAfter()) {
                closeStream();
                return false;
            }
            while (true) {
                var item = buffered.poll();
                if (item != null) {
                    if (wanted(item)) {
                        current = item;
                        produced++;
                        return true;
                    }
                    continue;
                }
                // the items of a page already paid for are given even when the run was stopped since
                if (!fill()) {
                    return false;
                }
            }
        }

        /** Fetches the next batch of items; false when every request was answered. */
        private boolean fill() {
            if (stream != null) {
                var page = stream.next();
                if (page != null) {
                    // its capacity was counted when it arrived (a page read ahead and never taken counts too)
                    buffered.addAll(page.items());
                    if (recorded != null) {
                        recorded.addAll(page.items());
                    }
                    run.itemsRead(page.items().size());
                    return true;
                }
                if (recorded != null) {
                    run.keepCollection(streaming, recorded);
                    recorded = null;
                }
                stream = null;
            }
            if (reads.hasNext()) {
                var read = reads.next();
                var shared = plan.shared() ? run.collection(read) : Optional.<List<Item>>empty();
                if (shared.isPresent()) {
                    buffered.addAll(shared.get());
                    return true;
                }
                run.beforeRequest();
                streaming = read;
                recorded = plan.shared() ? new ArrayList<>() : null;
                stream = new PageStream(run, read);
                return true;
            }
            if (gets.hasNext()) {
                run.beforeRequest();
                var result = run.await(run.session().getItem(catalog.tableName(), gets.next(), false));
                result.item().ifPresent(buffered::add);
                run.consumed(result.capacity());
                run.itemsRead(result.item().isPresent() ? 1 : 0);
                return true;
            }
            if (batches.hasNext()) {
                run.beforeRequest();
                var result = run.batchGet(batches.next());
                buffered.addAll(result.items());
                run.consumed(result.capacity());
                run.itemsRead(result.items().size());
                return true;
            }
            return false;
        }

        private void closeStream() {
            if (stream != null) {
                stream.close();
                stream = null;
            }
        }

        @Override
        public void reset() {
            throw new UnsupportedOperationException("A DynamoDB read is not read twice");
        }

        @Override
        public void close() {
            closeStream();
        }
    }

    /**
     * The pages of one Query or Scan as the query pulls them: the pager reads on, one page ahead, while the page before
     * waits here to be taken; a closed stream cancels the pager (a LIMIT reached, the query cancelled). Each page's
     * capacity is counted as it comes back; once the run has consumed more than its budget no further page is asked
     * for, and the stream ends, after the pages already paid for, by stopping the run.
     */
    private static final class PageStream implements AutoCloseable {
        private static final Object END = new Object();
        /** The pager asked for no further page: the run passed its budget, or the stream was closed. */
        private static final Object STOPPED = new Object();
        private final SqlRun run;
        private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
        private final Semaphore room = new Semaphore(1);
        private final Job<Pager.Summary, Pager.Summary> job;
        private final Runnable forgetCancel;
        private volatile boolean closed;

        PageStream(SqlRun run, ReadRequest first) {
            this.run = run;
            job = Pager.start(run.session(), first, run.pages(), page -> {
                room.acquireUninterruptibly();
                if (!closed) {
                    queue.add(page);
                }
            }, summary -> { }, head -> {
                // counted as it comes back: what the wire carried, whether or not the query takes the page
                run.requestSent();
                run.consumed(head.consumedCapacity());
            }, () -> !run.overBudget());
            job.result().whenComplete((summary, failure) -> queue.add(failure != null ? failure : summary.complete() ? END : STOPPED));
            forgetCancel = run.whenCancelled(this::close);
        }

        /** The next page, or null after the last. */
        Page next() {
            Object next;
            try {
                next = queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new CancellationException("The query was interrupted");
            }
            if (next instanceof Page page) {
                room.release();
                return page;
            }
            forgetCancel.run();
            if (next == STOPPED) {
                if (run.overBudget()) {
                    // every page the budget paid for was taken: the run stops here, its rows so far incomplete
                    run.stopAtBudget();
                }
                throw new CancellationException("The query was cancelled");
            }
            if (next instanceof Throwable failure) {
                var cause = failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
                if (closed) {
                    throw new CancellationException("The query was cancelled");
                }
                throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
            }
            return null;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                job.cancel();
                room.release(Integer.MAX_VALUE / 2);
                if (forgetCancel != null) {
                    forgetCancel.run();
                }
            }
        }
    }
}
