package dev.dynalens.domain.design;

import dev.dynalens.domain.inference.KeyTemplates;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How one key attribute of an entity is built from its other attributes, as learned from the items: every USER's
 * {@code GSI1PK} is {@code EMAIL#} and its {@code email}. Each segment of the key is a literal, an attribute (a path,
 * maybe nested: {@code assignee.id}) or unknown: a part no attribute holds, an id that is in the key only
 * ({@code USER#{?}} of users that have no {@code userId}). {@code holding} counts the items it is true of; an unknown
 * part is true of any non-empty part, so {@code USER#{?}} holds for a key of two parts whose first is {@code USER}. A
 * check relies on a derivation only when it holds for every item of the entity, and on an unknown part only where the
 * pattern says what it is; {@code breaking} names some of the items it is not true of.
 *
 * @param delimiter what joins the segments; empty for a key that is one value
 * @param items     the entity's items
 * @param holding   the items whose key is exactly what the segments make (items without the key attribute do not hold)
 * @param prefixHolding the items whose key starts with the literal segments that lead it ({@code child#suuid#} of
 *                  {@code child#suuid#{?}}): what a begins_with on them relies on
 * @param breaking  keys of the first items it does not hold for, at most {@value #MAX_BREAKING}
 */
public record KeyDerivation(String entity, String keyAttribute, String delimiter, List<Segment> segments, long items, long holding,
                            long prefixHolding, List<Map<String, AttributeValue>> breaking) {
    /** Keys kept of the items a derivation breaks on: enough to list them in most tables, bounded in any. */
    public static final int MAX_BREAKING = 1_000;

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

    /** True for every item of the entity, with no unknown part: a check may rely on it as it is. */
    public boolean holds() {
        return holdsForEveryItem() && !hasUnknown();
    }

    /**
     * True for every item of the entity, unknown parts included: a check may rely on it once it knows what each unknown
     * part it reads is (an input the items have in the key only), and on a prefix before the unknown parts.
     */
    public boolean holdsForEveryItem() {
        return items > 0 && holding == items;
    }

    /** Some part is in the key only: no attribute holds it. */
    public boolean hasUnknown() {
        return segments.stream().anyMatch(Unknown.class::isInstance);
    }

    /**
     * The parts of the item's key, cut as the learner cut keys, when it has this derivation's shape: the same delimiter
     * and as many parts as there are segments; empty otherwise (and for a key that is not a string or number).
     */
    public Optional<List<String>> partsOf(Item item) {
        var key = item.attributes().get(keyAttribute);
        var text = key == null ? Optional.<String>empty() : DerivationLearner.text(key);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        var split = KeyTemplates.split(text.get());
        return split.delimiter().equals(delimiter) && split.parts().size() == segments.size() ? Optional.of(split.parts()) : Optional.empty();
    }

    /** The items it does not hold for ({@link #breaking} names the first of them). */
    public long breakingItems() {
        return items - holding;
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

    /**
     * {@code GSI1PK = EMAIL#{email} for all 8 USER items}, or for how many it holds; {@code PK = USER#{?} ({?} in the
     * key only) for all 46 USER items} where a part is unknown.
     */
    public String describe() {
        return keyAttribute + " = " + template() + (hasUnknown() ? " ({?} in the key only)" : "")
                + (holdsForEveryItem() ? " for all " + items + " " + entity + " items" : " for " + holding + " of " + items + " " + entity + " items");
    }
}
