package dev.dynalens.ui.sql;

import java.util.List;
import java.util.Objects;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.fxmisc.richtext.CodeArea;

/**
 * The SQL tab: the editor (highlighting; Ctrl+Space completes entity and attribute names) beside the plan, which
 * follows the text as it is typed; the toolbar (Run, Cancel, PartiQL, history, Refresh entity types, copy as CSV /
 * JSON) and the results grid with exact values below. Only binds and forwards: {@link SqlViewModel} does the work.
 */
public final class SqlView {
    private final SqlViewModel model;
    private dev.dynalens.ui.browser.SavedQueriesViewModel.ForSql saved;
    private dev.dynalens.ui.change.ChangeItems changes;

    public SqlView(SqlViewModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    /** Statements saved under a name for this table, in the saved-queries file beside the browser's forms. */
    public SqlView savingIn(dev.dynalens.ui.browser.SavedQueriesViewModel.ForSql statements) {
        this.saved = Objects.requireNonNull(statements, "statements");
        return this;
    }

    /** Offers Change items… on the statement's FROM and WHERE (a toolbar button); call before {@link #createView()}. */
    public SqlView changingWith(dev.dynalens.ui.change.ChangeItems items) { this.changes = items; return this; }

    public Node createView() {
        var editor = editor();
        var plan = new TextArea();
        plan.setId("sqlPlan");
        plan.setEditable(false);
        plan.setWrapText(true);
        plan.getStyleClass().add("sql-plan");
        plan.textProperty().bind(model.planProperty());
        var top = new SplitPane(editor, new StackPane(plan, SqlExamplesPane.of(model)));
        top.setDividerPositions(0.55);

        var results = results();
        var status = new Label();
        status.setId("sqlStatus");
        status.textProperty().bind(model.statusProperty());
        var entityTypes = new Label();
        entityTypes.setId("sqlEntityTypes");
        entityTypes.setWrapText(true);
        entityTypes.textProperty().bind(model.entityTypesProperty());
        var bottom = new VBox(6, toolbar(), status, results);
        VBox.setVgrow(results, Priority.ALWAYS);
        var split = new SplitPane(top, bottom);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.45);
        var root = new BorderPane(split);
        var header = new VBox(4, entityTypes, sampleReadBar());
        root.setTop(header);
        BorderPane.setMargin(header, new Insets(6));
        root.getStylesheets().add(Objects.requireNonNull(SqlView.class.getResource("/dev/dynalens/ui/sql/sql.css")).toExternalForm());
        model.confirmationProperty().addListener((obs, old, now) -> {
            if (now != null && !now.isEmpty()) {
                confirm(now);
            }
        });
        model.load();
        return root;
    }

    /** Shown while the sample read of a production table waits: what it costs, and the person's yes or no. */
    private Node sampleReadBar() {
        var question = new Label();
        question.setId("sqlSampleReadQuestion");
        question.setWrapText(true);
        question.textProperty().bind(model.sampleReadQuestionProperty());
        var read = new Button("Read the sample");
        read.setId("confirmSampleRead");
        read.getStyleClass().add("danger");
        read.setOnAction(e -> model.confirmSampleRead());
        var notNow = new Button("Not now");
        notNow.setId("declineSampleRead");
        notNow.setOnAction(e -> model.declineSampleRead());
        for (var button : List.of(read, notNow)) {
            button.setMinWidth(Region.USE_PREF_SIZE);
        }
        var bar = new HBox(8, question, read, notNow);
        bar.setId("sqlSampleReadBar");
        bar.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(question, Priority.ALWAYS);
        bar.visibleProperty().bind(model.sampleReadQuestionProperty().isNotEmpty());
        bar.managedProperty().bind(bar.visibleProperty());
        return bar;
    }

