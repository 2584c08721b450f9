package dev.dynalens.ui.browser;

import dev.dynalens.domain.appstate.SavedQuery;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;

/** The "Save query…" button and the saved-queries menu above a table's Scan/Query browser. */
public final class SavedQueriesView {
    private final SavedQueriesViewModel.ForTable model;
    private final TableBrowserViewModel browser;
    private final HBox bar = new HBox(8);

    public SavedQueriesView(SavedQueriesViewModel.ForTable model, TableBrowserViewModel browser) {
        this.model = model;
        this.browser = browser;
    }

    public Node createView() {
        var save = new Button("Save query…");
        save.setId("saveQuery");
        save.setTooltip(new Tooltip("Keep this form under a name, for this table (Ctrl+Shift+S)"));
        save.setOnAction(e -> askAndSave());
        var menu = new MenuButton("Saved queries");
        menu.setId("savedQueries");
        rebuild(menu);
        model.queries().addListener((ListChangeListener<SavedQuery>) change -> rebuild(menu));
        var status = new Label();
        status.setId("savedQueriesStatus");
        status.getStyleClass().addAll("text-muted", "text-small");
        status.textProperty().bind(model.statusProperty());
        bar.getChildren().setAll(save, menu, status);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("saved-queries-bar");
        return bar;
    }

    private void rebuild(MenuButton menu) {
        menu.getItems().clear();
        for (var query : model.queries()) {
            var load = new MenuItem("Load into the form");
            load.setOnAction(e -> model.apply(query));
            var run = new MenuItem("Load and run");
            run.setOnAction(e -> {
                model.apply(query);
                browser.run();
            });
            var delete = new MenuItem("Delete");
            delete.setOnAction(e -> model.delete(query));
            var item = new Menu(query.name(), null, run, load, new SeparatorMenuItem(), delete);
            menu.getItems().add(item);
        }
        if (model.queries().isEmpty()) {
            var none = new MenuItem("No saved queries for this table yet");
            none.setDisable(true);
            menu.getItems().add(none);
        }
        var export = new MenuItem("Export this table's queries…");
        export.setDisable(model.queries().isEmpty());
        export.setOnAction(e -> exportQueries());
        var importItem = new MenuItem("Import queries…");
        importItem.setOnAction(e -> importQueries());
        menu.getItems().addAll(new SeparatorMenuItem(), export, importItem);
    }

    /** Asks for a name (the form's description is offered) and saves; a same-named query is replaced after asking. */
    public void askAndSave() {
        var dialog = new TextInputDialog(model.suggestedName());
        dialog.initOwner(bar.getScene().getWindow());
        dialog.setTitle("Save query");
        dialog.setHeaderText("Save this " + BrowserForms.capture(browser).describe() + " for " + browser.tableName());
        dialog.setContentText("Name");
        dialog.showAndWait().map(String::strip).filter(name -> !name.isEmpty()).ifPresent(name -> {
            if (model.exists(name)) {
                var confirm = new Alert(Alert.AlertType.CONFIRMATION, "Replace the saved query \"" + name + "\"?",
                        ButtonType.CANCEL, ButtonType.OK);
                confirm.initOwner(bar.getScene().getWindow());
                if (confirm.showAndWait().filter(ButtonType.OK::equals).isEmpty()) return;
            }
            model.saveCurrent(name);
        });
    }

    private FileChooser chooser(String title) {
        var chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Saved queries (JSON)", "*.json"));
        return chooser;
    }

    private void exportQueries() {
        var chooser = chooser("Export saved queries");
        chooser.setInitialFileName(browser.tableName() + "-queries.json");
        var file = chooser.showSaveDialog(bar.getScene().getWindow());
        if (file != null) model.exportTo(file.toPath());
    }

    private void importQueries() {
        var file = chooser("Import saved queries").showOpenDialog(bar.getScene().getWindow());
        if (file != null) model.importFrom(file.toPath());
    }
}
