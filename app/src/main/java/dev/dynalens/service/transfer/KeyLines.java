package dev.dynalens.service.transfer;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The keys an import has read, each with the line it was first seen on, so that a key given twice in one file (which
 * the second put silently replaces) can be reported with both lines. Kept as 128-bit hashes of the keys as DynamoDB
 * compares them (numbers by value: {@code 1.50} is {@code 1.5}) in open-addressing arrays: 24 bytes a key, so a
 * million-item file costs about 24 MB, and two different keys are taken for one only with a chance of about 2⁻¹²⁸.
 */
final class KeyLines {
    private final KeySchema schema;
    private long[] high = new long[1 << 10];
    private long[] low = new long[1 << 10];
    private long[] lines = new long[1 << 10];
    private int size;

    KeyLines(KeySchema schema) {
        this.schema = schema;
    }

    /** Records the item's key at {@code line}; the line it was seen on before, if it was. The item must hold its keys. */
    Optional<Long> add(Item item, long line) {
        long h1 = 0xcbf29ce484222325L;
        long h2 = 0x9e3779b97f4a7c15L;
        var key = item.key(schema.partitionKeyName(), schema.sortKeyName());
        for (var name : new String[] {schema.partitionKeyName(), schema.sortKeyName()}) {
            if (name == null) {
                continue;
            }
            for (byte b : bytes(key.get(name))) {
                h1 = (h1 ^ (b & 0xff)) * 0x100000001b3L;
                h2 = Long.rotateLeft(h2 ^ (b & 0xff), 31) * 0xbf58476d1ce4e5b9L;
            }
            // A separator no value's bytes end with, so ("ab", "c") and ("a", "bc") differ.
            h1 = (h1 ^ 0x1ff) * 0x100000001b3L;
            h2 = Long.rotateLeft(h2 ^ 0x1ff, 31) * 0xbf58476d1ce4e5b9L;
        }
        h2 ^= h2 >>> 29;
        if (h1 == 0 && h2 == 0) {
            h2 = 1;
        }
        if (size * 4L >= high.length * 3L) {
            grow();
        }
        int mask = high.length - 1;
        for (int slot = (int) (h2 ^ (h2 >>> 32)) & mask; ; slot = (slot + 1) & mask) {
            if (high[slot] == 0 && low[slot] == 0) {
                high[slot] = h1;
                low[slot] = h2;
                lines[slot] = line;
                size++;
                return Optional.empty();
            }
            if (high[slot] == h1 && low[slot] == h2) {
                return Optional.of(lines[slot]);
            }
        }
    }

    /** A key value's bytes with its type in front: the two do not mix (the string "1" and the number 1 differ). */
    private static byte[] bytes(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> ("S" + s.value()).getBytes(StandardCharsets.UTF_8);
            case AttributeValue.Num n -> ("N" + n.value().canonical()).getBytes(StandardCharsets.UTF_8);
            case AttributeValue.Bin b -> {
                var raw = b.value().toArray();
                var out = new byte[raw.length + 1];
                out[0] = 'B';
                System.arraycopy(raw, 0, out, 1, raw.length);
                yield out;
            }
            default -> throw new IllegalArgumentException("A key is a string, number or binary: " + value.type());
        };
    }

    private void grow() {
        var oldHigh = high;
        var oldLow = low;
        var oldLines = lines;
        high = new long[oldHigh.length * 2];
        low = new long[oldHigh.length * 2];
        lines = new long[oldHigh.length * 2];
        int mask = high.length - 1;
        for (int i = 0; i < oldHigh.length; i++) {
            if (oldHigh[i] != 0 || oldLow[i] != 0) {
                int slot = (int) (oldLow[i] ^ (oldLow[i] >>> 32)) & mask;
                while (high[slot] != 0 || low[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                high[slot] = oldHigh[i];
                low[slot] = oldLow[i];
                lines[slot] = oldLines[i];
            }
        }
    }
}
