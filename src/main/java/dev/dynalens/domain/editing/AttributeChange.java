package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Objects;
import java.util.Optional;

/** One top-level attribute that differs between the item as read and as edited. */
public record AttributeChange(String name, Kind kind, Optional<AttributeValue> before, Optional<AttributeValue> after) {
    public enum Kind { ADDED, REMOVED, CHANGED }

    public AttributeChange {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
    }

    static AttributeChange added(String name, AttributeValue after) {
        return new AttributeChange(name, Kind.ADDED, Optional.empty(), Optional.of(after));
    }

    static AttributeChange removed(String name, AttributeValue before) {
        return new AttributeChange(name, Kind.REMOVED, Optional.of(before), Optional.empty());
    }

    static AttributeChange changed(String name, AttributeValue before, AttributeValue after) {
        return new AttributeChange(name, Kind.CHANGED, Optional.of(before), Optional.of(after));
    }
}
