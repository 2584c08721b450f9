package dev.dynalens.ui.shell;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.appstate.OpenTab;
import dev.dynalens.domain.appstate.TableTabView;
import dev.dynalens.service.AppStateStore;
import dev.dynalens.ui.browser.BrowserForms;
import dev.dynalens.ui.browser.TableBrowserViewModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The open table tabs, in order, with what each shows, so they come back after a restart. A tab is written with its
 * connection id, table, the inner view that was selected and the browser's form; it is reopened only while its
 * connection still exists (a removed connection's tabs are dropped and counted).
 */
public final class OpenTabsViewModel {
    private final AppStateStore store;
    private final ObservableList<Tracked> tabs = FXCollections.observableArrayList();
    // Kept: a read-only view listens to the list weakly, so one made per call could drop its listeners.
    private final ObservableList<Tracked> tabsView = FXCollections.unmodifiableObservableList(tabs);
    private final IntegerProperty selected = new SimpleIntegerProperty(-1);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private int restoredSelection = -1;

    public OpenTabsViewModel(AppStateStore store) {
        this.store = store;
    }

    /** An open tab: the browser is read when the tabs are saved, so its latest form is what comes back. */
    public static final class Tracked {
        private final String connectionId;
        private final String table;
        private final TableBrowserViewModel browser;
        private final ObjectProperty<TableTabView> view = new SimpleObjectProperty<>(TableTabView.FIRST);

        private Tracked(String connectionId, String table, TableBrowserViewModel browser) {
            this.connectionId = connectionId;
            this.table = table;
            this.browser = browser;
        }

        /** The inner view showing; null is saved as the first. */
        public ObjectProperty<TableTabView> viewProperty() { return view; }
        public String connectionId() { return connectionId; }
        public String table() { return table; }

        OpenTab snapshot() {
            return new OpenTab(connectionId, table, view.get(), BrowserForms.capture(browser));
        }
    }

    public Tracked track(String connectionId, String table, TableBrowserViewModel browser) {
        var tracked = new Tracked(connectionId, table, browser);
        tabs.add(tracked);
        return tracked;
    }

    public void untrack(Tracked tracked) {
        tabs.remove(tracked);
    }

    public ObservableList<Tracked> tabs() { return tabsView; }

    /** Position of the tab that is showing, among the tracked ones; -1 for none. */
    public IntegerProperty selectedProperty() { return selected; }

    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    public List<OpenTab> snapshot() {
        return tabs.stream().map(Tracked::snapshot).toList();
    }

    /** Writes the tabs; a failure is reported in the status, never thrown (closing the app must not fail). */
    public boolean save() {
        try {
            var position = selected.get();
            store.saveOpenTabs(snapshot(), position >= 0 && position < tabs.size() ? position : -1);
            return true;
        } catch (RuntimeException e) {
            status.set("The open tabs could not be saved: " + Problems.describe(e));
            return false;
        }
    }

    /**
     * The saved tabs whose connection is among {@code existing}, in their saved order. Afterwards
     * {@link #restoredSelection()} is the position among these of the tab that was showing.
     */
    public List<OpenTab> toRestore(List<ConnectionProfile> existing) {
        return toRestore(existing, id -> false);
    }

    /**
     * As {@link #toRestore(List)}, also keeping tabs whose connection is not in the list but can be reopened (a
     * workspace file that still exists).
     */
    public List<OpenTab> toRestore(List<ConnectionProfile> existing, java.util.function.Predicate<String> reopenable) {
        var loaded = store.loadOpenTabs();
        var ids = new HashSet<String>();
        existing.forEach(profile -> ids.add(profile.id()));
        var kept = new ArrayList<OpenTab>();
        restoredSelection = -1;
        for (int i = 0; i < loaded.tabs().size(); i++) {
            var tab = loaded.tabs().get(i);
            if (ids.contains(tab.connectionId()) || reopenable.test(tab.connectionId())) {
                if (i == loaded.selected()) restoredSelection = kept.size();
                kept.add(tab);
            }
        }
        var dropped = loaded.tabs().size() - kept.size();
        var messages = new ArrayList<String>();
        loaded.problem().ifPresent(messages::add);
        if (dropped > 0) messages.add(dropped + " tab(s) were not reopened: their connection no longer exists (or their file is gone).");
        status.set(String.join(" ", messages));
        return kept;
    }

    public int restoredSelection() {
        return restoredSelection;
    }

    /** Puts a restored tab's form into its new browser and remembers its view. */
    public static void restoreInto(OpenTab saved, Tracked tracked, TableBrowserViewModel browser) {
        BrowserForms.apply(saved.form(), browser);
        tracked.viewProperty().set(saved.view());
        var index = saved.form().indexName();
        if (index != null && !browser.indexChoices().contains(index)) {
            // The index picker offers the table's indexes once its description arrives, and a choice it does not offer
            // yet is dropped then: choose the saved index again when it is offered.
            browser.indexChoices().addListener(new javafx.collections.ListChangeListener<String>() {
                @Override
                public void onChanged(Change<? extends String> change) {
                    if (browser.indexChoices().contains(index)) {
                        browser.indexChoices().removeListener(this);
                        browser.indexProperty().set(index);
                    }
                }
            });
        }
    }
}
