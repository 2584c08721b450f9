package dev.dynalens.ui.shell;

import dev.dynalens.domain.appstate.TableTabView;
import dev.dynalens.ui.browser.SavedQueriesView;
import dev.dynalens.ui.browser.TableBrowserView;
import dev.dynalens.ui.common.Icons;
import dev.dynalens.ui.sql.SqlViewModel;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;

/**
 * One table tab on screen, as {@link TableTabs} composed it: the tab in the strip, its inner views (which follow the
 * model's {@link TableTabViewModel#viewProperty() view}, and set it when the person picks one), and what the
 * shortcuts ask of its views.
 */
public final class TableTab {
    private final TableTabViewModel model;
    private final Tab tab;
    private final TableBrowserView browser;
    private final SavedQueriesView savedQueries;
    private final SqlViewModel sql;

    /** @param inner every inner view's tab, in {@link TableTabView} order */
    TableTab(TableTabViewModel model, Map<TableTabView, Tab> inner, TableBrowserView browser, SavedQueriesView savedQueries, SqlViewModel sql) {
        this.model = model;
        this.browser = browser;
        this.savedQueries = savedQueries;
        this.sql = sql;
        var views = new TabPane();
        for (var view : TableTabView.values()) {
            views.getTabs().add(java.util.Objects.requireNonNull(inner.get(view), view::name));
        }
        views.setId("tableViews");
        views.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        views.getStyleClass().add("floating");
        views.getSelectionModel().select(inner.get(model.viewProperty().get()));
        views.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> inner.forEach((view, innerTab) -> {
            if (innerTab == now) model.viewProperty().set(view);
        }));
        model.viewProperty().addListener((obs, old, now) -> {
            if (now != null) views.getSelectionModel().select(inner.get(now));
        });

        var profile = model.profile();
        tab = new Tab(model.title(), model.exportNote().<Node>map(note -> withNote(note, views)).orElse(views));
        tab.setGraphic(new Circle(5, Color.web(profile.tag().colour())));
        tab.setTooltip(new Tooltip(model.exportNote()
                .orElse(model.table() + " on " + profile.name() + (profile.readOnly() ? " (read-only)" : ""))));
    }

    /** A tab read from an export: the note of which export, as of when, above its views. */
    private static Node withNote(String note, TabPane views) {
        var label = new Label(note);
        label.setId("exportNote");
        label.setWrapText(true);
        label.setGraphic(Icons.icon(Icons.Action.READ_EXPORT));
        label.getStyleClass().add("export-note");
        label.setMaxWidth(Double.MAX_VALUE);
        var pane = new BorderPane(views);
        pane.setTop(label);
        return pane;
    }

    public TableTabViewModel model() {
        return model;
    }

    /** The tab in the table strip, its inner views as content. */
    public Tab tab() {
        return tab;
    }

    /** Focus-filter shortcut: the cursor in the browser's key field (the shell shows Scan / Query first). */
    public void focusFilter() {
        browser.focusFilter();
    }

    /**
     * The SQL view with {@code statement} in its editor (planned as it is shown, nothing sent): the Design planner's
     * "Open in SQL workbench".
     */
    public void showInSql(String statement, boolean partiql) {
        sql.partiqlProperty().set(partiql);
        sql.statementProperty().set(statement);
        model.viewProperty().set(TableTabView.SQL);
    }

    /** Save-query shortcut: asks for a name and saves the browser's form. */
    public void askAndSaveQuery() {
        savedQueries.askAndSave();
    }
}
