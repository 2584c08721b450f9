package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Map;
import java.util.Objects;

/** A condition expression with its {@code #name} and {@code :value} maps, as it goes on the wire. */
public record Guard(String expression, Map<String, String> names, Map<String, AttributeValue> values, int operators) {
    public Guard {
        Objects.requireNonNull(expression, "expression");
        names = Map.copyOf(names);
        values = Map.copyOf(values);
    }
}
