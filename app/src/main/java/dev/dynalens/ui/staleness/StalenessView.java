package dev.dynalens.ui.staleness;

import dev.dynalens.ui.common.Icons;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The denormalization rules of a table with their counts, the stale copies beside their source, and the orphans. */
public final class StalenessView {
    private final StalenessViewModel model;
    private final java.nio.file.Path journalDirectory;

    /** @param journalDirectory where fan-out journals are kept (the config folder's {@code fanout}) */
    public StalenessView(StalenessViewModel model, java.nio.file.Path journalDirectory) {
        this.model = model;
        this.journalDirectory = journalDirectory;
    }

    public Node createView() {
        var findings = new SplitPane(section("Stale copies", staleTable()), section("Orphans (the source item is gone)", orphanTable()));
        findings.setDividerPositions(0.7);
        var split = new SplitPane(section("Rules (inferred from the data, or confirmed by you)", rulesTable()), findings);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.3);
        var root = new BorderPane(split);
        root.setTop(header());
        root.setBottom(errorBar());
        return root;
    }

    private Node header() {
        var title = new Label(model.tableName());
        title.getStyleClass().add("title-3");
        var find = new Button("Find stale copies");
        find.setId("findStaleCopies");
        find.getStyleClass().add("accent");
        find.setOnAction(e -> model.run());
        Icons.withIcon(find, Icons.Action.FIND, "Read the table and check every denormalized copy against its source");
        find.disableProperty().bind(model.runningProperty());
        var readAgain = new Button("Read again");
        readAgain.setId("readStaleAgain");
        readAgain.setTooltip(new Tooltip("Reads the table anew instead of reusing a current read of it"));
        readAgain.setOnAction(e -> model.readAgain());
        readAgain.disableProperty().bind(model.runningProperty());
        var cancel = new Button("Cancel");
        cancel.setId("cancelStaleCopies");
        cancel.setOnAction(e -> model.cancel());
        Icons.iconOnly(cancel, Icons.Action.CANCEL, "Cancel the check");
        cancel.disableProperty().bind(model.runningProperty().not());
        var spinner = new ProgressIndicator();
        spinner.setPrefSize(16, 16);
        spinner.visibleProperty().bind(model.runningProperty());
        var status = new Label();
        status.setId("staleStatus");
        status.textProperty().bind(model.statusProperty());
        var hint = new Label("Reads the table once (or reuses the Collections overview's current read), names the entities, infers "
                + "which values are copied from which items, then checks every copy against its source. No configuration needed.");
        hint.getStyleClass().addAll("text-muted", "text-small");
        hint.setWrapText(true);
        var cost = new Label();
        cost.setId("staleCost");
        cost.getStyleClass().add("text-small");
        cost.setWrapText(true);
        cost.textProperty().bind(model.costProperty());
        cost.visibleProperty().bind(model.costProperty().isNotEmpty());
        cost.managedProperty().bind(cost.visibleProperty());
        var repair = new Button("Repair stale copies…");
        repair.setId("repairStaleCopies");
        repair.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        repair.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> model.runningProperty().get() || model.repairPlan().map(p -> p.steps().isEmpty()).orElse(true),
                model.runningProperty(), model.lastReportProperty()));
        Icons.withIcon(repair, Icons.Action.REPAIR, "Plan one guarded UpdateItem per stale copy, review it, then apply it");
        repair.setOnAction(e -> model.newRepair(journalDirectory).ifPresent(fanout ->
                new FanoutDialog(fanout).show(repair.getScene().getWindow())));
        var resume = new Button("Resume unfinished repair…");
        resume.setId("resumeRepair");
        resume.setVisible(false);
        resume.setManaged(false);
        Icons.withIcon(resume, Icons.Action.REPAIR, "A repair stopped before its end: its journal resumes it without writing anything twice");
        model.unfinishedRepair(journalDirectory).thenAcceptAsync(unfinished -> unfinished.ifPresent(fanout -> {
            resume.setVisible(true);
            resume.setManaged(true);
            resume.setOnAction(e -> {
                resume.setVisible(false);
                resume.setManaged(false);
                new FanoutDialog(fanout).show(resume.getScene().getWindow());
            });
        }), javafx.application.Platform::runLater);
        for (var fixed : List.of(title, find, readAgain, cancel, resume)) {
            fixed.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        status.setMinWidth(0);
        var row = new HBox(10, title, find, readAgain, cancel, repair, resume, spinner, status);
        row.setAlignment(Pos.CENTER_LEFT);
        var box = new VBox(2, row, hint, cost, confirmationBar());
        box.setPadding(new Insets(10, 12, 6, 12));
        return box;
    }

    /** Shown while a read of a production table waits: what it costs, and the person's yes or no. */
    private Node confirmationBar() {
        var question = new Label();
        question.setWrapText(true);
        question.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            var plan = model.awaitingConfirmationProperty().get();
            return plan == null ? "" : plan.tableName() + " is on a production connection. " + plan.text() + ". Read it?";
        }, model.awaitingConfirmationProperty()));
        var read = new Button("Read the table");
        read.setId("confirmStaleRead");
        read.getStyleClass().add("danger");
        read.setOnAction(e -> model.confirmRead());
        var notNow = new Button("Not now");
        notNow.setId("declineStaleRead");
        notNow.setOnAction(e -> model.declineRead());
        for (var button : List.of(read, notNow)) {
            button.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        var bar = new HBox(8, question, read, notNow);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 0, 2, 0));
        HBox.setHgrow(question, Priority.ALWAYS);
        bar.visibleProperty().bind(model.awaitingConfirmationProperty().isNotNull());
        bar.managedProperty().bind(bar.visibleProperty());
        return bar;
    }

    private Node rulesTable() {
        var table = table(model.rules(), "staleRules", "Find stale copies to infer the rules: which attribute copies which.");
        model.ruleChoicesProperty().addListener((o, was, now) -> table.refresh());
        table.getColumns().setAll(List.of(
                column("Rule (copy = source @ reference)", RuleRow::spec, 380),
                column("Choice", r -> model.isConfirmed(r.spec()) ? "confirmed" : "inferred", 90),
                column("Copies", r -> Long.toString(r.copies()), 80),
                dangerColumn("Stale", RuleRow::staleText, r -> r.stale() > 0, 110),
                column("Orphans", r -> Long.toString(r.orphans()), 80),
                column("Confidence", RuleRow::confidenceText, 100)));
        var selected = table.getSelectionModel().selectedItemProperty();
        var confirm = new Button("Confirm");
        confirm.setId("confirmRule");
        confirm.disableProperty().bind(selected.isNull());
        confirm.setOnAction(e -> model.confirmRule(selected.get().spec()));
        var confirmAll = new Button("Confirm all");
        confirmAll.setId("confirmAllRules");
        confirmAll.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(model.rules()));
        confirmAll.setOnAction(e -> model.confirmAllRules());
        var remove = new Button("Remove");
        remove.setId("removeRule");
        remove.disableProperty().bind(selected.isNull());
        remove.setOnAction(e -> model.removeRule(selected.get().spec()));
        var edit = new Button("Edit…");
        edit.disableProperty().bind(selected.isNull());
        edit.setOnAction(e -> askForRule(selected.get().spec(), selected.get().spec()));
        var add = new Button("Add rule…");
        add.setId("addRule");
        add.setOnAction(e -> askForRule("", null));
        var reset = new Button("Infer again");
        reset.setOnAction(e -> model.resetRules());
        var hint = new Label("Confirmed rules are saved with the table's lens; once one is confirmed, only confirmed rules are checked.");
        hint.getStyleClass().addAll("text-muted", "text-small");
        for (var button : List.of(confirm, confirmAll, remove, edit, add, reset)) {
            button.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        hint.setMinWidth(0);
        var actions = new HBox(6, confirm, confirmAll, remove, edit, add, reset, hint);
        actions.setAlignment(Pos.CENTER_LEFT);
        var box = new VBox(6, table, actions);
        VBox.setVgrow(table, Priority.ALWAYS);
        return box;
    }

    /** Asks for a rule SPEC; a refused one is asked again with the reason. */
    private void askForRule(String initial, String replacing) {
        var dialog = new javafx.scene.control.TextInputDialog(initial);
        dialog.setTitle(replacing == null ? "Add a rule" : "Edit the rule");
        dialog.setHeaderText("COPY.attribute=SOURCE.attribute@reference, e.g. POST.authorName=USER.name@authorId\n"
                + "(reference: an attribute holding the source's id, SK:key for its whole key, or key for the copy's own partition)");
        dialog.showAndWait().ifPresent(spec -> model.addRule(spec, replacing).ifPresent(problem -> {
            var again = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR, problem);
            again.setHeaderText("Not a valid rule");
            again.showAndWait();
            askForRule(spec, replacing);
        }));
    }

    private Node staleTable() {
        var table = table(model.staleCopies(), "staleCopies", "No stale copies found (yet).");
        table.getColumns().setAll(List.of(
                column("Copy item", StaleRow::copyKey, 260),
                column("Attribute", StaleRow::attribute, 120),
                dangerColumn("Copy value (stale)", StaleRow::copyValue, r -> true, 170),
                column("Source value (now)", StaleRow::sourceValue, 170),
                column("Source item", StaleRow::sourceKey, 170),
                column("Rule", StaleRow::rule, 260)));
        table.setRowFactory(t -> new javafx.scene.control.TableRow<>() {
            @Override
            protected void updateItem(StaleRow row, boolean empty) {
                super.updateItem(row, empty);
                setTooltip(empty || row == null ? null : new Tooltip(row.explanation()));
            }
        });
        return table;
    }

    private Node orphanTable() {
        var table = table(model.orphans(), "orphanCopies", "No orphans found (yet).");
        table.getColumns().setAll(List.of(
                column("Copy item", OrphanRow::copyKey, 260),
                column("Attribute", OrphanRow::attribute, 120),
                column("Refers to", OrphanRow::reference, 100),
                column("Rule", OrphanRow::rule, 260)));
        return table;
    }

    private static <R> TableView<R> table(ObservableList<R> rows, String id, String placeholder) {
        var table = new TableView<>(rows);
        table.setId(id);
        table.getStyleClass().add("dense");
        table.setPlaceholder(new Label(placeholder));
        // As in the collections view: rows set before the first layout were seen drawn only in part.
        rows.addListener((ListChangeListener<R>) c -> javafx.application.Platform.runLater(table::refresh));
        return table;
    }

    private static Node section(String title, Node content) {
        var label = new Label(title);
        label.getStyleClass().add("title-4");
        var box = new VBox(6, label, content);
        VBox.setVgrow(content, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    private static <R> TableColumn<R, String> column(String title, Function<R, String> text, double width) {
        var column = new TableColumn<R, String>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(text.apply(c.getValue())));
        column.setPrefWidth(width);
        return column;
    }

    /** A column whose cells are styled {@code danger} (AtlantaFX) where {@code danger} holds for the row. */
    private static <R> TableColumn<R, String> dangerColumn(String title, Function<R, String> text, java.util.function.Predicate<R> danger,
                                                          double width) {
        var column = column(title, text, width);
        column.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String value, boolean empty) {
                super.updateItem(value, empty);
                setText(empty ? null : value);
                getStyleClass().remove("danger");
                var row = getTableRow() == null ? null : getTableRow().getItem();
                if (!empty && row != null && danger.test(row)) {
                    getStyleClass().add("danger");
                }
            }
        });
        return column;
    }

    private Node errorBar() {
        var error = new Label();
        error.getStyleClass().add("danger");
        error.textProperty().bind(model.errorProperty());
        var box = new HBox(error);
        box.setPadding(new Insets(6, 12, 6, 12));
        box.getStyleClass().add("status-bar");
        return box;
    }
}
