package dev.dynalens.domain.appstate;

import java.util.Objects;

/**
 * A table tab as it was when the app closed: which connection and table, which of its inner views was showing, and
 * the browser's form.
 *
 * @param view the inner view that was selected; null means the first ({@link TableTabView#FIRST})
 */
public record OpenTab(String connectionId, String table, TableTabView view, BrowserForm form) {
    public OpenTab {
        Objects.requireNonNull(connectionId, "connectionId");
        Objects.requireNonNull(table, "table");
        view = view == null ? TableTabView.FIRST : view;
        form = form == null ? BrowserForm.DEFAULT : form;
    }

    public TableTabId id() {
        return new TableTabId(connectionId, table);
    }
}
