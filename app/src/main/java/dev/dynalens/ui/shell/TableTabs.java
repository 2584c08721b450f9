package dev.dynalens.ui.shell;

import dev.dynalens.domain.appstate.TableTabView;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.service.LensStore;
import dev.dynalens.ui.browser.SavedQueriesView;
import dev.dynalens.ui.browser.SavedQueriesViewModel;
import dev.dynalens.ui.browser.TableBrowserView;
import dev.dynalens.ui.browser.TableBrowserViewModel;
import dev.dynalens.ui.capacity.CapacityView;
import dev.dynalens.ui.capacity.CapacityViewModel;
import dev.dynalens.ui.collections.CollectionsView;
import dev.dynalens.ui.collections.CollectionsViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import dev.dynalens.ui.editor.StagedEditsView;
import dev.dynalens.ui.editor.StagedEditsViewModel;
import dev.dynalens.ui.expressions.ExpressionBuilderView;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel;
import dev.dynalens.ui.exports.ExportRow;
import dev.dynalens.ui.exports.ReadFromExportViewModel;
import dev.dynalens.ui.staleness.StalenessView;
import dev.dynalens.ui.staleness.StalenessViewModel;
import dev.dynalens.usecase.OpenExport;
import dev.dynalens.usecase.support.TableReads;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.layout.BorderPane;

/**
 * The composition of a table tab, in one place: for a table of a connection, the models of its inner views, the
 * executors their analyses run on, and the views, with the saved-queries bar above the Scan / Query browser.
 */
public final class TableTabs {
    private final ConnectionsViewModel connections;
    private final Executor fx;
    private final LensStore lenses;
    private final Path fanoutJournals;
    private final Path changeFiles;
    private final SavedQueriesViewModel savedQueries;
    private dev.dynalens.service.EntityTypesStore entityTypes = new NoEntityTypesKept();

    /**
     * @param configDirectory the app's config folder; the repair journals of the Stale copies view go in its {@code fanout}
     *                        folder, Change items…' change files, journals and undo files in its {@code changes} folder
     */
    public TableTabs(ConnectionsViewModel connections, Executor fx, LensStore lenses, Path configDirectory,
                     SavedQueriesViewModel savedQueries) {
        this.connections = connections;
        this.fx = fx;
        this.lenses = lenses;
        this.fanoutJournals = configDirectory.resolve("fanout");
        this.changeFiles = configDirectory.resolve("changes");
        this.savedQueries = savedQueries;
    }

    /** Where the SQL tabs keep the entity types they learn (the config folder in the app). */
    public TableTabs keepingEntityTypesIn(dev.dynalens.service.EntityTypesStore store) {
        this.entityTypes = java.util.Objects.requireNonNull(store, "store");
        return this;
    }

    /**
     * A new tab for {@code table} on {@code profile}, asking for the table's description at once.
     *
     * @throws RuntimeException when the connection's session cannot be opened (nothing is left running then)
     */
    public TableTab open(ConnectionProfile profile, String table) {
        return compose(profile, profile.id(), connections.sessionFor(profile), table, null, null);
    }

    /**
     * A new tab for a table of {@code live} read from its export: its own tab ("Orders · export as of …", read-only, not
     * saved with the open tabs), whose session is the export's, with the note of which export it reads. The lens, saved
     * queries and entity types are the live table's. Closing the tab closes the export's session (off the FX thread), not
     * the connection's.
     */
    public TableTab openExport(ConnectionProfile live, OpenExport.Opened opened) {
        var profile = exportProfile(live, opened);
        Runnable close = () -> Thread.ofVirtual().name("close-export").start(opened.session()::close);
        try {
            return compose(profile, live.id(), opened.session(), opened.table(), ReadFromExportViewModel.tabNote(opened, live.name()), close);
        } catch (RuntimeException e) {
            close.run();
            throw e;
        }
    }

    /**
     * What a tab read from an export shows as its connection: "export as of …", read-only, with the connection's tag; its
     * id names the connection, the export and the time, so the same export opened again shows the same tab.
     */
    static ConnectionProfile exportProfile(ConnectionProfile live, OpenExport.Opened opened) {
        return new ConnectionProfile("export:" + live.id() + "/" + opened.exportId() + "@" + opened.snapshotTime(),
                "export as of " + ExportRow.time(opened.snapshotTime()), new CredentialsSource.LocalPlaceholder(), live.region(), null,
                true, live.tag());
    }

    /**
     * "Add an index…" on the overview's entity types, for a live table: the backfill's change file, journal and undo file go
     * to the config folder's {@code changes}.
     */
    private CollectionsView addingIndexes(CollectionsView view, ConnectionProfile profile, dev.dynalens.service.DynamoSession session,
                                          String table, String exportNote, java.util.concurrent.Executor analysis) {
        if (exportNote != null || dev.dynalens.ui.connections.ConnectionsViewModel.isWorkspace(profile)) {
            return view;
        }
        var changes = dev.dynalens.service.config.ConfigDirectory.current().resolve("changes");
        return view.addingIndexes((window, entity) -> dev.dynalens.ui.change.AddIndexDialog.show(window,
                new dev.dynalens.ui.change.AddIndexViewModel(confirmer -> new dev.dynalens.usecase.AddIndex(session, analysis, confirmer,
                        dev.dynalens.service.change.ChangeSettings.DEFAULTS, dev.dynalens.usecase.AddIndex.Settings.DEFAULTS,
                        java.time.Clock.systemUTC()), profile, table, entity, session.describeTable(table), changes, fx), profile.name()));
    }

