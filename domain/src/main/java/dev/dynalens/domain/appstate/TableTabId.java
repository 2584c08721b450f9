package dev.dynalens.domain.appstate;

import java.util.Objects;

/**
 * Which table tab this is: a table of a connection. The shell has at most one tab per identity, and a saved tab is
 * matched to its reopened tab by it, never by the tab's title (which is for people and holds the connection's name).
 */
public record TableTabId(String connectionId, String table) {
    public TableTabId {
        Objects.requireNonNull(connectionId, "connectionId");
        Objects.requireNonNull(table, "table");
    }
}
