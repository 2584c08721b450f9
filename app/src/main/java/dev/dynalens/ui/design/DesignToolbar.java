package dev.dynalens.ui.design;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.ui.common.ConfirmWriteDialog;
import dev.dynalens.usecase.ExportDesign;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The Design view's actions: the examples, where to prove (a connection and table, or in memory), Prove design,
 * Create in connection…, Export and Show samples.
 */
final class DesignToolbar {
    private final DesignViewModel model;
    private final DesignProofModel proof;
    private final ObservableList<DesignView.Example> examples;
    private final Consumer<DesignViewModel> showSamples;
    private final Supplier<Window> owner;

    /** @param owner the window the dialogs belong to, asked when one opens */
    DesignToolbar(DesignViewModel model, DesignProofModel proof, ObservableList<DesignView.Example> examples,
                  Consumer<DesignViewModel> showSamples, Supplier<Window> owner) {
        this.model = model;
        this.proof = proof;
        this.examples = examples;
        this.showSamples = showSamples;
        this.owner = owner;
    }

    Node createView() {
        var examplesButton = new MenuButton("Examples");
        examplesButton.setId("designExamples");
        Runnable fill = () -> examplesButton.getItems().setAll(examples.stream().map(example -> {
            var item = new MenuItem(example.name());
            item.setOnAction(e -> model.editor().textProperty().set(example.text()));
            return item;
        }).toList());
        examples.addListener((ListChangeListener<DesignView.Example>) change -> fill.run());
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
            var answer = ConfirmWriteDialog.ask(owner.get(), proof.targetProperty().get().name(), proof.table(proving),
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
        var file = chooser.showSaveDialog(owner.get());
        if (file != null) {
            model.export(format, file.toPath());
        }
    }

    private static final class ProfileCell extends ListCell<ConnectionProfile> {
        @Override
        protected void updateItem(ConnectionProfile profile, boolean empty) {
            super.updateItem(profile, empty);
            setText(empty || profile == null ? null : profile.name() + (profile.tag().isProduction() ? " (production)" : ""));
        }
    }
}
