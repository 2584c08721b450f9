package dev.dynalens.spark;

import dev.dynalens.export.ExportLocation;
import dev.dynalens.export.ExportSnapshot;
import dev.dynalens.export.ExportSource;
import dev.dynalens.export.s3.S3ExportStore;
import java.io.Serializable;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;

/**
 * Where a table's exports are and how to reach them: what a task needs to open the same snapshot on its own machine.
 * A snapshot is opened once per JVM ({@link #snapshot()}: its manifests and the incremental exports' changes read once)
 * and its parts read by the tasks that run there. S3 is signed with the default credentials chain (the job's role on
 * EMR, the instance's or the environment's elsewhere).
 *
 * @param uris       the exports, the full one first
 * @param s3Endpoint an S3-compatible endpoint, or null for AWS's
 * @param region     the buckets' region
 */
record ExportAccess(List<String> uris, String s3Endpoint, String region) implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Objects read at once from one store in a JVM: an executor's tasks and the manifests. */
    private static final int CONCURRENCY = 16;
    private static final Map<ExportAccess, ExportSnapshot> OPEN = new ConcurrentHashMap<>();

    ExportAccess {
        uris = List.copyOf(uris);
    }

    /** The snapshot, opened in this JVM on first use. */
    ExportSnapshot snapshot() {
        return OPEN.computeIfAbsent(this, ExportAccess::open);
    }

    private ExportSnapshot open() {
        var sources = new ArrayList<ExportSource>();
        try {
            for (var uri : uris) {
                var location = ExportLocation.parse(uri);
                sources.add(location.isS3()
                        ? new ExportSource(location, S3ExportStore.open(location.bucket(), location.root(), region,
                        s3Endpoint == null ? null : URI.create(s3Endpoint), DefaultCredentialsProvider.builder().build(), CONCURRENCY))
                        : ExportSource.local(location));
            }
            return ExportSnapshot.open(sources);
        } catch (RuntimeException e) {
            sources.forEach(source -> source.store().close());
            throw e;
        }
    }

    /** Closes every snapshot this JVM opened (the driver's at the end; in local mode the tasks' too). */
    static void closeAll() {
        for (var access : List.copyOf(OPEN.keySet())) {
            var snapshot = OPEN.remove(access);
            if (snapshot != null) {
                snapshot.close();
            }
        }
    }
}
