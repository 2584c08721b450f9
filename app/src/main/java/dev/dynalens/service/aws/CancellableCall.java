package dev.dynalens.service.aws;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The future a session hands out. Cancelling it cancels every SDK future it tracks, which aborts the HTTP
 * request. Needed because a stage made by {@code thenApply} or {@code thenCompose} does not pass a
 * cancellation back to the future it was made from.
 */
final class CancellableCall<T> extends CompletableFuture<T> {
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();

    /** Tracks an SDK future until it completes; one started after this call was cancelled is cancelled at once. */
    <U> CompletableFuture<U> track(CompletableFuture<U> sdkFuture) {
        inFlight.add(sdkFuture);
        sdkFuture.whenComplete((value, error) -> inFlight.remove(sdkFuture));
        if (isCancelled()) {
            sdkFuture.cancel(true);
        }
        return sdkFuture;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        var cancelled = super.cancel(mayInterruptIfRunning);
        for (var future : inFlight) {
            future.cancel(mayInterruptIfRunning);
        }
        return cancelled;
    }

    /** Stages derived from this call are plain futures: cancelling them does not reach the request. */
    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new CompletableFuture<>();
    }

    int inFlightCount() {
        return inFlight.size();
    }
}
