package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One entity of a patterns file: the attributes that identify an item, every attribute with its type, and what is
 * expected of it.
 *
 * @param id         the attributes whose values together identify one item ({@code [customerId]}); empty only when
 *                   checking an existing table, whose keys identify its items
 * @param attributes name to type, in the file's order
 * @param count      how many items are expected, if known (0 when not given)
 * @param itemSize   the expected size of one item in bytes, if known (0 when not given: measured on the samples)
 */
public record EntitySpec(String name, List<String> id, Map<String, AttributeType> attributes, long count, long itemSize) {
    public EntitySpec {
        Objects.requireNonNull(name, "name");
        id = List.copyOf(id);
        attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        if (count < 0 || itemSize < 0) {
            throw new IllegalArgumentException("count and itemSize are not negative");
        }
    }

    public EntitySpec(String name, List<String> id, Map<String, AttributeType> attributes) {
        this(name, id, attributes, 0, 0);
    }

    public boolean has(String attribute) {
        return attributes.containsKey(attribute);
    }

    public AttributeType typeOf(String attribute) {
        var type = attributes.get(attribute);
        if (type == null) {
            throw new IllegalArgumentException(name + " has no attribute " + attribute);
        }
        return type;
    }

    public OptionalLong expectedCount() {
        return count > 0 ? OptionalLong.of(count) : OptionalLong.empty();
    }

    public OptionalLong expectedItemSize() {
        return itemSize > 0 ? OptionalLong.of(itemSize) : OptionalLong.empty();
    }
}
