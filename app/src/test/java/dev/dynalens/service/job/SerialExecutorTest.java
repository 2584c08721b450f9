package dev.dynalens.service.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SerialExecutorTest {

    @Test
    void aTaskSubmittedByARunningTask_runsAfterIt_notInsideIt_evenOnTheCallingThread() {
        var lane = new SerialExecutor(Runnable::run);
        var log = new ArrayList<String>();

        lane.execute(() -> {
            log.add("first starts");
            lane.execute(() -> log.add("second"));
            log.add("first ends");
        });

        assertThat(log).containsExactly("first starts", "first ends", "second");
    }

    @Test
    void tasksFromManyThreads_runOneAtATime_inTheOrderTheyArrived() throws Exception {
        try (var pool = Executors.newFixedThreadPool(4)) {
            var lane = new SerialExecutor(pool);
            var running = new AtomicInteger();
            var overlaps = new AtomicInteger();
            var order = new ArrayList<Integer>();
            var done = new CountDownLatch(2000);
            try (var submitters = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int t = 0; t < 4; t++) {
                    int thread = t;
                    submitters.execute(() -> {
                        for (int i = 0; i < 500; i++) {
                            int n = thread * 500 + i;
                            lane.execute(() -> {
                                if (running.incrementAndGet() > 1) {
                                    overlaps.incrementAndGet();
                                }
                                order.add(n);
                                running.decrementAndGet();
                                done.countDown();
                            });
                        }
                    });
                }
            }
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(overlaps).hasValue(0);
            assertThat(order).hasSize(2000);
            for (int t = 0; t < 4; t++) {
                int thread = t;
                List<Integer> fromThread = order.stream().filter(n -> n / 500 == thread).toList();
                assertThat(fromThread).isSorted();
            }
        }
    }
}
