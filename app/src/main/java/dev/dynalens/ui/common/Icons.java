package dev.dynalens.ui.common;

import javafx.scene.control.ButtonBase;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The icons of the toolbar actions a person looks for by shape: one pack (Feather, through Ikonli, as AtlantaFX's
 * sampler does) for the whole app, so an action looks the same wherever it appears. Every button with an icon has a
 * tooltip; its text stays where a word says more than the shape.
 */
public final class Icons {
    /** The style class of every toolbar icon (sized in {@code dynalens.css}). */
    public static final String STYLE_CLASS = "toolbar-icon";

    /** An action and the shape it is shown with. */
    public enum Action {
        RUN(Feather.PLAY),
        CANCEL(Feather.X_CIRCLE),
        REFRESH(Feather.REFRESH_CW),
        OPEN(Feather.FOLDER),
        OPEN_TABLE(Feather.ARROW_RIGHT_CIRCLE),
        EXPORT(Feather.UPLOAD),
        IMPORT(Feather.DOWNLOAD),
        LOAD_INTO(Feather.DATABASE),
        COMMIT(Feather.CHECK_CIRCLE),
        UNDO(Feather.CORNER_UP_LEFT),
        DISCARD(Feather.TRASH_2),
        COPY(Feather.COPY),
        LOAD_MORE(Feather.CHEVRONS_DOWN),
        ADD(Feather.PLUS),
        EDIT(Feather.EDIT_2),
        REMOVE(Feather.TRASH_2),
        TEST(Feather.ACTIVITY),
        ANALYSE(Feather.BAR_CHART_2),
        FIND(Feather.SEARCH),
        REPAIR(Feather.TOOL),
        SAVE(Feather.SAVE),
        READ_EXPORT(Feather.ARCHIVE),
        EXPORT_S3(Feather.UPLOAD_CLOUD);

        private final Ikon ikon;

        Action(Ikon ikon) {
            this.ikon = ikon;
        }

        public Ikon ikon() {
            return ikon;
        }
    }

    private Icons() {
    }

    /** A new icon node for {@code action}. */
    public static FontIcon icon(Action action) {
        var icon = new FontIcon(action.ikon());
        icon.getStyleClass().add(STYLE_CLASS);
        return icon;
    }

    /** The action's icon before the button's text, and the tooltip. */
    public static <B extends ButtonBase> B withIcon(B button, Action action, String tooltip) {
        button.setGraphic(icon(action));
        var tip = new Tooltip(tooltip);
        tip.setShowDelay(Duration.millis(400));
        button.setTooltip(tip);
        return button;
    }

    /**
     * The icon alone, where its shape says it all (refresh, cancel): the tooltip names the action, and the text is
     * kept as the button's accessible name (a screen reader still reads it).
     */
    public static <B extends ButtonBase> B iconOnly(B button, Action action, String tooltip) {
        withIcon(button, action, tooltip);
        button.setAccessibleText(button.getText());
        button.setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        return button;
    }
}
