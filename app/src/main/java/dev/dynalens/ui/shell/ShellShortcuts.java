package dev.dynalens.ui.shell;

import dev.dynalens.domain.appstate.TableTabView;
import dev.dynalens.ui.common.StatusKind;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.value.ObservableValue;

/**
 * What the keyboard shortcuts decide about the table tab in front (toolkit-free): what to run, commit or copy, or why
 * nothing can be done now, said in the status line. {@link Shell} turns keys into these commands.
 */
public final class ShellShortcuts {
    /** The two ways the copy shortcuts copy the selected item. */
    public enum ItemFormat {
        PLAIN_JSON("JSON"), DYNAMO_JSON("DynamoDB JSON");

        private final String label;

        ItemFormat(String label) {
            this.label = label;
        }
    }

    private final ObservableValue<TableTabViewModel> selected;
    private final ConnectionsViewModel connections;
    private final Consumer<String> clipboard;

    /** @param clipboard receives what the copy shortcuts copy (the system clipboard in the app) */
    ShellShortcuts(ObservableValue<TableTabViewModel> selected, ConnectionsViewModel connections, Consumer<String> clipboard) {
        this.selected = selected;
        this.connections = connections;
        this.clipboard = clipboard;
    }

    private Optional<TableTabViewModel> current() {
        return Optional.ofNullable(selected.getValue());
    }

    /** As {@link #current()}, saying in the status line when no table is open. */
    private Optional<TableTabViewModel> currentOrSay(String what) {
        var tab = current();
        if (tab.isEmpty()) say("Nothing to " + what + ": open a table first.");
        return tab;
    }

    private void say(String message) {
        connections.showMessage(StatusKind.INFO, message);
    }

    /** Ctrl+Enter: runs the Scan or Query of the tab in front, showing it. */
    public void run() {
        current().ifPresent(tab -> {
            tab.viewProperty().set(TableTabView.SCAN_QUERY);
            tab.browser().run();
        });
    }

    /** Ctrl+L: the next page of the tab in front. */
    public void loadMore() {
        current().ifPresent(tab -> tab.browser().loadMore());
    }

    /** Esc: cancels the reads of the tab in front. */
    public void cancelWork() {
        current().ifPresent(TableTabViewModel::cancelWork);
    }

    /** Shows the Scan / Query view of the tab in front, for the shortcuts that act in it (focus the filter, save the query). */
    public Optional<TableTabViewModel> showScanQuery() {
        var tab = current();
        tab.ifPresent(t -> t.viewProperty().set(TableTabView.SCAN_QUERY));
        return tab;
    }

    /**
     * Ctrl+Shift+Enter, as the Commit button: the staged changes of the tab in front, whose Staged view comes to
     * front. The view then commits (asking for the table name on a production connection).
     *
     * @return the tab to commit now; empty when there is nothing to commit, the status line saying why
     */
    public Optional<TableTabViewModel> commitStaged() {
        return currentOrSay("commit").filter(tab -> {
            var staged = tab.staged();
            var table = tab.table();
            if (staged.readOnly()) {
                say("Nothing to commit: the connection of " + table + " is read-only.");
            } else if (staged.committingProperty().get()) {
                say("A commit of " + table + " is already running.");
            } else if (staged.countProperty().get() == 0) {
                say("Nothing staged in " + table + " to commit: edit a cell or an item first.");
            } else {
                tab.viewProperty().set(TableTabView.STAGED);
                say("Committing " + staged.countProperty().get() + " staged change(s) to " + table + "…");
                return true;
            }
            return false;
        });
    }

    /** Ctrl+Shift+C / Ctrl+Shift+D: the item selected in Scan / Query of the tab in front, to the clipboard. */
    public void copySelectedItem(ItemFormat format) {
        currentOrSay("copy").ifPresent(tab -> {
            var browser = tab.browser();
            var text = (format == ItemFormat.PLAIN_JSON ? browser.selectedPlainJsonProperty() : browser.selectedDynamoJsonProperty()).get();
            if (text == null || text.isEmpty()) {
                say("Nothing copied: select an item in Scan / Query first.");
                return;
            }
            clipboard.accept(text);
            say("Copied the selected item as " + format.label + ".");
        });
    }

    /** Ctrl+Shift+G: the Expressions view's UpdateItem for the selected item, in the language copied last. */
    public void copyCode() {
        currentOrSay("copy as code").ifPresent(tab -> {
            var expressions = tab.expressions();
            try {
                var code = expressions.snippetInLastLanguage();
                if (code != null && !code.isEmpty()) clipboard.accept(code);
                say("Copied the " + expressions.codeLanguageProperty().get().name() + " snippet of the update (Expressions tab).");
            } catch (IllegalStateException | IllegalArgumentException e) {
                say("Nothing copied as code: " + e.getMessage());
            }
        });
    }
}
