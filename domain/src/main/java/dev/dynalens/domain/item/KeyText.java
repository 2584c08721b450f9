package dev.dynalens.domain.item;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A primary key as text, the one formatter for keys in messages, lists and the request history. The places that show
 * a key differ only in what they show (names or values only, which rendering of a value, the separator), so those are
 * the parameters; the presets are the forms the app uses.
 */
public final class KeyText {
    private KeyText() {
    }

    /** {@code PK="USER#1", SK=3}: names with literals as a person types them, for messages. */
    public static String named(Map<String, AttributeValue> key) {
        return format(key, "=", ValueText::literal, ", ");
    }

    /** {@code USER#1 / 3}: the values only, as a table's key column shows them. */
    public static String values(Map<String, AttributeValue> key) {
        return key.values().stream().map(ValueText::cell).collect(Collectors.joining(" / "));
    }

    /** {@code PK = "USER#1" AND SK = 3}, names in order: the key as the condition a GetItem or write states. */
    public static String condition(Map<String, AttributeValue> key) {
        return format(new TreeMap<>(key), " = ", ValueText::literal, " AND ");
    }

    /** The key of {@code item} under {@code keys} ({@code PK="A", SK=3}); only the key attributes it has. */
    public static String named(Item item, String partitionKey, String sortKey) {
        return named(item.key(partitionKey, sortKey));
    }

    /**
     * Any other form: each attribute as {@code name + separator + value(v)}, joined by {@code joiner}, in the key's
     * order.
     */
    public static String format(Map<String, AttributeValue> key, String separator, Function<? super AttributeValue, String> value,
                                String joiner) {
        return key.entrySet().stream().map(e -> e.getKey() + separator + value.apply(e.getValue())).collect(Collectors.joining(joiner));
    }
}
