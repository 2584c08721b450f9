package dev.dynalens.domain.staleness;

import java.util.ArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/** The tasks of a pass on real threads, so the tests see states filled at once and merged (the app runs them likewise). */
final class ThreadTasks implements TaskRunner {
    private final ExecutorService threads;

    ThreadTasks(ExecutorService threads) {
        this.threads = threads;
    }

    @Override
    public void runAll(int tasks, IntConsumer task, Runnable waiting) {
        var futures = new ArrayList<Future<?>>(tasks);
        for (int t = 0; t < tasks; t++) {
            int number = t;
            futures.add(threads.submit(() -> task.accept(number)));
        }
        for (var future : futures) {
            try {
                future.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException runtime) {
                    throw runtime;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }
}
