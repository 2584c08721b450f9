package dev.dynalens.domain.sql;

import dev.dynalens.domain.inference.KeyTemplate;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A table of the SQL workbench: one entity type as the analysis names it (lens applied), or the whole DynamoDB table
 * ({@link #wholeTable}). An item belongs to an entity type when its partition key fits one of the type's partition-key
 * templates and its sort key one of its sort-key templates ({@code USER#{}} / {@code PROFILE}); the whole table holds
 * every item.
 *
 * @param pkTemplates        rendered templates ({@code USER#{}}), most frequent first; empty for the whole table
 * @param averageItemBytes   the average item size the analysis measured, 0 when it did not
 */
public record SqlEntity(String name, boolean wholeTable, List<String> pkTemplates, List<String> skTemplates,
                        List<SqlAttribute> attributes, long count, long averageItemBytes) {
    /** How rendered templates are split back into segments: the delimiters the inference knows, in its order. */
    private static final List<String> DELIMITERS = List.of("#", "|", "::", "/");

    public SqlEntity {
        Objects.requireNonNull(name, "name");
        pkTemplates = List.copyOf(pkTemplates);
        skTemplates = List.copyOf(skTemplates);
        attributes = List.copyOf(attributes);
    }

    public Optional<SqlAttribute> attribute(String attributeName) {
        return attributes.stream().filter(a -> a.name().equals(attributeName)).findFirst();
    }

    /** Whether an item is one of this table's rows. */
    public boolean contains(Item item, KeySchema keys) {
        if (wholeTable) {
            return true;
        }
        return fits(item.attributes().get(keys.partitionKeyName()), pkTemplates, keys.partitionKey().type())
                && (keys.sortKey() == null || fits(item.attributes().get(keys.sortKeyName()), skTemplates, keys.sortKey().type()));
    }

    /**
     * The literal text every partition key (or sort key) of this entity starts with, when all its templates share one:
     * {@code USER#} for {@code USER#{}}, {@code PROFILE} for the constant {@code PROFILE}. Used to narrow a Query's key
     * condition or a Scan's filter to the entity; the desktop check ({@link #contains}) still decides.
     */
    public Optional<String> commonPrefix(boolean sortKey) {
        var templates = sortKey ? skTemplates : pkTemplates;
        if (wholeTable || templates.isEmpty()) {
            return Optional.empty();
        }
        String common = null;
        for (var template : templates) {
            var at = template.indexOf(KeyTemplate.PLACEHOLDER);
            var literal = at < 0 ? template : template.substring(0, at);
            common = common == null ? literal : sharedStart(common, literal);
        }
        return common == null || common.isEmpty() ? Optional.empty() : Optional.of(common);
    }

    /** The constant sort key of an entity whose sort key is always the same text ({@code PROFILE}, {@code #META}). */
    public Optional<String> constantSortKey() {
        if (wholeTable || skTemplates.size() != 1 || skTemplates.get(0).contains(KeyTemplate.PLACEHOLDER)) {
            return Optional.empty();
        }
        return Optional.of(skTemplates.get(0));
    }

    private static String sharedStart(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return a.substring(0, n);
    }

    private static boolean fits(AttributeValue key, List<String> templates, KeySchema.ScalarType type) {
        if (key == null) {
            return false;
        }
        if (templates.isEmpty()) {
            return true;
        }
        for (var rendered : templates) {
            if (template(rendered, type).matches(key)) {
                return true;
            }
        }
        return false;
    }

    /** A rendered template back as a {@link KeyTemplate}: split on the first delimiter it contains. */
    static KeyTemplate template(String rendered, KeySchema.ScalarType type) {
        if (type != KeySchema.ScalarType.S) {
            return KeyTemplate.anyValue(type);
        }
        for (var delimiter : DELIMITERS) {
            if (rendered.contains(delimiter)) {
                var segments = new ArrayList<KeyTemplate.Segment>();
                for (var part : rendered.split(java.util.regex.Pattern.quote(delimiter), -1)) {
                    segments.add(part.equals(KeyTemplate.PLACEHOLDER) ? KeyTemplate.Variable.INSTANCE : new KeyTemplate.Literal(part));
                }
                return new KeyTemplate(type, delimiter, segments);
            }
        }
        return new KeyTemplate(type, "", List.of(rendered.equals(KeyTemplate.PLACEHOLDER) ? KeyTemplate.Variable.INSTANCE
                : new KeyTemplate.Literal(rendered)));
    }
}
