package dev.dynalens.service.export;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.workspace.KeyGuess;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.export.ExportLocation;
import dev.dynalens.export.ExportSnapshot;
import dev.dynalens.export.ExportSource;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.ExportSources;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

/**
 * Opens a table from its exports: the snapshot (a full export, then incremental exports in order) and the key schema
 * the export does not carry, taken from what is given ({@code --key-schema}, {@code --gsi}), else from DescribeTable of
 * the export's table where the connection reaches it, else guessed from the first items' attribute names as for a file.
 */
public final class ExportTables {
    /** Items read to guess a key schema. */
    static final int GUESS_ITEMS = 1_000;

    private ExportTables() {
    }

    /** A table opened from its export, and where its key schema came from, for a person. */
    public record Opened(ExportSession session, String keysFrom) {
    }

    /**
     * @param profile the connection (credentials and region for S3; null: the default chain)
     * @param live    a session on that connection, for DescribeTable and key-pinned reads; null for none
     * @param ownsLive whether the opened session closes {@code live} (it is closed here when opening fails)
     * @param keys    the key schema and indexes given, or {@link WorkspaceOptions#NONE}
     * @param table   the table's name to use, or null for the export's own (from its table ARN)
     * @throws dev.dynalens.export.ExportReadException when an export cannot be read as it is
     * @throws IllegalArgumentException                when a location cannot be opened or the key schema cannot be told
     */
    public static Opened open(List<String> uris, ExportSources sources, ProfileAndEndpoint access, DynamoSession live,
                              boolean ownsLive, WorkspaceOptions keys, String table) {
        var opened = new ArrayList<ExportSource>();
        ExportSnapshot snapshot;
        try {
            for (var uri : uris) {
                opened.add(sources.open(ExportLocation.parse(uri), access.profile(), access.s3Endpoint()));
            }
            snapshot = ExportSnapshot.open(opened);
        } catch (RuntimeException e) {
            opened.forEach(source -> source.store().close());
            if (ownsLive && live != null) {
                live.close();
            }
            throw e;
        }
        try {
            var name = table != null ? table : snapshot.full().tableName().orElse(snapshot.full().exportId());
            var described = describe(snapshot, name, live, keys);
            return new Opened(new ExportSession(snapshot, described.table(), live, ownsLive), described.from());
        } catch (RuntimeException e) {
            snapshot.close();
            if (ownsLive && live != null) {
                live.close();
            }
            throw e;
        }
    }

    /** Where the S3 objects are read with which credentials. */
    public record ProfileAndEndpoint(ConnectionProfile profile, URI s3Endpoint) {
    }

    private record Described(TableDescription table, String from) {
    }

    private static Described describe(ExportSnapshot snapshot, String name, DynamoSession live, WorkspaceOptions keys) {
        var full = snapshot.full();
        if (keys.keySchema() != null) {
            var sample = snapshot.firstItems(GUESS_ITEMS);
            var schema = keys.keySchema().schemaFor(sample);
            var indexes = keys.indexes().stream().map(i -> gsi(i.name(), i.keys().schemaFor(sample))).toList();
            return new Described(table(name, schema, indexes, List.of(), snapshot), "given");
        }
        if (live != null) {
            try {
                var described = live.describeTable(name).join();
                return new Described(table(name, described.keySchema(), described.globalSecondaryIndexes(), described.localSecondaryIndexes(),
                        snapshot), "DescribeTable of " + name);
            } catch (CompletionException e) {
                throw new IllegalArgumentException("The export's key schema is not in it, and DescribeTable of " + name + " failed ("
                        + (e.getCause() == null ? e.getMessage() : e.getCause().getMessage()) + "): give --key-schema PK[,SK] (and --gsi)");
            }
        }
        var guess = KeyGuess.guess(snapshot.firstItems(GUESS_ITEMS));
        if (guess.isEmpty()) {
            throw new IllegalArgumentException("The export " + full.exportId() + " does not carry its key schema, no connection reaches "
                    + name + ", and no attribute named like PK, pk or id is on every item: give --key-schema PK[,SK] (and --gsi)");
        }
        return new Described(table(name, guess.get().keys(), guess.get().indexes(), List.of(), snapshot),
                "guessed from the attribute names");
    }

    private static TableDescription table(String name, KeySchema keys, List<IndexDescription> gsis, List<IndexDescription> lsis,
                                          ExportSnapshot snapshot) {
        return new TableDescription(name, keys, gsis, lsis, snapshot.expectedItems(), snapshot.full().billedSizeBytes(),
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    }

    private static IndexDescription gsi(String name, KeySchema keys) {
        return new IndexDescription(name, IndexDescription.Kind.GLOBAL, keys, IndexDescription.Projection.ALL, List.of(), null, null, null);
    }
}
