package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How one key attribute of an entity is built from its other attributes, as learned from the items: every USER's
 * {@code GSI1PK} is {@code EMAIL#} and its {@code email}. Each segment of the key is a literal, an attribute (a path,
 * maybe nested: {@code assignee.id}) or unknown; {@code holding} counts the items it is true of. A check relies on a
 * derivation only when it holds for every item of the entity; {@code breaking} names some of the items it is not true
 * of.
 *
 * @param delimiter what joins the segments; empty for a key that is one value
 * @param items     the entity's items
 * @param holding   the items whose key is exactly what the segments make (items without the key attribute do not hold)
 * @param prefixHolding the items whose key starts with the literal segments that lead it ({@code child#suuid#} of
 *                  {@code child#suuid#{?}}): what a begins_with on them relies on
 * @param breaking  keys of items it does not hold for, at most {@value #MAX_BREAKING}
 */
public record KeyDerivation(String entity, String keyAttribute, String delimiter, List<Segment> segments, long items, long holding,
                            long prefixHolding, List<Map<String, AttributeValue>> breaking) {
    public static final int MAX_BREAKING = 10;

    /** One part of a key. */
    public sealed interface Segment permits Literal, Attribute, Unknown {
    }

    /** Text that is the same in every item's key. */
    public record Literal(String text) implements Segment {
    }

    /** An attribute's value ({@code path} in the one text form of attribute paths). */
    public record Attribute(String path) implements Segment {
    }

    /** A part whose value no attribute has on every item. */
    public record Unknown() implements Segment {
    }

    public KeyDerivation {
        Objects.requireNonNull(entity, "entity");
        Objects.requireNonNull(keyAttribute, "keyAttribute");
        Objects.requireNonNull(delimiter, "delimiter");
        segments = List.copyOf(segments);
        breaking = List.copyOf(breaking);
    }

    /** True for every item of the entity, with no unknown part: a check may rely on it. */
    public boolean holds() {
        return items > 0 && holding == items && segments.stream().noneMatch(Unknown.class::isInstance);
    }

    /** The literal segments before the first other one. */
    public List<String> leadingLiterals() {
        var literals = new ArrayList<String>();
        for (var segment : segments) {
            if (!(segment instanceof Literal literal)) {
                break;
            }
            literals.add(literal.text());
        }
        return literals;
    }

    /** Every item's key starts with the leading literals (a begins_with on them reads every item of the entity). */
    public boolean prefixHolds() {
        return items > 0 && prefixHolding == items;
    }

    /** The attributes it reads, in order. */
    public List<String> attributes() {
        return segments.stream().filter(Attribute.class::isInstance).map(s -> ((Attribute) s).path()).toList();
    }

    /** {@code EMAIL#{email}}; an unknown part is {@code {?}}. */
    public ValueTemplate template() {
        return ValueTemplate.joined(parts(segments), delimiter);
    }

    /** The segments as {@link ValueTemplate#joined} takes them. */
    static List<Object> parts(List<Segment> segments) {
        var parts = new ArrayList<Object>();
        for (var segment : segments) {
            if (segment instanceof Literal literal) {
                parts.add(literal.text());
            } else if (segment instanceof Attribute attribute) {
                parts.add(new ValueTemplate.Value(attribute.path()));
            } else if (segment instanceof Unknown) {
                parts.add(new ValueTemplate.Value("?"));
            } else {
                throw new IllegalStateException("unexpected " + segment.getClass());
            }
        }
        return parts;
    }

    /** The key with every variable part left out ({@code EMAIL#*}): entities whose keys look alike share partitions. */
    public String masked() {
        var parts = new ArrayList<String>();
        for (var segment : segments) {
            parts.add(segment instanceof Literal literal ? literal.text() : "*");
        }
        return String.join(delimiter.isEmpty() ? "#" : delimiter, parts);
    }

    /** {@code GSI1PK = EMAIL#{email} for all 8 USER items}, or for how many it holds. */
    public String describe() {
        return keyAttribute + " = " + template() + (holds() ? " for all " + items + " " + entity + " items"
                : " for " + holding + " of " + items + " " + entity + " items");
    }
}
