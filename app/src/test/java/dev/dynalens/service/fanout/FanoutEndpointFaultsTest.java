package dev.dynalens.service.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.staleness.RepairOutcome;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RepairStep;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16: a fan-out whose endpoint dies used to try every step ten times and go on at a few steps a second. It now
 * stops after ten failures in a row that say the endpoint is gone, with its journal intact, and a resumed run finishes.
 */
class FanoutEndpointFaultsTest {
    @TempDir
    Path dir;

    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("local", URI.create("http://127.0.0.1:9")));
    private final AtomicBoolean endpointUp = new AtomicBoolean(true);
    private final AtomicInteger applied = new AtomicInteger();

    private static RepairPlan plan(int steps) {
        var list = new ArrayList<RepairStep>();
        for (int i = 0; i < steps; i++) {
            list.add(new RepairStep(Map.of("PK", AttributeValue.s("POST#" + i)), AttributePath.of("authorName"), AttributeValue.s("Ann"),
                    AttributeValue.s("Ann Lee"), "POST.authorName=USER.name@authorId"));
        }
        return new RepairPlan("Blog", list, java.util.List.of());
    }

    private FanoutReport run(RepairPlan plan, Map<Integer, JournalEntry> before, FanoutJournal journal) throws Exception {
        var runner = new FanoutRunner(session, FanoutSettings.DEFAULTS.withMaxConcurrency(4), Runnable::run,
                delay -> CompletableFuture.completedFuture(null), () -> 0.5, System::nanoTime);
        return runner.start(plan, before, journal, p -> { }).result().get(5, TimeUnit.SECONDS);
    }

    @Test
    void anEndpointThatDies_stopsTheRunAfterTenFailuresInARow_withTheJournalIntact_andAResumedRunFinishes() throws Exception {
        session.writer = write -> {
            if (!endpointUp.get()) {
                return CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(Kind.ENDPOINT_UNREACHABLE,
                        "Cannot reach http://127.0.0.1:9: connection refused. Is the endpoint running?", null), null));
            }
            if (applied.incrementAndGet() == 20) {
                endpointUp.set(false);
            }
            return CompletableFuture.completedFuture(new WriteResult(WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED));
        };
        var plan = plan(30_000);
        var file = dir.resolve("fix.jsonl");

        var first = run(plan, Map.of(), FanoutJournal.create(file, plan));

        assertThat(first.fatal()).isNotNull();
        assertThat(first.fatal().problem().kind()).isEqualTo(Kind.ENDPOINT_UNREACHABLE);
        assertThat(first.fatal()).hasMessage("the last 10 requests failed, so the endpoint seems to be gone (Cannot reach"
                + " http://127.0.0.1:9: connection refused. Is the endpoint running?). The journal " + file + " keeps every step"
                + " done: apply the repair again with it to resume (nothing done is sent twice)");
        assertThat(first.counts().updated()).isEqualTo(20);
        assertThat(session.writes).as("a few attempts, not ten per step of 30,000").hasSizeLessThan(40);
        assertThat(first.pending()).isGreaterThan(29_900);

        endpointUp.set(true);
        var state = FanoutJournal.read(file).orElseThrow();
        assertThat(state.outcomes().values()).extracting(JournalEntry::outcome).filteredOn(o -> o == RepairOutcome.UPDATED).hasSize(20);
        var second = run(state.plan(), state.outcomes(), FanoutJournal.append(file));

        assertThat(second.fatal()).isNull();
        assertThat(second.complete()).isTrue();
        assertThat(second.counts().updated()).isEqualTo(30_000);
        assertThat(applied).hasValue(30_000);
    }
}
