package dev.dynalens.ui.shell;

import atlantafx.base.controls.Notification;
import atlantafx.base.theme.Styles;
import javafx.animation.PauseTransition;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/** The notices in the top-right corner of the main window; each closes by its button or after a while. */
public final class NotificationsView {
    private static final Duration SHOWN_FOR = Duration.seconds(12);
    private final NotificationsViewModel model;

    public NotificationsView(NotificationsViewModel model) {
        this.model = model;
    }

    public Node createView() {
        var box = new VBox(8);
        box.setId("notifications");
        box.setPadding(new Insets(48, 16, 16, 16));
        box.setAlignment(Pos.TOP_RIGHT);
        box.setPickOnBounds(false);
        box.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        model.notes().addListener((ListChangeListener<NotificationsViewModel.Note>) change -> {
            box.getChildren().setAll(model.notes().stream().map(this::card).toList());
        });
        return box;
    }

    private Node card(NotificationsViewModel.Note note) {
        var card = new Notification(note.title() + "\n" + note.message());
        card.getStyleClass().addAll(Styles.ELEVATED_1, note.failed() ? Styles.DANGER : Styles.SUCCESS);
        card.setPrefWidth(360);
        card.setMaxWidth(360);
        card.setMaxHeight(Region.USE_PREF_SIZE);
        card.setOnClose(e -> model.dismiss(note));
        var timer = new PauseTransition(SHOWN_FOR);
        timer.setOnFinished(e -> model.dismiss(note));
        timer.play();
        return card;
    }
}
