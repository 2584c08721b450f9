package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How a table that was read names its items, frozen: the key readings, the type attribute, the root names and the lens,
 * from a {@link NamingSummary} (of one classifier, or merged from the parts of the table). It names any item as the
 * classifier that saw the summary's items would ({@link EntityClassifier#entityOf}, the key templates) and says whether
 * it is a root. Immutable, so it may be read on any number of threads at once, and {@link Serializable} (as its keys,
 * lens and summary, in JDK types), so it may go to other machines.
 */
public final class TableNaming implements Naming, Serializable {
    private static final long serialVersionUID = 1L;

    private final transient TableKeys keys;
    private final transient Lens lens;
    private final NamingSummary summary;
    private final transient String fallbackName;
    private final transient boolean lensReadsAttributes;
    private final transient Map<String, TemplateRegistry> registries;
    private final transient String typeAttribute;
    private final transient Set<String> roots;

    private TableNaming(TableKeys keys, Lens lens, NamingSummary summary) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.lens = Objects.requireNonNull(lens, "lens");
        this.summary = Objects.requireNonNull(summary, "summary");
        var classifier = EntityClassifier.of(keys, lens, summary);
        this.fallbackName = EntityClassifier.fallbackName(keys);
        this.lensReadsAttributes = lens.hasAttributeConditions();
        this.registries = Map.copyOf(classifier.registries());
        this.typeAttribute = classifier.typeAttribute().orElse(null);
        this.roots = Set.copyOf(classifier.roots());
    }

    /** The naming a classifier of these keys and lens gives after seeing what {@code summary} says. */
    public static TableNaming of(TableKeys keys, Lens lens, NamingSummary summary) {
        return new TableNaming(keys, lens, summary);
    }

    @Override
    public TableKeys keys() {
        return keys;
    }

    public Lens lens() {
        return lens;
    }

    /** What it was made from. */
    public NamingSummary summary() {
        return summary;
    }

    /** The type attribute in use, if the table has one. */
    public Optional<String> typeAttribute() {
        return Optional.ofNullable(typeAttribute);
    }

    /** The entity name of an item, as {@link EntityClassifier#entityOf} names it. */
    @Override
    public String entityOf(Item item) {
        var pkValue = item.attributes().get(keys.keySchema().partitionKeyName());
        var pk = pkValue == null ? null : templateOf(keys.keySchema().partitionKeyName(), pkValue).orElse(null);
        var skName = keys.keySchema().sortKeyName();
        var skValue = skName == null ? null : item.attributes().get(skName);
        var sk = skValue == null ? null : templateOf(skName, skValue).orElse(null);
        String typeValue = null;
        if (typeAttribute != null) {
            var value = item.attributes().get(typeAttribute);
            typeValue = TypeAttributes.isTypeName(value) ? ((AttributeValue.Str) value).value() : null;
        }
        var inferred = EntityClassifier.labelOf(pk, sk, EntityClassifier.relationOf(pkValue, skValue, sk), typeValue, roots, fallbackName);
        long bits = lensReadsAttributes ? lens.attributeMatches(item) : 0L;
        return lens.apply(inferred.name(), pk == null ? "" : pk.render(), sk == null ? "" : sk.render(), bits);
    }

    /**
     * Whether an item is a root: it holds its partition alone for its entity (no sort key, a constant sort key such as
     * {@code PROFILE}, or one that repeats the partition key).
     */
    public boolean isRoot(Item item) {
        var skName = keys.keySchema().sortKeyName();
        if (skName == null) {
            return true;
        }
        var sk = item.attributes().get(skName);
        if (sk == null || sk.equals(item.attributes().get(keys.keySchema().partitionKeyName()))) {
            return true;
        }
        return sortKeyTemplateOf(item).map(KeyTemplate::isConstant).orElse(false);
    }

    /** The partition-key template of an item as the table reads. */
    @Override
    public Optional<KeyTemplate> partitionKeyTemplateOf(Item item) {
        var value = item.attributes().get(keys.keySchema().partitionKeyName());
        return value == null ? Optional.empty() : templateOf(keys.keySchema().partitionKeyName(), value);
    }

    /** The sort-key template of an item as the table reads, if it has a sort key. */
    @Override
    public Optional<KeyTemplate> sortKeyTemplateOf(Item item) {
        var name = keys.keySchema().sortKeyName();
        var value = name == null ? null : item.attributes().get(name);
        return value == null ? Optional.empty() : templateOf(name, value);
    }

    /** The template of any attribute's key value as the table reads (as it is, for an attribute the summary has no reading of). */
    @Override
    public Optional<KeyTemplate> templateOf(String attribute, AttributeValue value) {
        var registry = registries.get(attribute);
        return KeyTemplates.infer(value).map(raw -> registry == null ? raw : registry.normalize(raw));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TableNaming that && keys.equals(that.keys) && lens.equals(that.lens) && summary.equals(that.summary);
    }

    @Override
    public int hashCode() {
        return Objects.hash(keys, lens, summary);
    }

    @Override
    public String toString() {
        return "TableNaming[" + keys.tableName() + ", " + summary + "]";
    }

    // ---- serialization: the keys, the lens and the summary, as JDK types ----

    private Object writeReplace() {
        return new Form(keys.tableName(), form(keys.keySchema()), formsOf(keys.indexes()), LensCodec.toJson(lens), summary);
    }

    private void readObject(ObjectInputStream in) throws InvalidObjectException {
        throw new InvalidObjectException("A table naming is read through its serialized form");
    }

    private static List<String> form(KeySchema schema) {
        var sk = schema.sortKey();
        return sk == null ? List.of(schema.partitionKey().name(), schema.partitionKey().type().name())
                : List.of(schema.partitionKey().name(), schema.partitionKey().type().name(), sk.name(), sk.type().name());
    }

    private static Map<String, List<String>> formsOf(Map<String, KeySchema> indexes) {
        var forms = new LinkedHashMap<String, List<String>>();
        indexes.forEach((name, schema) -> forms.put(name, form(schema)));
        return forms;
    }

    private static KeySchema schemaOf(List<String> form) {
        var pk = new KeySchema.KeyAttribute(form.get(0), KeySchema.ScalarType.valueOf(form.get(1)));
        var sk = form.size() < 4 ? null : new KeySchema.KeyAttribute(form.get(2), KeySchema.ScalarType.valueOf(form.get(3)));
        return new KeySchema(pk, sk);
    }

    /** A table naming as Strings, lists, maps and its summary: index order kept, key types by name. */
    private record Form(String tableName, List<String> keySchema, Map<String, List<String>> indexes, String lens, NamingSummary summary)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        private Object readResolve() {
            var indexSchemas = new LinkedHashMap<String, KeySchema>();
            indexes.forEach((name, form) -> indexSchemas.put(name, schemaOf(form)));
            return TableNaming.of(new TableKeys(tableName, schemaOf(keySchema), indexSchemas), LensCodec.fromJson(lens), summary);
        }
    }
}
