package dev.dynalens.domain.design;

import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import java.util.List;
import java.util.Objects;

/**
 * A global secondary index of a design: its key attributes, projection ALL, the entities written into it (the others
 * lack its key attributes, so it is sparse) and why it exists.
 */
public record IndexDesign(String name, IndexKey key, List<String> entities, String reason) {
    public IndexDesign {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(key, "key");
        entities = List.copyOf(entities);
        Objects.requireNonNull(reason, "reason");
    }

    /** An index of one partition attribute and at most one sort attribute. */
    public IndexDesign(String name, KeySchema keySchema, List<String> entities, String reason) {
        this(name, Objects.requireNonNull(keySchema, "keySchema").asIndexKey(), entities, reason);
    }

    /**
     * The index's key as a {@link KeySchema}, for a path that handles one partition and one sort attribute only.
     *
     * @param what what does not handle a multi-attribute key yet, as a subject
     */
    public KeySchema singleKey(String what) {
        return key.requireSingle(name, what);
    }

    /** Every attribute is projected: a pattern served by the index reads whole items, as from the table. */
    public String projection() {
        return "ALL";
    }

    /** As CreateTable takes it: a global index projecting every attribute. */
    public IndexDescription toIndexDescription() {
        return new IndexDescription(name, IndexDescription.Kind.GLOBAL, key, IndexDescription.Projection.ALL, List.of(), null, null, null);
    }
}
