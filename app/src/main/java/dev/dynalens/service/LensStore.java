package dev.dynalens.service;

import dev.dynalens.domain.inference.Lens;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The person's corrections to the inferred entity types (renames, merges, splits), one small JSON
 * file per table and connection in the config folder.
 */
public interface LensStore {

    /** The saved lens, {@link Lens#NONE} when there is none; a broken file is reported, never thrown. */
    Loaded load(String scope, String table);

    void save(String scope, String table, Lens lens);

    /** Writes the lens to a file of the person's choosing, to share it. */
    void export(Lens lens, Path file);

    Path location(String scope, String table);

    record Loaded(Lens lens, Optional<String> problem) {
    }
}
