package dev.dynalens.ui.shell;

import dev.dynalens.ui.common.WorkNotifier;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Notices about background work that finished: an overview or a staleness check in a tab that is not showing, and
 * every fan-out, export, import and load into a table (through {@link WorkNotifier}). Newest first, at most {@link #LIMIT}; the view dismisses them.
 */
public final class NotificationsViewModel implements WorkNotifier {
    public static final int LIMIT = 4;

    /** @param failed the work ended with an error (or was cancelled) rather than its result */
    public record Note(String title, String message, boolean failed) {
    }

    private final ObservableList<Note> notes = FXCollections.observableArrayList();

    public ObservableList<Note> notes() { return notes; }

    public void notify(Note note) {
        notes.addFirst(note);
        while (notes.size() > LIMIT) {
            notes.removeLast();
        }
    }

    /** Long work that ended (a fan-out, an export, an import, a load): always a notice, whether its dialog is open or not. */
    @Override
    public void workEnded(String title, String summary, boolean failed) {
        notify(new Note(title, summary, failed));
    }

    public void dismiss(Note note) {
        notes.remove(note);
    }

    /**
     * Notifies with {@code done} each time {@code running} goes from true to false while {@code visible} says the work
     * is out of sight. Listens on the FX thread, where the models change their properties.
     */
    public void watch(ObservableBooleanValue running, BooleanSupplier visible, Supplier<Note> done) {
        running.addListener((obs, was, now) -> {
            if (was && !now && !visible.getAsBoolean()) {
                notify(done.get());
            }
        });
    }
}
