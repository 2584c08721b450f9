package dev.dynalens.domain.item;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** One DynamoDB item: attribute names to values, in the order they were read. */
public record Item(Map<String, AttributeValue> attributes) {
    public static final Item EMPTY = new Item(Map.of());

    public Item {
        // An AttributeMap's map is taken as it is: it let go of it, and checked every name and value.
        attributes = Collections.unmodifiableMap(attributes instanceof AttributeMap.Owned owned ? owned : checkedCopy(attributes));
    }

    private static Map<String, AttributeValue> checkedCopy(Map<String, AttributeValue> attributes) {
        var copy = new LinkedHashMap<String, AttributeValue>(attributes.size() * 2);
        attributes.forEach((k, v) -> {
            if (v == null) { // the message is built only when it is needed: this runs for every attribute read
                throw new NullPointerException("value of " + k);
            }
            copy.put(Objects.requireNonNull(k, "name"), v);
        });
        return copy;
    }

    public static Item of(Map<String, ? extends AttributeValue> attributes) {
        return new Item(new LinkedHashMap<>(attributes));
    }

    public Optional<AttributeValue> get(String name) {
        return Optional.ofNullable(attributes.get(name));
    }

    public boolean has(String name) {
        return attributes.containsKey(name);
    }

    public int size() {
        return attributes.size();
    }

    /** The key attributes of this item, for the given key attribute names (sort key may be null). */
    public Map<String, AttributeValue> key(String partitionKey, String sortKey) {
        var key = new LinkedHashMap<String, AttributeValue>();
        get(partitionKey).ifPresent(v -> key.put(partitionKey, v));
        if (sortKey != null) {
            get(sortKey).ifPresent(v -> key.put(sortKey, v));
        }
        return Collections.unmodifiableMap(key);
    }

    public Item with(String name, AttributeValue value) {
        var copy = new LinkedHashMap<>(attributes);
        copy.put(name, value);
        return new Item(copy);
    }
}
