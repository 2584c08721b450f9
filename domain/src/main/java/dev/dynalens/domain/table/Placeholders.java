package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code #name} and {@code :value} placeholders of one request, the one place they are made
 * (Developer Guide, "Expression attribute names" / "Expression attribute values"). A name gets one placeholder however
 * often it is used; every value gets a fresh one, never shared: numbers equal by value may differ in text
 * ({@code 1.5}, {@code 1.50}), and an endpoint that compares number text (dynalite) must get back exactly the text it
 * gave. The maps keep the order placeholders were made in, so a request reads the same every time.
 */
public final class Placeholders {
    /** A name that can follow {@code #} as it is: letters, digits, underscores (and within the 255-byte limit). */
    private static final Pattern READABLE = Pattern.compile("[A-Za-z0-9_]{1,200}");

    private final String namePrefix;
    private final String valuePrefix;
    private final int first;
    private final boolean readable;
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, String> placeholderOfName = new HashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();
    private int generatedNames;

    private Placeholders(String namePrefix, String valuePrefix, int first, boolean readable) {
        this.namePrefix = namePrefix;
        this.valuePrefix = valuePrefix;
        this.first = first;
        this.readable = readable;
        this.generatedNames = first - 1;
    }

    /** Numbered placeholders from 0: {@code #n0, #n1}, {@code :v0, :v1} for prefixes {@code #n} and {@code :v}. */
    public static Placeholders numbered(String namePrefix, String valuePrefix) {
        return new Placeholders(namePrefix, valuePrefix, 0, false);
    }

    /**
     * Placeholders a person reads easily: a name made of letters, digits and underscores is aliased as itself
     * ({@code #status}), any other as {@code #n1, #n2…}; values are {@code :v1, :v2…}.
     */
    public static Placeholders readable() {
        return new Placeholders("#n", ":v", 1, true);
    }

    /** The placeholder of an attribute name (or map key), made on first use. */
    public String name(String attribute) {
        var existing = placeholderOfName.get(attribute);
        if (existing != null) {
            return existing;
        }
        String placeholder = readable && READABLE.matcher(attribute).matches() ? "#" + attribute : null;
        while (placeholder == null || names.containsKey(placeholder)) {
            placeholder = namePrefix + (readable ? ++generatedNames : first + names.size());
        }
        names.put(placeholder, attribute);
        placeholderOfName.put(attribute, placeholder);
        return placeholder;
    }

    /** An attribute name under a placeholder of the caller's choosing ({@code #pk}); it must not be taken. */
    public String name(String placeholder, String attribute) {
        if (names.putIfAbsent(placeholder, attribute) != null) {
            throw new IllegalArgumentException("The placeholder " + placeholder + " is taken");
        }
        placeholderOfName.putIfAbsent(attribute, placeholder);
        return placeholder;
    }

    /** A fresh placeholder for a value. */
    public String value(AttributeValue value) {
        var placeholder = valuePrefix + (first + values.size());
        values.put(placeholder, value);
        return placeholder;
    }

    /** A value under a placeholder of the caller's choosing ({@code :new}); it must not be taken. */
    public String value(String placeholder, AttributeValue value) {
        if (values.putIfAbsent(placeholder, value) != null) {
            throw new IllegalArgumentException("The placeholder " + placeholder + " is taken");
        }
        return placeholder;
    }

    /** A document path with every name aliased: {@code #n0.#n1[2]}; list positions stay literal, as DynamoDB reads them. */
    public String path(AttributePath path) {
        return path(path, name -> true);
    }

    /** A document path with the names {@code aliased} picks written as placeholders and the others as they are. */
    public String path(AttributePath path, java.util.function.Predicate<String> aliased) {
        var text = new StringBuilder();
        for (var element : path.elements()) {
            if (element instanceof AttributePath.Key key) {
                if (!text.isEmpty()) {
                    text.append('.');
                }
                text.append(aliased.test(key.name()) ? name(key.name()) : key.name());
            } else if (element instanceof AttributePath.Index index) {
                text.append(index);
            } else {
                throw new IllegalStateException("unexpected " + element.getClass());
            }
        }
        return text.toString();
    }

    /** {@code ExpressionAttributeNames}, in the order made. */
    public Map<String, String> names() {
        return Collections.unmodifiableMap(names);
    }

    /** {@code ExpressionAttributeValues}, in the order made. */
    public Map<String, AttributeValue> values() {
        return Collections.unmodifiableMap(values);
    }
}