    private CodeArea editor() {
        var area = new CodeArea();
        area.setId("sqlEditor");
        area.getStyleClass().add("sql-code");
        area.setWrapText(true);
        area.textProperty().addListener((obs, old, now) -> {
            if (!now.equals(model.statementProperty().get())) {
                model.statementProperty().set(now);
            }
            area.setStyleSpans(0, SqlHighlighter.spans(now));
        });
        model.statementProperty().addListener((obs, old, now) -> {
            if (now != null && !now.equals(area.getText())) {
                area.replaceText(now);
            }
        });
        var completion = new ContextMenu();
        area.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.SPACE && event.isControlDown()) {
                complete(area, completion);
                event.consume();
            } else if (event.getCode() == KeyCode.ENTER && event.isControlDown()) {
                model.run();
                event.consume();
            }
        });
        return area;
    }

    /** Offers the names that start with the word before the caret. */
    private void complete(CodeArea area, ContextMenu menu) {
        var text = area.getText();
        int end = area.getCaretPosition();
        int start = end;
        while (start > 0 && (Character.isLetterOrDigit(text.charAt(start - 1)) || text.charAt(start - 1) == '_')) {
            start--;
        }
        var from = start;
        var items = model.completions(text.substring(start, end)).stream().limit(30).map(name -> {
            var item = new MenuItem(name);
            item.setOnAction(e -> area.replaceText(from, end, name));
            return item;
        }).toList();
        menu.getItems().setAll(items);
        if (!items.isEmpty()) {
            area.getCaretBounds().ifPresent(bounds -> menu.show(area, bounds.getMinX(), bounds.getMaxY()));
        }
    }

    private ToolBar toolbar() {
        var run = new Button("Run");
        run.setId("sqlRun");
        run.setDefaultButton(false);
        run.disableProperty().bind(model.runningProperty().or(model.readyProperty().not()));
        run.setOnAction(e -> model.run());
        var cancel = new Button("Cancel");
        cancel.setId("sqlCancel");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        var partiql = new ToggleButton("PartiQL");
        partiql.setId("sqlPartiql");
        partiql.selectedProperty().bindBidirectional(model.partiqlProperty());
        var history = new ComboBox<>(model.history());
        history.setPromptText("History");
        history.setPrefWidth(240);
        history.setId("sqlHistory");
        history.setOnAction(e -> {
            if (history.getValue() != null) {
                model.statementProperty().set(history.getValue());
            }
        });
        var refresh = new Button("Refresh entity types");
        refresh.setId("sqlRefresh");
        refresh.setOnAction(e -> model.refreshEntityTypes());
        var csv = new Button("Copy CSV");
        csv.setOnAction(e -> copy(model.resultAsCsv()));
        var json = new Button("Copy JSON");
        json.setOnAction(e -> copy(model.resultAsJson()));
        var code = new Button("Copy as code");
        code.setId("sqlCopyCode");
        code.setOnAction(e -> model.planAsCode().ifPresentOrElse(SqlView::copy,
                () -> new Alert(Alert.AlertType.INFORMATION, "Copy as code is for plans of one request; this one sends several.").show()));
        run.getProperties().put("shortcut", KeyCombination.valueOf("Shortcut+Enter"));
        var bar = new ToolBar(run, cancel, partiql, history);
        if (saved != null) {
            var menu = new MenuButton("Saved");
            menu.setId("sqlSaved");
            rebuildSaved(menu);
            saved.queries().addListener((javafx.collections.ListChangeListener<dev.dynalens.domain.appstate.SavedQuery>) change -> rebuildSaved(menu));
            bar.getItems().add(menu);
        }
        bar.getItems().addAll(refresh, csv, json, code);
        if (changes != null) {
            var change = new Button("Change items…");
            change.setId("sqlChangeItems");
            change.setOnAction(e -> changes.forStatement(change.getScene().getWindow(), model.statementProperty().get()));
            bar.getItems().add(change);
        }
        return bar;
    }

    private void rebuildSaved(MenuButton menu) {
        var save = new MenuItem("Save statement…");
        save.setId("sqlSaveStatement");
        save.setOnAction(e -> askAndSave(menu));
        menu.getItems().setAll(save, new SeparatorMenuItem());
        for (var query : saved.queries()) {
            var open = new MenuItem("Open in the editor");
            open.setOnAction(e -> model.open(query.statement()));
            var delete = new MenuItem("Delete");
            delete.setOnAction(e -> saved.delete(query));
            var item = new Menu(query.name(), null, open, new SeparatorMenuItem(), delete);
            item.setMnemonicParsing(false);
            menu.getItems().add(item);
        }
        if (saved.queries().isEmpty()) {
            var none = new MenuItem("No saved statements for this table yet");
            none.setDisable(true);
            menu.getItems().add(none);
        }
    }

    /** Asks for a name (the statement's first line is offered) and saves; a same-named statement is replaced after asking. */
    private void askAndSave(MenuButton menu) {
        var statement = model.statementToSave();
        if (statement.isEmpty()) {
            new Alert(Alert.AlertType.INFORMATION, "Write a statement first: there is nothing to save.").show();
            return;
        }
        var dialog = new TextInputDialog(saved.suggestedName(statement.get()));
        dialog.initOwner(menu.getScene().getWindow());
        dialog.setTitle("Save statement");
        dialog.setHeaderText("Save this " + (statement.get().partiql() ? "PartiQL" : "SQL") + " statement for this table");
        dialog.setContentText("Name");
        dialog.showAndWait().map(String::strip).filter(name -> !name.isEmpty()).ifPresent(name -> {
            if (saved.exists(name)) {
                var confirm = new Alert(Alert.AlertType.CONFIRMATION, "Replace the saved statement \"" + name + "\"?", ButtonType.CANCEL, ButtonType.OK);
                confirm.initOwner(menu.getScene().getWindow());
                if (confirm.showAndWait().filter(ButtonType.OK::equals).isEmpty()) return;
            }
            saved.save(name, statement.get());
        });
    }

    private TableView<List<Object>> results() {
        var table = new TableView<>(model.rows());
        table.setId("sqlResults");
        table.setPlaceholder(new Label("Rows appear here when the statement runs (Run, or Ctrl+Enter); nothing is read before."));
        model.columns().addListener((javafx.collections.ListChangeListener<String>) change -> {
            table.getColumns().clear();
            for (int i = 0; i < model.columns().size(); i++) {
                var index = i;
                var column = new TableColumn<List<Object>, String>(model.columns().get(i));
                column.setCellValueFactory(row -> new ReadOnlyStringWrapper(index < row.getValue().size()
                        ? dev.dynalens.domain.sql.ResultCells.text(row.getValue().get(index)) : ""));
                table.getColumns().add(column);
            }
        });
        return table;
    }

    private void confirm(String question) {
        var alert = new Alert(Alert.AlertType.CONFIRMATION, question, ButtonType.OK, ButtonType.CANCEL);
        alert.setHeaderText("Run this plan?");
        alert.showAndWait().filter(ButtonType.OK::equals).ifPresentOrElse(ok -> model.runConfirmed(), model::dismissConfirmation);
    }

    private static void copy(String text) {
        var content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