    /**
     * @param scope       where the table's lens, saved queries and entity types are kept: the connection's id
     * @param exportNote  which export the tab reads, or null for the table itself
     * @param closeExport closes the export's session when the tab closes; null for none
     */
    private TableTab compose(ConnectionProfile profile, String scope, dev.dynalens.service.DynamoSession session, String table,
                             String exportNote, Runnable closeExport) {
        var analysis = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("analysis-" + table).factory());
        var staleAnalysis = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("staleness-" + table).factory());
        var sqlWork = Executors.newCachedThreadPool(Thread.ofVirtual().name("sql-" + table).factory());
        try {
            var browser = new TableBrowserViewModel(session, table, fx);
            var staged = new StagedEditsViewModel(session, table, fx);
            // The overview's whole read, kept for the Stale copies view while it is current (it then reads nothing).
            var reads = new TableReads();
            var collections = new CollectionsViewModel(session, table, fx, analysis, lenses, scope, reads);
            var staleness = new StalenessViewModel(session, table, fx, staleAnalysis, lenses, scope, reads);
            var capacity = new CapacityViewModel(analysis, fx);
            CapacityView.follow(capacity, browser, collections);
            var expressions = new ExpressionBuilderViewModel(session, table, fx);
            ExpressionBuilderView.follow(expressions, browser, collections);
            var model = new TableTabViewModel(profile, table, browser, staged, collections, staleness, capacity, expressions,
                    List.<ExecutorService>of(analysis, staleAnalysis, sqlWork));
            if (exportNote != null) {
                model.readingExport(exportNote, closeExport);
                // its Scans read the export's files: the Stale copies and Size & cost tabs say so, as the overview's hint does
                staleness.readingExport();
                capacity.readingExport();
            }
            var sql = new dev.dynalens.ui.sql.SqlViewModel(session, table, new dev.dynalens.usecase.RunSql(sqlWork, sqlWork),
                    new dev.dynalens.usecase.LearnEntityTypes(session, entityTypes, scope, analysis, java.time.Clock.systemUTC()),
                    sqlWork, fx).namingWith(() -> lenses.load(scope, table).lens());
            // Calcite's first plan in a JVM takes seconds: warmed in the background now, not when the person asks
            sqlWork.execute(dev.dynalens.usecase.RunSql::warmEngine);
            // the overview's read of the whole table names the SQL tab's entity types too: no sample read of its own
            collections.wholeTableAnalysisProperty().addListener((o, was, now) -> {
                if (now != null) sql.useAnalysis(now);
            });

            // Change items… names entity types as the overview and the SQL tab show them: with the table's lens
            var changes = new dev.dynalens.ui.change.ChangeItems(session, table, fx, changeFiles, () -> lenses.load(scope, table).lens());
            var browserView = new TableBrowserView(browser).editableWith(staged);
            var savedQueriesView = new SavedQueriesView(savedQueries.forTable(scope, browser), browser);
            var scanQuery = new BorderPane(browserView.createView());
            scanQuery.setTop(savedQueriesView.createView());
            var inner = new EnumMap<TableTabView, Tab>(TableTabView.class);
            inner.put(TableTabView.COLLECTIONS, titled(TableTabView.COLLECTIONS,
                    addingIndexes(new CollectionsView(collections), profile, session, table, exportNote, analysis)
                            .markStaleCells(staleness.staleCellsProperty()).editableWith(staged).changingWith(changes)
                            .readingIsFree(freeReading(profile, exportNote)).createView()));
            inner.put(TableTabView.SCAN_QUERY, titled(TableTabView.SCAN_QUERY, scanQuery));
            inner.put(TableTabView.STALE_COPIES, titled(TableTabView.STALE_COPIES, new StalenessView(staleness, fanoutJournals).createView()));
            inner.put(TableTabView.SIZE_AND_COST, titled(TableTabView.SIZE_AND_COST, new CapacityView(capacity).createView()));
            inner.put(TableTabView.EXPRESSIONS, titled(TableTabView.EXPRESSIONS, new ExpressionBuilderView(expressions).createView()));
            inner.put(TableTabView.STAGED, new StagedEditsView(staged).tab()); // titled with its count
            inner.put(TableTabView.SQL, titled(TableTabView.SQL, new dev.dynalens.ui.sql.SqlView(sql).savingIn(savedQueries.forSql(scope, table)).changingWith(changes).createView()));
            staged.committingProperty().addListener((o, was, now) -> {
                if (now) {
                    reads.invalidate(); // a commit writes into the table: the kept read is no longer current
                }
            });
            var tab = new TableTab(model, inner, browserView, savedQueriesView, sql);

            var description = session.describeTable(table);
            browser.useDescription(description);
            collections.useDescription(description);
            staged.useDescription(description);
            return tab;
        } catch (RuntimeException e) {
            analysis.shutdown();
            staleAnalysis.shutdown();
            sqlWork.shutdown();
            throw e;
        }
    }

    /** Why the overview costs no read capacity, said instead of its cost; null for a live table. */
    private static String freeReading(ConnectionProfile profile, String exportNote) {
        if (exportNote != null) {
            return "It reads the export's files: no read capacity of the table (S3 bills its GET requests).";
        }
        return ConnectionsViewModel.analysesOnOpen(profile) ? "A file costs nothing to read, so it was analysed as it opened." : null;
    }

    /** Without a store the entity types a SQL tab learns last as long as the tab. */
    private static final class NoEntityTypesKept implements dev.dynalens.service.EntityTypesStore {
        private final java.util.Map<String, Kept> kept = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public java.util.Optional<Kept> load(String scope, String table) {
            return java.util.Optional.ofNullable(kept.get(scope + "/" + table));
        }

        @Override
        public void save(String scope, String table, Kept value) {
            kept.put(scope + "/" + table, value);
        }
    }

    private static Tab titled(TableTabView view, Node content) {
        return new Tab(view.title(), content);
    }
}
