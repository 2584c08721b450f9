package dev.dynalens.ui.sql;

import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The SQL tab's examples, in the plan pane's place while the editor is empty: a click puts one in the editor. */
final class SqlExamplesPane {
    private SqlExamplesPane() {
    }

    static ScrollPane of(SqlViewModel model) {
        var box = new VBox(8);
        box.setId("sqlExamples");
        box.getStyleClass().add("sql-examples");
        box.setPadding(new Insets(8));
        Runnable fill = () -> {
            box.getChildren().clear();
            if (model.examples().isEmpty()) {
                return;
            }
            var title = new Label("Examples from this table's entity types");
            title.getStyleClass().add("title-4");
            box.getChildren().add(wrapping(title));
            for (var example : model.examples()) {
                var statement = new Hyperlink(example.statement());
                statement.setWrapText(true);
                statement.getStyleClass().add("sql-code");
                statement.setOnAction(e -> model.useExample(example));
                var what = new Label(example.purpose() + " · " + example.plan());
                what.setWrapText(true);
                what.getStyleClass().add("text-muted");
                box.getChildren().add(new VBox(2, wrapping(statement), wrapping(what)));
            }
        };
        model.examples().addListener((ListChangeListener<SqlExample>) change -> fill.run());
        fill.run();
        // from the top, scrolling when the examples are taller than the pane
        var scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        scroll.visibleProperty().bind(model.statementProperty().isEmpty().and(Bindings.isNotEmpty(model.examples())));
        scroll.managedProperty().bind(scroll.visibleProperty());
        return scroll;
    }

    /** Wraps to the pane's width, on as many lines as it takes, rather than ending in "…". */
    private static <T extends Labeled> T wrapping(T labeled) {
        labeled.setWrapText(true);
        labeled.setMaxWidth(Double.MAX_VALUE);
        labeled.setMinHeight(Region.USE_PREF_SIZE);
        return labeled;
    }
}
