package dev.dynalens.ui.browser;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.appstate.SavedQuery;
import dev.dynalens.service.AppStateStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * Every saved query of every table, kept in the config folder; {@link #forTable} gives one table browser its own list
 * and commands. One instance per app, so tabs never overwrite each other's saves.
 */
public final class SavedQueriesViewModel {
    private final AppStateStore store;
    private final ObservableList<SavedQuery> all = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");

    public SavedQueriesViewModel(AppStateStore store) {
        this.store = store;
    }

    public void load() {
        var loaded = store.loadSavedQueries();
        all.setAll(loaded.queries());
        status.set(loaded.problem().orElse(""));
    }

    public ObservableList<SavedQuery> all() { return FXCollections.unmodifiableObservableList(all); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    private boolean persist(String done) {
        try {
            store.saveSavedQueries(all);
            status.set(done);
            return true;
        } catch (RuntimeException e) {
            status.set(done + " for this session only: saving failed: " + Problems.describe(e));
            return false;
        }
    }

    public ForTable forTable(String connectionId, TableBrowserViewModel browser) {
        return new ForTable(connectionId, browser);
    }

    /** The saved queries of one table of one connection, and the commands of its browser's "Saved queries" menu. */
    public final class ForTable {
        private final String connectionId;
        private final TableBrowserViewModel browser;
        private final FilteredList<SavedQuery> queries;

        private ForTable(String connectionId, TableBrowserViewModel browser) {
            this.connectionId = connectionId;
            this.browser = browser;
            this.queries = new FilteredList<>(all, q -> q.belongsTo(connectionId, browser.tableName()));
        }

        public ObservableList<SavedQuery> queries() { return queries; }
        public ReadOnlyStringProperty statusProperty() { return SavedQueriesViewModel.this.statusProperty(); }

        /** A name not yet used for this table: the form's own description, numbered if needed. */
        public String suggestedName() {
            var base = BrowserForms.capture(browser).describe();
            var name = base;
            for (int n = 2; exists(name); n++) name = base + " (" + n + ")";
            return name;
        }

        public boolean exists(String name) {
            return queries.stream().anyMatch(q -> q.name().equalsIgnoreCase(name.strip()));
        }

        /** Saves the browser's current form under {@code name}; a query of the same name for this table is replaced. */
        public void saveCurrent(String name) {
            SavedQuery query;
            try {
                query = new SavedQuery(name, connectionId, browser.tableName(), BrowserForms.capture(browser));
            } catch (IllegalArgumentException e) {
                status.set(e.getMessage());
                return;
            }
            put(query);
            persist("Saved query \"" + query.name() + "\"");
        }

        private void put(SavedQuery query) {
            for (int i = 0; i < all.size(); i++) {
                var existing = all.get(i);
                if (existing.belongsTo(connectionId, browser.tableName()) && existing.name().equalsIgnoreCase(query.name())) {
                    all.set(i, query);
                    return;
                }
            }
            all.add(query);
        }

        /** Puts the saved form into the browser; running it is the person's next step. */
        public void apply(SavedQuery query) {
            BrowserForms.apply(query.form(), browser);
            status.set("Loaded \"" + query.name() + "\": " + query.form().describe());
        }

        public void delete(SavedQuery query) {
            all.remove(query);
            persist("Deleted saved query \"" + query.name() + "\"");
        }

        /** Writes this table's saved queries to a file to share. */
        public boolean exportTo(Path file) {
            try {
                store.exportQueries(List.copyOf(queries), file);
                status.set("Exported " + queries.size() + " saved query(ies) to " + file);
                return true;
            } catch (RuntimeException e) {
                status.set("Export failed: " + Problems.describe(e));
                return false;
            }
        }

        /**
         * Adds the queries a shared file holds for a table of this name, whichever connection they were saved on: they
         * become this connection's. Same names are replaced. Nothing changes when the file cannot be read.
         */
        public int importFrom(Path file) {
            List<SavedQuery> read;
            try {
                read = store.importQueries(file);
            } catch (RuntimeException e) {
                status.set("Import failed: " + Problems.describe(e));
                return 0;
            }
            var matching = new ArrayList<SavedQuery>();
            for (var query : read) {
                if (query.table().equals(browser.tableName())) {
                    matching.add(new SavedQuery(query.name(), connectionId, query.table(), query.form()));
                }
            }
            if (matching.isEmpty()) {
                var tables = read.stream().map(SavedQuery::table).distinct().sorted().toList();
                status.set(String.format(Locale.ROOT, "%s holds %d query(ies), none for table %s (it has: %s).",
                        file.getFileName(), read.size(), browser.tableName(), String.join(", ", tables)));
                return 0;
            }
            matching.forEach(this::put);
            persist("Imported " + matching.size() + " saved query(ies) from " + file.getFileName());
            return matching.size();
        }
    }
}
