package dev.dynalens.service.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class PagerTest {
    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("local", URI.create("http://localhost:1")));
    private final ReadRequest scan = new ReadRequest.Scan("Shop", null, null, null);
    /** The handler's executor, run by hand: what is queued has not been handled yet. */
    private final ArrayDeque<Runnable> handlerTasks = new ArrayDeque<>();
    private final Executor manual = handlerTasks::add;

    private static Page page(int number, boolean more) {
        var items = List.of(Item.of(Map.of("PK", AttributeValue.s("P" + number))));
        return new Page(items, more ? Map.of("PK", AttributeValue.s("P" + number)) : null, 1, new ConsumedCapacity(0.5, 0.5, null));
    }

    private void runHandlers() {
        while (!handlerTasks.isEmpty()) {
            handlerTasks.poll().run();
        }
    }

    @Test
    void readsEveryPage_inOrder_andSumsWhatItCost() {
        session.responder = request -> request.exclusiveStartKey() == null ? page(1, true)
                : request.exclusiveStartKey().get("PK").equals(AttributeValue.s("P1")) ? page(2, true) : page(3, false);
        var handled = new ArrayList<String>();

        var job = Pager.start(session, scan, page -> handled.add(((AttributeValue.Str) page.items().getFirst().get("PK").orElseThrow()).value()));

        assertThat(handled).containsExactly("P1", "P2", "P3");
        var summary = job.result().join();
        assertThat(summary.pages()).isEqualTo(3);
        assertThat(summary.items()).isEqualTo(3);
        assertThat(summary.capacityUnits()).isEqualTo(1.5);
        assertThat(summary.complete()).isTrue();
        assertThat(session.reads.get(1).exclusiveStartKey()).isEqualTo(Map.of("PK", AttributeValue.s("P1")));
    }

    @Test
    void readsOnePageAhead_andNoFurtherWhileTheHandlerIsBehind() {
        var progress = new ArrayList<Pager.Summary>();
        var job = Pager.start(session, scan, manual, page -> { }, progress::add);

        assertThat(session.reads).hasSize(1);
        session.lastRead().complete(page(1, true));
        assertThat(session.reads).as("page 2 is requested as soon as page 1 arrives, before it is handled").hasSize(2);

        session.lastRead().complete(page(2, true));
        assertThat(handlerTasks).as("page 1 waits for the handler").hasSize(1);
        assertThat(session.reads).as("page 3 is not requested while page 1 is not handled and page 2 waits").hasSize(2);

        handlerTasks.poll().run(); // page 1 handled: page 2 is queued for the handler, page 3 asked for
        assertThat(session.reads).hasSize(3);
        session.lastRead().complete(page(3, false));
        runHandlers();

        assertThat(job.result().join().pages()).isEqualTo(3);
        assertThat(progress).extracting(Pager.Summary::pages).containsExactly(1L, 2L, 3L);
    }

    @Test
    void theNextPageIsAskedFor_asSoonAsTheEndpointAnswered_whileThisOneIsStillMapped() {
        var answers = new ArrayList<java.util.function.Consumer<? super Page.Head>>();
        var mapped = new ArrayList<java.util.concurrent.CompletableFuture<Page>>();
        var sent = new ArrayList<ReadRequest>();
        var endpoint = new FakeDynamoSession(session.profile()) {
            @Override
            public java.util.concurrent.CompletableFuture<Page> read(ReadRequest request, java.util.function.Consumer<? super Page.Head> answered) {
                sent.add(request);
                answers.add(answered);
                var page = new java.util.concurrent.CompletableFuture<Page>();
                mapped.add(page);
                return page;
            }
        };
        var handled = new ArrayList<Page>();
        var job = Pager.start(endpoint, scan, Runnable::run, handled::add, summary -> { });

        answers.get(0).accept(new Page.Head(1, Map.of("PK", AttributeValue.s("P1"))));
        assertThat(sent).as("page 2 is asked for while page 1's items are being mapped").hasSize(2);
        assertThat(sent.get(1).exclusiveStartKey()).isEqualTo(Map.of("PK", AttributeValue.s("P1")));
        answers.get(1).accept(new Page.Head(1, Map.of("PK", AttributeValue.s("P2"))));
        assertThat(sent).as("page 3 waits until page 1 is handled").hasSize(2);

        mapped.get(0).complete(page(1, true));
        assertThat(handled).hasSize(1);
        assertThat(sent).as("page 1 handled, page 2 answered: page 3 goes").hasSize(3);
        mapped.get(1).complete(page(2, true));
        answers.get(2).accept(new Page.Head(1, null));
        assertThat(sent).as("the last page says so in its head: nothing more is asked for").hasSize(3);
        mapped.get(2).complete(page(3, false));

        var summary = job.result().join();
        assertThat(summary.pages()).isEqualTo(3);
        assertThat(summary.complete()).isTrue();
        assertThat(handled).extracting(page -> page.items().getFirst().get("PK").orElseThrow())
                .containsExactly(AttributeValue.s("P1"), AttributeValue.s("P2"), AttributeValue.s("P3"));
    }

    @Test
    void cancellingWhileAPageIsMapped_abortsTheNextOneAskedFor_too() {
        var mapped = new ArrayList<java.util.concurrent.CompletableFuture<Page>>();
        var endpoint = new FakeDynamoSession(session.profile()) {
            @Override
            public java.util.concurrent.CompletableFuture<Page> read(ReadRequest request, java.util.function.Consumer<? super Page.Head> answered) {
                var page = new java.util.concurrent.CompletableFuture<Page>();
                mapped.add(page);
                answered.accept(new Page.Head(1, Map.of("PK", AttributeValue.s("P" + mapped.size()))));
                return page;
            }
        };
        var job = Pager.start(endpoint, scan, Runnable::run, page -> { }, summary -> { });
        assertThat(mapped).as("page 1 being mapped, page 2 asked for; page 3 waits for page 1").hasSize(2);

        job.cancel();

        assertThat(mapped).allMatch(java.util.concurrent.CompletableFuture::isCancelled);
        assertThat(job.result().join().complete()).isFalse();
    }

    @Test
    void cancel_abortsTheReadInFlight_andCompletesWithWhatWasHandled() {
        var job = Pager.start(session, scan, manual, page -> { }, summary -> { });
        session.lastRead().complete(page(1, true));
        runHandlers();
        var second = session.lastRead();

        job.cancel();
        runHandlers();

        assertThat(second).isCancelled();
        var summary = job.result().join();
        assertThat(summary.complete()).isFalse();
        assertThat(summary.pages()).isEqualTo(1);
    }

    @Test
    void anItemLimit_stopsAtThePageThatReachesIt_withoutReadingAhead() {
        session.responder = request -> {
            int number = request.exclusiveStartKey() == null ? 0
                    : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("PK")).value().substring(1));
            return page(number + 1, true);
        };
        var handled = new ArrayList<Page>();

        var job = Pager.start(session, scan, 3, Runnable::run, handled::add, summary -> { });

        var summary = job.result().join();
        assertThat(session.reads).as("the page holding the third item is the last one asked for").hasSize(3);
        assertThat(handled).hasSize(3);
        assertThat(summary.items()).isEqualTo(3);
        assertThat(summary.complete()).isTrue();
    }

    /**
     * Issue 28: a sample of 5,000 items read 14,370, since a 1 MB page holds thousands of small items and the limit was
     * only checked per page. Each request now asks for what remains (Limit), so no more items than the limit are read.
     * A table of 20 items whose pages hold at most 8, as a 1 MB page would, read to 10 items.
     */
    @Test
    void anItemLimit_isAskedOfEachRequest_soNoMoreItemsThanItAreRead() {
        session.responder = pagesOfAtMost(8, 20);

        var summary = Pager.start(session, scan, 10, Runnable::run, page -> { }, s -> { }).result().join();

        assertThat(session.reads).extracting(ReadRequest::limit).containsExactly(10, 2);
        assertThat(summary.items()).isEqualTo(10);
    }

    /** A filtered read keeps its pages: Limit would count the items evaluated before the filter, not those returned. */
    @Test
    void aFilteredRead_isSentWithTheLimitItAskedFor() {
        session.responder = pagesOfAtMost(8, 20);
        var filtered = new ReadRequest.Scan("Shop", null, null, null,
                new dev.dynalens.domain.table.ReadExpressions("#n0 = :v0", null, Map.of("#n0", "PK"), Map.of(":v0", AttributeValue.s("P1"))));

        Pager.start(session, filtered, 10, Runnable::run, page -> { }, s -> { }).result().join();

        assertThat(session.reads).extracting(ReadRequest::limit).containsExactly(null, null);
    }

    /** A table of {@code total} items whose pages hold {@code pageItems} at most, honouring each request's Limit. */
    private static java.util.function.Function<ReadRequest, Page> pagesOfAtMost(int pageItems, int total) {
        return request -> {
            int from = request.exclusiveStartKey() == null ? 0
                    : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("PK")).value().substring(1)) + 1;
            int count = Math.min(Math.min(pageItems, request.limit() == null ? Integer.MAX_VALUE : request.limit()), total - from);
            var items = new ArrayList<Item>();
            for (int i = from; i < from + count; i++) {
                items.add(Item.of(Map.of("PK", AttributeValue.s("P" + i))));
            }
            Map<String, AttributeValue> next = from + count < total ? Map.of("PK", AttributeValue.s("P" + (from + count - 1))) : null;
            return new Page(items, next, count, new ConsumedCapacity(0.5, 0.5, null));
        };
    }

    @Test
    void aFailedRead_failsTheJob() {
        var job = Pager.start(session, scan, Runnable::run, page -> { }, summary -> { });

        session.lastRead().completeExceptionally(new IllegalStateException("endpoint gone"));

        assertThat(job.result()).isCompletedExceptionally();
        assertThat(job.result().handle((ok, failure) -> failure.getMessage()).join()).contains("endpoint gone");
    }

    @Test
    void aHandlerThatThrows_failsTheJob_andStopsReading() {
        var job = Pager.start(session, scan, Runnable::run, page -> {
            throw new IllegalArgumentException("cannot write the file");
        }, summary -> { });

        session.lastRead().complete(page(1, true));

        assertThat(job.result()).isCompletedExceptionally();
        assertThat(session.lastRead()).isCancelled();
    }

    @Test
    void tenThousandPagesAnsweredAtOnce_doNotNestOneHandlerInAnother() {
        session.responder = request -> {
            int number = request.exclusiveStartKey() == null ? 0
                    : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("PK")).value().substring(1));
            return page(number + 1, number + 1 < 10_000);
        };
        var depth = new int[] {0, 0};

        var job = Pager.start(session, scan, page -> {
            depth[0] = Thread.currentThread().getStackTrace().length;
            depth[1] = Math.max(depth[1], depth[0]);
        });

        assertThat(job.result().join().pages()).isEqualTo(10_000);
        assertThat(depth[1]).isLessThan(200);
    }
}
