package dev.dynalens.domain.table;

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

    /** The sort key's attribute name, or null when the table has a simple primary key. */
    public String sortKeyName() {
        return sortKey == null ? null : sortKey.name();
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
