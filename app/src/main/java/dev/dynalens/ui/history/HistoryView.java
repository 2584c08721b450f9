package dev.dynalens.ui.history;

import dev.dynalens.domain.history.RequestRecord;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Every request sent, newest first, with a search field over operation, connection, table, index and condition. */
public final class HistoryView {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneId.systemDefault());

    private final HistoryViewModel model;

    public HistoryView(HistoryViewModel model) {
        this.model = model;
    }

    public Parent createView() {
        var search = new TextField();
        search.setId("historySearch");
        search.setPromptText("Search: operation, table, index, key condition… (all words must match)");
        search.textProperty().bindBidirectional(model.searchProperty());
        HBox.setHgrow(search, Priority.ALWAYS);
        var summary = new Label();
        summary.setTooltip(new javafx.scene.control.Tooltip("Esc closes this window"));
        summary.setId("historySummary");
        summary.getStyleClass().add("text-muted");
        summary.textProperty().bind(model.summaryProperty());
        var top = new VBox(6, new HBox(8, search), summary);

        var table = new TableView<>(model.records());
        table.setId("historyTable");
        table.setPlaceholder(new Label("No requests yet. Every Scan, Query, GetItem and write the app sends is listed here."));
        table.getColumns().add(column("Time", 115, r -> TIME.format(r.time())));
        table.getColumns().add(column("Connection", 130, RequestRecord::connectionName));
        table.getColumns().add(column("Operation", 115, RequestRecord::operation));
        table.getColumns().add(column("Table", 120, RequestRecord::table));
        table.getColumns().add(column("Index", 70, r -> r.index() == null ? "" : r.index()));
        table.getColumns().add(column("Key condition / filter", 330, RequestRecord::condition));
        table.getColumns().add(column("Capacity", 75, r -> r.capacity() == null ? "–" : String.format(Locale.ROOT, "%.1f", r.capacity())));
        table.getColumns().add(column("Items", 60, r -> r.itemCount() == null ? "" : String.valueOf(r.itemCount())));
        table.getColumns().add(column("ms", 55, r -> String.valueOf(r.durationMillis())));
        table.getColumns().add(column("Outcome", 180, r -> r.failed() ? r.error() : "OK"));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(RequestRecord record, boolean empty) {
                super.updateItem(record, empty);
                getStyleClass().remove("history-failed");
                if (!empty && record != null && record.failed()) getStyleClass().add("history-failed");
            }
        });
        var root = new BorderPane(table);
        root.setTop(top);
        BorderPane.setMargin(top, new Insets(0, 0, 8, 0));
        root.setPadding(new Insets(10));
        return root;
    }

    private static TableColumn<RequestRecord, String> column(String title, double width, Function<RequestRecord, String> text) {
        var column = new TableColumn<RequestRecord, String>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(text.apply(cell.getValue())));
        return column;
    }
}
