package dev.dynalens.service.load;

import java.util.concurrent.CompletableFuture;

/** A running load: its result to come, and a way to stop it. */
public final class LoadHandle {
    private final CompletableFuture<LoadReport> result;
    private final Runnable cancel;

    LoadHandle(CompletableFuture<LoadReport> result, Runnable cancel) {
        this.result = result;
        this.cancel = cancel;
    }

    /**
     * Completes with the report when the load completed or was cancelled, or fails with a
     * {@link LoadFailedException} (holding the report) when it could not go on. Cancelling this
     * future cancels the load.
     */
    public CompletableFuture<LoadReport> result() {
        return result;
    }

    /**
     * Stops sending batches and abandons pending retries; requests in flight finish so the count of
     * written items stays exact. Returns at once; {@link #result()} then completes as {@code CANCELLED}.
     */
    public void cancel() {
        cancel.run();
    }
}
