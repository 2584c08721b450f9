package dev.dynalens.service.guard;

import dev.dynalens.domain.connection.ConnectionProfile;
import java.util.Objects;

/**
 * A write about to be sent, as the person is asked about it: "Import shop.jsonl into Orders on 'prod'".
 *
 * @param connection the connection written through
 * @param tableName  the table written into
 * @param action     what writes, in words ("import", "commit of 3 staged changes", "UpdateItem")
 */
public record WriteIntent(ConnectionProfile connection, String tableName, String action) {
    public WriteIntent {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(action, "action");
    }
}
