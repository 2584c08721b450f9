package dev.dynalens.ui.expressions;

import dev.dynalens.domain.item.Item;
import dev.dynalens.ui.browser.TableBrowserViewModel;
import dev.dynalens.ui.collections.CollectionsViewModel;
import java.util.Objects;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The "Expressions" tab of a table: the builder (visual rows, {@link VisualEditor}, or text with highlighting,
 * {@link TextEditor}), what it renders with its copy buttons ({@link RequestOutput}), the preview on the selected items
 * ({@link PreviewCards}) and Run ({@link RunBar}). Binds to {@link ExpressionBuilderViewModel} and forwards events.
 */
public final class ExpressionBuilderView {
    private final ExpressionBuilderViewModel model;

    public ExpressionBuilderView(ExpressionBuilderViewModel model) {
        this.model = model;
    }

    /** The builder follows the item selected in the Collections and Scan / Query tabs, and the table's key schema. */
    public static void follow(ExpressionBuilderViewModel model, TableBrowserViewModel browser, CollectionsViewModel collections) {
        // Several rows selected in Scan / Query: the preview and Run take them all.
        browser.selectedItems().addListener((ListChangeListener<Item>) change -> {
            if (!browser.selectedItems().isEmpty()) model.items().setAll(browser.selectedItems());
        });
        collections.selectedItems().addListener((ListChangeListener<Item>) change -> {
            if (!collections.selectedItems().isEmpty()) model.items().setAll(collections.selectedItems());
        });
        if (collections.descriptionProperty().get() != null) {
            model.keySchemaProperty().set(collections.descriptionProperty().get().keySchema());
        }
        collections.descriptionProperty().addListener((obs, old, description) ->
                model.keySchemaProperty().set(description == null ? null : description.keySchema()));
    }

    public Node createView() {
        var content = new VBox(12, modeBar(), editors(), new RequestOutput(model).createView(),
                new PreviewCards(model).createView(), new RunBar(model).createView());
        content.setPadding(new Insets(12));
        var scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setId("expressionBuilder");
        scroll.getStylesheets().add(Objects.requireNonNull(ExpressionBuilderView.class.getResource("expressions.css")).toExternalForm());
        return scroll;
    }

    private Node modeBar() {
        var group = new ToggleGroup();
        var visual = new ToggleButton("Visual");
        visual.setId("visualMode");
        var text = new ToggleButton("Text");
        text.setId("textMode");
        visual.setToggleGroup(group);
        text.setToggleGroup(group);
        Runnable sync = () -> group.selectToggle(model.modeProperty().get() == ExpressionBuilderViewModel.Mode.VISUAL ? visual : text);
        sync.run();
        model.modeProperty().addListener((obs, old, now) -> sync.run());
        visual.setOnAction(e -> {
            model.switchTo(ExpressionBuilderViewModel.Mode.VISUAL);
            sync.run();
        });
        text.setOnAction(e -> {
            model.switchTo(ExpressionBuilderViewModel.Mode.TEXT);
            sync.run();
        });
        var fit = new Label();
        fit.setId("fitMessage");
        fit.getStyleClass().add("warning");
        fit.setWrapText(true);
        fit.textProperty().bind(model.fitMessageProperty());
        var bar = new HBox(8, new Label("Build with"), visual, text, fit);
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    /** The visual rows or the text, whichever the mode says. */
    private Node editors() {
        var visual = new VisualEditor(model).createView();
        var text = new TextEditor(model).createView();
        visual.visibleProperty().bind(model.modeProperty().isEqualTo(ExpressionBuilderViewModel.Mode.VISUAL));
        visual.managedProperty().bind(visual.visibleProperty());
        text.visibleProperty().bind(visual.visibleProperty().not());
        text.managedProperty().bind(text.visibleProperty());
        return new StackPane(visual, text);
    }

    /** A section's heading, as the builder's components title theirs. */
    static Label heading(String text) {
        var label = new Label(text);
        label.getStyleClass().add("title-4");
        return label;
    }
}
