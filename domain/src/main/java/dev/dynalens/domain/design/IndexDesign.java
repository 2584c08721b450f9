package dev.dynalens.domain.design;

import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import java.util.List;
import java.util.Objects;

/**
 * A global secondary index of a design: its key attributes, projection ALL, the entities written into it (the others
 * lack its key attributes, so it is sparse) and why it exists.
 */
public record IndexDesign(String name, KeySchema keySchema, List<String> entities, String reason) {
    public IndexDesign {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keySchema, "keySchema");
        entities = List.copyOf(entities);
        Objects.requireNonNull(reason, "reason");
    }

    public String partitionKey() {
        return keySchema.partitionKeyName();
    }

    public String sortKey() {
        return keySchema.sortKeyName();
    }

    /** Every attribute is projected: a pattern served by the index reads whole items, as from the table. */
    public String projection() {
        return "ALL";
    }

    /** As CreateTable takes it: a global index projecting every attribute. */
    public IndexDescription toIndexDescription() {
        return new IndexDescription(name, IndexDescription.Kind.GLOBAL, keySchema, IndexDescription.Projection.ALL, List.of(), null, null, null);
    }
}
