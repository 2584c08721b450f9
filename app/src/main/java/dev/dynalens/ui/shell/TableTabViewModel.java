package dev.dynalens.ui.shell;

import dev.dynalens.domain.appstate.TableTabId;
import dev.dynalens.domain.appstate.TableTabView;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.ui.browser.TableBrowserViewModel;
import dev.dynalens.ui.capacity.CapacityViewModel;
import dev.dynalens.ui.collections.CollectionsViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import dev.dynalens.ui.editor.StagedEditsViewModel;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel;
import dev.dynalens.ui.staleness.StalenessViewModel;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * One open table tab without its views: which table of which connection it is, the models of its inner views, which
 * inner view is showing, and the executors its analyses run on. {@link TableTabs} builds it with its views; closing it
 * cancels the work in flight and stops those executors.
 */
public final class TableTabViewModel {
    private final ConnectionProfile profile;
    private final String table;
    private final TableBrowserViewModel browser;
    private final StagedEditsViewModel staged;
    private final CollectionsViewModel collections;
    private final StalenessViewModel staleness;
    private final CapacityViewModel capacity;
    private final ExpressionBuilderViewModel expressions;
    private final List<ExecutorService> executors;
    private final ObjectProperty<TableTabView> view = new SimpleObjectProperty<>(TableTabView.FIRST);
    private boolean closed;
    private java.util.concurrent.CompletableFuture<Void> analysedOnOpen;
    private String exportNote;
    private Runnable closeExport = () -> { };

    /** @param executors the executors only this tab uses (its analyses): shut down when it closes */
    public TableTabViewModel(ConnectionProfile profile, String table, TableBrowserViewModel browser, StagedEditsViewModel staged,
                             CollectionsViewModel collections, StalenessViewModel staleness, CapacityViewModel capacity,
                             ExpressionBuilderViewModel expressions, List<ExecutorService> executors) {
        this.profile = Objects.requireNonNull(profile, "profile");
        this.table = Objects.requireNonNull(table, "table");
        this.browser = Objects.requireNonNull(browser, "browser");
        this.staged = Objects.requireNonNull(staged, "staged");
        this.collections = Objects.requireNonNull(collections, "collections");
        this.staleness = Objects.requireNonNull(staleness, "staleness");
        this.capacity = Objects.requireNonNull(capacity, "capacity");
        this.expressions = Objects.requireNonNull(expressions, "expressions");
        this.executors = List.copyOf(executors);
    }

    /**
     * This tab reads its table from an export: {@code note} says which and as of when, and {@code closeSession} (which
     * closes the export's session, not the connection's) runs when the tab closes.
     */
    public TableTabViewModel readingExport(String note, Runnable closeSession) {
        this.exportNote = Objects.requireNonNull(note, "note");
        this.closeExport = Objects.requireNonNull(closeSession, "closeSession");
        return this;
    }

    /** "Read from export … as of …": shown in a tab that reads its table from an export; empty for a live table or a file. */
    public java.util.Optional<String> exportNote() {
        return java.util.Optional.ofNullable(exportNote);
    }

    /** Whether the tab is saved with the open tabs and reopened at the next start: not one read from an export. */
    public boolean restorable() {
        return exportNote == null;
    }

    public TableTabId id() { return new TableTabId(profile.id(), table); }
    public ConnectionProfile profile() { return profile; }
    public String table() { return table; }

    /** "Orders · dev": the tab's title, and how notices name it. */
    public String title() {
        return table + " · " + profile.name();
    }

    public TableBrowserViewModel browser() { return browser; }
    public StagedEditsViewModel staged() { return staged; }
    public CollectionsViewModel collections() { return collections; }
    public StalenessViewModel staleness() { return staleness; }
    public CapacityViewModel capacity() { return capacity; }
    public ExpressionBuilderViewModel expressions() { return expressions; }

    /** The inner view showing; the view follows it and sets it when the person picks another. */
    public ObjectProperty<TableTabView> viewProperty() { return view; }

    /**
     * Starts the overview when reading the table costs nothing ({@link ConnectionsViewModel#analysesOnOpen}); once.
     *
     * @return completes when that overview ended; empty for a table that asks first
     */
    public java.util.Optional<java.util.concurrent.CompletableFuture<Void>> analyseOnOpen() {
        if (analysedOnOpen == null && ConnectionsViewModel.analysesOnOpen(profile)) {
            analysedOnOpen = collections.loadDescription().thenCompose(ignored -> collections.runOverview());
        }
        return java.util.Optional.ofNullable(analysedOnOpen);
    }

    /** Esc: cancels the reads the person is waiting for (a Scan or Query, an overview, a collection). */
    public void cancelWork() {
        browser.cancel();
        collections.cancelOverview();
        collections.cancelCollection();
    }

    /**
     * Cancels everything in flight, the stale-copy check too, and stops the tab's executors, then closes the export it
     * reads, if any; once.
     */
    public void close() {
        if (closed) return;
        closed = true;
        cancelWork();
        staleness.close();
        executors.forEach(ExecutorService::shutdown);
        closeExport.run();
    }

    public boolean isClosed() {
        return closed;
    }
}
