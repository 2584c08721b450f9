package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.ScanEstimate;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import java.util.Objects;

/**
 * One read of all of a table, or of one of its indexes, said before it is sent: what it costs (one sequential Scan, from
 * DescribeTable's size: {@link ScanEstimate}) and whether it waits for the person's yes. On a connection tagged
 * production every whole-table read asks first: the app in a bar, the commands with {@code --confirm-read}; a read
 * started unconfirmed there is refused with a {@link ReadNotConfirmedException}, nothing read.
 *
 * @param indexName  the index read; null for the table
 * @param production the connection is tagged production: the read needs the person's confirmation
 * @param confirmed  the person confirmed the read
 */
public record WholeTableRead(String tableName, String indexName, ScanEstimate estimate, boolean production, boolean confirmed) {
    public WholeTableRead {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(estimate, "estimate");
    }

    /**
     * Whether a whole-table read on {@code session}'s connection asks first: on a connection tagged production it does,
     * so a command that would otherwise send no DescribeTable needs one there to say what the read costs.
     */
    public static boolean asksFirst(DynamoSession session) {
        return session.profile().tag().isProduction();
    }

    /** A read of every item of {@code table} on {@code session}'s connection, not confirmed yet. */
    public static WholeTableRead of(DynamoSession session, TableDescription table) {
        return of(session, table, null);
    }

    /**
     * A read of every item of {@code table}'s index {@code indexName} (null: of the table), not confirmed yet: its cost
     * from the index's own size where DescribeTable gives one, unknown otherwise.
     */
    public static WholeTableRead of(DynamoSession session, TableDescription table, String indexName) {
        long bytes = table.sizeBytes();
        long items = table.itemCount();
        if (indexName != null) {
            var index = table.index(indexName);
            bytes = index.map(i -> i.sizeBytes() == null ? 0L : i.sizeBytes()).orElse(0L);
            items = index.map(i -> i.itemCount() == null ? 0L : i.itemCount()).orElse(0L);
        }
        return new WholeTableRead(table.name(), indexName, ScanEstimate.of(bytes, items, 1), asksFirst(session), false);
    }

    /** The same read, confirmed by the person (the app's bar, {@code --confirm-read}). */
    public WholeTableRead confirm() {
        return new WholeTableRead(tableName, indexName, estimate, production, true);
    }

    /** Whether the read waits for the person: a production table, not confirmed. */
    public boolean needsConfirmation() {
        return production && !confirmed;
    }

    /** Refuses the read while it {@linkplain #needsConfirmation needs confirmation}: before anything is read. */
    public void requireConfirmed() {
        if (needsConfirmation()) {
            throw new ReadNotConfirmedException(what(), estimate);
        }
    }

    /** "Reads Blog once: about 12 read units (…), 3 requests", or "Reads index GSI1 of Blog once: …". */
    public String text() {
        return "Reads " + what() + " once: " + estimate.text();
    }

    private String what() {
        return indexName == null ? tableName : "index " + indexName + " of " + tableName;
    }
}
