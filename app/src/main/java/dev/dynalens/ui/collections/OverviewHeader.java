package dev.dynalens.ui.collections;

import dev.dynalens.domain.capacity.ScanEstimate;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.ui.common.Icons;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The collection viewer's header: the table, Analyse and Cancel of the overview, its status and cost, and the example partition. */
final class OverviewHeader {
    private final CollectionsViewModel model;
    private final String freeReading;
    private final Runnable showCollection;

    /**
     * @param freeReading why the table is read for free (a workspace file, an export), said instead of a cost; null for a
     *                    live table
     * @param showCollection brings the Collection tab to front, before the example partition opens in it
     */
    OverviewHeader(CollectionsViewModel model, String freeReading, Runnable showCollection) {
        this.model = model;
        this.freeReading = freeReading;
        this.showCollection = showCollection;
    }

    Node createView() {
        var title = new Label(model.tableName());
        title.getStyleClass().add("title-3");
        var analyse = new Button("Analyse table");
        analyse.setId("analyseButton");
        analyse.getStyleClass().add("accent");
        analyse.setOnAction(e -> model.runOverview());
        Icons.withIcon(analyse, Icons.Action.ANALYSE, "Scan every page and infer the entity types");
        analyse.disableProperty().bind(model.overviewRunningProperty().or(Bindings.isNull(model.descriptionProperty())));
        var cancel = new Button("Cancel");
        cancel.setId("cancelOverview");
        cancel.setOnAction(e -> model.cancelOverview());
        Icons.iconOnly(cancel, Icons.Action.CANCEL, "Cancel the overview's scan");
        cancel.disableProperty().bind(model.overviewRunningProperty().not());
        var spinner = new ProgressIndicator();
        spinner.setPrefSize(16, 16);
        spinner.visibleProperty().bind(model.overviewRunningProperty());
        var status = new Label();
        status.setId("overviewStatus");
        status.textProperty().bind(model.overviewStatusProperty());
        var hint = new Label();
        hint.setId("overviewCost");
        hint.textProperty().bind(Bindings.createStringBinding(() -> overviewHint(model.descriptionProperty().get()),
                model.descriptionProperty()));
        hint.getStyleClass().addAll("text-muted", "text-small");
        var example = new Button();
        example.setId("exampleCollection");
        example.textProperty().bind(Bindings.concat("Open ", model.examplePartitionProperty()));
        example.visibleProperty().bind(model.examplePartitionProperty().isNotEmpty());
        example.managedProperty().bind(example.visibleProperty());
        example.setTooltip(new Tooltip("The partition with the most entity types the overview saw"));
        example.setOnAction(e -> {
            showCollection.run();
            model.openExampleCollection();
        });
        // The title and the buttons keep their size in a narrow window; the status gives way (its tooltip has it whole).
        for (var fixed : List.of(title, analyse, cancel, example)) {
            fixed.setMinWidth(Region.USE_PREF_SIZE);
        }
        status.setMinWidth(0);
        var row = new HBox(10, title, analyse, cancel, spinner, status, example);
        row.setAlignment(Pos.CENTER_LEFT);
        var box = new VBox(2, row, hint);
        box.setPadding(new Insets(10, 12, 6, 12));
        return box;
    }

    /** What Analyse reads, and for a live table what that costs by DynamoDB's own figures. */
    private String overviewHint(TableDescription table) {
        var what = "Scans every page and infers entity types from the keys; no schema needed.";
        if (freeReading != null) {
            return what + " " + freeReading;
        }
        return table == null ? what : what + " By DynamoDB's figures (updated about every six hours) that is "
                + ScanEstimate.of(table.sizeBytes(), table.itemCount(), 1).overviewText() + ".";
    }
}
