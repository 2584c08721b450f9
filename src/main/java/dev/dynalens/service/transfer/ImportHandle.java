package dev.dynalens.service.transfer;

import java.util.concurrent.CompletableFuture;

/** A running import: its result to come, and a way to stop it. */
public final class ImportHandle {
    private final CompletableFuture<ImportReport> result;
    private final Runnable cancel;

    ImportHandle(CompletableFuture<ImportReport> result, Runnable cancel) {
        this.result = result;
        this.cancel = cancel;
    }

    /**
     * Completes with the report when the import completed or was cancelled; fails with a
     * {@link dev.dynalens.domain.connection.ReadOnlyConnectionException} on a read-only connection (nothing read or
     * sent), the table's {@link dev.dynalens.domain.connection.DynamoAccessException}, a
     * {@link dev.dynalens.service.load.LoadFailedException} when writing stopped, or the file's {@link java.io.IOException}.
     */
    public CompletableFuture<ImportReport> result() {
        return result;
    }

    /** Stops sending; requests in flight finish, so the written count stays exact. Returns at once. */
    public void cancel() {
        cancel.run();
    }
}
