package dev.dynalens.domain.item;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

/**
 * The compact byte form of attribute values that {@link CompactItems} (a workspace's million items) and the stale-copy
 * read's projection store keep: a tag byte, then a number's text, a string's UTF-8, a binary's bytes, sets and lists
 * as a count and their members, maps as a count and, per entry, the number of its key in the holder's name dictionary.
 * Values come back exactly as they went in (a number's text, set and map order). Lengths and counts are varints.
 */
public final class CompactEncoding {
    private static final byte S = 0, N = 1, B = 2, FALSE = 3, TRUE = 4, NUL = 5, SS = 6, NS = 7, BS = 8, L = 9, M = 10;

    private CompactEncoding() {
    }

    /** A growable buffer that values are written into. */
    public static final class Writer {
        private byte[] bytes;
        private int length;

        public Writer(int capacity) {
            bytes = new byte[capacity];
        }

        /** The buffer; its first {@link #length()} bytes are what was written. */
        public byte[] bytes() {
            return bytes;
        }

        public int length() {
            return length;
        }

        /** Empties the buffer for the next item (its capacity is kept). */
        public void reset() {
            length = 0;
        }

        public void put(byte b) {
            ensure(1);
            bytes[length++] = b;
        }

        public void varint(int value) {
            ensure(5);
            while ((value & ~0x7F) != 0) {
                bytes[length++] = (byte) ((value & 0x7F) | 0x80);
                value >>>= 7;
            }
            bytes[length++] = (byte) value;
        }

        /** The data's length, then the data. */
        public void sized(byte[] data) {
            varint(data.length);
            ensure(data.length);
            System.arraycopy(data, 0, bytes, length, data.length);
            length += data.length;
        }

        /** One value; a map's keys are written as {@code nameNumber} gives their numbers. */
        /** A whole item: its attribute count, then each attribute's name number and value. */
        public void item(Item item, ToIntFunction<String> nameNumber) {
            varint(item.attributes().size());
            item.attributes().forEach((name, value) -> {
                varint(nameNumber.applyAsInt(name));
                value(value, nameNumber);
            });
        }

        public void value(AttributeValue value, ToIntFunction<String> nameNumber) {
            if (value instanceof AttributeValue.Str s) {
                tagged(S, s.value().getBytes(StandardCharsets.UTF_8));
            } else if (value instanceof AttributeValue.Num n) {
                tagged(N, n.value().text().getBytes(StandardCharsets.US_ASCII));
            } else if (value instanceof AttributeValue.Bin b) {
                tagged(B, b.value().toArray());
            } else if (value instanceof AttributeValue.Bool bool) {
                put(bool.value() ? TRUE : FALSE);
            } else if (value instanceof AttributeValue.Null) {
                put(NUL);
            } else if (value instanceof AttributeValue.StringSet set) {
                put(SS);
                varint(set.values().size());
                set.values().forEach(v -> sized(v.getBytes(StandardCharsets.UTF_8)));
            } else if (value instanceof AttributeValue.NumberSet set) {
                put(NS);
                varint(set.values().size());
                set.values().forEach(v -> sized(v.text().getBytes(StandardCharsets.US_ASCII)));
            } else if (value instanceof AttributeValue.BinarySet set) {
                put(BS);
                varint(set.values().size());
                set.values().forEach(v -> sized(v.toArray()));
            } else if (value instanceof AttributeValue.ListValue list) {
                put(L);
                varint(list.values().size());
                list.values().forEach(v -> value(v, nameNumber));
            } else if (value instanceof AttributeValue.MapValue map) {
                put(M);
                varint(map.values().size());
                map.values().forEach((key, v) -> {
                    varint(nameNumber.applyAsInt(key));
                    value(v, nameNumber);
                });
            } else {
                throw new IllegalStateException("unexpected " + value.getClass());
            }
        }

        private void tagged(byte tag, byte[] data) {
            put(tag);
            sized(data);
        }

        private void ensure(int more) {
            if (length + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
            }
        }
    }

    /** Reads values from a byte array, from a position on. */
    public static final class Reader {
        private final byte[] chunk;
        private int at;

        public Reader(byte[] chunk, int at) {
            this.chunk = chunk;
            this.at = at;
        }

        /** Where the next value starts. */
        public int position() {
            return at;
        }

        public int varint() {
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

        public byte[] sized() {
            int length = varint();
            var data = Arrays.copyOfRange(chunk, at, at + length);
            at += length;
            return data;
        }

        /** A sized UTF-8 text (as {@link Writer#sized} wrote a string's bytes). */
        public String text() {
            int length = varint();
            var text = new String(chunk, at, length, StandardCharsets.UTF_8);
            at += length;
            return text;
        }

        private DynamoNumber number() {
            int length = varint();
            var text = new String(chunk, at, length, StandardCharsets.US_ASCII);
            at += length;
            return DynamoNumber.parse(text);
        }

        private void skipSized() {
            int length = varint();
            at += length;
        }

        /** Passes over one value without decoding it. */
        /** An item as {@link Writer#item} wrote it. */
        public Item item(IntFunction<String> names) {
            int count = varint();
            var attributes = new LinkedHashMap<String, AttributeValue>(count * 4 / 3 + 1);
            for (int i = 0; i < count; i++) {
                var name = names.apply(varint());
                attributes.put(name, value(names));
            }
            return new Item(attributes);
        }

        /** Passes over an item as {@link Writer#item} wrote it, without decoding it. */
        public void skipItem() {
            int count = varint();
            for (int i = 0; i < count; i++) {
                varint();
                skipValue();
            }
        }

        public void skipValue() {
            byte tag = chunk[at++];
            switch (tag) {
                case S, N, B -> skipSized();
                case FALSE, TRUE, NUL -> {
                }
                case SS, NS, BS -> {
                    int count = varint();
                    for (int i = 0; i < count; i++) skipSized();
                }
                case L -> {
                    int count = varint();
                    for (int i = 0; i < count; i++) skipValue();
                }
                case M -> {
                    int count = varint();
                    for (int i = 0; i < count; i++) {
                        varint();
                        skipValue();
                    }
                }
                default -> throw corrupt(tag);
            }
        }

        /** One value; a map's keys are the names {@code names} gives for their numbers. */
        public AttributeValue value(IntFunction<String> names) {
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
                    for (int i = 0; i < count; i++) values.add(value(names));
                    yield new AttributeValue.ListValue(values);
                }
                case M -> {
                    int count = varint();
                    var values = new AttributeMap(count);
                    for (int i = 0; i < count; i++) {
                        var key = names.apply(varint());
                        values.put(key, value(names));
                    }
                    yield values.toMap();
                }
                default -> throw corrupt(tag);
            };
        }

        private static IllegalStateException corrupt(byte tag) {
            return new IllegalStateException("Corrupt compact encoding: tag " + tag);
        }
    }
}
