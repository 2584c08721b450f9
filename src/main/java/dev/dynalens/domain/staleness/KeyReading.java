package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.KeyTemplate;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What staleness needs from the keys, read through an {@link EntityClassifier} that has seen the
 * table: an item's entity, whether it is the one item of its entity in its partition (a source can
 * be found by its partition key only then), and how an id fits into an entity's partition key.
 */
final class KeyReading {
    /** At most this many (prefix, suffix) pairs are kept per source entity. */
    static final int MAX_ID_PATTERNS_PER_ENTITY = 16;

    private final EntityClassifier classifier;
    private final String partitionKey;
    private final String sortKey;

    KeyReading(EntityClassifier classifier) {
        this.classifier = classifier;
        this.partitionKey = classifier.keys().keySchema().partitionKeyName();
        this.sortKey = classifier.keys().keySchema().sortKeyName();
    }

    String entityOf(Item item) {
        return classifier.entityOf(item);
    }

    String partitionKeyName() {
        return partitionKey;
    }

    String sortKeyName() {
        return sortKey;
    }

    boolean isTableKey(String attribute) {
        return attribute.equals(partitionKey) || attribute.equals(sortKey);
    }

    /** Whether an attribute is a key of the table or of one of its indexes. */
    boolean isAnyKey(String attribute) {
        if (isTableKey(attribute)) {
            return true;
        }
        for (var schema : classifier.keys().indexes().values()) {
            if (attribute.equals(schema.partitionKeyName()) || attribute.equals(schema.sortKeyName())) {
                return true;
            }
        }
        return false;
    }

    Map<String, AttributeValue> keyOf(Item item) {
        return item.key(partitionKey, sortKey);
    }

    /** The partition key as text, or null when the item has no string or number partition key. */
    String partitionText(Item item) {
        return scalarText(item.attributes().get(partitionKey));
    }

    /**
     * A root holds its partition alone for its entity: no sort key, a constant sort key
     * ({@code PROFILE}, {@code METADATA}) or one that repeats the partition key.
     */
    boolean isRoot(Item item) {
        if (sortKey == null) {
            return true;
        }
        var sk = item.attributes().get(sortKey);
        if (sk == null || sk.equals(item.attributes().get(partitionKey))) {
            return true;
        }
        return classifier.sortKeyTemplateOf(item).map(KeyTemplate::isConstant).orElse(false);
    }

    /**
     * Adds how an id sits in this root's partition key: {@code USER#{}} gives ("USER#", ""). Keys
     * with several variables ({@code TENANT#{}#USER#{}}) cannot be rebuilt from one id and add nothing.
     */
    void addIdPattern(Item root, Set<IdPattern> patterns) {
        if (patterns.size() >= MAX_ID_PATTERNS_PER_ENTITY) {
            return;
        }
        var template = classifier.partitionKeyTemplateOf(root).orElse(null);
        if (template == null) {
            return;
        }
        int variable = -1;
        for (int i = 0; i < template.size(); i++) {
            if (template.segment(i) instanceof KeyTemplate.Variable) {
                if (variable >= 0) {
                    return;
                }
                variable = i;
            }
        }
        if (variable < 0) {
            return;
        }
        var prefix = new StringBuilder();
        for (int i = 0; i < variable; i++) {
            prefix.append(((KeyTemplate.Literal) template.segment(i)).text()).append(template.delimiter());
        }
        var suffix = new StringBuilder();
        for (int i = variable + 1; i < template.size(); i++) {
            suffix.append(template.delimiter()).append(((KeyTemplate.Literal) template.segment(i)).text());
        }
        patterns.add(new IdPattern(prefix.toString(), suffix.toString()));
    }

    static Set<IdPattern> newPatternSet() {
        return new LinkedHashSet<>();
    }

    /** A string's text or a number's canonical text; null for anything else. */
    static String scalarText(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> s.value();
            case AttributeValue.Num n -> n.value().canonical();
            case null, default -> null;
        };
    }

    /** The partition key of the item whose id is {@code id}: prefix + id + suffix. */
    record IdPattern(String prefix, String suffix) {
        String keyOf(String id) {
            return prefix.isEmpty() && suffix.isEmpty() ? id : prefix + id + suffix;
        }
    }
}
