package dev.dynalens.service.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class JobTest {

    @Test
    void progress_reachesTheListenerInOrder_andTheLatestIsKept() {
        var seen = new ArrayList<Integer>();
        var job = new Job<Integer, String>(seen::add);
        assertThat(job.progress()).isEmpty();

        job.report(1);
        job.report(2);

        assertThat(seen).containsExactly(1, 2);
        assertThat(job.progress()).contains(2);
    }

    @Test
    void cancel_runsTheWorksCancelOnce_evenWhenAskedBeforeTheWorkRegisteredIt() {
        var cancels = new AtomicInteger();
        var job = Job.<Integer, String>silent();
        job.cancel();
        assertThat(job.cancelRequested()).isTrue();

        job.onCancel(cancels::incrementAndGet);
        job.cancel();

        assertThat(cancels).hasValue(1);
    }

    @Test
    void cancellingTheResultFuture_cancelsTheJob() {
        var cancels = new AtomicInteger();
        var job = Job.<Integer, String>silent();
        job.onCancel(cancels::incrementAndGet);

        job.result().cancel(true);

        assertThat(cancels).hasValue(1);
    }

    @Test
    void aMappedJob_hasTheSameProgressAndCancel_andItsOwnResult() {
        var cancels = new AtomicInteger();
        var job = Job.<Integer, String>silent();
        job.onCancel(cancels::incrementAndGet);
        var mapped = job.map(String::length);

        job.report(7);
        mapped.cancel();
        job.result().complete("four");

        assertThat(mapped.progress()).contains(7);
        assertThat(cancels).hasValue(1);
        assertThat(mapped.result()).isCompletedWithValue(4);
    }

    @Test
    void aMappingThatThrows_failsTheMappedResult() {
        var job = Job.<Integer, String>silent();
        var mapped = job.map(text -> Integer.parseInt(text));

        job.result().complete("not a number");

        assertThat(mapped.result()).isCompletedExceptionally();
    }

    @Test
    void failedAndCompletedJobs_areDoneAtOnce() {
        assertThat(Job.<Integer, String>failed(new IllegalStateException("refused")).result()).isCompletedExceptionally();
        assertThat(Job.<Integer, String>completed("done").result()).isCompletedWithValue("done");
    }
}
