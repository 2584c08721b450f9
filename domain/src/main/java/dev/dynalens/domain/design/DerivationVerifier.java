package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Counts, item by item, for how many items of its entity each proposed derivation holds: the key the derivation
 * makes from the item's attributes is the key the item has, or, where a part is unknown (in the key only), the key has
 * the derivation's shape. An item without the key attribute does not hold (it is not
 * in that index, so a Query there misses it). The first {@value KeyDerivation#MAX_BREAKING} items that break a
 * derivation are named by their table keys.
 */
public final class DerivationVerifier {
    private final KeySchema tableKeys;
    private final Map<String, Map<String, Tally>> tallies = new LinkedHashMap<>();
    private final Map<String, Map<String, KeyDerivation>> proposals;

    public DerivationVerifier(KeySchema tableKeys, Map<String, Map<String, KeyDerivation>> proposals) {
        this.tableKeys = tableKeys;
        this.proposals = proposals;
        proposals.forEach((entity, byKey) -> {
            var mine = new LinkedHashMap<String, Tally>();
            byKey.keySet().forEach(key -> mine.put(key, new Tally()));
            tallies.put(entity, mine);
        });
    }

    public void accept(String entity, Item item) {
        var derivations = proposals.get(entity);
        if (derivations == null) {
            return;
        }
        derivations.forEach((key, derivation) -> {
            var tally = tallies.get(entity).get(key);
            if (startsWithLeadingLiterals(derivation, item)) {
                tally.prefixHolding++;
            }
            if (holdsFor(derivation, item)) {
                tally.holding++;
            } else if (tally.breaking.size() < KeyDerivation.MAX_BREAKING) {
                tally.breaking.add(item.key(tableKeys.partitionKeyName(), tableKeys.sortKeyName()));
            }
        });
    }

    /** The derivations with what was counted, by entity, then key attribute. */
    public Map<String, Map<String, KeyDerivation>> derivations() {
        var verified = new LinkedHashMap<String, Map<String, KeyDerivation>>();
        proposals.forEach((entity, byKey) -> {
            var mine = new LinkedHashMap<String, KeyDerivation>();
            byKey.forEach((key, d) -> {
                var tally = tallies.get(entity).get(key);
                mine.put(key, new KeyDerivation(d.entity(), d.keyAttribute(), d.delimiter(), d.segments(), d.items(), tally.holding,
                        tally.prefixHolding, tally.breaking));
            });
            verified.put(entity, mine);
        });
        return verified;
    }

    /** Whether the item's key starts with the derivation's leading literals, each followed by the delimiter (or ending there). */
    static boolean startsWithLeadingLiterals(KeyDerivation derivation, Item item) {
        var key = item.attributes().get(derivation.keyAttribute());
        var text = key == null ? Optional.<String>empty() : DerivationLearner.text(key);
        if (text.isEmpty()) {
            return false;
        }
        var literals = derivation.leadingLiterals();
        var prefix = String.join(derivation.delimiter(), literals);
        if (literals.size() == derivation.segments().size()) {
            return text.get().equals(prefix);
        }
        return text.get().startsWith(literals.isEmpty() ? "" : prefix + derivation.delimiter());
    }

    /**
     * Whether the derivation makes exactly the item's key; with an unknown part, whether the key has its shape (see
     * {@link #hasTheShape}).
     */
    static boolean holdsFor(KeyDerivation derivation, Item item) {
        var key = item.attributes().get(derivation.keyAttribute());
        if (key == null) {
            return false;
        }
        if (derivation.hasUnknown()) {
            return hasTheShape(derivation, item);
        }
        var made = new StringBuilder();
        var segments = derivation.segments();
        for (int i = 0; i < segments.size(); i++) {
            if (i > 0) {
                made.append(derivation.delimiter());
            }
            var segment = segments.get(i);
            Optional<String> text;
            if (segment instanceof KeyDerivation.Literal literal) {
                text = Optional.of(literal.text());
            } else if (segment instanceof KeyDerivation.Attribute attribute) {
                text = valueAt(item, attribute.path()).flatMap(DerivationLearner::text);
            } else {
                throw new IllegalStateException("unexpected " + segment.getClass());
            }
            if (text.isEmpty()) {
                return false;
            }
            made.append(text.get());
        }
        return DerivationLearner.text(key).map(made.toString()::equals).orElse(false);
    }

    /**
     * Whether the item's key, cut at the derivation's delimiter, has as many parts as it has segments, each literal
     * part as it is, each attribute's part the item's value and each unknown part not empty: an id that is in the key
     * only ({@code USER#u1} of {@code USER#{?}}) holds, a key with a part more ({@code USER#u1#old}) does not.
     */
    static boolean hasTheShape(KeyDerivation derivation, Item item) {
        var parts = derivation.partsOf(item);
        if (parts.isEmpty()) {
            return false;
        }
        var segments = derivation.segments();
        for (int i = 0; i < segments.size(); i++) {
            var part = parts.get().get(i);
            var segment = segments.get(i);
            boolean fits;
            if (segment instanceof KeyDerivation.Literal literal) {
                fits = part.equals(literal.text());
            } else if (segment instanceof KeyDerivation.Attribute attribute) {
                fits = valueAt(item, attribute.path()).flatMap(DerivationLearner::text).map(part::equals).orElse(false);
            } else {
                fits = !part.isEmpty();
            }
            if (!fits) {
                return false;
            }
        }
        return true;
    }

    /** The value at a path of the item ({@code email}, {@code assignee.id}, or a name that is no path: {@code follower#}). */
    public static Optional<AttributeValue> valueAt(Item item, String path) {
        var direct = item.attributes().get(path);
        if (direct != null) {
            return Optional.of(direct);
        }
        try {
            return AttributePath.parse(path).read(item);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static final class Tally {
        long holding;
        long prefixHolding;
        final List<Map<String, AttributeValue>> breaking = new ArrayList<>();
    }
}
