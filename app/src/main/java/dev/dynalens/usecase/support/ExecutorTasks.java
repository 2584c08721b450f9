package dev.dynalens.usecase.support;

import dev.dynalens.domain.staleness.TaskRunner;
import java.util.ArrayList;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntConsumer;

/**
 * The tasks of the domain's passes on an executor (the desktop's workers): each task is submitted at once, and the
 * calling thread waits for all of them, calling {@code waiting} every {@value #TICK_MILLIS} ms so the finish can tell
 * its progress. An interrupted wait is a cancellation; a task's failure is thrown as it was.
 */
public final class ExecutorTasks implements TaskRunner {
    static final long TICK_MILLIS = 100;

    private final Executor workers;

    public ExecutorTasks(Executor workers) {
        this.workers = Objects.requireNonNull(workers, "workers");
    }

    @Override
    public void runAll(int tasks, IntConsumer task, Runnable waiting) {
        var futures = new ArrayList<CompletableFuture<Void>>(tasks);
        for (int t = 0; t < tasks; t++) {
            int number = t;
            futures.add(CompletableFuture.runAsync(() -> task.accept(number), workers));
        }
        var all = CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new));
        while (true) {
            try {
                all.get(TICK_MILLIS, TimeUnit.MILLISECONDS);
                return;
            } catch (TimeoutException e) {
                waiting.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted");
            } catch (ExecutionException e) {
                var cause = e.getCause();
                if (cause instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (cause instanceof Error error) {
                    throw error;
                }
                throw new IllegalStateException(cause);
            }
        }
    }
}
