package dev.dynalens.domain.staleness;

import java.util.function.IntConsumer;

/**
 * Where the tasks of a pass run. A finish of {@link StaleScan} splits each pass into tasks that take chunks in turn and
 * fill states of their own, whose merge does not depend on which task took which chunk; whoever runs the domain says
 * where those tasks run: the desktop on its worker threads, a single thread (or a Spark partition) one after the other.
 * The domain itself starts no thread and waits on none.
 */
@FunctionalInterface
public interface TaskRunner {
    /** Runs the tasks one after the other on the calling thread. */
    TaskRunner IN_TURN = (tasks, task, waiting) -> {
        for (int t = 0; t < tasks; t++) {
            task.accept(t);
        }
    };

    /**
     * Runs task {@code 0} to {@code tasks - 1}, at once or in turn, and returns when every one has ended.
     *
     * @param waiting called on the calling thread every so often while it waits (a finish tells its progress there)
     * @throws RuntimeException the first failure of a task, as it was thrown; {@link java.util.concurrent.CancellationException}
     *                          when the wait is interrupted
     */
    void runAll(int tasks, IntConsumer task, Runnable waiting);
}
