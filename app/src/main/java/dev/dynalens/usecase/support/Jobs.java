package dev.dynalens.usecase.support;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.service.job.Job;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** Job plumbing the use cases share. */
public final class Jobs {
    private Jobs() {
    }

    /**
     * A job whose work starts once {@code first} (a confirmation, a DescribeTable) completed. When {@code first} fails,
     * the job fails with its failure and no work is started. Otherwise the job's progress, result and cancel are those of
     * the job {@code work} starts; a cancel asked before then is passed on as soon as the work started, so the work ends
     * with its own (cancelled) report.
     *
     * @param work starts the work with {@code first}'s value, reporting to the listener it is given
     */
    public static <T, P, R> Job<P, R> startAfter(CompletableFuture<T> first, BiFunction<T, Consumer<P>, Job<P, R>> work,
                                          Consumer<? super P> listener) {
        var job = new Job<P, R>(listener);
        var started = new AtomicReference<Job<P, R>>();
        job.onCancel(() -> {
            var inner = started.get();
            if (inner != null) {
                inner.cancel();
            }
        });
        first.whenComplete((value, failure) -> {
            if (failure != null) {
                job.result().completeExceptionally(Problems.unwrap(failure));
                return;
            }
            Job<P, R> inner;
            try {
                inner = work.apply(value, job::report);
            } catch (RuntimeException e) {
                job.result().completeExceptionally(e);
                return;
            }
            started.set(inner);
            if (job.cancelRequested()) {
                inner.cancel();
            }
            inner.result().whenComplete((result, error) -> {
                if (error != null) {
                    job.result().completeExceptionally(Problems.unwrap(error));
                } else {
                    job.result().complete(result);
                }
            });
        });
        return job;
    }

    /** A session call that throws instead of failing its future still ends up in the future. */
    public static <T> CompletableFuture<T> call(Supplier<CompletableFuture<T>> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
