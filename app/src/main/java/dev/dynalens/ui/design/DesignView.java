package dev.dynalens.ui.design;

import dev.dynalens.domain.codegen.Language;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.ui.common.ConfirmWriteDialog;
import dev.dynalens.usecase.ExportDesign;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * The Design view: the patterns on the left (rows or text, in sync, with their problems), the design on the right (the
 * key chart, the request per pattern with its cost and proof status, the selected pattern as code, the warnings), and
 * the actions above (examples, Prove design, Create in connection…, Export, Show samples). Built in code; every action
 * is a call on a view model.
 */
public final class DesignView {
    private final DesignViewModel model;
    private final DesignProofModel proof;
    private final javafx.collections.ObservableList<Example> examples;
    private final Consumer<DesignViewModel> showSamples;
    private final Consumer<String> openInSqlWorkbench;
    private TableView<DesignViewModel.KeyChartRow> chart;

    /** An example patterns file the view offers. */
    public record Example(String name, String text) {
    }

    /**
     * @param showSamples        opens the design's samples as a workspace in the collection viewer
     * @param openInSqlWorkbench given the selected pattern as a PartiQL statement (the window opens the samples as a workspace and the statement in its SQL view)
     */
    public DesignView(DesignViewModel model, DesignProofModel proof, javafx.collections.ObservableList<Example> examples,
                      Consumer<DesignViewModel> showSamples,
                      Consumer<String> openInSqlWorkbench) {
        this.model = model;
        this.proof = proof;
        this.examples = examples;
        this.showSamples = showSamples;
        this.openInSqlWorkbench = openInSqlWorkbench;
    }

    public Parent createView() {
        var split = new SplitPane(patternsPane(), designPane());
        split.setDividerPositions(0.42);
        var root = new BorderPane(split);
        root.setTop(toolbar());
        root.setBottom(statusBar());
        root.setPadding(new Insets(8));
        root.setId("designView");
        return root;
    }

