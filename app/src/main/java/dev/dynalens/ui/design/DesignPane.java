package dev.dynalens.ui.design;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

/**
 * The design the patterns give: the key chart, one request per pattern with its cost and proof status, and below them
 * the selected pattern's {@link PatternDetails}.
 */
final class DesignPane {
    private final DesignViewModel model;
    private final PatternDetails details;
    private TableView<DesignViewModel.KeyChartRow> chart;

    DesignPane(DesignViewModel model, PatternDetails details) {
        this.model = model;
        this.details = details;
    }

    Node createView() {
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
        var split = new SplitPane(chart, requests, details.createView());
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
}
