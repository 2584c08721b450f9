package dev.dynalens.ui.shell;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;

/** A connection with its colour tag, region or endpoint, and a read-only badge. */
final class ConnectionCell extends ListCell<ConnectionProfile> {
    @Override
    protected void updateItem(ConnectionProfile profile, boolean empty) {
        super.updateItem(profile, empty);
        if (empty || profile == null) {
            setText(null);
            setGraphic(null);
            return;
        }
        var dot = new Circle(6, Color.web(profile.tag().colour()));
        var name = new Label(profile.name());
        name.getStyleClass().add("text-bold");
        var where = new Label(ConnectionsViewModel.isWorkspace(profile)
                ? "file · " + profile.id().substring(ConnectionsViewModel.WORKSPACE_ID_PREFIX.length())
                : profile.endpoint().map(Object::toString).orElse(profile.region()));
        where.getStyleClass().addAll("text-muted", "text-small");
        var details = new HBox(6, where);
        details.setAlignment(Pos.CENTER_LEFT);
        if (profile.tag().isProduction()) {
            var badge = new Label("PROD");
            badge.getStyleClass().addAll("text-small", "prod-badge");
            details.getChildren().add(badge);
        }
        if (profile.readOnly() && !ConnectionsViewModel.isWorkspace(profile)) {
            var badge = new Label("read-only");
            badge.getStyleClass().addAll("text-small", "read-only-badge");
            details.getChildren().add(badge);
        }
        var text = new VBox(1, name, details);
        var row = new HBox(8, dot, text);
        row.setAlignment(Pos.CENTER_LEFT);
        setText(null);
        setGraphic(row);
    }
}