    private Node toolbar() {
        var examplesButton = new MenuButton("Examples");
        examplesButton.setId("designExamples");
        Runnable fill = () -> examplesButton.getItems().setAll(examples.stream().map(example -> {
            var item = new MenuItem(example.name());
            item.setOnAction(e -> model.editor().textProperty().set(example.text()));
            return item;
        }).toList());
        examples.addListener((ListChangeListener<Example>) change -> fill.run());
        fill.run();
        var connection = new ComboBox<>(proof.connections());
        connection.setId("designConnection");
        connection.setPromptText("in memory");
        connection.valueProperty().bindBidirectional(proof.targetProperty());
        connection.setCellFactory(v -> new ProfileCell());
        connection.setButtonCell(new ProfileCell());
        var table = new TextField();
        table.setId("designTable");
        table.setPromptText("table (a new name by default)");
        table.textProperty().bindBidirectional(proof.tableNameProperty());
        var inMemory = new Button("✕");
        inMemory.setId("designInMemory");
        inMemory.setTooltip(new Tooltip("No connection: prove in memory, on DynaLens's workspace engine"));
        inMemory.disableProperty().bind(proof.targetProperty().isNull());
        inMemory.setOnAction(e -> proof.targetProperty().set(null));
        var proveButton = new Button(DesignProofModel.PROVE);
        proveButton.setId("proveDesign");
        proveButton.setDefaultButton(true);
        proveButton.setTooltip(new Tooltip("Create a new table on the connection (with none, in memory), load the samples and "
                + "run every pattern"));
        proveButton.disableProperty().bind(proof.runningProperty().or(model.designProperty().isNull()));
        proveButton.setOnAction(e -> run(true));
        var create = new Button(DesignProofModel.CREATE);
        create.setId("createDesign");
        create.disableProperty().bind(proveButton.disableProperty().or(proof.targetProperty().isNull()));
        create.setOnAction(e -> run(false));
        var export = new MenuButton("Export");
        export.setId("exportDesign");
        export.disableProperty().bind(model.designProperty().isNull());
        var workbench = new MenuItem("NoSQL Workbench model…");
        workbench.setOnAction(e -> export(ExportDesign.Format.WORKBENCH_MODEL, "-model.json"));
        var oneTable = new MenuItem("dynamodb-onetable schema…");
        oneTable.setOnAction(e -> export(ExportDesign.Format.ONETABLE_SCHEMA, "-onetable.json"));
        export.getItems().addAll(workbench, oneTable);
        var samples = new Button("Show samples");
        samples.setId("showSamples");
        samples.setTooltip(new Tooltip("Open the sample items as a workspace in the collection viewer"));
        samples.disableProperty().bind(model.designProperty().isNull());
        samples.setOnAction(e -> showSamples.accept(model));
        var bar = new HBox(8, examplesButton, new Label("Prove on"), connection, inMemory, table, proveButton, create, export, samples);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(0, 0, 8, 0));
        return bar;
    }

    /** Proves or creates; a production connection asks for the table's name first (cancelled: nothing happens). */
    private void run(boolean proving) {
        String typed = null;
        if (proof.needsConfirmation()) {
            var answer = ConfirmWriteDialog.ask(chart.getScene().getWindow(), proof.targetProperty().get().name(), proof.table(proving),
                    proving ? DesignProofModel.PROVE : "Create in connection");
            if (answer.isEmpty()) {
                return;
            }
            typed = answer.get();
        }
        if (proving) {
            proof.prove(typed);
        } else {
            proof.create(typed);
        }
    }

    private void export(ExportDesign.Format format, String suffix) {
        var chooser = new FileChooser();
        chooser.setTitle("Export the design");
        chooser.setInitialFileName(model.designProperty().get().tableName() + suffix);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("JSON (*.json)", "*.json"));
        var file = chooser.showSaveDialog(chart.getScene().getWindow());
        if (file != null) {
            model.export(format, file.toPath());
        }
    }

    private Node patternsPane() {
        var text = new TextArea();
        text.setId("patternsText");
        text.getStyleClass().add("monospace");
        text.textProperty().bindBidirectional(model.editor().textProperty());
        var tabs = new TabPane(new Tab("Rows", rows()), new Tab("Text", text));
        tabs.setId("patternsTabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        var problems = new ListView<>(model.editor().problems());
        problems.setId("patternProblems");
        problems.setPlaceholder(new Label("No problems: the patterns design."));
        problems.setPrefHeight(110);
        problems.setMinHeight(80);
        problems.getStyleClass().add("danger");
        var box = new VBox(6, tabs, new Label("Problems"), problems);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        return box;
    }

    private Node rows() {
        var editor = model.editor();
        var entities = new TableView<>(editor.entities());
        entities.setId("entityRows");
        entities.setEditable(true);
        entities.setPlaceholder(new Label("No entities: add one, or pick an example."));
        entities.getColumns().add(editable("Entity", 110, EntityRow::nameProperty));
        entities.getColumns().add(editable("Id", 110, EntityRow::idProperty));
        entities.getColumns().add(editable("Attributes (name: TYPE, …)", 300, EntityRow::attributesProperty));
        entities.getColumns().add(editable("Count", 70, EntityRow::countProperty));
        var patterns = new TableView<>(editor.patterns());
        patterns.setId("patternRows");
        patterns.setEditable(true);
        patterns.setPlaceholder(new Label("No access patterns yet."));
        patterns.getColumns().add(editable("Pattern", 150, PatternRow::nameProperty));
        patterns.getColumns().add(editable("Entity (or entities)", 120, PatternRow::entitiesProperty));
        patterns.getColumns().add(editable("Equals", 120, PatternRow::equalsProperty));
        patterns.getColumns().add(editable("Between", 80, PatternRow::betweenProperty));
        patterns.getColumns().add(editable("Sort by", 80, PatternRow::sortByProperty));
        var descending = new TableColumn<PatternRow, Boolean>("Desc");
        descending.setPrefWidth(50);
        descending.setCellValueFactory(cell -> cell.getValue().descendingProperty());
        descending.setCellFactory(column -> new CheckBoxCell());
        patterns.getColumns().add(descending);
        patterns.getColumns().add(editable("Limit", 55, PatternRow::limitProperty));
        var addEntity = new Button("Add entity");
        addEntity.setId("addEntity");
        addEntity.setOnAction(e -> editor.addEntity());
        var removeEntity = new Button("Remove");
        removeEntity.disableProperty().bind(entities.getSelectionModel().selectedItemProperty().isNull());
        removeEntity.setOnAction(e -> editor.remove(entities.getSelectionModel().getSelectedItem()));
        var addPattern = new Button("Add pattern");
        addPattern.setId("addPattern");
        addPattern.setOnAction(e -> editor.addPattern());
        var removePattern = new Button("Remove");
        removePattern.disableProperty().bind(patterns.getSelectionModel().selectedItemProperty().isNull());
        removePattern.setOnAction(e -> editor.remove(patterns.getSelectionModel().getSelectedItem()));
        var box = new VBox(6, new HBox(6, new Label("Entities"), spacer(), addEntity, removeEntity), entities,
                new HBox(6, new Label("Access patterns"), spacer(), addPattern, removePattern), patterns);
        VBox.setVgrow(entities, Priority.ALWAYS);
        VBox.setVgrow(patterns, Priority.ALWAYS);
        box.setPadding(new Insets(6, 0, 0, 0));
        return box;
    }

    private static <R> TableColumn<R, String> editable(String title, double width, Function<R, javafx.beans.property.StringProperty> property) {
        var column = new TableColumn<R, String>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> property.apply(cell.getValue()));
        column.setCellFactory(TextFieldTableCell.forTableColumn());
        column.setOnEditCommit(edit -> property.apply(edit.getRowValue()).set(edit.getNewValue()));
        return column;
    }

    private Node designPane() {
        chart = new TableView<>(model.keyChart());
        chart.setId("keyChart");
        chart.setPlaceholder(new Label("The key chart appears when the patterns design."));
        chart.setPrefHeight(200);
        model.keyChart().addListener((ListChangeListener<DesignViewModel.KeyChartRow>) change -> chartColumns());
        chartColumns();
        var requests = new TableView<>(model.requests());
        requests.setId("requestTable");
        requests.setPlaceholder(new Label("One request per pattern appears here."));
        requests.getColumns().add(column("Pattern", 170, DesignViewModel.RequestRow::name));
        requests.getColumns().add(column("Request", 110, DesignViewModel.RequestRow::request));
        requests.getColumns().add(column("Key condition", 250, DesignViewModel.RequestRow::keyCondition));
        requests.getColumns().add(column("Values", 260, DesignViewModel.RequestRow::values));
        requests.getColumns().add(column("Cost", 70, DesignViewModel.RequestRow::cost));
        var status = new TableColumn<DesignViewModel.RequestRow, String>("Proof");
        status.setPrefWidth(230);
        status.setCellValueFactory(cell -> cell.getValue().statusProperty());
        requests.getColumns().add(status);
        requests.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (now != null) model.selectedProperty().set(now);
        });
        model.selectedProperty().addListener((obs, old, now) -> {
            if (now != null && requests.getSelectionModel().getSelectedItem() != now) requests.getSelectionModel().select(now);
        });
        var tabs = new TabPane(new Tab("Request and code", details()), new Tab("Warnings and reasons", notes()));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        var split = new SplitPane(chart, requests, tabs);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.3, 0.62);
        return split;
    }

    private void chartColumns() {
        chart.getColumns().clear();
        chart.getColumns().add(chartColumn("Entity", 110, DesignViewModel.KeyChartRow::entity));
        for (var key : model.keyColumns()) {
            // wide enough for the longest template, so the chart reads without opening cells
            int longest = model.keyChart().stream().mapToInt(row -> row.keys().getOrDefault(key, "").length()).max().orElse(10);
            chart.getColumns().add(chartColumn(key, Math.max(110, longest * 8.5 + 28), row -> row.keys().getOrDefault(key, "")));
        }
        chart.getColumns().add(chartColumn("Put", 70, DesignViewModel.KeyChartRow::wcuPerPut));
    }

    private static TableColumn<DesignViewModel.KeyChartRow, String> chartColumn(String title, double width,
                                                                              Function<DesignViewModel.KeyChartRow, String> text) {
        var column = new TableColumn<DesignViewModel.KeyChartRow, String>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        return column;
    }

    private static <R> TableColumn<R, String> column(String title, double width, Function<R, String> text) {
        var column = new TableColumn<R, String>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(text.apply(cell.getValue())));
        return column;
    }

    private Node details() {
        var reason = new Label();
        reason.setId("requestReason");
        reason.setWrapText(true);
        reason.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> model.selectedProperty().get() == null ? ""
                : model.selectedProperty().get().pattern().reason(), model.selectedProperty()));
        var language = new ComboBox<>(javafx.collections.FXCollections.observableArrayList(DesignViewModel.languages()));
        language.setId("codeLanguage");
        language.valueProperty().bindBidirectional(model.languageProperty());
        language.setCellFactory(v -> new LanguageCell());
        language.setButtonCell(new LanguageCell());
        var code = new TextArea();
        code.setId("patternCode");
        code.setEditable(false);
        code.getStyleClass().add("monospace");
        code.textProperty().bind(model.codeProperty());
        var copy = new Button("Copy code");
        copy.setOnAction(e -> {
            var content = new javafx.scene.input.ClipboardContent();
            content.putString(code.getText());
            javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
        });
        var sql = new Button("Open in SQL workbench");
        sql.setId("openInSqlWorkbench");
        sql.disableProperty().bind(model.selectedProperty().isNull());
        sql.setOnAction(e -> model.sqlStatement().ifPresent(openInSqlWorkbench));
        var bar = new HBox(8, new Label("Code"), language, copy, sql);
        bar.setAlignment(Pos.CENTER_LEFT);
        var box = new VBox(6, reason, bar, code);
        VBox.setVgrow(code, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    private Node notes() {
        var warnings = new ListView<>(model.warnings());
        warnings.setId("designWarnings");
        warnings.setPlaceholder(new Label("No warnings."));
        var reasons = new ListView<>(model.reasons());
        var box = new VBox(6, new Label("Warnings"), warnings, new Label("Why the table looks as it does"), reasons);
        VBox.setVgrow(warnings, Priority.ALWAYS);
        VBox.setVgrow(reasons, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    private Node statusBar() {
        var valid = new Label("✔ valid");
        valid.setId("designValid");
        valid.getStyleClass().add("success");
        valid.visibleProperty().bind(proof.validProperty());
        valid.managedProperty().bind(proof.validProperty());
        var status = new Label();
        status.setId("designStatus");
        status.textProperty().bind(proof.statusProperty());
        var exported = new Label();
        exported.getStyleClass().add("text-muted");
        exported.textProperty().bind(model.statusProperty());
        var bar = new HBox(10, valid, status, spacer(), exported);
        bar.setPadding(new Insets(6, 0, 0, 0));
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    private static Region spacer() {
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        return spacer;
    }

    private static final class ProfileCell extends ListCell<ConnectionProfile> {
        @Override
        protected void updateItem(ConnectionProfile profile, boolean empty) {
            super.updateItem(profile, empty);
            setText(empty || profile == null ? null : profile.name() + (profile.tag().isProduction() ? " (production)" : ""));
        }
    }

    private static final class LanguageCell extends ListCell<Language> {
        @Override
        protected void updateItem(Language language, boolean empty) {
            super.updateItem(language, empty);
            setText(empty || language == null ? null : switch (language) {
                case JAVA -> "Java (SDK v2)";
                case JAVASCRIPT -> "JavaScript (lib-dynamodb)";
                case PYTHON -> "Python (boto3)";
                case CLI -> "AWS CLI";
            });
        }
    }

    /** A check box bound to the row's property, editable in place. */
    private static final class CheckBoxCell extends TableCell<PatternRow, Boolean> {
        private final CheckBox box = new CheckBox();

        CheckBoxCell() {
            box.setOnAction(e -> {
                var row = getTableRow() == null ? null : getTableRow().getItem();
                if (row != null) row.descendingProperty().set(box.isSelected());
            });
        }

        @Override
        protected void updateItem(Boolean value, boolean empty) {
            super.updateItem(value, empty);
            box.setSelected(Boolean.TRUE.equals(value));
            setGraphic(empty ? null : box);
        }
    }
}
