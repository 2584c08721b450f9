package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.Naming;
import dev.dynalens.domain.inference.TableNaming;
import dev.dynalens.domain.inference.KeyTemplate;
import dev.dynalens.domain.inference.KeyTemplates;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.DenormalizationRule.KeyPart;
import dev.dynalens.domain.table.KeyOrder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What staleness needs from the keys, read through a {@link Naming} of the table (an {@link EntityClassifier} that has
 * seen it, or a {@link TableNaming}): an item's entity, whether it is the one item of its entity in its partition (a source can
 * be found by its partition key only then), the variables of its key values, and how an id fits into
 * an entity's partition key.
 *
 * <p>Staleness names items with a classifier that saw the table's keys only: an index's key is then read as it is, with
 * none of the merging of literals the analyzer's index readings do (a rule reads {@code STATUS#OPEN}, not
 * {@code STATUS#{}}), and a {@link TableNaming} for staleness must be made from such a classifier's summary.
 *
 * <p>Threads: with a classifier, {@link #entityOf} and {@link #isRoot} use its caches and belong to one thread (a
 * {@link TableNaming} has none); once the classifier has finished reading, the template readings ({@link #variables}, {@link #partText}, {@link #partitionId})
 * only read it and may run on several threads at once, after {@link #prepareForThreads} made every registry they need.
 */
final class KeyReading {
    /** At most this many (prefix, suffix) pairs are kept per source entity. */
    static final int MAX_ID_PATTERNS_PER_ENTITY = 16;

    private final Naming classifier;
    private final String partitionKey;
    private final String sortKey;
    /** The table's key attributes and then its indexes' (each once): the attributes whose values have key variables. */
    private final List<String> keyAttributes;
    /** The item whose key templates a naming pass read already ({@link #know}), and those templates. */
    private Item known;
    private KeyTemplate knownPk;
    private KeyTemplate knownSk;

    KeyReading(Naming classifier) {
        this.classifier = classifier;
        this.partitionKey = classifier.keys().keySchema().partitionKeyName();
        this.sortKey = classifier.keys().keySchema().sortKeyName();
        var attributes = new LinkedHashSet<String>();
        attributes.add(partitionKey);
        if (sortKey != null) {
            attributes.add(sortKey);
        }
        for (var schema : classifier.keys().indexes().values()) {
            attributes.addAll(schema.attributeNames());
        }
        this.keyAttributes = List.copyOf(attributes);
    }

    Naming classifier() {
        return classifier;
    }

    /** A reading of its own (for another thread): the classifier is shared, {@link #know} is not. */
    KeyReading copy() {
        return new KeyReading(classifier);
    }

    /**
     * The key templates the naming pass read for {@code item} (on the classifier's fast path, on its one thread): the
     * readings of this item use them instead of reading its keys again. Only the item last told of is remembered.
     */
    void know(Item item, KeyTemplate partitionKeyTemplate, KeyTemplate sortKeyTemplate) {
        this.known = item;
        this.knownPk = partitionKeyTemplate;
        this.knownSk = sortKeyTemplate;
    }

    /** The template of a key attribute's value as the table now reads it; null when the item has no such value. */
    KeyTemplate templateOf(Item item, String attribute) {
        if (item == known) {
            if (attribute.equals(partitionKey)) {
                return knownPk;
            }
            if (attribute.equals(sortKey)) {
                return knownSk;
            }
        }
        var value = item.attributes().get(attribute);
        return value == null ? null : classifier.templateOf(attribute, value).orElse(null);
    }

    /** The partition and sort key templates of an item, on the classifier's fast path (its thread only). */
    KeyTemplate partitionKeyTemplate(Item item) {
        return classifier.partitionKeyTemplateOf(item).orElse(null);
    }

    KeyTemplate sortKeyTemplate(Item item) {
        return classifier.sortKeyTemplateOf(item).orElse(null);
    }

    /** As {@link #isRoot(Item)}, with the sort key's template already read. */
    boolean isRoot(Item item, KeyTemplate sortKeyTemplate) {
        if (sortKey == null) {
            return true;
        }
        var sk = item.attributes().get(sortKey);
        if (sk == null || sk.equals(item.attributes().get(partitionKey))) {
            return true;
        }
        return sortKeyTemplate != null && sortKeyTemplate.isConstant();
    }

    /** Makes the classifier's template registry of every key attribute, so that later readings only read. */
    void prepareForThreads() {
        for (var attribute : keyAttributes) {
            classifier.templateOf(attribute, AttributeValue.s(""));
        }
    }

    /** The table's and its indexes' key attributes, table keys first. */
    List<String> keyAttributes() {
        return keyAttributes;
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

    /** The sort key as text, or null when the table has none or the item has no string or number sort key. */
    String sortText(Item item) {
        return sortKey == null ? null : scalarText(item.attributes().get(sortKey));
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

    /**
     * The texts of the variables of a key attribute's value, in order, as the table now reads its template
     * ({@code POST#2024-01-18T14:30:00Z#my-slug} gives the time and the slug). Empty for a value that is one variable
     * as a whole ({@code alice}, a number): its variable is the value itself, read whole.
     */
    List<String> variables(Item item, String attribute) {
        return keyVariables(item, attribute).stream().map(KeyVariable::text).toList();
    }

    /** The variables of a key attribute's value with the name before each, as {@link #variables} reads them. */
    List<KeyVariable> keyVariables(Item item, String attribute) {
        var value = item.attributes().get(attribute);
        if (!(value instanceof AttributeValue.Str s)) {
            return List.of();
        }
        return keyVariables(templateOf(item, attribute), s.value());
    }

    /**
     * A variable of a key value and the literal before it in the template that is not empty ({@code POST} for both
     * variables of {@code POST#{}#{}}), or null when none comes before it: what the variable is an id of.
     */
    record KeyVariable(String text, String context) {
        /** Whether two variables can be the same id: neither says what it is, or both say the same. */
        static boolean sameContext(String a, String b) {
            return a == null || b == null || a.equalsIgnoreCase(b);
        }
    }

    /**
     * The id in an item's partition key: its one variable ({@code 102} in {@code USER#102}), or the key itself when the
     * key is one variable as a whole (a bare id, a number); null for a key with none or several variables.
     */
    String partitionId(Item item) {
        var value = item.attributes().get(partitionKey);
        var template = value == null ? null : templateOf(item, partitionKey);
        if (template == null) {
            return null;
        }
        if (template.size() == 1) {
            return template.segment(0) instanceof KeyTemplate.Variable ? partitionText(item) : null;
        }
        var variables = value instanceof AttributeValue.Str s ? variables(template, s.value()) : List.<String>of();
        return variables.size() == 1 ? variables.get(0) : null;
    }

    /** The variables of a string as this template reads it; empty when the template is a lone variable or does not fit. */
    static List<String> variables(KeyTemplate template, String text) {
        return keyVariables(template, text).stream().map(KeyVariable::text).toList();
    }

    static List<KeyVariable> keyVariables(KeyTemplate template, String text) {
        if (template == null || template.size() < 2) {
            return List.of();
        }
        var delimiter = template.delimiter();
        if (!delimiter.equals(":") && delimiterFits(text, delimiter)) {
            // The template was read off this text with this delimiter: cut on it directly, keeping only the variables.
            var out = new ArrayList<KeyVariable>(2);
            String context = null;
            int start = 0;
            for (int i = 0; i < template.size(); i++) {
                boolean last = i == template.size() - 1;
                int end = last ? (text.indexOf(delimiter, start) < 0 ? text.length() : -1) : text.indexOf(delimiter, start);
                if (end < 0) {
                    return List.of(); // more or fewer segments than the template: it does not fit
                }
                if (template.segment(i) instanceof KeyTemplate.Variable) {
                    out.add(new KeyVariable(text.substring(start, end), context));
                } else if (template.segment(i) instanceof KeyTemplate.Literal literal && !literal.text().isEmpty()) {
                    context = literal.text();
                }
                start = end + delimiter.length();
            }
            return out;
        }
        var split = KeyTemplates.split(text);
        if (!split.delimiter().equals(template.delimiter()) || split.parts().size() != template.size()) {
            return List.of();
        }
        var out = new ArrayList<KeyVariable>(2);
        String context = null;
        for (int i = 0; i < template.size(); i++) {
            if (template.segment(i) instanceof KeyTemplate.Variable) {
                out.add(new KeyVariable(split.parts().get(i), context));
            } else if (template.segment(i) instanceof KeyTemplate.Literal literal && !literal.text().isEmpty()) {
                context = literal.text();
            }
        }
        return out;
    }

    /**
     * Whether {@code delimiter} is the one the key reading cuts this text on: no delimiter that comes before it in
     * {@link KeyTemplates}' order ({@code #}, {@code |}, {@code ::}, {@code /}) occurs in the text.
     */
    private static boolean delimiterFits(String text, String delimiter) {
        for (var earlier : List.of("#", "|", "::", "/")) {
            if (earlier.equals(delimiter)) {
                return text.contains(delimiter);
            }
            if (text.contains(earlier)) {
                return false;
            }
        }
        return false;
    }

    /** What the id in an item's partition key is an id of: the literal before its one variable ({@code USER}); null if none. */
    String partitionIdContext(Item item) {
        var variables = keyVariables(item, partitionKey);
        return variables.size() == 1 ? variables.get(0).context() : null;
    }

    /**
     * The text a part reads in an item: the attribute's scalar text, or its n-th key variable; null when the item has
     * no such part. A variable of a nested or non-key attribute is read off the value's own template.
     */
    String partText(Item item, KeyPart part) {
        var path = part.attribute();
        if (part.isWhole()) {
            return scalarText(path.read(item).orElse(null));
        }
        List<String> variables;
        if (path.isTopLevel()) {
            variables = variables(item, path.attributeName());
        } else if (path.read(item).orElse(null) instanceof AttributeValue.Str s) {
            variables = variables(KeyTemplates.infer(s.value()), s.value());
        } else {
            variables = List.of();
        }
        return part.variable() <= variables.size() ? variables.get(part.variable() - 1) : null;
    }

    /** DynamoDB's key order on primary keys: partition key, then sort key. The smaller key wins a tie between sources. */
    int compareKeys(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        return compareKeys(partitionKey, sortKey, a, b);
    }

    /** Two primary keys in DynamoDB's order, by the partition key and then the sort key ({@code sortKey} null: none). */
    static int compareKeys(String partitionKey, String sortKey, Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        int order = compareKeyValue(a.get(partitionKey), b.get(partitionKey));
        if (order != 0 || sortKey == null) {
            return order;
        }
        return compareKeyValue(a.get(sortKey), b.get(sortKey));
    }

    private static int compareKeyValue(AttributeValue a, AttributeValue b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        if (a.type() != b.type()) {
            return a.type().compareTo(b.type());
        }
        if (KeyOrder.typeOf(a).isEmpty()) {
            // Not a key type (an item without a proper key): any fixed order will do.
            return a.toString().compareTo(b.toString());
        }
        return KeyOrder.compare(a, b);
    }

    static Set<IdPattern> newPatternSet() {
        return new LinkedHashSet<>();
    }

    /** A string's text or a number's canonical text; null for anything else. */
    static String scalarText(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        } else if (value instanceof AttributeValue.Num n) {
            return isPlainInteger(n.value().text()) ? n.value().text() : n.value().canonical();
        } else {
            return null;
        }
    }

    /** {@code 0} or digits without a leading zero: already canonical (the common case, spared the decimal arithmetic). */
    private static boolean isPlainInteger(String text) {
        if (text.isEmpty() || text.length() > 18 || text.charAt(0) == '0' && text.length() > 1) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** The partition key of the item whose id is {@code id}: prefix + id + suffix. */
    record IdPattern(String prefix, String suffix) {
        String keyOf(String id) {
            return prefix.isEmpty() && suffix.isEmpty() ? id : prefix + id + suffix;
        }
    }
}
