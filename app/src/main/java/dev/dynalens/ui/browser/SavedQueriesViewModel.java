package dev.dynalens.ui.browser;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.appstate.SavedQuery;
import dev.dynalens.domain.appstate.SavedStatement;
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

    /** The saved statements of one table's SQL tab (kept beside the browser's forms, in the same file). */
    public ForSql forSql(String connectionId, String table) {
        return new ForSql(connectionId, table);
    }

    /** One table's saved queries of one kind (forms or statements) and what both menus do with them. */
    public abstract class Scope {
        final String connectionId;
        final String table;
        private final boolean statements;
        private final FilteredList<SavedQuery> queries;

        private Scope(String connectionId, String table, boolean statements) {
            this.connectionId = connectionId;
            this.table = table;
            this.statements = statements;
            this.queries = new FilteredList<>(all, q -> q.belongsTo(connectionId, table) && q.isStatement() == statements);
        }

        public ObservableList<SavedQuery> queries() { return queries; }
        public ReadOnlyStringProperty statusProperty() { return SavedQueriesViewModel.this.statusProperty(); }

        public boolean exists(String name) {
            return queries.stream().anyMatch(q -> q.name().equalsIgnoreCase(name.strip()));
        }

        /** A name not yet used here: {@code base}, numbered if needed. */
        String unused(String base) {
            var name = base;
            for (int n = 2; exists(name); n++) name = base + " (" + n + ")";
            return name;
        }

        /** Keeps {@code made()} (a query of this scope's kind); a query of the same name here is replaced. */
        void save(java.util.function.Supplier<SavedQuery> made) {
            SavedQuery query;
            try {
                query = made.get();
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
                if (existing.belongsTo(connectionId, table) && existing.isStatement() == query.isStatement()
                        && existing.name().equalsIgnoreCase(query.name())) {
                    all.set(i, query);
                    return;
                }
            }
            all.add(query);
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
         * Adds the queries of this kind a shared file holds for a table of this name, whichever connection they were
         * saved on: they become this connection's. Same names are replaced. Nothing changes when the file cannot be read.
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
                if (query.table().equals(table) && query.isStatement() == statements) {
                    matching.add(query.onConnection(connectionId));
                }
            }
            if (matching.isEmpty()) {
                var tables = read.stream().map(SavedQuery::table).distinct().sorted().toList();
                status.set(String.format(Locale.ROOT, "%s holds %d query(ies), none for table %s (it has: %s).",
                        file.getFileName(), read.size(), table, String.join(", ", tables)));
                return 0;
            }
            matching.forEach(this::put);
            persist("Imported " + matching.size() + " saved query(ies) from " + file.getFileName());
            return matching.size();
        }
    }

    /** The saved queries of one table of one connection, and the commands of its browser's "Saved queries" menu. */
    public final class ForTable extends Scope {
        private final TableBrowserViewModel browser;

        private ForTable(String connectionId, TableBrowserViewModel browser) {
            super(connectionId, browser.tableName(), false);
            this.browser = browser;
        }

        /** A name not yet used for this table: the form's own description, numbered if needed. */
        public String suggestedName() {
            return unused(BrowserForms.capture(browser).describe());
        }

        /** Saves the browser's current form under {@code name}; a query of the same name for this table is replaced. */
        public void saveCurrent(String name) {
            save(() -> new SavedQuery(name, connectionId, table, BrowserForms.capture(browser)));
        }

        /** Puts the saved form into the browser; running it is the person's next step. */
        public void apply(SavedQuery query) {
            BrowserForms.apply(query.form(), browser);
            status.set("Loaded \"" + query.name() + "\": " + query.form().describe());
        }
    }

    /** The saved statements of one table's SQL tab: the commands of its "Saved" menu. */
    public final class ForSql extends Scope {
        private ForSql(String connectionId, String table) {
            super(connectionId, table, true);
        }

        /** A name not yet used for this table's statements: the statement's first line, numbered if needed. */
        public String suggestedName(SavedStatement statement) {
            return unused(statement.describe());
        }

        /** Saves {@code statement} under {@code name}; a statement of the same name for this table is replaced. */
        public void save(String name, SavedStatement statement) {
            save(() -> new SavedQuery(name, connectionId, table, statement));
        }
    }
}
