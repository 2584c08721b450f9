package dev.dynalens.service.job;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A piece of long work that was started: its progress as it goes, its result to come, and a way to stop it. Every
 * long-running use case and engine (load, import, export, fan-out, detection, paging) hands out one.
 *
 * <p>The side that does the work creates the job with the listener it was given, calls {@link #report} (one call at a
 * time: from its serial lane), registers what cancelling means with {@link #onCancel}, and completes {@link #result()}.
 * The side that started it reads {@link #result()}, calls {@link #cancel()}, and may look at {@link #progress()}.
 *
 * <pre>{@code
 * var job = new Job<LoadProgress, LoadReport>(listener);
 * var run = new LoadRun(..., job);
 * job.onCancel(run::cancel);
 * run.start();
 * return job;
 * }</pre>
 *
 * @param <P> the progress reported as the work goes
 * @param <R> the result
 */
public final class Job<P, R> {
    private final CompletableFuture<R> result = new CompletableFuture<>();
    private final Consumer<? super P> listener;
    private final AtomicBoolean cancelRequested = new AtomicBoolean();
    private volatile Runnable onCancel;
    private volatile P latest;
    /** For a job made by {@link #map}: the job whose progress this one shows. */
    private volatile Job<P, ?> progressSource;

    /** @param listener told of every progress report, in order, one call at a time; hand off to a UI thread there */
    public Job(Consumer<? super P> listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        result.whenComplete((value, failure) -> {
            if (result.isCancelled()) {
                cancel();
            }
        });
    }

    /** A job with no progress to report. */
    public static <P, R> Job<P, R> silent() {
        return new Job<>(progress -> { });
    }

    /** A job that failed before it started: nothing was done. */
    public static <P, R> Job<P, R> failed(Throwable failure) {
        var job = Job.<P, R>silent();
        job.result.completeExceptionally(failure);
        return job;
    }

    /** A job that is already done. */
    public static <P, R> Job<P, R> completed(R value) {
        var job = Job.<P, R>silent();
        job.result.complete(value);
        return job;
    }

    /**
     * Adopts a future that does the work: its result is this job's, and cancelling the job cancels it (which aborts a
     * request in flight).
     */
    public static <P, R> Job<P, R> of(CompletableFuture<R> work, Consumer<? super P> listener) {
        var job = new Job<P, R>(listener);
        job.onCancel(() -> work.cancel(true));
        work.whenComplete((value, failure) -> {
            if (failure != null) {
                job.result.completeExceptionally(failure);
            } else {
                job.result.complete(value);
            }
        });
        return job;
    }

    // ---- the side that does the work ----

    /** Records and passes on a progress report; called one at a time, in order. */
    public void report(P progress) {
        latest = progress;
        listener.accept(progress);
    }

    /**
     * What {@link #cancel()} does: stop sending, let requests in flight finish, complete the result. When cancel was
     * asked before this call, {@code action} runs at once.
     */
    public void onCancel(Runnable action) {
        onCancel = Objects.requireNonNull(action, "action");
        if (cancelRequested.get()) {
            action.run();
        }
    }

    /** Whether {@link #cancel()} was asked (the work checks it between steps where it has no lane of its own). */
    public boolean cancelRequested() {
        return cancelRequested.get();
    }

    // ---- the side that started it ----

    /**
     * Completes with the result (also for a cancelled run that has a partial result to report), or fails with what
     * stopped the work. Cancelling this future cancels the job.
     */
    public CompletableFuture<R> result() {
        return result;
    }

    /** Asks the work to stop; returns at once. Later calls do nothing. */
    public void cancel() {
        if (cancelRequested.compareAndSet(false, true)) {
            var action = onCancel;
            if (action != null) {
                action.run();
            }
        }
    }

    /** The latest progress reported, if any. */
    public Optional<P> progress() {
        var source = progressSource;
        return source != null ? source.progress() : Optional.ofNullable(latest);
    }

    /**
     * This job seen through a function of its result: same progress and cancel. For use cases that build their result
     * from an engine's.
     */
    public <T> Job<P, T> map(Function<? super R, ? extends T> function) {
        var mapped = new Job<P, T>(progress -> { });
        mapped.progressSource = this;
        mapped.onCancel(this::cancel);
        result.whenComplete((value, failure) -> {
            if (failure != null) {
                mapped.result.completeExceptionally(failure);
                return;
            }
            try {
                mapped.result.complete(function.apply(value));
            } catch (RuntimeException e) {
                mapped.result.completeExceptionally(e);
            }
        });
        return mapped;
    }
}
