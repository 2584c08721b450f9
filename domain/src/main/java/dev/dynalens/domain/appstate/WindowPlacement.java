package dev.dynalens.domain.appstate;

import java.util.List;
import java.util.Optional;

/**
 * Where the main window opens: where it was last time when that is still on a screen, else at a share of the
 * primary screen, centred. A window saved on a screen that is gone (a laptop undocked) comes back on the primary one
 * rather than off every screen.
 */
public final class WindowPlacement {
    /** The share of the primary screen's usable area a first window takes: room for the tables, some desktop left. */
    static final double WIDTH_SHARE = 0.8;
    static final double HEIGHT_SHARE = 0.85;
    /** Below this the sidebar and a table tab's views crowd each other; a smaller screen gets all of itself. */
    static final double MIN_WIDTH = 960;
    static final double MIN_HEIGHT = 640;
    /** How far below the window's top edge its title bar is grabbed; that point must be on a screen. */
    private static final double TITLE_BAR = 12;

    /** A screen's usable area (without task bars and docks). */
    public record Screen(double x, double y, double width, double height) {
        boolean contains(double px, double py) {
            return px >= x && px < x + width && py >= y && py < y + height;
        }
    }

    private WindowPlacement() {
    }

    public static WindowBounds initial(Optional<WindowBounds> saved, Screen primary, List<Screen> screens) {
        return saved.flatMap(bounds -> onScreen(bounds, screens)).orElseGet(() -> share(primary));
    }

    /** The first window on {@code screen}: its share of the screen, at least the minimum the screen allows, centred. */
    public static WindowBounds share(Screen screen) {
        var width = Math.min(screen.width(), Math.max(MIN_WIDTH, Math.floor(screen.width() * WIDTH_SHARE)));
        var height = Math.min(screen.height(), Math.max(MIN_HEIGHT, Math.floor(screen.height() * HEIGHT_SHARE)));
        return new WindowBounds(screen.x() + Math.floor((screen.width() - width) / 2),
                screen.y() + Math.floor((screen.height() - height) / 2), width, height, false);
    }

    /**
     * The saved bounds on the screen that holds the middle of their title bar, made to fit that screen (a window
     * saved on a larger screen shrinks to it and moves inside it); empty when no screen holds it.
     */
    private static Optional<WindowBounds> onScreen(WindowBounds saved, List<Screen> screens) {
        var grabX = saved.x() + saved.width() / 2;
        var grabY = saved.y() + TITLE_BAR;
        return screens.stream().filter(screen -> screen.contains(grabX, grabY)).findFirst().map(screen -> {
            var width = Math.min(saved.width(), screen.width());
            var height = Math.min(saved.height(), screen.height());
            var x = Math.min(screen.x() + screen.width() - width, Math.max(saved.x(), screen.x()));
            var y = Math.min(screen.y() + screen.height() - height, Math.max(saved.y(), screen.y()));
            return new WindowBounds(x, y, width, height, saved.maximized());
        });
    }
}
