package dev.dynalens.domain.table;

import dev.dynalens.domain.item.AttributeValue;
import java.util.ArrayList;
import java.util.List;

/**
 * A Query as a person fills it in: text typed into one field per partition-key attribute and one per sort-key
 * attribute, read against the key of the table or index, so numbers and binaries are typed and mistakes are named. A
 * table's key, and most indexes', has one field of each; a global index of a multi-attribute key has one per attribute
 * (docs/expressions.md, Multi-attribute GSI keys). Sort fields are given from the left: each with an equality, and the
 * last one given with the form's operator.
 *
 * @param indexName       null for the base table
 * @param partitionValues one per partition attribute, in the key's order
 * @param sortValues      one per sort attribute, in the key's order, blank for one not given
 * @param sortOperator    the condition on the last sort field given; null for an equality there (with a key of one
 *                        sort attribute: for the whole partition)
 * @param sortUpperValue  used by BETWEEN only
 */
public record QueryForm(String indexName, List<String> partitionValues, List<String> sortValues, SortKeyCondition.Operator sortOperator,
                        String sortUpperValue, boolean scanIndexForward, Integer limit) {

    public QueryForm {
        partitionValues = partitionValues == null ? List.of() : java.util.Collections.unmodifiableList(new ArrayList<>(partitionValues));
        sortValues = sortValues == null ? List.of() : java.util.Collections.unmodifiableList(new ArrayList<>(sortValues));
    }

    /** The form of a key of one partition and one sort attribute: a partition value, and a sort condition or none. */
    public QueryForm(String indexName, String partitionValue, SortKeyCondition.Operator sortOperator, String sortValue,
                     String sortUpperValue, boolean scanIndexForward, Integer limit) {
        this(indexName, java.util.Collections.singletonList(partitionValue),
                sortOperator == null ? List.of() : java.util.Collections.singletonList(sortValue), sortOperator, sortUpperValue,
                scanIndexForward, limit);
    }

    private static boolean blank(String text) {
        return text == null || text.isEmpty();
    }

    /**
     * @throws IllegalArgumentException with a message for the person when a value is missing or does not fit its key type
     */
    public ReadRequest.Query toQuery(TableDescription table) {
        var keys = table.indexKey(indexName);
        var partition = new ArrayList<ReadRequest.KeyEquality>();
        for (int i = 0; i < keys.partition().size(); i++) {
            var pk = keys.partition().get(i);
            var text = i < partitionValues.size() ? partitionValues.get(i) : null;
            if (blank(text)) {
                throw new IllegalArgumentException("A Query needs a value for the partition key " + pk.name() + ".");
            }
            partition.add(new ReadRequest.KeyEquality(pk.name(), KeyValues.parse(pk.name(), pk.type(), text)));
        }
        var query = ReadRequest.Query.of(table.name(), partition).onIndex(indexName);
        query = keys.isSingle() ? withSortKey(query, keys) : query.withSort(sortParts(keys));
        return query.withScanIndexForward(scanIndexForward).withLimit(limit);
    }

    /** A key of one sort attribute: a condition on it when there is an operator, and the sort key named as the order read. */
    private ReadRequest.Query withSortKey(ReadRequest.Query query, IndexKey keys) {
        SortKeyCondition condition = null;
        if (sortOperator != null) {
            var sk = keys.sort().stream().findFirst().orElseThrow(() -> new IllegalArgumentException(
                    (indexName == null ? "The table" : "Index " + indexName) + " has no sort key to put a condition on."));
            condition = condition(sk, sortOperator, sortValues.isEmpty() ? null : sortValues.get(0));
        }
        return query.withSortKey(keys.hasSortKey() ? keys.sortNames().get(0) : null, condition);
    }

    /** Sort attributes from the left, without a gap: each given one an equality, the last one given the form's operator. */
    private List<ReadRequest.SortPart> sortParts(IndexKey keys) {
        int given = sortValues.size();
        while (given > 0 && blank(sortValues.get(given - 1))) {
            given--;
        }
        if (given > keys.sort().size()) {
            throw new IllegalArgumentException((indexName == null ? "The table" : "Index " + indexName) + " has " + keys.sort().size()
                    + " sort key attributes, not " + given + ".");
        }
        for (int i = 0; i < given; i++) {
            if (blank(sortValues.get(i))) {
                throw new IllegalArgumentException("Give " + keys.sort().get(i).name() + " before " + keys.sort().get(given - 1).name()
                        + ": sort key attributes are given from the left (" + String.join(", ", keys.sortNames()) + "), without skipping one.");
            }
        }
        if (given == 0 && sortOperator != null) {
            if (!keys.hasSortKey()) {
                throw new IllegalArgumentException((indexName == null ? "The table" : "Index " + indexName) + " has no sort key to put a condition on.");
            }
            throw new IllegalArgumentException("Give a value for " + keys.sort().get(0).name() + " to put a condition on it.");
        }
        var parts = new ArrayList<ReadRequest.SortPart>();
        for (int i = 0; i < given; i++) {
            var attribute = keys.sort().get(i);
            boolean last = i == given - 1;
            var operator = last && sortOperator != null ? sortOperator : SortKeyCondition.Operator.EQ;
            parts.add(new ReadRequest.SortPart(attribute.name(), condition(attribute, operator, sortValues.get(i))));
        }
        return parts;
    }

    private SortKeyCondition condition(KeySchema.KeyAttribute sk, SortKeyCondition.Operator operator, String text) {
        AttributeValue low = KeyValues.parse(sk.name(), sk.type(), text);
        return operator == SortKeyCondition.Operator.BETWEEN
                ? SortKeyCondition.between(low, KeyValues.parse(sk.name(), sk.type(), sortUpperValue))
                : SortKeyCondition.of(operator, low);
    }
}
