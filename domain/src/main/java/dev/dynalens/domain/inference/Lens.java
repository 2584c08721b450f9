package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A person's corrections to inferred entity names, kept per table and applied on top of inference.
 * An item's name goes through three steps, in this order:
 * <ol>
 *   <li>the first {@linkplain Split split} for its inferred name whose condition holds gives it a new name;</li>
 *   <li>a {@linkplain Merge merge} that lists the name replaces it with the merged name;</li>
 *   <li>a rename replaces the name.</li>
 * </ol>
 * So a rename can name a merged or split entity, and a merge can take in a split-off one.
 *
 * @param renames inferred (or merged, or split-off) name to the name shown
 * @param merges  several names shown as one
 * @param splits  rules that take items out of an entity, by key template or attribute value
 * @param rules   the person's choice of denormalization rules (staleness), as rule SPECs
 */
public record Lens(Map<String, String> renames, List<Merge> merges, List<Split> splits, RuleChoices rules) {
    /** Attribute conditions are evaluated once per item and kept as bits of a long. */
    public static final int MAX_SPLITS = 64;
    public static final Lens NONE = new Lens(Map.of(), List.of(), List.of(), RuleChoices.NONE);

    public Lens {
        var copy = new LinkedHashMap<String, String>();
        (renames == null ? Map.<String, String>of() : renames).forEach((from, to) -> copy.put(requireName(from), requireName(to)));
        renames = Collections.unmodifiableMap(copy);
        merges = merges == null ? List.of() : List.copyOf(merges);
        splits = splits == null ? List.of() : List.copyOf(splits);
        rules = rules == null ? RuleChoices.NONE : rules;
        if (splits.size() > MAX_SPLITS) {
            throw new IllegalArgumentException("A lens holds at most " + MAX_SPLITS + " split rules, not " + splits.size());
        }
    }

    public Lens(Map<String, String> renames, List<Merge> merges, List<Split> splits) {
        this(renames, merges, splits, RuleChoices.NONE);
    }

    /**
     * Which denormalization rules the person decided on, as rule SPECs ({@code POST.authorName=USER.name@authorId}; the
     * staleness package parses them). With any confirmed rule, detection uses exactly the confirmed rules and infers
     * none; otherwise it infers rules and leaves out the rejected ones.
     */
    public record RuleChoices(List<String> confirmed, List<String> rejected) {
        public static final RuleChoices NONE = new RuleChoices(List.of(), List.of());

        public RuleChoices {
            confirmed = List.copyOf(new java.util.LinkedHashSet<>(confirmed));
            rejected = List.copyOf(new java.util.LinkedHashSet<>(rejected));
        }

        public boolean isEmpty() {
            return confirmed.isEmpty() && rejected.isEmpty();
        }
    }

    public Lens withRules(RuleChoices choices) {
        return new Lens(renames, merges, splits, choices);
    }

    /** Shows the entities named {@code from} as one entity named {@code into}. */
    public record Merge(List<String> from, String into) {
        public Merge {
            from = List.copyOf(from);
            if (from.isEmpty()) {
                throw new IllegalArgumentException("A merge needs at least one entity to merge");
            }
            from.forEach(Lens::requireName);
            requireName(into);
        }
    }

    /** Items of {@code entity} for which {@code when} holds become {@code into}. */
    public record Split(String entity, Condition when, String into) {
        public Split {
            requireName(entity);
            Objects.requireNonNull(when, "when");
            requireName(into);
        }
    }

    /** When a split applies. */
    public sealed interface Condition permits PkTemplate, SkTemplate, AttributeEquals {
    }

    /** The item's partition-key template renders as {@code template}, e.g. {@code USER#{}}. */
    public record PkTemplate(String template) implements Condition {
        public PkTemplate {
            Objects.requireNonNull(template, "template");
        }
    }

    /** The item's sort-key template renders as {@code template}, e.g. {@code PROFILE}. */
    public record SkTemplate(String template) implements Condition {
        public SkTemplate {
            Objects.requireNonNull(template, "template");
        }
    }

    /**
     * The item has {@code attribute} with this value: a string equal to it, a number equal to it as a
     * number, or a boolean written {@code true}/{@code false}.
     */
    public record AttributeEquals(String attribute, String value) implements Condition {
        public AttributeEquals {
            requireName(attribute);
            Objects.requireNonNull(value, "value");
        }
    }

    public boolean isEmpty() {
        return renames.isEmpty() && merges.isEmpty() && splits.isEmpty() && rules.isEmpty();
    }

    public Lens withRename(String from, String to) {
        var copy = new LinkedHashMap<>(renames);
        copy.put(requireName(from), requireName(to));
        return new Lens(copy, merges, splits, rules);
    }

    public Lens withMerge(Collection<String> from, String into) {
        var copy = new ArrayList<>(merges);
        copy.add(new Merge(List.copyOf(from), into));
        return new Lens(renames, copy, splits, rules);
    }

    public Lens withSplit(String entity, Condition when, String into) {
        var copy = new ArrayList<>(splits);
        copy.add(new Split(entity, when, into));
        return new Lens(renames, merges, copy, rules);
    }

    /** The name shown for an item whose inferred name and key templates are given. */
    public String apply(String inferred, String pkTemplate, String skTemplate, Item item) {
        return apply(inferred, pkTemplate, skTemplate, attributeMatches(item));
    }

    /** Bit {@code i} is set when split {@code i} is an attribute condition that holds for the item. */
    long attributeMatches(Item item) {
        long bits = 0;
        for (int i = 0; i < splits.size(); i++) {
            if (splits.get(i).when() instanceof AttributeEquals condition && holds(condition, item)) {
                bits |= 1L << i;
            }
        }
        return bits;
    }

    boolean hasAttributeConditions() {
        return splits.stream().anyMatch(split -> split.when() instanceof AttributeEquals);
    }

    String apply(String inferred, String pkTemplate, String skTemplate, long attributeMatches) {
        var name = inferred;
        for (int i = 0; i < splits.size(); i++) {
            var split = splits.get(i);
            if (split.entity().equals(inferred) && holds(split.when(), pkTemplate, skTemplate, (attributeMatches & (1L << i)) != 0)) {
                name = split.into();
                break;
            }
        }
        for (var merge : merges) {
            if (merge.from().contains(name)) {
                name = merge.into();
                break;
            }
        }
        return renames.getOrDefault(name, name);
    }

    private static boolean holds(Condition condition, String pkTemplate, String skTemplate, boolean attributeMatched) {
        if (condition instanceof PkTemplate pk) {
            return pk.template().equals(pkTemplate);
        } else if (condition instanceof SkTemplate sk) {
            return sk.template().equals(skTemplate);
        } else if (condition instanceof AttributeEquals) {
            return attributeMatched;
        } else {
            throw new IllegalStateException("unexpected " + condition.getClass());
        }
    }

    private static boolean holds(AttributeEquals condition, Item item) {
        var value = item.attributes().get(condition.attribute());
        if (value == null) {
            return false;
        } else if (value instanceof AttributeValue.Str s) {
            return s.value().equals(condition.value());
        } else if (value instanceof AttributeValue.Num n) {
            return sameNumber(n.value(), condition.value());
        } else if (value instanceof AttributeValue.Bool b) {
            return Boolean.toString(b.value()).equals(condition.value());
        } else {
            return false;
        }
    }

    private static boolean sameNumber(DynamoNumber number, String text) {
        try {
            return number.equals(DynamoNumber.parse(text));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String requireName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("An entity or attribute name must not be blank");
        }
        return name;
    }
}
