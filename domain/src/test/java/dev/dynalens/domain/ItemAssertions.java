package dev.dynalens.domain;

import static org.junit.jupiter.api.Assertions.fail;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.AttributeValue.BinarySet;
import dev.dynalens.domain.item.AttributeValue.ListValue;
import dev.dynalens.domain.item.AttributeValue.MapValue;
import dev.dynalens.domain.item.AttributeValue.Num;
import dev.dynalens.domain.item.AttributeValue.NumberSet;
import dev.dynalens.domain.item.AttributeValue.StringSet;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Stricter equality than {@code equals}: numbers must have the same text (not only the same value),
 * and maps, items and sets the same order. For tests of anything that claims to be lossless.
 */
public final class ItemAssertions {

    private ItemAssertions() {
    }

    public static void assertIdentical(Item expected, Item actual) {
        difference("", expected.attributes(), actual.attributes())
                .ifPresent(d -> fail("Items differ at " + d + "\nexpected: " + expected + "\nactual:   " + actual));
    }

    public static void assertIdentical(AttributeValue expected, AttributeValue actual) {
        difference("", expected, actual)
                .ifPresent(d -> fail("Values differ at " + d + "\nexpected: " + expected + "\nactual:   " + actual));
    }

    /** Where the two values first differ, with both sides, or empty when they are identical. */
    public static Optional<String> difference(String path, AttributeValue expected, AttributeValue actual) {
        if (expected.type() != actual.type()) {
            return Optional.of(at(path) + ": type " + expected.type() + " vs " + actual.type());
        }
        return switch (expected) {
            case Num n -> numberDifference(path, n.value(), ((Num) actual).value());
            case ListValue l -> listDifference(path, l.values(), ((ListValue) actual).values());
            case MapValue m -> difference(path, m.values(), ((MapValue) actual).values());
            case StringSet s -> listDifference(path, wrapped(s.values(), AttributeValue::s),
                    wrapped(((StringSet) actual).values(), AttributeValue::s));
            case NumberSet s -> listDifference(path, wrapped(s.values(), Num::new),
                    wrapped(((NumberSet) actual).values(), Num::new));
            case BinarySet s -> listDifference(path, wrapped(s.values(), AttributeValue.Bin::new),
                    wrapped(((BinarySet) actual).values(), AttributeValue.Bin::new));
            default -> expected.equals(actual)
                    ? Optional.empty()
                    : Optional.of(at(path) + ": " + expected + " vs " + actual);
        };
    }

    private static Optional<String> difference(String path, Map<String, AttributeValue> expected,
            Map<String, AttributeValue> actual) {
        if (!List.copyOf(expected.keySet()).equals(List.copyOf(actual.keySet()))) {
            return Optional.of(at(path) + ": keys " + expected.keySet() + " vs " + actual.keySet());
        }
        for (var entry : expected.entrySet()) {
            var d = difference(path + "." + entry.getKey(), entry.getValue(), actual.get(entry.getKey()));
            if (d.isPresent()) {
                return d;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> listDifference(String path, List<AttributeValue> expected, List<AttributeValue> actual) {
        if (expected.size() != actual.size()) {
            return Optional.of(at(path) + ": " + expected.size() + " elements vs " + actual.size());
        }
        for (int i = 0; i < expected.size(); i++) {
            var d = difference(path + "[" + i + "]", expected.get(i), actual.get(i));
            if (d.isPresent()) {
                return d;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> numberDifference(String path, DynamoNumber expected, DynamoNumber actual) {
        return expected.text().equals(actual.text())
                ? Optional.empty()
                : Optional.of(at(path) + ": number text '" + expected.text() + "' vs '" + actual.text() + "'");
    }

    private static <T> List<AttributeValue> wrapped(Iterable<T> elements, java.util.function.Function<T, AttributeValue> wrap) {
        var list = new ArrayList<AttributeValue>();
        for (Iterator<T> it = elements.iterator(); it.hasNext(); ) {
            list.add(wrap.apply(it.next()));
        }
        return list;
    }

    private static String at(String path) {
        return path.isEmpty() ? "the top" : path;
    }
}
