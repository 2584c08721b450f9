package dev.dynalens.usecase;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.export.ExportSource;
import dev.dynalens.export.ExportStore;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.ExportSources;
import dev.dynalens.service.export.ExportTables;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Open a table of a connection from its exports, as the app's <b>Read from an export…</b> does: a full export, then
 * incremental exports in order, read from a folder or from S3 with the connection's credentials. Opening reads the
 * manifests and the incremental exports' changes, and DescribeTable of the table for its key schema (the export does
 * not carry it), so it runs on {@code executor}, off the caller's thread in the app; the job reports each object as it is
 * read. The opened session answers Scans from the export and sends key-pinned reads to the connection's live table,
 * which stays open when the export is closed.
 *
 * <p>Cancelling ends the job at once; the object being read is finished, the next one is not read, and whatever was
 * opened is closed.
 */
public final class OpenExport {
    private final ExportSources sources;
    private final ConnectionProfile profile;
    private final DynamoSession live;
    private final Executor executor;

    /**
     * @param profile  the connection: its credentials and region read a bucket
     * @param live     the connection's session: DescribeTable and key-pinned reads; not closed with the export
     * @param executor where the opening runs (it blocks while it reads)
     */
    public OpenExport(ExportSources sources, ConnectionProfile profile, DynamoSession live, Executor executor) {
        this.sources = Objects.requireNonNull(sources, "sources");
        this.profile = Objects.requireNonNull(profile, "profile");
        this.live = Objects.requireNonNull(live, "live");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    /**
     * What to open.
     *
     * @param uris       the full export's folder or {@code s3://BUCKET/PREFIX/AWSDynamoDB/ID}, then the incremental
     *                   exports' in order
     * @param s3Endpoint an S3-compatible endpoint, or null for AWS's own
     * @param keys       the key schema and indexes given, or {@link WorkspaceOptions#NONE} for DescribeTable's
     */
    public record Request(List<String> uris, URI s3Endpoint, WorkspaceOptions keys) {
        public Request {
            uris = List.copyOf(uris);
            if (uris.isEmpty()) {
                throw new IllegalArgumentException("Choose an export to read: one of the table's, a folder or an s3:// URI");
            }
            keys = keys == null ? WorkspaceOptions.NONE : keys;
        }
    }

    /** The object being read while the export opens (a manifest, an incremental export's data file), and how many before it. */
    public record Progress(String reading, int objectsRead) {
    }

    /**
     * A table opened from its export.
     *
     * @param session       the export as a read-only session, {@link WriteGuard#protect protected} (a repair's conditional
     *                      writes go to the live table through the guard); closing it leaves the connection open
     * @param table         the table's name, as the session answers DescribeTable and Scan
     * @param exportId      the full export's id
     * @param incrementals  the incremental exports applied onto it
     * @param snapshotTime  the moment the table is as of
     * @param sourceText    "export … (+ N incremental exports) as of …", for a person
     * @param keysFrom      where the key schema came from ("DescribeTable of Orders", "given")
     * @param items         the items the manifests count
     * @param files         the full export's data files
     * @param exportedTable the table the export was made of (from its ARN), when it says and it is not {@code table}
     */
    public record Opened(DynamoSession session, String table, String exportId, int incrementals, Instant snapshotTime,
                         String sourceText, String keysFrom, long items, int files, Optional<String> exportedTable) {
    }

    /** Opens {@code table} from the request's exports; the job's result is the opened table, which the caller closes. */
    public Job<Progress, Opened> open(String table, Request request, Consumer<? super Progress> listener) {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(request, "request");
        var work = new CompletableFuture<Opened>();
        var job = Job.<Progress, Opened>of(work, listener);
        var read = new AtomicInteger();
        ExportSources reporting = (location, connection, endpoint) -> {
            var source = sources.open(location, connection, endpoint);
            return new ExportSource(source.location(), new ReportingStore(source.store(), work,
                    key -> job.report(new Progress(key, read.getAndIncrement()))));
        };
        try {
            executor.execute(() -> {
                if (work.isDone()) {
                    return;
                }
                try {
                    var opened = ExportTables.open(request.uris(), reporting, new ExportTables.ProfileAndEndpoint(profile,
                            request.s3Endpoint()), live, false, request.keys(), table);
                    var session = opened.session();
                    var snapshot = session.snapshot();
                    var full = snapshot.full();
                    var result = new Opened(WriteGuard.protect(session), table, full.exportId(), snapshot.summaries().size() - 1,
                            session.snapshotTime(), session.sourceText(), opened.keysFrom(), snapshot.expectedItems(),
                            snapshot.parts().size(), full.tableName().filter(name -> !name.equals(table)));
                    if (!work.complete(result)) {
                        session.close(); // cancelled meanwhile: nobody will close it
                    }
                } catch (RuntimeException e) {
                    work.completeExceptionally(e);
                }
            });
        } catch (RuntimeException e) {
            work.completeExceptionally(e); // the executor refused the work
        }
        return job;
    }

    /**
     * The store an export is read from, telling each object it opens while the export opens, and refusing to open
     * another once the opening was cancelled; afterwards (the Scans of the opened table) it only passes reads on.
     */
    private record ReportingStore(ExportStore store, CompletableFuture<?> opening, Consumer<String> reading) implements ExportStore {
        @Override
        public InputStream open(String key) throws IOException {
            if (opening.isCancelled()) {
                throw new CancellationException("The export's opening was cancelled");
            }
            if (!opening.isDone()) {
                reading.accept(store.describe(key));
            }
            return store.open(key);
        }

        @Override
        public boolean exists(String key) throws IOException {
            return store.exists(key);
        }

        @Override
        public String describe(String key) {
            return store.describe(key);
        }

        @Override
        public void close() {
            store.close();
        }
    }
}
