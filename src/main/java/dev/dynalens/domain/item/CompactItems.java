package dev.dynalens.domain.item;

import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * A list of items kept as bytes, for workspaces of a million items: an {@link Item} of about 200 bytes of JSON
 * takes about 900 bytes of heap as maps, strings and records, and about a seventh of that here. Attribute and map
 * key names are stored once in a dictionary and referred to by number; values keep their exact form (a number's
 * text, a binary's bytes, set and map order). {@link #get} decodes a fresh item each time: callers that compare
 * many items by a few attributes read those once (as {@code KeyIndex} does).
 *
 * <p>Filled by one thread with {@link #add}, then read by any number of threads; not safe to add while reading.
 */
public final class CompactItems extends AbstractList<Item> implements RandomAccess {
    private static final int CHUNK = 1 << 20;
    private static final byte S = 0, N = 1, B = 2, FALSE = 3, TRUE = 4, NUL = 5, SS = 6, NS = 7, BS = 8, L = 9, M = 10;

    private final List<byte[]> chunks = new ArrayList<>();
    private long[] offsets = new long[16];
    private int size;
    private long used;
    private int fill;
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> nameNumbers = new HashMap<>();
    private final Buffer scratch = new Buffer();

    public CompactItems() {
    }

    public CompactItems(List<Item> items) {
        items.forEach(this::add);
    }

    @Override
    public boolean add(Item item) {
        scratch.length = 0;
        scratch.varint(item.attributes().size());
        item.attributes().forEach((name, value) -> {
            scratch.varint(number(name));
            write(value);
        });
        append(scratch.bytes, scratch.length);
        return true;
    }

    @Override
    public Item get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("Index " + index + " out of 0.." + (size - 1));
        }
        var reader = new Reader(offsets[index]);
        int count = reader.varint();
        var attributes = new LinkedHashMap<String, AttributeValue>(count * 4 / 3 + 1);
        for (int i = 0; i < count; i++) {
            var name = names.get(reader.varint());
            attributes.put(name, reader.value());
        }
        return new Item(attributes);
    }

    @Override
    public int size() {
        return size;
    }

    /** Bytes held for the items (their encodings, the offsets and the name dictionary, roughly). */
    public long footprint() {
        long dictionary = names.stream().mapToLong(n -> 48 + 2L * n.length()).sum();
        return used + 8L * offsets.length + dictionary;
    }

    private int number(String name) {
        var number = nameNumbers.get(name);
        if (number == null) {
            number = names.size();
            names.add(name);
            nameNumbers.put(name, number);
        }
        return number;
    }

    private void write(AttributeValue value) {
        switch (value) {
            case AttributeValue.Str s -> scratch.tagged(S, s.value().getBytes(StandardCharsets.UTF_8));
            case AttributeValue.Num n -> scratch.tagged(N, n.value().text().getBytes(StandardCharsets.US_ASCII));
            case AttributeValue.Bin b -> scratch.tagged(B, b.value().toArray());
            case AttributeValue.Bool bool -> scratch.put(bool.value() ? TRUE : FALSE);
            case AttributeValue.Null ignored -> scratch.put(NUL);
            case AttributeValue.StringSet set -> {
                scratch.put(SS);
                scratch.varint(set.values().size());
                set.values().forEach(v -> scratch.sized(v.getBytes(StandardCharsets.UTF_8)));
            }
            case AttributeValue.NumberSet set -> {
                scratch.put(NS);
                scratch.varint(set.values().size());
                set.values().forEach(v -> scratch.sized(v.text().getBytes(StandardCharsets.US_ASCII)));
            }
            case AttributeValue.BinarySet set -> {
                scratch.put(BS);
                scratch.varint(set.values().size());
                set.values().forEach(v -> scratch.sized(v.toArray()));
            }
            case AttributeValue.ListValue list -> {
                scratch.put(L);
                scratch.varint(list.values().size());
                list.values().forEach(this::write);
            }
            case AttributeValue.MapValue map -> {
                scratch.put(M);
                scratch.varint(map.values().size());
                map.values().forEach((key, v) -> {
                    scratch.varint(number(key));
                    write(v);
                });
            }
        }
    }

    /**
     * Appends one encoded item; an item never straddles two chunks (a huge one gets a chunk of its own size). An
     * offset is the chunk's number in the high 32 bits and the position in it in the low ones.
     */
    private void append(byte[] bytes, int length) {
        byte[] chunk = chunks.isEmpty() ? null : chunks.getLast();
        if (chunk == null || fill + length > chunk.length) {
            // Chunks grow from 8 KB to 1 MB, so a small table does not hold a megabyte.
            int next = chunk == null ? 8192 : Math.min(CHUNK, chunk.length * 2);
            chunk = new byte[Math.max(next, length)];
            chunks.add(chunk);
            fill = 0;
        }
        System.arraycopy(bytes, 0, chunk, fill, length);
        if (size == offsets.length) {
            offsets = Arrays.copyOf(offsets, size * 2);
        }
        offsets[size++] = ((long) (chunks.size() - 1) << 32) | fill;
        fill += length;
        used += length;
    }

    /** A growable byte buffer for encoding one item. */
    private static final class Buffer {
        byte[] bytes = new byte[256];
        int length;

        void put(byte b) {
            ensure(1);
            bytes[length++] = b;
        }

        void varint(int value) {
            ensure(5);
            while ((value & ~0x7F) != 0) {
                bytes[length++] = (byte) ((value & 0x7F) | 0x80);
                value >>>= 7;
            }
            bytes[length++] = (byte) value;
        }

        void sized(byte[] data) {
            varint(data.length);
            ensure(data.length);
            System.arraycopy(data, 0, bytes, length, data.length);
            length += data.length;
        }

        void tagged(byte tag, byte[] data) {
            put(tag);
            sized(data);
        }

        private void ensure(int more) {
            if (length + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
            }
        }
    }

    /** Reads one item's encoding from where it starts. */
    private final class Reader {
        private final byte[] chunk;
        private int at;

        Reader(long offset) {
            chunk = chunks.get((int) (offset >>> 32));
            at = (int) offset;
        }

        int varint() {
            int value = 0;
            int shift = 0;
            while (true) {
                byte b = chunk[at++];
                value |= (b & 0x7F) << shift;
                if (b >= 0) {
                    return value;
                }
                shift += 7;
            }
        }

        byte[] sized() {
            int length = varint();
            var data = Arrays.copyOfRange(chunk, at, at + length);
            at += length;
            return data;
        }

        String text() {
            int length = varint();
            var text = new String(chunk, at, length, StandardCharsets.UTF_8);
            at += length;
            return text;
        }

        DynamoNumber number() {
            int length = varint();
            var text = new String(chunk, at, length, StandardCharsets.US_ASCII);
            at += length;
            return DynamoNumber.parse(text);
        }

        AttributeValue value() {
            byte tag = chunk[at++];
            return switch (tag) {
                case S -> new AttributeValue.Str(text());
                case N -> new AttributeValue.Num(number());
                case B -> new AttributeValue.Bin(Bytes.of(sized()));
                case FALSE -> AttributeValue.Bool.FALSE;
                case TRUE -> AttributeValue.Bool.TRUE;
                case NUL -> AttributeValue.Null.INSTANCE;
                case SS -> {
                    int count = varint();
                    var values = new ArrayList<String>(count);
                    for (int i = 0; i < count; i++) values.add(text());
                    yield AttributeValue.StringSet.of(values);
                }
                case NS -> {
                    int count = varint();
                    var values = new ArrayList<DynamoNumber>(count);
                    for (int i = 0; i < count; i++) values.add(number());
                    yield AttributeValue.NumberSet.of(values);
                }
                case BS -> {
                    int count = varint();
                    var values = new ArrayList<Bytes>(count);
                    for (int i = 0; i < count; i++) values.add(Bytes.of(sized()));
                    yield AttributeValue.BinarySet.of(values);
                }
                case L -> {
                    int count = varint();
                    var values = new ArrayList<AttributeValue>(count);
                    for (int i = 0; i < count; i++) values.add(value());
                    yield new AttributeValue.ListValue(values);
                }
                case M -> {
                    int count = varint();
                    var values = new LinkedHashMap<String, AttributeValue>(count * 4 / 3 + 1);
                    for (int i = 0; i < count; i++) {
                        var key = names.get(varint());
                        values.put(key, value());
                    }
                    yield new AttributeValue.MapValue(values);
                }
                default -> throw new IllegalStateException("Corrupt compact item: tag " + tag);
            };
        }
    }
}
