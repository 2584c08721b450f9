package dev.dynalens.domain.staleness;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;

/** Values made once per (key attribute, variable number), so that every item's parts share them. */
final class PerVariable<T> {
    private final Map<String, Object[]> byAttribute = new HashMap<>();
    private final BiFunction<String, Integer, T> make;

    PerVariable(BiFunction<String, Integer, T> make) {
        this.make = make;
    }

    @SuppressWarnings("unchecked")
    T get(String attribute, int variable) {
        var values = byAttribute.get(attribute);
        if (values == null || values.length <= variable) {
            values = values == null ? new Object[Math.max(variable + 1, 4)] : Arrays.copyOf(values, Math.max(variable + 1, 4));
            byAttribute.put(attribute, values);
        }
        var value = (T) values[variable];
        if (value == null) {
            value = make.apply(attribute, variable);
            values[variable] = value;
        }
        return value;
    }
}
