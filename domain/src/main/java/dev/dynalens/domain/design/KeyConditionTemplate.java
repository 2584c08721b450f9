package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.SortKeyCondition;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A pattern's key condition with value templates in place of values: {@code GSI1PK = :pk AND GSI1SK BETWEEN :from AND
 * :to} with {@code :pk = STATUS#{status}}, {@code :from = {createdAt:from}}, {@code :to = {createdAt:to}#~}. Filled with
 * a pattern's parameters, it is the Query (or GetItem key) that serves the pattern.
 *
 * @param sortKey      the sort key's attribute, or null when the condition names the partition only
 * @param operator     {@code EQ} (a GetItem's key, or one exact sort key), {@code BEGINS_WITH} or {@code BETWEEN}; null
 *                     with no sort key condition
 * @param sortUpper    BETWEEN's upper bound, else null
 */
public record KeyConditionTemplate(String partitionKey, ValueTemplate partition, String sortKey, SortKeyCondition.Operator operator,
                                   ValueTemplate sort, ValueTemplate sortUpper) {
    public KeyConditionTemplate {
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(partition, "partition");
        if ((operator == null) != (sort == null) || (operator == SortKeyCondition.Operator.BETWEEN) != (sortUpper != null)) {
            throw new IllegalArgumentException("A sort key condition has an operator and its values");
        }
        if (operator != null) {
            Objects.requireNonNull(sortKey, "sortKey");
        }
    }

    public static KeyConditionTemplate partitionOnly(String partitionKey, ValueTemplate partition) {
        return new KeyConditionTemplate(partitionKey, partition, null, null, null, null);
    }

    /** {@code PK = :pk AND begins_with(SK, :sk)}, as the issue writes them (a GetItem's key too). */
    public String expression() {
        var text = partitionKey + " = :pk";
        if (operator == null) {
            return text;
        }
        return text + " AND " + switch (operator) {
            case BEGINS_WITH -> "begins_with(" + sortKey + ", :sk)";
            case BETWEEN -> sortKey + " BETWEEN :from AND :to";
            default -> sortKey + " " + operator.symbol() + " :sk";
        };
    }

    /** Placeholder to value template, in the order the expression names them. */
    public Map<String, ValueTemplate> values() {
        var values = new LinkedHashMap<String, ValueTemplate>();
        values.put(":pk", partition);
        if (operator == SortKeyCondition.Operator.BETWEEN) {
            values.put(":from", sort);
            values.put(":to", sortUpper);
        } else if (operator != null) {
            values.put(":sk", sort);
        }
        return values;
    }

    /** The partition key's value for these parameters. */
    public AttributeValue partitionValue(Function<String, AttributeValue> parameters) {
        return partition.fill(parameters);
    }

    /** The sort key condition for these parameters, or null when there is none. */
    public SortKeyCondition sortCondition(Function<String, AttributeValue> parameters) {
        if (operator == null) {
            return null;
        }
        var low = sort.fill(parameters);
        return operator == SortKeyCondition.Operator.BETWEEN ? SortKeyCondition.between(low, sortUpper.fill(parameters))
                : SortKeyCondition.of(operator, low);
    }
}
