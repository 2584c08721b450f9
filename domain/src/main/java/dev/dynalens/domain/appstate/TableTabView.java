package dev.dynalens.domain.appstate;

import java.util.Arrays;
import java.util.Optional;

/**
 * The inner views of a table tab, in the order the tab shows them. A view is saved and matched by its {@link #id()},
 * which never changes; its {@link #title()} is only what the tab strip shows, so it can be reworded without losing
 * anyone's saved tabs.
 */
public enum TableTabView {
    COLLECTIONS("collections", "Collections"),
    SCAN_QUERY("scan-query", "Scan / Query"),
    STALE_COPIES("stale-copies", "Stale copies"),
    SIZE_AND_COST("size-and-cost", "Size & cost"),
    EXPRESSIONS("expressions", "Expressions"),
    STAGED("staged", "Staged"),
    SQL("sql", "SQL");

    /** The view a new tab shows, and the one a saved tab comes back to when its view is not known. */
    public static final TableTabView FIRST = COLLECTIONS;

    private final String id;
    private final String title;

    TableTabView(String id, String title) {
        this.id = id;
        this.title = title;
    }

    /** The stable name written to {@code open-tabs.json}. */
    public String id() {
        return id;
    }

    /** What the tab strip shows ("Scan / Query"); the staged view adds its count to it. */
    public String title() {
        return title;
    }

    public static Optional<TableTabView> fromId(String id) {
        return Arrays.stream(values()).filter(view -> view.id.equals(id)).findFirst();
    }
}
