package dev.dynalens.service.load;

import static dev.dynalens.service.load.WriteSession.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.service.job.Job;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Issue 16: a load (and so an import) whose endpoint dies stops after a run of failures that say so, instead of
 * retrying every batch; an item nested deeper than DynamoDB's 32 levels is refused before sending; and the adaptive
 * pacing an import uses halves the requests in flight under throttling and fills every batch with what was left over.
 * On the calling thread, with recorded delays.
 */
class LoadFaultsTest {
    private static final String TABLE = "Shop";

    private final WriteSession session = new WriteSession();
    private final List<Duration> delays = new ArrayList<>();
    private final List<CompletableFuture<Void>> pendingDelays = new ArrayList<>();
    private boolean holdDelays;

    private Job<LoadProgress, LoadReport> start(LoadSettings settings, List<Item> items) {
        Delayer delayer = duration -> {
            delays.add(duration);
            if (!holdDelays) {
                return CompletableFuture.completedFuture(null);
            }
            var pending = new CompletableFuture<Void>();
            pendingDelays.add(pending);
            return pending;
        };
        return new TableLoader(session, settings, Runnable::run, delayer, () -> 0.5,
                Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC)).start(LoadRequest.of(TABLE, items), p -> { });
    }

    private static List<Item> items(int count) {
        var items = new ArrayList<Item>();
        for (int i = 0; i < count; i++) {
            items.add(new Item(Map.of("PK", AttributeValue.s("P#" + i), "SK", AttributeValue.s("S"))));
        }
        return items;
    }

    private static LoadFailedException failure(Job<LoadProgress, LoadReport> job) {
        var thrown = catchThrowable(() -> job.result().get(1, TimeUnit.SECONDS));
        assertThat(thrown).isInstanceOf(ExecutionException.class).cause().isInstanceOf(LoadFailedException.class);
        return (LoadFailedException) thrown.getCause();
    }

    @ParameterizedTest
    @EnumSource(LoadSettings.Pacing.class)
    void anEndpointThatDies_stopsTheLoadAfterTenFailuresInARow_sayingWhatStaysWrittenAndHowToFinish(LoadSettings.Pacing pacing) {
        var answered = new int[1];
        session.onBatch = batch -> ++answered[0] <= 2 ? session.writeAll(batch)
                : CompletableFuture.failedFuture(problem(Kind.ENDPOINT_UNREACHABLE, "Cannot reach http://127.0.0.1:9: connection refused."));

        var failure = failure(start(LoadSettings.DEFAULTS.withPacing(pacing).withMaxInFlight(1), items(10_000)));

        assertThat(failure.problem().kind()).isEqualTo(Kind.ENDPOINT_UNREACHABLE);
        assertThat(failure).hasMessageStartingWith("Loading into Shop stopped after 50 items: the last 10 requests failed, so the"
                + " endpoint seems to be gone (Cannot reach http://127.0.0.1:9: connection refused.). What DynamoDB confirmed stays"
                + " written; run it again to finish");
        assertThat(failure.report().written()).isEqualTo(50);
        assertThat(session.batches).hasSize(2 + 10);
    }

    @ParameterizedTest
    @EnumSource(LoadSettings.Pacing.class)
    void aFewServerErrors_orThrottlingBetweenThem_doNotStopTheLoad(LoadSettings.Pacing pacing) throws Exception {
        var calls = new int[1];
        session.onBatch = batch -> {
            int call = ++calls[0];
            if (call <= 9) {
                return CompletableFuture.failedFuture(problem(Kind.SERVER_ERROR, "The endpoint failed on its side (InternalFailure)"));
            }
            if (call == 10) {
                return CompletableFuture.failedFuture(problem(Kind.THROTTLED, "DynamoDB is throttling the requests"));
            }
            if (call <= 15) {
                return CompletableFuture.failedFuture(problem(Kind.SERVER_ERROR, "The endpoint failed on its side (InternalFailure)"));
            }
            return session.writeAll(batch);
        };

        var report = start(LoadSettings.DEFAULTS.withPacing(pacing).withMaxInFlight(1).withMaxAttempts(20), items(30))
                .result().get(1, TimeUnit.SECONDS);

        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);
        assertThat(report.written()).isEqualTo(30);
    }

    private static AttributeValue nested(int levels) {
        AttributeValue value = AttributeValue.s("leaf");
        for (int i = 0; i < levels; i++) {
            var map = new LinkedHashMap<String, AttributeValue>();
            map.put("m", value);
            value = AttributeValue.m(map);
        }
        return value;
    }

    @ParameterizedTest
    @EnumSource(LoadSettings.Pacing.class)
    void anItemNestedDeeperThan32Levels_isRejectedBeforeSending_andTheRestOfItsBatchIsWritten(LoadSettings.Pacing pacing) throws Exception {
        var items = new ArrayList<>(items(30));
        var deep = new Item(Map.of("PK", AttributeValue.s("DEEP"), "SK", AttributeValue.s("S"), "doc", nested(33)));
        var deepest = new Item(Map.of("PK", AttributeValue.s("OK"), "SK", AttributeValue.s("S"), "doc", nested(32)));
        items.set(3, deep);
        items.set(4, deepest);

        var report = start(LoadSettings.DEFAULTS.withPacing(pacing), items).result().get(1, TimeUnit.SECONDS);

        assertThat(report.rejected()).containsExactly(new LoadReport.RejectedItem(deep, "The item nests 33 levels deep; DynamoDB allows 32"
                + " (Nesting Levels have exceeded supported limits), so it was not sent"));
        assertThat(report.written()).isEqualTo(29);
        assertThat(session.batches.stream().flatMap(List::stream)).doesNotContain(deep).contains(deepest);
        assertThat(session.puts).isEmpty();
    }

    // --- adaptive pacing ---

    @Test
    void adaptive_aThrottledRequestHalvesTheRequestsInFlight_andEverySuccessLetsOneMoreGo() throws Exception {
        var pending = new ArrayList<CompletableFuture<List<Item>>>();
        var batches = new ArrayList<List<Item>>();
        session.onBatch = batch -> {
            batches.add(batch);
            var answer = new CompletableFuture<List<Item>>();
            pending.add(answer);
            return answer;
        };
        var job = start(LoadSettings.ADAPTIVE, items(1_000));
        assertThat(pending).hasSize(4);

        pending.get(0).completeExceptionally(problem(Kind.THROTTLED, "DynamoDB is throttling the requests"));
        // Limit 2 now, three still in flight: nothing more goes out until fewer than two are.
        assertThat(pending).hasSize(4);
        pending.get(1).complete(List.of());
        // A success: the limit grows to three, and with two in flight one more goes out; the throttled batch first.
        assertThat(pending).hasSize(5);
        assertThat(batches.get(4)).isEqualTo(batches.get(0));
        pending.get(2).complete(List.of());
        // Another: four, the maximum, with two in flight: two more.
        assertThat(pending).hasSize(7);

        for (int i = 3; i < pending.size(); i++) {
            session.writeAll(batches.get(i));
            pending.get(i).complete(List.of());
        }
        var report = job.result().get(1, TimeUnit.SECONDS);
        assertThat(report.written()).isEqualTo(1_000);
        assertThat(batches.stream().flatMap(List::stream).distinct().count()).isEqualTo(1_000);
        assertThat(session.maxInFlight).isEqualTo(4);
        assertThat(delays).as("no backoff wait above one request in flight").isEmpty();
    }

    @Test
    void adaptive_unprocessedItemsFillTheNextBatch_soEveryRequestCarries25() throws Exception {
        var calls = new int[1];
        session.onBatch = batch -> {
            calls[0]++;
            // Every request writes its first 20 items and leaves 5 unprocessed, until the end.
            var keep = Math.min(batch.size(), 20);
            session.writeAll(batch.subList(0, keep));
            return CompletableFuture.completedFuture(List.copyOf(batch.subList(keep, batch.size())));
        };

        var report = start(LoadSettings.ADAPTIVE.withMaxInFlight(1), items(100)).result().get(1, TimeUnit.SECONDS);

        assertThat(report.written()).isEqualTo(100);
        assertThat(session.batches).extracting(List::size).containsExactly(25, 25, 25, 25, 20);
        assertThat(session.batches.get(1).subList(0, 5)).isEqualTo(session.batches.get(0).subList(20, 25));
        assertThat(delays).as("writing most of each request is no reason to wait").isEmpty();
        assertThat(report.retries()).isEqualTo(4);
    }

    @Test
    void adaptive_atOneRequestInFlight_throttlingWaitsWithExponentialBackoff_andItemsOutOfAttemptsAreRejected() throws Exception {
        session.onBatch = batch -> CompletableFuture.failedFuture(problem(Kind.THROTTLED, "DynamoDB is throttling the requests"));

        var report = start(LoadSettings.ADAPTIVE.withMaxInFlight(1).withMaxAttempts(5).withDelays(Duration.ofMillis(100),
                Duration.ofSeconds(1)), items(25)).result().get(1, TimeUnit.SECONDS);

        assertThat(session.batches).hasSize(5);
        assertThat(delays).extracting(Duration::toMillis).containsExactly(50L, 100L, 200L, 400L, 500L);
        assertThat(report.written()).isZero();
        assertThat(report.rejected()).hasSize(25).allSatisfy(r -> assertThat(r.reason())
                .isEqualTo("Not written after 5 attempts: DynamoDB is throttling the requests"));
    }

    @Test
    void adaptive_cancelDuringTheBackoffWait_endsAtOnce_withTheWaitingItemsUnwritten() throws Exception {
        holdDelays = true;
        session.onBatch = batch -> CompletableFuture.failedFuture(problem(Kind.THROTTLED, "DynamoDB is throttling the requests"));
        var job = start(LoadSettings.ADAPTIVE.withMaxInFlight(1), items(25));
        assertThat(pendingDelays).hasSize(1);

        job.cancel();

        var report = job.result().get(1, TimeUnit.SECONDS);
        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.CANCELLED);
        assertThat(report.unwritten()).isEqualTo(25);
        assertThat(session.batches).hasSize(1);
    }
}
