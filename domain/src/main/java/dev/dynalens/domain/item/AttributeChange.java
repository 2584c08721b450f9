package dev.dynalens.domain.item;

import java.util.Objects;
import java.util.Optional;

/** One top-level attribute that differs between two versions of an item. */
public record AttributeChange(String name, Kind kind, Optional<AttributeValue> before, Optional<AttributeValue> after) {
    public enum Kind { ADDED, REMOVED, CHANGED }

    public AttributeChange {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
    }

    /** The value before, or null when the attribute was added. */
    public AttributeValue valueBefore() {
        return before.orElse(null);
    }

    /** The value after, or null when the attribute was removed. */
    public AttributeValue valueAfter() {
        return after.orElse(null);
    }

    public static AttributeChange added(String name, AttributeValue after) {
        return new AttributeChange(name, Kind.ADDED, Optional.empty(), Optional.of(after));
    }

    public static AttributeChange removed(String name, AttributeValue before) {
        return new AttributeChange(name, Kind.REMOVED, Optional.of(before), Optional.empty());
    }

    public static AttributeChange changed(String name, AttributeValue before, AttributeValue after) {
        return new AttributeChange(name, Kind.CHANGED, Optional.of(before), Optional.of(after));
    }
}
