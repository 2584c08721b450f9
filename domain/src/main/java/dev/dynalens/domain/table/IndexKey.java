package dev.dynalens.domain.table;

import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The key of what a Query reads: the table's own index or a secondary index. A global secondary index's partition key
 * may be made of 1 to 4 attributes and its sort key of 0 to 4, each with its own type (Developer Guide, "Using Global
 * Secondary Indexes in DynamoDB", Multi-attribute key schema); the table's key and a local index's key keep one of each
 * ({@link KeySchema}). The order of each list is the order of the {@code KeySchema} elements: the partition attributes
 * are hashed together in that order, and items sort by the first sort attribute, then the second among equals, and so on.
 * See docs/expressions.md, "Multi-attribute GSI keys", and decision 10.
 */
public record IndexKey(List<KeyAttribute> partition, List<KeyAttribute> sort) {
    /** At most 4 partition attributes and 4 sort attributes ([API-Create]: "up to 4 partition and up to 4 sort keys"). */
    public static final int MAX_PARTITION = 4;
    public static final int MAX_SORT = 4;

    public IndexKey {
        partition = List.copyOf(Objects.requireNonNull(partition, "partition"));
        sort = sort == null ? List.of() : List.copyOf(sort);
        if (partition.isEmpty() || partition.size() > MAX_PARTITION) {
            throw new IllegalArgumentException("An index key has 1 to " + MAX_PARTITION + " partition key attributes, not "
                    + partition.size() + (partition.isEmpty() ? "" : " (" + names(partition) + ")"));
        }
        if (sort.size() > MAX_SORT) {
            throw new IllegalArgumentException("An index key has at most " + MAX_SORT + " sort key attributes, not " + sort.size()
                    + " (" + names(sort) + ")");
        }
        var seen = new HashSet<String>();
        for (var attribute : concat(partition, sort)) {
            if (!seen.add(attribute.name())) {
                throw new IllegalArgumentException("An index key names each attribute once; " + attribute.name() + " is named twice in ("
                        + summary(partition, sort) + ")");
            }
        }
    }

    /** One partition attribute and an optional sort attribute (null for none): the key of a table or of any index before November 2025. */
    public static IndexKey of(KeyAttribute partition, KeyAttribute sort) {
        return new IndexKey(List.of(partition), sort == null ? List.of() : List.of(sort));
    }

    /** The partition attributes, then the sort attributes, each in order, as the {@code KeySchema} elements list them. */
    public List<String> attributeNames() {
        return concat(partition, sort).stream().map(KeyAttribute::name).toList();
    }

    /** The partition attributes' names in order. */
    public List<String> partitionNames() {
        return partition.stream().map(KeyAttribute::name).toList();
    }

    /** The sort attributes' names in order (empty for none). */
    public List<String> sortNames() {
        return sort.stream().map(KeyAttribute::name).toList();
    }

    public boolean hasSortKey() {
        return !sort.isEmpty();
    }

    /** The key attribute of that name, on either side, where the key has one. */
    public Optional<KeyAttribute> attribute(String name) {
        return concat(partition, sort).stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** Whether this is a key of one partition attribute and at most one sort attribute, as every table's key is. */
    public boolean isSingle() {
        return partition.size() == 1 && sort.size() <= 1;
    }

    /** This key as a {@link KeySchema}, present when it has one partition attribute and at most one sort attribute. */
    public Optional<KeySchema> asKeySchema() {
        return isSingle() ? Optional.of(new KeySchema(partition.get(0), sort.isEmpty() ? null : sort.get(0))) : Optional.empty();
    }

    /**
     * This key as a {@link KeySchema}, for a path that handles one partition attribute and one sort attribute only.
     * Such a path says so in a sentence rather than taking the first attribute.
     *
     * @param indexName the index whose key this is, named in the message
     * @param what what does not handle such keys yet, as a subject ("the SQL workbench")
     * @throws MultiAttributeKeyException when the key has more than one attribute on either side
     */
    public KeySchema requireSingle(String indexName, String what) {
        return asKeySchema().orElseThrow(() -> new MultiAttributeKeyException(indexName, this, what));
    }

    /** "a, b | c, d": the partition attributes, then the sort attributes after a bar. */
    public String summary() {
        return summary(partition, sort);
    }

    /** As {@link KeySchema#toString()} for a single-attribute key ("PK, SK"), else {@link #summary()}. */
    @Override
    public String toString() {
        return isSingle() ? String.join(", ", attributeNames()) : summary();
    }

    private static String summary(List<KeyAttribute> partition, List<KeyAttribute> sort) {
        return sort.isEmpty() ? names(partition) : names(partition) + " | " + names(sort);
    }

    private static String names(List<KeyAttribute> attributes) {
        return attributes.stream().map(KeyAttribute::name).collect(Collectors.joining(", "));
    }

    private static List<KeyAttribute> concat(List<KeyAttribute> a, List<KeyAttribute> b) {
        var all = new ArrayList<KeyAttribute>(a);
        all.addAll(b);
        return all;
    }
}
