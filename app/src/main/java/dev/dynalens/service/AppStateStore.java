package dev.dynalens.service;

import dev.dynalens.domain.appstate.OpenTab;
import dev.dynalens.domain.appstate.SavedQuery;
import dev.dynalens.domain.appstate.WindowBounds;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The app state kept between runs besides the connections: the saved queries, the open tabs and the main window's
 * size and position. Loading never
 * throws: what could not be read is named in {@code problem} and the rest comes back.
 */
public interface AppStateStore {

    record SavedQueries(List<SavedQuery> queries, Optional<String> problem) {
        public SavedQueries {
            queries = List.copyOf(queries);
        }
    }

    /** @param selected the position of the tab that was showing, or -1 */
    record OpenTabs(List<OpenTab> tabs, int selected, Optional<String> problem) {
        public OpenTabs {
            tabs = List.copyOf(tabs);
        }
    }

    /** The main window as it was at the last exit; empty on a first start. */
    record SavedWindow(Optional<WindowBounds> bounds, Optional<String> problem) {
    }

    SavedQueries loadSavedQueries();

    /** @throws java.io.UncheckedIOException with the file and reason when it cannot be written */
    void saveSavedQueries(List<SavedQuery> queries);

    /** Writes queries to a file to share. @throws java.io.UncheckedIOException when it cannot be written */
    void exportQueries(List<SavedQuery> queries, Path file);

    /**
     * Reads a file written by {@link #exportQueries}.
     *
     * @throws IllegalArgumentException naming the file, and the line and column for broken JSON, when it cannot be read
     */
    List<SavedQuery> importQueries(Path file);

    OpenTabs loadOpenTabs();

    /** @throws java.io.UncheckedIOException when it cannot be written */
    void saveOpenTabs(List<OpenTab> tabs, int selected);

    SavedWindow loadWindow();

    /** @throws java.io.UncheckedIOException when it cannot be written */
    void saveWindow(WindowBounds bounds);
}
