package dev.dynalens.domain.sql;

import dev.dynalens.domain.item.AttributeType;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A column of an entity table: an attribute and the types the analysis saw it with (more than one when the data is
 * mixed; empty when nothing is known, as for a key attribute no item of the sample had).
 */
public record SqlAttribute(String name, Set<AttributeType> types) {
    public SqlAttribute {
        Objects.requireNonNull(name, "name");
        types = types.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(types));
    }

    /** The one type of the attribute, when it has exactly one. */
    public AttributeType soleType() {
        return types.size() == 1 ? types.iterator().next() : null;
    }
}
