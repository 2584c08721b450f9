package dev.dynalens.ui.browser;

import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.table.TableSummaries;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The browser's header: the table's name, then its keys, size, billing, TTL and status, and a line per index once described. */
final class DescriptionHeader {
    private final TableBrowserViewModel model;

    DescriptionHeader(TableBrowserViewModel model) {
        this.model = model;
    }

    Node createView() {
        var title = new Label(model.tableName());
        title.getStyleClass().add("title-3");
        var facts = new FlowPane(18, 4);
        var indexes = new VBox(2);
        model.descriptionProperty().addListener((obs, old, table) -> fill(table, facts, indexes));
        var box = new VBox(4, title, facts, indexes);
        box.setPadding(new Insets(10, 12, 6, 12));
        return box;
    }

    private static void fill(TableDescription table, FlowPane facts, VBox indexes) {
        facts.getChildren().setAll(
                fact("Keys", TableSummaries.keys(table.keySchema())),
                fact("Items", "≈ " + table.itemCount()),
                fact("Size", TableSummaries.size(table.sizeBytes())),
                fact("Billing", TableSummaries.billing(table)),
                fact("TTL", TableSummaries.timeToLive(table)),
                fact("Status", table.status() == null ? "–" : table.status()));
        indexes.getChildren().setAll(TableSummaries.indexLines(table).stream().map(line -> {
            var label = new Label(line);
            label.getStyleClass().add("text-small");
            return label;
        }).toList());
    }

    private static Node fact(String name, String value) {
        var key = new Label(name);
        key.getStyleClass().addAll("text-muted", "text-small");
        var text = new Label(value);
        text.setId("fact-" + name.toLowerCase(Locale.ROOT));
        return new HBox(6, key, text);
    }
}
