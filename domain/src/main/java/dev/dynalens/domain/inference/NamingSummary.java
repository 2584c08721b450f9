package dev.dynalens.domain.inference;

import dev.dynalens.domain.table.KeySchema.ScalarType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What an {@link EntityClassifier} saw of some items, as a plain value with nothing tied to one JVM: per key attribute
 * what its template registry saw ({@link TemplateRegistry.Summary}), which type-attribute candidates every item had
 * ({@link TypeAttributes.Summary}), and how many items each group holds, a group being a value: its key templates as
 * the summary reads them, key relation, type-attribute candidate values and lens bits.
 *
 * <p>The summaries of any parts of a table {@link #merge} into one that names every item as one classifier of the whole
 * table does ({@link EntityClassifier#of}), in any grouping and order: the merge is associative and commutative. Made of
 * Strings, numbers, lists, sets and maps only (no enum in a hash key: an enum's hash differs from JVM to JVM), and
 * {@link Serializable}. What it does not hold: the classifier's revision, a count of changes that means nothing across
 * parts, and the lens and keys, which every part shares.
 */
public final class NamingSummary implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String partitionKey;
    private final String sortKey;
    private final Map<String, TemplateRegistry.Summary> registries;
    private final TypeAttributes.Summary types;
    private final Map<Group, Long> groups;

    /**
     * A key template as a value: its type's name, delimiter and segments, a literal as {@code =text} and a variable as
     * {@code {}} (so that no text can be taken for a variable).
     */
    record Template(String type, String delimiter, List<String> segments) implements Serializable {
        private static final long serialVersionUID = 1L;
        private static final String VARIABLE = KeyTemplate.PLACEHOLDER;

        Template {
            segments = List.copyOf(segments);
        }

        static Template of(KeyTemplate template) {
            if (template == null) {
                return null;
            }
            var segments = new ArrayList<String>(template.size());
            for (var segment : template.segments()) {
                segments.add(segment instanceof KeyTemplate.Literal literal ? "=" + literal.text() : VARIABLE);
            }
            return new Template(template.type().name(), template.delimiter(), segments);
        }

        KeyTemplate template() {
            var list = new ArrayList<KeyTemplate.Segment>(segments.size());
            for (var segment : segments) {
                list.add(segment.equals(VARIABLE) ? KeyTemplate.Variable.INSTANCE : new KeyTemplate.Literal(segment.substring(1)));
            }
            return new KeyTemplate(ScalarType.valueOf(type), delimiter, list);
        }
    }

    /** A group as a value; {@code relation} is the name of the key relation (no sort key, repeat, extends, other). */
    record Group(Template pk, Template sk, String relation, Map<String, String> typeValues, long lensBits) implements Serializable {
        private static final long serialVersionUID = 1L;

        Group {
            Objects.requireNonNull(relation, "relation");
            typeValues = Map.copyOf(typeValues);
        }
    }

    NamingSummary(String partitionKey, String sortKey, Map<String, TemplateRegistry.Summary> registries, TypeAttributes.Summary types,
                  Map<Group, Long> groups) {
        this.partitionKey = Objects.requireNonNull(partitionKey, "partitionKey");
        this.sortKey = sortKey;
        var kept = new HashMap<String, TemplateRegistry.Summary>();
        registries.forEach((attribute, summary) -> {
            if (!summary.shapes().isEmpty()) {
                kept.put(attribute, summary);
            }
        });
        this.registries = Map.copyOf(kept);
        this.types = Objects.requireNonNull(types, "types");
        this.groups = Map.copyOf(groups);
    }

    /** How many items the summary is of. */
    public long items() {
        return types.items();
    }

    /** How many groups of items that read alike it holds. */
    public int groupCount() {
        return groups.size();
    }

    String partitionKey() {
        return partitionKey;
    }

    String sortKey() {
        return sortKey;
    }

    /** Per attribute, what its registry saw (attributes whose registry saw nothing are left out). */
    Map<String, TemplateRegistry.Summary> registries() {
        return registries;
    }

    TypeAttributes.Summary types() {
        return types;
    }

    Map<Group, Long> groups() {
        return groups;
    }

    /**
     * The summary of both parts' items: the registries and type candidates merged, and every group read again as the
     * merged summary reads (groups that now read alike become one, their counts added).
     */
    public NamingSummary merge(NamingSummary other) {
        if (!partitionKey.equals(other.partitionKey) || !Objects.equals(sortKey, other.sortKey)) {
            throw new IllegalArgumentException("Summaries of tables with other keys do not merge: " + partitionKey + "/" + sortKey
                    + " and " + other.partitionKey + "/" + other.sortKey);
        }
        var mergedRegistries = new TreeMap<String, TemplateRegistry.Summary>(registries);
        other.registries.forEach((attribute, summary) -> mergedRegistries.merge(attribute, summary, TemplateRegistry.Summary::merge));
        var mergedTypes = types.merge(other.types);
        var pk = readerOf(mergedRegistries, partitionKey);
        var sk = sortKey == null ? null : readerOf(mergedRegistries, sortKey);
        var kept = new TypeAttributes();
        kept.absorb(mergedTypes);
        var mergedGroups = new HashMap<Group, Long>();
        for (var part : List.of(groups, other.groups)) {
            part.forEach((group, count) -> mergedGroups.merge(readAgain(group, pk, sk, kept), count, Long::sum));
        }
        return new NamingSummary(partitionKey, sortKey, mergedRegistries, mergedTypes, mergedGroups);
    }

    private static TemplateRegistry readerOf(Map<String, TemplateRegistry.Summary> registries, String attribute) {
        var summary = registries.get(attribute);
        return summary == null ? new TemplateRegistry(false) : TemplateRegistry.of(summary);
    }

    private static Group readAgain(Group group, TemplateRegistry pk, TemplateRegistry sk, TypeAttributes types) {
        return new Group(group.pk() == null ? null : Template.of(pk.normalize(group.pk().template())),
                group.sk() == null ? null : Template.of(sk.normalize(group.sk().template())),
                group.relation(), types.keptOf(group.typeValues()), group.lensBits());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NamingSummary that && partitionKey.equals(that.partitionKey) && Objects.equals(sortKey, that.sortKey)
                && registries.equals(that.registries) && types.equals(that.types) && groups.equals(that.groups);
    }

    @Override
    public int hashCode() {
        return Objects.hash(partitionKey, sortKey, registries, types, groups);
    }

    @Override
    public String toString() {
        return "NamingSummary[" + items() + " items, " + groups.size() + " groups, registries " + registries.keySet()
                + ", type candidates " + types.kept().keySet() + "]";
    }
}
