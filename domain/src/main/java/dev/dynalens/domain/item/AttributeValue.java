package dev.dynalens.domain.item;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A DynamoDB attribute value, free of any SDK type. Collections are immutable and keep their
 * insertion order (sets too, so a value read and written back keeps its element order).
 */
public sealed interface AttributeValue {

    AttributeType type();

    static Str s(String value) {
        return new Str(value);
    }

    static Num n(String value) {
        return new Num(DynamoNumber.parse(value));
    }

    static Num n(long value) {
        return new Num(DynamoNumber.of(value));
    }

    static Bin b(byte[] value) {
        return new Bin(Bytes.of(value));
    }

    static Bool bool(boolean value) {
        return value ? Bool.TRUE : Bool.FALSE;
    }

    static Null nul() {
        return Null.INSTANCE;
    }

    static ListValue l(AttributeValue... values) {
        return new ListValue(List.of(values));
    }

    static ListValue l(List<? extends AttributeValue> values) {
        return new ListValue(List.copyOf(values));
    }

    static MapValue m(Map<String, ? extends AttributeValue> values) {
        return new MapValue(new LinkedHashMap<String, AttributeValue>(values));
    }

    static StringSet ss(String... values) {
        return StringSet.of(List.of(values));
    }

    static NumberSet ns(String... values) {
        return NumberSet.of(java.util.Arrays.stream(values).map(DynamoNumber::parse).toList());
    }

    record Str(String value) implements AttributeValue {
        public Str {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public AttributeType type() {
            return AttributeType.S;
        }

        // As a record's own would be, written out: the analyzer compares keys on every item.
        @Override
        public boolean equals(Object other) {
            return other instanceof Str s && value.equals(s.value);
        }

        @Override
        public int hashCode() {
            return value.hashCode();
        }
    }

    record Num(DynamoNumber value) implements AttributeValue {
        public Num {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public AttributeType type() {
            return AttributeType.N;
        }
    }

    record Bin(Bytes value) implements AttributeValue {
        public Bin {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public AttributeType type() {
            return AttributeType.B;
        }
    }

    record Bool(boolean value) implements AttributeValue {
        static final Bool TRUE = new Bool(true);
        static final Bool FALSE = new Bool(false);

        @Override
        public AttributeType type() {
            return AttributeType.BOOL;
        }
    }

    record Null() implements AttributeValue {
        static final Null INSTANCE = new Null();

        @Override
        public AttributeType type() {
            return AttributeType.NULL;
        }
    }

    record ListValue(List<AttributeValue> values) implements AttributeValue {
        public ListValue {
            values = List.copyOf(values);
        }

        @Override
        public AttributeType type() {
            return AttributeType.L;
        }
    }

    record MapValue(Map<String, AttributeValue> values) implements AttributeValue {
        public MapValue {
            // One copy (nonNullEntries makes it), none of a map an AttributeMap made and let go of.
            values = Collections.unmodifiableMap(values instanceof AttributeMap.Owned owned ? owned : nonNullEntries(values));
        }

        @Override
        public AttributeType type() {
            return AttributeType.M;
        }
    }

    /** A non-empty set of strings without duplicates (DynamoDB refuses both). */
    record StringSet(Set<String> values) implements AttributeValue {
        public StringSet {
            values = checkedSet(values, "SS");
        }

        public static StringSet of(Collection<String> values) {
            return new StringSet(distinct(values, "SS"));
        }

        @Override
        public AttributeType type() {
            return AttributeType.SS;
        }
    }

    record NumberSet(Set<DynamoNumber> values) implements AttributeValue {
        public NumberSet {
            values = checkedSet(values, "NS");
        }

        public static NumberSet of(Collection<DynamoNumber> values) {
            return new NumberSet(distinct(values, "NS"));
        }

        @Override
        public AttributeType type() {
            return AttributeType.NS;
        }
    }

    record BinarySet(Set<Bytes> values) implements AttributeValue {
        public BinarySet {
            values = checkedSet(values, "BS");
        }

        public static BinarySet of(Collection<Bytes> values) {
            return new BinarySet(distinct(values, "BS"));
        }

        @Override
        public AttributeType type() {
            return AttributeType.BS;
        }
    }

    private static <T> Set<T> distinct(Collection<T> values, String kind) {
        var set = new LinkedHashSet<T>(values.size() * 2);
        for (var v : values) {
            if (!set.add(Objects.requireNonNull(v, "set element"))) {
                throw new IllegalArgumentException("A " + kind + " must not contain duplicates: " + v);
            }
        }
        return set;
    }

    private static <T> Set<T> checkedSet(Set<T> values, String kind) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("A " + kind + " must not be empty (DynamoDB has no empty sets)");
        }
        var copy = new LinkedHashSet<T>(values.size() * 2);
        for (var v : values) {
            copy.add(Objects.requireNonNull(v, "set element"));
        }
        return Collections.unmodifiableSet(copy);
    }

    private static Map<String, AttributeValue> nonNullEntries(Map<String, ? extends AttributeValue> values) {
        var copy = new LinkedHashMap<String, AttributeValue>(values.size() * 2);
        values.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "name"), Objects.requireNonNull(v, "value of " + k)));
        return copy;
    }
}
