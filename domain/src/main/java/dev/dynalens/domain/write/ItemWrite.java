package dev.dynalens.domain.write;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.Map;
import java.util.Objects;

/**
 * One single-item write, optionally guarded by a condition expression. Expressions are DynamoDB's text with their
 * {@code #name} and {@code :value} maps, exactly as they go on the wire; an absent condition is {@code null}.
 */
public sealed interface ItemWrite {
    String tableName();

    /** Null when the write is unconditional. */
    String conditionExpression();

    Map<String, String> names();

    Map<String, AttributeValue> values();

    /** The DynamoDB operation this write is: {@code PutItem}, {@code UpdateItem} or {@code DeleteItem}. */
    default String operation() {
        if (this instanceof Put) {
            return "PutItem";
        } else if (this instanceof Update) {
            return "UpdateItem";
        } else if (this instanceof Delete) {
            return "DeleteItem";
        } else {
            throw new IllegalStateException("unexpected " + getClass());
        }
    }

    /** PutItem; the result carries the item it replaced (ALL_OLD), if any. */
    record Put(String tableName, Item item, String conditionExpression, Map<String, String> names,
               Map<String, AttributeValue> values) implements ItemWrite {
        public Put {
            Objects.requireNonNull(tableName, "tableName");
            Objects.requireNonNull(item, "item");
            names = ordered(names);
            values = ordered(values);
        }

        public static Put unconditional(String tableName, Item item) {
            return new Put(tableName, item, null, Map.of(), Map.of());
        }
    }

    /** UpdateItem; the result carries the whole item after the update (ALL_NEW). */
    record Update(String tableName, Map<String, AttributeValue> key, String updateExpression, String conditionExpression,
                  Map<String, String> names, Map<String, AttributeValue> values) implements ItemWrite {
        public Update {
            Objects.requireNonNull(tableName, "tableName");
            Objects.requireNonNull(updateExpression, "updateExpression");
            key = ordered(key);
            names = ordered(names);
            values = ordered(values);
        }
    }

    /** DeleteItem; the result carries the item it removed (ALL_OLD), if any. */
    record Delete(String tableName, Map<String, AttributeValue> key, String conditionExpression, Map<String, String> names,
                  Map<String, AttributeValue> values) implements ItemWrite {
        public Delete {
            Objects.requireNonNull(tableName, "tableName");
            key = ordered(key);
            names = ordered(names);
            values = ordered(values);
        }
    }

    /** A read-only copy that keeps the order (keys partition key first; placeholders as they were introduced). */
    private static <K, V> Map<K, V> ordered(Map<K, V> map) {
        return java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(Objects.requireNonNull(map, "map")));
    }
}
