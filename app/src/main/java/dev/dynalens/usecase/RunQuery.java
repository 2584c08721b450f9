package dev.dynalens.usecase;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.QueryForm;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.Pager;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Run a Scan or a Query of one table as it was asked for: the request built from a form (a Query's key values typed by
 * the key schema of the table or index, mistakes named in words), then one page at a time (the app's table browser
 * and its Load more) or every page up to a number of items ({@code dynalens scan}, {@code query}, and the commands that
 * read a whole table).
 *
 * <pre>{@code
 * var query = new RunQuery(session, "Shop");
 * var request = query.request(new RunQuery.Form.Query(form), description);   // IllegalArgumentException: say why
 * query.page(request).thenAccept(page -> ... RunQuery.next(request, page) ...);
 * query.readAll(request, 100L, item -> print(item)).result().join();
 * }</pre>
 */
public final class RunQuery {

    /** What to read, as the person or the command line asked for it. */
    public sealed interface Form {
        /**
         * Every item of the table, or of one of its indexes.
         *
         * @param indexName null for the table
         * @param pageSize  DynamoDB's Limit per request; null for its default (1 MB of data)
         */
        record Scan(String indexName, Integer pageSize) implements Form {
        }

        /** One partition of the table or of an index, as typed; the form's limit is the page size. */
        record Query(QueryForm form) implements Form {
            public Query {
                Objects.requireNonNull(form, "form");
            }
        }
    }

    /**
     * What reading every page did, so far or in the end.
     *
     * @param items    the items handed on (never more than the limit)
     * @param pages    the pages read
     * @param capacity the read capacity the endpoint reported, summed
     * @param complete the read ended as asked: the last page, or the limit reached (false after a cancel)
     */
    public record Read(long items, long pages, ConsumedCapacity capacity, boolean complete) {
    }

    private final DynamoSession session;
    private final String tableName;

    public RunQuery(DynamoSession session, String tableName) {
        this.session = Objects.requireNonNull(session, "session");
        this.tableName = Objects.requireNonNull(tableName, "tableName");
    }

    public String tableName() {
        return tableName;
    }

    /** The first page of a Scan of every item of the table: where the whole-table readers start. */
    public ReadRequest scanAll() {
        return request(new Form.Scan(null, null), null);
    }

    /**
     * The first request {@code form} asks for.
     *
     * @param table the table's description: a Query needs it (its key names and types), a Scan does not (may be null)
     * @throws IllegalArgumentException in words for the person: the description not loaded yet, a key value missing or
     *                                  not of its key's type
     */
    public ReadRequest request(Form form, TableDescription table) {
        return switch (Objects.requireNonNull(form, "form")) {
            case Form.Scan scan -> new ReadRequest.Scan(tableName, scan.indexName(), scan.pageSize(), null);
            case Form.Query query -> {
                if (table == null) {
                    throw new IllegalArgumentException("The table description is not loaded yet; a Query needs the key schema.");
                }
                yield query.form().toQuery(table);
            }
        };
    }

    /** One page of {@code request}. Cancelling the future aborts the request in flight. */
    public CompletableFuture<Page> page(ReadRequest request) {
        return session.read(Objects.requireNonNull(request, "request"));
    }

    /** The request for the page after {@code page} (DynamoDB's LastEvaluatedKey), if there is one. */
    public static Optional<ReadRequest> next(ReadRequest request, Page page) {
        return page.next().map(request::withExclusiveStartKey);
    }

    /**
     * Every page from {@code first} on, each item handed to {@code each} in order, until the last page or until
     * {@code itemLimit} items were handed on: no page is requested past the one that reaches the limit, and its items
     * past the limit are left out. One page is read ahead while {@code each} works ({@link Pager}).
     *
     * @param itemLimit       null for every page
     * @param handlerExecutor where {@code each} runs, one page at a time
     * @param listener        told after each page, on the handler's executor
     */
    public Job<Read, Read> readAll(ReadRequest first, Long itemLimit, Executor handlerExecutor, Consumer<Item> each,
                                   Consumer<? super Read> listener) {
        if (itemLimit != null && itemLimit < 1) {
            throw new IllegalArgumentException("the item limit must be at least 1, was " + itemLimit);
        }
        Objects.requireNonNull(each, "each");
        var job = new Job<Read, Read>(listener);
        var tally = new Tally(itemLimit == null ? Long.MAX_VALUE : itemLimit);
        var pages = Pager.start(session, first, tally.limit, handlerExecutor, page -> tally.take(page, each),
                summary -> job.report(tally.read(false)));
        job.onCancel(pages::cancel);
        pages.result().whenComplete((summary, failure) -> {
            if (failure != null) {
                job.result().completeExceptionally(failure);
            } else {
                job.result().complete(tally.read(summary.complete()));
            }
        });
        return job;
    }

    /** Every page as {@link #readAll(ReadRequest, Long, Executor, Consumer, Consumer)}, handled where each page arrives. */
    public Job<Read, Read> readAll(ReadRequest first, Long itemLimit, Consumer<Item> each) {
        return readAll(first, itemLimit, Runnable::run, each, read -> { });
    }

    /** Counts of one read; touched only by the pager's handler and what follows it, one page at a time. */
    private static final class Tally {
        private final long limit;
        private long items;
        private long pages;
        private ConsumedCapacity capacity = ConsumedCapacity.NOT_REPORTED;

        Tally(long limit) {
            this.limit = limit;
        }

        void take(Page page, Consumer<Item> each) {
            pages++;
            capacity = capacity.plus(page.consumedCapacity());
            for (var item : page.items()) {
                if (items >= limit) {
                    return;
                }
                each.accept(item);
                items++;
            }
        }

        Read read(boolean complete) {
            return new Read(items, pages, capacity, complete);
        }
    }
}
