package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.Objects;
import java.util.Optional;

/**
 * A pattern's input that the entity's items have in a key only: the unknown part at {@code segment} of
 * {@code derivation} ({@code userId} as the {@code {?}} of {@code PK = USER#{?}}, on users that have no
 * {@code userId} attribute). A request's value for it is read from an item's key.
 */
public record KeyOnlyInput(String input, KeyDerivation derivation, int segment) {
    public KeyOnlyInput {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(derivation, "derivation");
        if (!(derivation.segments().get(segment) instanceof KeyDerivation.Unknown)) {
            throw new IllegalArgumentException("Part " + segment + " of " + derivation.template() + " is not unknown");
        }
    }

    public String entity() {
        return derivation.entity();
    }

    /**
     * The input's value in the item's key: the key itself where it is one part (a number key gives a number), else
     * the part, cut as the learner cut keys; empty when the item's key does not have the derivation's shape.
     */
    public Optional<AttributeValue> readFrom(Item item) {
        var key = item.attributes().get(derivation.keyAttribute());
        var parts = derivation.partsOf(item);
        if (parts.isEmpty() || parts.get().get(segment).isEmpty()) {
            return Optional.empty();
        }
        if (derivation.segments().size() == 1 && (key instanceof AttributeValue.Str || key instanceof AttributeValue.Num)) {
            return Optional.of(key);
        }
        return Optional.of(new AttributeValue.Str(parts.get().get(segment)));
    }

    /** The derivation's segments with this input in its part. */
    java.util.List<KeyDerivation.Segment> segments() {
        var segments = new ArrayList<>(derivation.segments());
        segments.set(segment, new KeyDerivation.Attribute(input));
        return segments;
    }

    /** {@code PK = USER#{userId}}: the key with the input in its part (other unknown parts stay {@code {?}}). */
    public String describe() {
        return derivation.keyAttribute() + " = " + ValueTemplate.joined(KeyDerivation.parts(segments()), derivation.delimiter());
    }
}
