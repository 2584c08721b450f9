package dev.dynalens.ui.design;

import java.util.function.Consumer;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The Design view: the patterns on the left (rows or text, in sync, with their problems: {@link PatternsEditor}), the
 * design on the right (the key chart, the request per pattern with its cost and proof status, the selected pattern as
 * code, the warnings: {@link DesignPane}), and the actions above (examples, Prove design, Create in connection…,
 * Export, Show samples: {@link DesignToolbar}). Built in code; every action is a call on a view model.
 */
public final class DesignView {
    private final DesignViewModel model;
    private final DesignProofModel proof;
    private final ObservableList<Example> examples;
    private final Consumer<DesignViewModel> showSamples;
    private final Consumer<String> openInSqlWorkbench;

    /** An example patterns file the view offers. */
    public record Example(String name, String text) {
    }

    /**
     * @param showSamples        opens the design's samples as a workspace in the collection viewer
     * @param openInSqlWorkbench given the selected pattern as a PartiQL statement (the window opens the samples as a workspace and the statement in its SQL view)
     */
    public DesignView(DesignViewModel model, DesignProofModel proof, ObservableList<Example> examples,
                      Consumer<DesignViewModel> showSamples,
                      Consumer<String> openInSqlWorkbench) {
        this.model = model;
        this.proof = proof;
        this.examples = examples;
        this.showSamples = showSamples;
        this.openInSqlWorkbench = openInSqlWorkbench;
    }

    public Parent createView() {
        var split = new SplitPane(new PatternsEditor(model.editor()).createView(),
                new DesignPane(model, new PatternDetails(model, openInSqlWorkbench)).createView());
        split.setDividerPositions(0.42);
        var root = new BorderPane(split);
        root.setTop(new DesignToolbar(model, proof, examples, showSamples, () -> root.getScene().getWindow()).createView());
        root.setBottom(statusBar());
        root.setPadding(new Insets(8));
        root.setId("designView");
        return root;
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

    /** A gap that takes the row's spare width, pushing what follows it to the right. */
    static Region spacer() {
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        return spacer;
    }
}
