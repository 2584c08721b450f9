package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;

/**
 * A Query as a person fills it in: text typed into the partition-key and sort-key fields, read against
 * the key schema of the table or index, so numbers and binaries are typed and mistakes are named.
 *
 * @param indexName       null for the base table
 * @param sortOperator    null for the whole partition
 * @param sortUpperValue  used by BETWEEN only
 */
public record QueryForm(String indexName, String partitionValue, SortKeyCondition.Operator sortOperator, String sortValue,
                        String sortUpperValue, boolean scanIndexForward, Integer limit) {

    /**
     * @throws IllegalArgumentException with a message for the person when a value is missing or does not fit its key type
     */
    public ReadRequest.Query toQuery(TableDescription table) {
        var keys = table.indexKey(indexName).requireSingle(indexName, "the Query form");
        var pk = keys.partitionKey();
        if (partitionValue == null || partitionValue.isEmpty()) {
            throw new IllegalArgumentException("A Query needs a value for the partition key " + pk.name() + ".");
        }
        AttributeValue pkValue = KeyValues.parse(pk.name(), pk.type(), partitionValue);
        SortKeyCondition condition = null;
        if (sortOperator != null) {
            var sk = keys.sortKeyAttribute().orElseThrow(() -> new IllegalArgumentException(
                    (indexName == null ? "The table" : "Index " + indexName) + " has no sort key to put a condition on."));
            var low = KeyValues.parse(sk.name(), sk.type(), sortValue);
            condition = sortOperator == SortKeyCondition.Operator.BETWEEN
                    ? SortKeyCondition.between(low, KeyValues.parse(sk.name(), sk.type(), sortUpperValue))
                    : SortKeyCondition.of(sortOperator, low);
        }
        return ReadRequest.Query.of(table.name(), pk.name(), pkValue).onIndex(indexName).withSortKey(keys.sortKeyName(), condition)
                .withScanIndexForward(scanIndexForward).withLimit(limit);
    }
}
