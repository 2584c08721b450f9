package dev.dynalens.samples;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds a sample item attribute by attribute, in the order a person reads them. */
final class ItemBuilder {
    private final Map<String, AttributeValue> attributes = new LinkedHashMap<>();

    private ItemBuilder() {
    }

    static ItemBuilder item(String partitionKey, String sortKey) {
        return new ItemBuilder().s("PK", partitionKey).s("SK", sortKey);
    }

    static Map<String, AttributeValue> map(String... namesAndTexts) {
        var map = new LinkedHashMap<String, AttributeValue>();
        for (int i = 0; i < namesAndTexts.length; i += 2) {
            map.put(namesAndTexts[i], AttributeValue.s(namesAndTexts[i + 1]));
        }
        return map;
    }

    ItemBuilder s(String name, String value) {
        attributes.put(name, AttributeValue.s(value));
        return this;
    }

    ItemBuilder n(String name, String value) {
        attributes.put(name, AttributeValue.n(value));
        return this;
    }

    ItemBuilder n(String name, long value) {
        attributes.put(name, AttributeValue.n(value));
        return this;
    }

    ItemBuilder b(String name, byte[] value) {
        attributes.put(name, AttributeValue.b(value));
        return this;
    }

    ItemBuilder bool(String name, boolean value) {
        attributes.put(name, AttributeValue.bool(value));
        return this;
    }

    ItemBuilder m(String name, Map<String, AttributeValue> value) {
        attributes.put(name, AttributeValue.m(value));
        return this;
    }

    /** A string set; left out when empty, as DynamoDB has no empty sets. */
    ItemBuilder ss(String name, List<String> values) {
        if (!values.isEmpty()) {
            attributes.put(name, AttributeValue.StringSet.of(values));
        }
        return this;
    }

    Item build() {
        return new Item(attributes);
    }
}
