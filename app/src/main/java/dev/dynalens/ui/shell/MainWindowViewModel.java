package dev.dynalens.ui.shell;

import dev.dynalens.domain.appstate.WindowBounds;
import dev.dynalens.domain.appstate.WindowPlacement;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.service.AppStateStore;
import java.util.List;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The main window's size and place: where it opens ({@link WindowPlacement} over the bounds saved at the last exit)
 * and the bounds it is saved with. A maximized window is saved with the bounds it had before, so it returns to
 * them when it is no longer maximized.
 */
public final class MainWindowViewModel {
    private final AppStateStore store;
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private WindowBounds normal;

    public MainWindowViewModel(AppStateStore store) {
        this.store = store;
    }

    /** What could not be read or written, for the notifications; empty when nothing went wrong. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Where the window opens, on these screens. */
    public WindowBounds initial(WindowPlacement.Screen primary, List<WindowPlacement.Screen> screens) {
        var saved = store.loadWindow();
        saved.problem().ifPresent(status::set);
        normal = WindowPlacement.initial(saved.bounds(), primary, screens);
        return normal;
    }

    /** The window moved or was resized; a maximized window's bounds are the screen's, so they are not remembered. */
    public void moved(double x, double y, double width, double height, boolean maximized) {
        if (!maximized && width > 0 && height > 0 && Double.isFinite(x) && Double.isFinite(y)) {
            normal = new WindowBounds(x, y, width, height, false);
        }
    }

    /** Writes the last bounds; a failure is reported in the status, never thrown (closing the app must not fail). */
    public boolean save(boolean maximized) {
        if (normal == null) {
            return false;
        }
        try {
            store.saveWindow(new WindowBounds(normal.x(), normal.y(), normal.width(), normal.height(), maximized));
            return true;
        } catch (RuntimeException e) {
            status.set("The window's size could not be saved: " + Problems.describe(e));
            return false;
        }
    }
}
