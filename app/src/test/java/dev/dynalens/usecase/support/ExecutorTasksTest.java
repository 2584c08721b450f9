package dev.dynalens.usecase.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ExecutorTasksTest {
    private ExecutorService threads;

    @BeforeEach
    void start() {
        threads = Executors.newFixedThreadPool(3);
    }

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @Test
    void everyTaskRunsOnce_atTheSameTime_andTheWaitEndsWhenAllHave() {
        var ran = ConcurrentHashMap.<Integer>newKeySet();
        var allStarted = new CountDownLatch(3);

        new ExecutorTasks(threads).runAll(3, t -> {
            allStarted.countDown();
            try {
                // each task waits for the others: only tasks that run at once get past this
                assertThat(allStarted.await(10, TimeUnit.SECONDS)).isTrue();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            ran.add(t);
        }, () -> { });

        assertThat(ran).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void whileTasksRun_waitingIsCalledOnTheCallingThread() {
        var caller = Thread.currentThread();
        var calls = new AtomicInteger();
        var elsewhere = new AtomicReference<Thread>();

        new ExecutorTasks(threads).runAll(1, t -> {
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(350);
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }, () -> {
            calls.incrementAndGet();
            if (Thread.currentThread() != caller) {
                elsewhere.set(Thread.currentThread());
            }
        });

        assertThat(calls.get()).isPositive();
        assertThat(elsewhere.get()).isNull();
    }

    @Test
    void aTasksFailure_isThrownAsItWas() {
        var failure = new IllegalArgumentException("chunk 3 is broken");

        assertThatThrownBy(() -> new ExecutorTasks(threads).runAll(2, t -> {
            if (t == 1) {
                throw failure;
            }
        }, () -> { })).isSameAs(failure);
    }

    @Test
    void anInterruptedWait_isACancellation_andKeepsTheInterrupt() {
        var release = new CountDownLatch(1);
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> new ExecutorTasks(threads).runAll(1, t -> {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, () -> { })).isInstanceOf(CancellationException.class);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
            release.countDown();
        }
    }
}
