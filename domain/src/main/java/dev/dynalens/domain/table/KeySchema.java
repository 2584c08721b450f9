package dev.dynalens.domain.table;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Partition key and optional sort key attribute names, with their scalar types (S, N or B). */
public record KeySchema(KeyAttribute partitionKey, KeyAttribute sortKey) {
    public KeySchema {
        Objects.requireNonNull(partitionKey, "partitionKey");
    }

    public static KeySchema of(String partitionKey, String sortKey) {
        return new KeySchema(new KeyAttribute(partitionKey, ScalarType.S),
                sortKey == null ? null : new KeyAttribute(sortKey, ScalarType.S));
    }

    public Optional<KeyAttribute> sortKeyAttribute() {
        return Optional.ofNullable(sortKey);
    }

    public String partitionKeyName() {
        return partitionKey.name();
    }

    /** Whether there is a sort key (a composite primary key), not only a partition key. */
    public boolean hasSortKey() {
        return sortKey != null;
    }

    /** The key's attribute names in order: the partition key, then the sort key where there is one. */
    public List<String> attributeNames() {
        return sortKey == null ? List.of(partitionKey.name()) : List.of(partitionKey.name(), sortKey.name());
    }

    /** The sort key's attribute name, or null when the table has a simple primary key. */
    public String sortKeyName() {
        return sortKey == null ? null : sortKey.name();
    }

    /** This key as an {@link IndexKey}: the key of what a Query of the table (or of a local index) reads. */
    public IndexKey asIndexKey() {
        return IndexKey.of(partitionKey, sortKey);
    }

    public record KeyAttribute(String name, ScalarType type) {
        public KeyAttribute {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }
    }

    /** The types a key attribute may have. */
    public enum ScalarType { S, N, B }

    @Override
    public String toString() {
        return sortKey == null ? partitionKey.name() : partitionKey.name() + ", " + sortKey.name();
    }
}
