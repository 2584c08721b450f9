package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.DynamoNumber;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * How a key attribute's value, or a request's value, is made from attribute values: text and {@code {attr}} parts,
 * written {@code CUSTOMER#{customerId}}, {@code ORDER#{createdAt}#{orderId}}, {@code {createdAt:to}#~}. {@code {attr}}
 * is the attribute's value (the item's, or the pattern's parameter), {@code {attr:from}} and {@code {attr:to}} the
 * bounds of a {@code between}. A template that is exactly one {@code {attr}} of a number attribute makes a number; any
 * other makes a string, numbers written in their canonical form ({@code 1.50} and {@code 1.5} make the same key).
 */
public record ValueTemplate(List<Part> parts) {
    /** The delimiter between the parts of a composite key. */
    public static final String DELIMITER = "#";
    /**
     * Appended to the upper bound of a range on a composite sort key, so that the items whose range attribute equals
     * the bound, followed by more parts, still fall inside: {@code ~} sorts after every character the generated values
     * use (letters, digits, {@code -}, {@code :}, {@code .}).
     */
    public static final String UPPER_SUFFIX = "~";

    /** One part of a template. */
    public sealed interface Part permits Text, Value {
    }

    /** Text written as it is. */
    public record Text(String text) implements Part {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /** An attribute's value, or one bound of a range on it. */
    public record Value(String attribute, Bound bound) implements Part {
        public Value {
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(bound, "bound");
        }

        public Value(String attribute) {
            this(attribute, Bound.VALUE);
        }
    }

    /** Which value of an attribute: its own, or a bound of a {@code between} on it. */
    public enum Bound {
        VALUE(""), FROM(":from"), TO(":to");

        private final String suffix;

        Bound(String suffix) {
            this.suffix = suffix;
        }
    }

    public ValueTemplate {
        parts = List.copyOf(parts);
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("A template has at least one part");
        }
    }

    /** Segments joined by {@link #DELIMITER}: each a literal (a String) or an attribute (a {@link Value}). */
    public static ValueTemplate joined(List<?> segments) {
        return joined(segments, DELIMITER);
    }

    /** Segments joined by {@code delimiter}. */
    public static ValueTemplate joined(List<?> segments, String delimiter) {
        var parts = new ArrayList<Part>();
        for (int i = 0; i < segments.size(); i++) {
            if (i > 0) {
                appendText(parts, delimiter);
            }
            var segment = segments.get(i);
            if (segment instanceof String text) {
                appendText(parts, text);
            } else if (segment instanceof Value value) {
                parts.add(value);
            } else if (segment instanceof Part part) {
                parts.add(part);
            } else {
                throw new IllegalArgumentException("Not a segment: " + segments.get(i));
            }
        }
        if (parts.isEmpty()) {
            parts.add(new Text(""));
        }
        return new ValueTemplate(parts);
    }

    private static void appendText(List<Part> parts, String text) {
        if (!parts.isEmpty() && parts.get(parts.size() - 1) instanceof Text last) {
            parts.set(parts.size() - 1, new Text(last.text() + text));
        } else {
            parts.add(new Text(text));
        }
    }

    public static ValueTemplate of(Part... parts) {
        return new ValueTemplate(List.of(parts));
    }

    /** This template followed by more text. */
    public ValueTemplate plus(String text) {
        var copy = new ArrayList<>(parts);
        appendText(copy, text);
        return new ValueTemplate(copy);
    }

    /**
     * Reads the written form back: {@code {name}}, {@code {name:from}}, {@code {name:to}}; other text is literal.
     *
     * @throws IllegalArgumentException for an unclosed brace or an unknown bound
     */
    public static ValueTemplate parse(String text) {
        var parts = new ArrayList<Part>();
        var literal = new StringBuilder();
        for (int i = 0; i < text.length(); ) {
            char c = text.charAt(i);
            if (c != '{') {
                literal.append(c);
                i++;
                continue;
            }
            int close = text.indexOf('}', i);
            if (close < 0) {
                throw new IllegalArgumentException("Unclosed '{' at character " + (i + 1) + " of " + text);
            }
            if (!literal.isEmpty()) {
                parts.add(new Text(literal.toString()));
                literal.setLength(0);
            }
            var inner = text.substring(i + 1, close);
            var bound = Bound.VALUE;
            for (var candidate : List.of(Bound.FROM, Bound.TO)) {
                if (inner.endsWith(candidate.suffix)) {
                    bound = candidate;
                    inner = inner.substring(0, inner.length() - candidate.suffix.length());
                }
            }
            if (inner.isEmpty()) {
                throw new IllegalArgumentException("An empty attribute name at character " + (i + 1) + " of " + text);
            }
            parts.add(new Value(inner, bound));
            i = close + 1;
        }
        if (!literal.isEmpty()) {
            parts.add(new Text(literal.toString()));
        }
        return new ValueTemplate(parts);
    }

    /** The attribute when the template is exactly one {@code {attr}}, as a number key's is. */
    public Optional<String> singleAttribute() {
        return parts.size() == 1 && parts.get(0) instanceof Value value && value.bound() == Bound.VALUE
                ? Optional.of(value.attribute()) : Optional.empty();
    }

    /** The attributes it reads, in order, each once. */
    public List<String> attributes() {
        return parts.stream().filter(Value.class::isInstance).map(p -> ((Value) p).attribute()).distinct().toList();
    }

    /** The literal text before the first attribute ({@code ORDER#} of {@code ORDER#{createdAt}}), possibly empty. */
    public String leadingText() {
        return parts.get(0) instanceof Text text ? text.text() : "";
    }

    /**
     * The value for these attribute values. A template that is one {@code {attr}} gives the value itself (a number
     * stays a number; a boolean, which no key can be, becomes its text); otherwise the parts are written into one string.
     *
     * @param values an attribute's value for {@link Bound#VALUE}; for a bound, the value under {@code attr:from} or {@code attr:to}
     * @throws IllegalArgumentException naming the attribute when a value is missing or cannot be written into a key
     */
    public AttributeValue fill(Function<String, AttributeValue> values) {
        if (parts.size() == 1 && parts.get(0) instanceof Value only && !(require(values, only) instanceof AttributeValue.Bool)) {
            return require(values, only);
        }
        var text = new StringBuilder();
        for (var part : parts) {
            if (part instanceof Text t) {
                text.append(t.text());
            } else if (part instanceof Value v) {
                text.append(textOf(require(values, v), v.attribute()));
            } else {
                throw new IllegalStateException("unexpected " + part.getClass());
            }
        }
        return new AttributeValue.Str(text.toString());
    }

    /** {@link #fill(Function)} from an item's attributes (bounds read from {@code attr:from} / {@code attr:to} entries). */
    public AttributeValue fill(Map<String, AttributeValue> values) {
        return fill(values::get);
    }

    /** Whether every attribute the template reads has a value. */
    public boolean canFill(Function<String, AttributeValue> values) {
        return parts.stream().noneMatch(p -> p instanceof Value v && values.apply(key(v)) == null);
    }

    private static AttributeValue require(Function<String, AttributeValue> values, Value part) {
        var value = values.apply(key(part));
        if (value == null) {
            throw new IllegalArgumentException("No value for " + key(part));
        }
        return value;
    }

    /** The name a value is looked up by: {@code createdAt}, {@code createdAt:from}. */
    public static String key(Value part) {
        return part.attribute() + part.bound().suffix;
    }

    /** A scalar's text as it goes into a composite key; numbers in canonical form, so equal numbers make equal keys. */
    public static String textOf(AttributeValue value, String attribute) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        if (value instanceof AttributeValue.Num n) {
            return n.value().canonical();
        }
        if (value instanceof AttributeValue.Bool b) {
            return Boolean.toString(b.value());
        }
        throw new IllegalArgumentException(attribute + " is a " + value.type()
                + " value, which cannot be written into a key (only strings, numbers and booleans can)");
    }

    /** A number's canonical text, for callers that write one into a key. */
    public static String textOf(DynamoNumber number) {
        return number.canonical();
    }

    /** The written form: {@code CUSTOMER#{customerId}}. */
    @Override
    public String toString() {
        var out = new StringBuilder();
        for (var part : parts) {
            if (part instanceof Text t) {
                out.append(t.text());
            } else if (part instanceof Value v) {
                out.append('{').append(key(v)).append('}');
            } else {
                throw new IllegalStateException("unexpected " + part.getClass());
            }
        }
        return out.toString();
    }
}
