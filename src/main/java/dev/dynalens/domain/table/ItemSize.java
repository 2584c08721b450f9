package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import java.util.Map;

/**
 * An item's size as DynamoDB counts it against the 400 KB item limit and the 1 MB page limit.
 *
 * <p>DynamoDB rule (Developer Guide, "Item sizes and formats"): attribute names and strings count
 * their UTF-8 bytes, binaries their length, a number about one byte per two significant digits plus
 * one, a Boolean or null one byte; a list or map three bytes plus one per element, plus its
 * elements (and, in a map, the names). Sets count their elements.
 */
public final class ItemSize {
    private ItemSize() {
    }

    public static long of(Item item) {
        return ofAttributes(item.attributes());
    }

    private static long ofAttributes(Map<String, AttributeValue> attributes) {
        long size = 0;
        for (var entry : attributes.entrySet()) {
            size += utf8Length(entry.getKey()) + of(entry.getValue());
        }
        return size;
    }

    public static long of(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> utf8Length(s.value());
            case AttributeValue.Num n -> of(n.value());
            case AttributeValue.Bin b -> b.value().length();
            case AttributeValue.Bool b -> 1;
            case AttributeValue.Null n -> 1;
            case AttributeValue.ListValue l -> {
                long size = 3 + l.values().size();
                for (var element : l.values()) {
                    size += of(element);
                }
                yield size;
            }
            case AttributeValue.MapValue m -> 3 + m.values().size() + ofAttributes(m.values());
            case AttributeValue.StringSet s -> s.values().stream().mapToLong(ItemSize::utf8Length).sum();
            case AttributeValue.NumberSet s -> s.values().stream().mapToLong(ItemSize::of).sum();
            case AttributeValue.BinarySet s -> s.values().stream().mapToLong(b -> b.length()).sum();
        };
    }

    private static long of(DynamoNumber number) {
        return (number.significantDigits() + 1) / 2 + 1;
    }

    /** UTF-8 length without encoding the string. */
    public static long utf8Length(String s) {
        long length = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                length++;
            } else if (c < 0x800) {
                length += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                length += 4;
                i++;
            } else {
                length += 3;
            }
        }
        return length;
    }
}
