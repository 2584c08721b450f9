package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.LinkedHashMap;

/** Small builders for test items in a PK/SK table. */
final class TestItems {
    static final KeySchema PK_SK = KeySchema.of("PK", "SK");
    static final TableKeys TABLE = TableKeys.of(PK_SK);

    private TestItems() {
    }

    /** An item with string PK and SK and, after them, name/value pairs (strings; numbers when they parse as long). */
    static Item item(String pk, String sk, Object... attributes) {
        var map = new LinkedHashMap<String, AttributeValue>();
        map.put("PK", AttributeValue.s(pk));
        if (sk != null) {
            map.put("SK", AttributeValue.s(sk));
        }
        for (int i = 0; i < attributes.length; i += 2) {
            map.put((String) attributes[i], value(attributes[i + 1]));
        }
        return new Item(map);
    }

    static AttributeValue value(Object value) {
        return switch (value) {
            case AttributeValue v -> v;
            case Integer n -> AttributeValue.n(n);
            case Long n -> AttributeValue.n(n);
            case Boolean b -> AttributeValue.bool(b);
            default -> AttributeValue.s(value.toString());
        };
    }

    /** "PK|SK" → item. */
    static Item keyed(String pkAndSk) {
        var parts = pkAndSk.split("\\|", 2);
        return item(parts[0].strip(), parts.length > 1 ? parts[1].strip() : null);
    }
}
