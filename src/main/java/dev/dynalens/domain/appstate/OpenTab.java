package dev.dynalens.domain.appstate;

import java.util.Objects;

/**
 * A table tab as it was when the app closed: which connection and table, which of its inner views was showing, and
 * the browser's form.
 *
 * @param view the title of the inner tab that was selected ("Scan / Query"); empty for the first
 */
public record OpenTab(String connectionId, String table, String view, BrowserForm form) {
    public OpenTab {
        Objects.requireNonNull(connectionId, "connectionId");
        Objects.requireNonNull(table, "table");
        view = view == null ? "" : view;
        form = form == null ? BrowserForm.DEFAULT : form;
    }
}
