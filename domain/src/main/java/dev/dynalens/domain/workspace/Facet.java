package dev.dynalens.domain.workspace;

import java.util.Objects;

/**
 * A NoSQL Workbench facet: what the modeller called one entity type (or access pattern), and the
 * friendly names of the keys for it ({@code PartitionKeyAlias} "AccountId", {@code SortKeyAlias}
 * "SubId#SKU"; either may be null). Items listed under a facet carry it as an entity hint.
 */
public record Facet(String name, String partitionKeyAlias, String sortKeyAlias) {
    public Facet {
        Objects.requireNonNull(name, "name");
    }
}
