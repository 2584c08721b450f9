package dev.dynalens.ui.expressions;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.ValueText;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The preview on the selected items: a card per item, whether the condition holds and what the update changes. */
final class PreviewCards {
    private final ExpressionBuilderViewModel model;

    PreviewCards(ExpressionBuilderViewModel model) {
        this.model = model;
    }

    Node createView() {
        var cards = new VBox(8);
        cards.setId("preview");
        var empty = new Label("Select an item in the Collections or Scan / Query tab to preview what the update does to it.");
        empty.getStyleClass().add("text-muted");
        empty.setWrapText(true);
        Runnable fill = () -> {
            cards.getChildren().clear();
            if (model.preview().isEmpty()) {
                cards.getChildren().add(empty);
            }
            for (var row : model.preview()) {
                cards.getChildren().add(card(row));
            }
        };
        model.preview().addListener((ListChangeListener<ExpressionBuilderViewModel.PreviewRow>) c -> fill.run());
        fill.run();
        return new VBox(6, ExpressionBuilderView.heading("Preview on the selected item"), cards);
    }

    private static Node card(ExpressionBuilderViewModel.PreviewRow row) {
        var outcome = new Label(switch (row.outcome()) {
            case PASS -> "✔ condition holds";
            case FAIL -> "✘ condition fails";
            case ERROR -> "⚠ refused";
        });
        outcome.getStyleClass().add(switch (row.outcome()) {
            case PASS -> "success";
            case FAIL -> "warning";
            case ERROR -> "danger";
        });
        var key = new Label(row.key());
        key.getStyleClass().add("text-bold");
        var header = new HBox(10, key, outcome);
        var message = new Label(row.message());
        message.setWrapText(true);
        var diff = new GridPane(10, 2);
        diff.getStyleClass().add("expression-rendered");
        int line = 0;
        for (var change : row.changes()) {
            var mark = new Label(switch (change.kind()) {
                case ADDED -> "+";
                case REMOVED -> "−";
                case CHANGED -> "~";
            });
            var style = switch (change.kind()) {
                case ADDED -> "diff-added";
                case REMOVED -> "diff-removed";
                case CHANGED -> "diff-changed";
            };
            var name = new Label(change.name());
            var before = new Label(text(change.valueBefore()));
            var after = new Label(text(change.valueAfter()));
            for (var label : new Label[] {mark, name, after}) {
                label.getStyleClass().add(style);
            }
            before.getStyleClass().add("text-muted");
            diff.addRow(line++, mark, name, before, new Label("→"), after);
        }
        var card = new VBox(4, header, message, diff);
        card.getStyleClass().add("preview-card");
        return card;
    }

    private static String text(AttributeValue value) {
        return value == null ? "(absent)" : ValueText.literal(value);
    }
}
