package dev.dynalens.usecase;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.transfer.ImportProgress;
import dev.dynalens.service.transfer.ImportReport;
import dev.dynalens.service.transfer.ImportRequest;
import dev.dynalens.service.transfer.TableImporter;
import dev.dynalens.usecase.support.Jobs;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Import a file into an existing table of one connection ({@link TableImporter}: bad lines and refused items reported
 * with their line, the rest written in batches). The import is confirmed first (read-only refused, production asked),
 * before the file or the table is read, and writes only through the action's {@link WriteGuard}.
 */
public final class ImportFile {
    private final DynamoSession session;
    private final Function<DynamoSession, TableImporter> importers;

    public ImportFile(DynamoSession session) {
        this(session, TableImporter::new);
    }

    /** @param importers makes the importer that writes through the session it is given (the action's guard) */
    public ImportFile(DynamoSession session, Function<DynamoSession, TableImporter> importers) {
        this.session = Objects.requireNonNull(session, "session");
        this.importers = Objects.requireNonNull(importers, "importers");
    }

    /** The connection imported into. */
    public ConnectionProfile connection() {
        return session.profile();
    }

    /**
     * Starts the import; returns at once. The job fails, with nothing read or sent, with a
     * {@link dev.dynalens.domain.connection.ReadOnlyConnectionException} or a
     * {@link dev.dynalens.domain.connection.WriteNotConfirmedException}; otherwise it is the importer's job (see
     * {@link TableImporter#start}).
     *
     * @param confirmer answers for a production-tagged connection
     */
    public Job<ImportProgress, ImportReport> start(ImportRequest request, WriteConfirmer confirmer, Consumer<ImportProgress> progress) {
        Objects.requireNonNull(request, "request");
        var guard = WriteGuard.forAction(session, confirmer);
        var confirmed = guard.confirmWrites(request.tableName(), "an import of " + request.file().getFileName());
        return Jobs.startAfter(confirmed, (ok, listener) -> importers.apply(guard).start(request, listener::accept), progress);
    }
}
