package dev.dynalens.ui.shell;

import java.util.LinkedHashMap;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** The help overlay: the shortcuts grouped, over a dimmed window; Esc, a click outside or Close hide it. */
public final class ShortcutsHelp {
    private final StackPane layer = new StackPane();

    public ShortcutsHelp(List<Shortcuts.Shortcut> shortcuts) {
        layer.setId("shortcutsHelp");
        layer.getStyleClass().add("overlay-dim");
        layer.setVisible(false);
        var card = new VBox(10);
        card.getStyleClass().add("overlay-card");
        card.setPadding(new Insets(20));
        card.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        var title = new Label("Keyboard shortcuts");
        title.getStyleClass().add("title-3");
        card.getChildren().add(title);
        var groups = new LinkedHashMap<String, List<Shortcuts.Shortcut>>();
        for (var s : shortcuts) {
            groups.computeIfAbsent(s.action().group(), g -> new java.util.ArrayList<>()).add(s);
        }
        var grid = new GridPane();
        grid.setHgap(24);
        grid.setVgap(4);
        var row = 0;
        for (var group : groups.entrySet()) {
            var heading = new Label(group.getKey());
            heading.getStyleClass().add("title-4");
            grid.add(heading, 0, row++, 2, 1);
            for (var s : group.getValue()) {
                var keys = new Label(s.keysText());
                keys.getStyleClass().add("shortcut-keys");
                grid.addRow(row++, keys, new Label(s.action().description()));
            }
        }
        var close = new Button("Close");
        close.setId("closeShortcutsHelp");
        close.setOnAction(e -> hide());
        card.getChildren().addAll(grid, close);
        card.setOnMouseClicked(e -> e.consume());
        layer.getChildren().add(card);
        StackPane.setAlignment(card, Pos.CENTER);
        layer.setOnMouseClicked(e -> hide());
        layer.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                hide();
                e.consume();
            }
        });
    }

    public Node node() {
        return layer;
    }

    public boolean showing() {
        return layer.isVisible();
    }

    public void toggle() {
        if (showing()) hide(); else show();
    }

    public void show() {
        layer.setVisible(true);
        layer.requestFocus();
    }

    public void hide() {
        layer.setVisible(false);
    }
}
