package dev.dynalens.ui.editor;

import dev.dynalens.ui.common.Icons;
import dev.dynalens.domain.editing.CommitOutcome;
import dev.dynalens.domain.editing.StagedChange;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The staged changes of a table: one diff per item, Commit, Undo, Discard, and the last commit's report. */
public final class StagedEditsView {
    private final StagedEditsViewModel model;

    public StagedEditsView(StagedEditsViewModel model) {
        this.model = model;
    }

    /** A tab titled "Staged (n)": short enough for the table's tab strip. */
    public Tab tab() {
        var tab = new Tab();
        tab.setId("stagedChangesTab");
        tab.setTooltip(new javafx.scene.control.Tooltip("Staged changes: nothing is written until you commit"));
        tab.textProperty().bind(Bindings.concat("Staged (", model.countProperty().asString(), ")"));
        tab.setContent(createView());
        return tab;
    }

    public Node createView() {
        var commit = new Button("Commit");
        commit.setId("commitStaged");
        commit.getStyleClass().add("accent");
        commit.disableProperty().bind(model.countProperty().isEqualTo(0).or(model.committingProperty()));
        commit.setOnAction(e -> commit(model, commit.getScene().getWindow()));
        Icons.withIcon(commit, Icons.Action.COMMIT, "Write the staged changes, each guarded by the item as it was read");
        var undo = new Button("Undo");
        undo.setId("undoStaged");
        undo.disableProperty().bind(model.canUndoProperty().not().or(model.committingProperty()));
        undo.setOnAction(e -> model.undo());
        Icons.withIcon(undo, Icons.Action.UNDO, "Take back the last staged change");
        var list = new ListView<>(model.changes());
        list.setId("stagedList");
        list.setPlaceholder(new Label(model.readOnly() ? "This connection is read-only: nothing can be staged."
                : "No staged changes. Edit a cell, or use Edit item…, New item…, Duplicate… or Delete in Scan / Query."));
        list.setCellFactory(v -> new ChangeCell());
        var discard = new Button("Discard selected");
        discard.setId("discardStaged");
        discard.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull());
        discard.setOnAction(e -> model.discard(list.getSelectionModel().getSelectedItem()));
        Icons.withIcon(discard, Icons.Action.DISCARD, "Drop the selected change without writing it");
        var transactional = new javafx.scene.control.CheckBox("As one transaction");
        transactional.setId("commitAsTransaction");
        transactional.selectedProperty().bindBidirectional(model.transactionalProperty());
        transactional.disableProperty().bind(model.committingProperty());
        transactional.setTooltip(new javafx.scene.control.Tooltip("Two or more changes are written all or nothing"
                + " (TransactWriteItems, up to 100 changes, twice the write capacity). Endpoints without transactions"
                + " (dynalite) get them item by item, each guarded, and the report says so."));
        var title = new Label("Nothing is written until you commit; each write is guarded by the item as it was read.");
        title.getStyleClass().add("text-muted");
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var bar = new HBox(8, commit, undo, discard, transactional, spacer, title);
        bar.setAlignment(Pos.CENTER_LEFT);

        var split = new SplitPane(list, report());
        split.setOrientation(javafx.geometry.Orientation.VERTICAL);
        split.setDividerPositions(0.62);

        var message = new Label();
        message.setId("stagedMessage");
        message.setWrapText(true); // the commit summary carries its reason (e.g. no transactions on this endpoint)
        message.textProperty().bind(model.messageProperty());
        var error = new Label();
        error.setId("stagedError");
        error.getStyleClass().add("danger");
        error.setWrapText(true);
        error.textProperty().bind(model.errorProperty());
        var root = new BorderPane(split);
        root.setTop(bar);
        root.setBottom(new VBox(2, message, error));
        BorderPane.setMargin(bar, new Insets(0, 0, 8, 0));
        root.setPadding(new Insets(10));
        root.getStylesheets().add(ItemEditorDialog.STYLESHEET);
        return root;
    }

    private Node report() {
        var outcomes = new ListView<>(model.outcomes());
        outcomes.setId("commitOutcomes");
        outcomes.setPlaceholder(new Label("The report of the last commit shows here."));
        outcomes.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(CommitOutcome outcome, boolean empty) {
                super.updateItem(outcome, empty);
                getStyleClass().removeAll("diff-added", "diff-removed");
                if (empty || outcome == null) {
                    setText(null);
                    return;
                }
                setText(outcome.status() + " · " + StagedChangeText.title(outcome.change()) + " · " + outcome.message());
                getStyleClass().add(outcome.status() == CommitOutcome.Status.APPLIED ? "diff-added" : "diff-removed");
            }
        });
        var details = new TextArea();
        details.setId("conflictDetails");
        details.setEditable(false);
        details.getStyleClass().add("monospace");
        details.setPromptText("Select a conflict to compare the item as you read it, as it is now, and as you wanted it.");
        outcomes.getSelectionModel().selectedItemProperty().addListener((obs, old, outcome) -> details.setText(
                outcome == null ? "" : outcome.status() == CommitOutcome.Status.CONFLICT
                        ? StagedChangeText.conflictDetails(outcome) : outcome.message()));
        var split = new SplitPane(outcomes, details);
        split.setDividerPositions(0.45);
        return split;
    }

    /**
     * Commits the staged changes as the Commit button does (also the commit shortcut): on a production-tagged
     * connection the person first types the table name; cancelling that dialog writes nothing.
     */
    public static void commit(StagedEditsViewModel model, javafx.stage.Window owner) {
        String confirmation = null;
        if (model.requiresConfirmation()) {
            var ask = new TextInputDialog();
            ask.initOwner(owner);
            ask.setTitle("Production connection");
            ask.setHeaderText("This connection is tagged production. Type the table name \"" + model.tableName()
                    + "\" to write " + model.countProperty().get() + " change(s).");
            var typed = ask.showAndWait();
            if (typed.isEmpty()) return;
            confirmation = typed.get();
        }
        model.commit(confirmation);
    }

    /** A staged change: its verb and key, then one diff line per attribute. */
    private static final class ChangeCell extends ListCell<StagedChange> {
        @Override
        protected void updateItem(StagedChange change, boolean empty) {
            super.updateItem(change, empty);
            setText(null);
            if (empty || change == null) {
                setGraphic(null);
                return;
            }
            var title = new Label(StagedChangeText.title(change));
            title.getStyleClass().add("diff-title");
            var box = new VBox(2, title);
            for (var line : StagedChangeText.diffLines(change)) {
                box.getChildren().add(diffLabel(line));
            }
            setGraphic(box);
        }
    }

    static Label diffLabel(String line) {
        var label = new Label(line);
        label.getStyleClass().addAll("diff-line", switch (line.isEmpty() ? ' ' : line.charAt(0)) {
            case '+' -> "diff-added";
            case '-' -> "diff-removed";
            default -> "diff-changed";
        });
        return label;
    }

    /** A diff line in a list. */
    static final class DiffLineCell extends ListCell<String> {
        @Override
        protected void updateItem(String line, boolean empty) {
            super.updateItem(line, empty);
            setText(null);
            setGraphic(empty || line == null ? null : diffLabel(line));
        }
    }
}
