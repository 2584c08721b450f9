package dev.dynalens.domain.history;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * One request the app sent: what, where, what it cost and how it ended. It names the connection, never its
 * credentials (a connection profile has no field for a secret).
 *
 * @param index        index name, or null for the base table (or an operation without one)
 * @param condition    the key condition or key as the request carried it ("PK = \"A\""), empty when there is none
 * @param capacity     consumed capacity units as the endpoint reported them; null when it reported none
 * @param itemCount    items returned or written; null for operations that return none
 * @param error        empty when the request succeeded, else what went wrong
 */
public record RequestRecord(Instant time, String connectionId, String connectionName, String operation, String table,
                            String index, String condition, Double capacity, Integer itemCount, long durationMillis,
                            String error) {
    public RequestRecord {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(operation, "operation");
        connectionId = connectionId == null ? "" : connectionId;
        connectionName = connectionName == null ? "" : connectionName;
        table = table == null ? "" : table;
        condition = condition == null ? "" : condition;
        error = error == null ? "" : error;
    }

    public boolean failed() {
        return !error.isEmpty();
    }

    /**
     * Whether every word of {@code query} occurs (ignoring case) in the operation, connection, table, index,
     * condition or error: "query orders" finds the Queries on Orders.
     */
    public boolean matches(String query) {
        if (query == null || query.isBlank()) {
            return true;
        }
        var haystack = String.join("\n", operation, connectionName, table, index == null ? "" : index, condition, error)
                .toLowerCase(Locale.ROOT);
        for (var word : query.toLowerCase(Locale.ROOT).strip().split("\\s+")) {
            if (!haystack.contains(word)) {
                return false;
            }
        }
        return true;
    }
}
