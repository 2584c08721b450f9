package dev.dynalens.service;

import dev.dynalens.domain.connection.ConnectionProfile;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Saved connections in the per-user config folder. Never holds a secret. */
public interface ConnectionStore {

    /** Loads the saved connections; a missing file is an empty list, a broken one is reported, not thrown. */
    LoadResult load();

    /** Replaces the saved connections, atomically. */
    void save(List<ConnectionProfile> connections);

    Path location();

    /** @param problem set when the file could not be read; the connections are then what could be kept (often none) */
    record LoadResult(List<ConnectionProfile> connections, Optional<String> problem) {
        public LoadResult {
            connections = List.copyOf(connections);
        }
    }
}
