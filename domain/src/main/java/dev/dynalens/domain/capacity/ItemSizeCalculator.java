package dev.dynalens.domain.capacity;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.Map;

/**
 * An item's size in bytes exactly as DynamoDB counts it against the 400 KB item limit, the 1 MB page
 * limit and capacity units. The one size rule in the code base ({@code domain.table.ItemSize}
 * delegates here). See docs/capacity.md for the choices where the Developer Guide is approximate.
 *
 * <p>Rules from the Developer Guide, "DynamoDB item sizes and formats"
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
 * <ul>
 *   <li>"The total size of an item is the sum of the lengths of its attribute names and values":
 *       every attribute name counts its UTF-8 bytes, at the top level and inside maps;</li>
 *   <li>"Strings are Unicode with UTF-8 binary encoding": a string counts its UTF-8 bytes;</li>
 *   <li>"a binary value [is sent in] base64 ... but the value's raw byte length is used";</li>
 *   <li>"The size of a null attribute or a Boolean attribute is ... (1 byte)";</li>
 *   <li>"An attribute of type List or Map requires 3 bytes of overhead, regardless of its contents"
 *       and "Each List or Map element also requires 1 byte of overhead";</li>
 *   <li>sets carry no overhead: a set counts the sum of its elements, each sized as its scalar type;</li>
 *   <li>numbers: see {@link #sizeOf(DynamoNumber)}.</li>
 * </ul>
 */
public final class ItemSizeCalculator {

    private ItemSizeCalculator() {
    }

    /** The item's size and each top-level attribute's share of it, in the item's attribute order. */
    public static ItemSizeBreakdown breakdown(Item item) {
        var attributes = new ArrayList<AttributeSize>(item.size());
        long total = 0;
        for (var entry : item.attributes().entrySet()) {
            var attribute = new AttributeSize(entry.getKey(), entry.getValue().type(), utf8Length(entry.getKey()), sizeOf(entry.getValue()));
            attributes.add(attribute);
            total += attribute.bytes();
        }
        return new ItemSizeBreakdown(attributes, total);
    }

    public static long sizeOf(Item item) {
        return sizeOf(item.attributes());
    }

    private static long sizeOf(Map<String, AttributeValue> attributes) {
        long size = 0;
        for (var entry : attributes.entrySet()) {
            size += utf8Length(entry.getKey()) + sizeOf(entry.getValue());
        }
        return size;
    }

    /** A value's size without the name it is stored under. */
    public static long sizeOf(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return utf8Length(s.value());
        }
        if (value instanceof AttributeValue.Num n) {
            return sizeOf(n.value());
        }
        if (value instanceof AttributeValue.Bin b) {
            return b.value().length();
        }
        if (value instanceof AttributeValue.Bool) {
            return 1;
        }
        if (value instanceof AttributeValue.Null) {
            return 1;
        }
        if (value instanceof AttributeValue.ListValue l) {
            long size = 3 + l.values().size();
            for (var element : l.values()) {
                size += sizeOf(element);
            }
            return size;
        }
        if (value instanceof AttributeValue.MapValue m) {
            return 3 + m.values().size() + sizeOf(m.values());
        }
        if (value instanceof AttributeValue.StringSet s) {
            return s.values().stream().mapToLong(ItemSizeCalculator::utf8Length).sum();
        }
        if (value instanceof AttributeValue.NumberSet s) {
            return s.values().stream().mapToLong(ItemSizeCalculator::sizeOf).sum();
        }
        if (value instanceof AttributeValue.BinarySet s) {
            return s.values().stream().mapToLong(b -> b.length()).sum();
        }
        throw new IllegalStateException("unexpected " + value.getClass());
    }

    /**
     * A number's size. The Developer Guide says "approximately ... (1 byte per two significant digits)
     * + (1 byte)", with leading and trailing zeroes trimmed. The exact rule, which the guide's formula
     * approximates, is the one of a base-100 encoding: one byte for sign and exponent, one byte per
     * pair of digits where the pairs are aligned on the decimal point (so 12 and 0.12 take one pair,
     * 1.2 and 120 two), and one more byte for a negative number. dynalite computes the same rule; the
     * guide's formula agrees with it for every number with an odd count of significant digits that is
     * positive. Zero is one byte. The reasons are in docs/capacity.md.
     */
    public static long sizeOf(DynamoNumber number) {
        var value = number.toBigDecimal();
        if (value.signum() == 0) {
            return 1;
        }
        var digits = value.abs().stripTrailingZeros();
        int precision = digits.precision();
        int scale = digits.scale();
        // the significant digits occupy the powers of ten from highest down to lowest
        long highest = (long) precision - 1 - scale;
        long lowest = -(long) scale;
        long pairs = Math.floorDiv(highest, 2) - Math.floorDiv(lowest, 2) + 1;
        return 1 + pairs + (value.signum() < 0 ? 1 : 0);
    }

    /**
     * The size of a key attribute's value as the key length limits count it (2048 bytes for a partition
     * key, 1024 for a sort key): a string's UTF-8 bytes, a binary's bytes, a number's size.
     */
    public static long keyValueSize(AttributeValue value) {
        return sizeOf(value);
    }

    /** UTF-8 length without encoding the string (an unpaired surrogate counts as the 3 bytes of U+FFFD's form). */
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
