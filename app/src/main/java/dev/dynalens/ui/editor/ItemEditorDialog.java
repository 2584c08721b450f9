package dev.dynalens.ui.editor;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import dev.dynalens.domain.item.Item;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;

/** The item editor: highlighted JSON, format switch, error with its position, size and cost, the diff; "Stage". */
public final class ItemEditorDialog {
    static final String STYLESHEET = Objects.requireNonNull(ItemEditorDialog.class.getResource("item-editor.css")).toExternalForm();

    private ItemEditorDialog() {
    }

    /**
     * Shows the editor; {@code stage} is offered the edited item when the person presses Stage and keeps the dialog
     * open (returning false) when staging is refused, so nothing typed is lost.
     */
    public static Optional<Item> show(Window owner, String title, ItemEditorViewModel model, Predicate<Item> stage) {
        var dialog = new Dialog<Item>();
        dialog.initOwner(owner);
        dialog.setTitle(title);
        dialog.setHeaderText(title);
        dialog.setResizable(true);
        var stageButton = new ButtonType("Stage", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, stageButton);
        dialog.getDialogPane().getStylesheets().add(STYLESHEET);
        dialog.getDialogPane().setContent(content(model));
        dialog.getDialogPane().setPrefSize(760, 620);
        var ok = dialog.getDialogPane().lookupButton(stageButton);
        ok.setId("stageItem");
        ok.disableProperty().bind(model.validProperty().not());
        ok.addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
            var item = model.result();
            if (item.isEmpty() || !stage.test(item.get())) e.consume();
        });
        dialog.setResultConverter(button -> button == stageButton ? model.result().orElse(null) : null);
        return dialog.showAndWait();
    }

    static BorderPane content(ItemEditorViewModel model) {
        var format = new ComboBox<ItemEditorViewModel.Format>();
        format.setId("itemFormat");
        format.getItems().setAll(ItemEditorViewModel.Format.values());
        format.valueProperty().bindBidirectional(model.formatProperty());
        var size = new Label();
        size.setId("itemEditorSize");
        size.textProperty().bind(model.sizeSummaryProperty());
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var top = new HBox(10, new Label("Format"), format, spacer, size);
        top.setAlignment(Pos.CENTER_LEFT);

        var area = codeArea(model);
        var scroll = new VirtualizedScrollPane<>(area);
        VBox.setVgrow(scroll, Priority.ALWAYS);

        var error = new Label();
        error.setId("itemEditorError");
        error.getStyleClass().add("danger");
        error.setWrapText(true);
        error.textProperty().bind(model.errorProperty());
        error.setOnMouseClicked(e -> {
            var offset = model.errorOffsetProperty().get();
            if (offset >= 0) {
                area.moveTo(Math.min(offset, area.getLength()));
                area.requestFollowCaret();
                area.requestFocus();
            }
        });
        var diff = new ListView<>(model.diff());
        diff.setId("itemEditorDiff");
        diff.setPrefHeight(110);
        diff.setCellFactory(list -> new StagedEditsView.DiffLineCell());
        diff.setPlaceholder(new Label("No change yet."));

        var root = new BorderPane();
        root.setTop(top);
        root.setCenter(new VBox(6, scroll, error));
        root.setBottom(diff);
        BorderPane.setMargin(top, new Insets(0, 0, 6, 0));
        BorderPane.setMargin(diff, new Insets(6, 0, 0, 0));
        return root;
    }

    private static CodeArea codeArea(ItemEditorViewModel model) {
        var area = new CodeArea(model.textProperty().get());
        area.setId("itemEditorText");
        area.setParagraphGraphicFactory(LineNumberFactory.get(area));
        area.getStylesheets().add(STYLESHEET);
        Runnable restyle = () -> area.setStyleSpans(0, JsonHighlighting.spans(area.getText(), model.errorOffsetProperty().get()));
        area.textProperty().addListener((obs, old, now) -> {
            if (!now.equals(model.textProperty().get())) model.textProperty().set(now);
        });
        model.textProperty().addListener((obs, old, now) -> {
            if (!now.equals(area.getText())) area.replaceText(now);
        });
        model.errorOffsetProperty().addListener((obs, old, now) -> restyle.run());
        area.textProperty().addListener((obs, old, now) -> restyle.run());
        restyle.run();
        return area;
    }
}
