package dev.dynalens.service.transfer;

import java.util.concurrent.CompletableFuture;

/** A running export: its result to come, and a way to stop it. */
public final class ExportHandle {
    private final CompletableFuture<ExportReport> result;
    private final Runnable cancel;

    ExportHandle(CompletableFuture<ExportReport> result, Runnable cancel) {
        this.result = result;
        this.cancel = cancel;
    }

    /**
     * Completes with the report when the export completed or was cancelled; fails with the read's
     * {@link dev.dynalens.domain.connection.DynamoAccessException} or the file's {@link java.io.IOException}
     * (the partial output is deleted either way).
     */
    public CompletableFuture<ExportReport> result() {
        return result;
    }

    /** Aborts the read in flight and writes nothing more; returns at once. */
    public void cancel() {
        cancel.run();
    }
}
