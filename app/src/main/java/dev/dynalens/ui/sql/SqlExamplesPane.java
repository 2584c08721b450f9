package dev.dynalens.ui.sql;

import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/** The SQL tab's examples, in the plan pane's place while the editor is empty: a click puts one in the editor. */
final class SqlExamplesPane {
    private SqlExamplesPane() {
    }

    static VBox of(SqlViewModel model) {
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
            box.getChildren().add(title);
            for (var example : model.examples()) {
                var statement = new Hyperlink(example.statement());
                statement.setWrapText(true);
                statement.getStyleClass().add("sql-code");
                statement.setOnAction(e -> model.useExample(example));
                var what = new Label(example.purpose() + " · " + example.plan());
                what.setWrapText(true);
                what.getStyleClass().add("text-muted");
                box.getChildren().add(new VBox(2, statement, what));
            }
        };
        model.examples().addListener((ListChangeListener<SqlExample>) change -> fill.run());
        fill.run();
        box.visibleProperty().bind(model.statementProperty().isEmpty().and(Bindings.isNotEmpty(model.examples())));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}
