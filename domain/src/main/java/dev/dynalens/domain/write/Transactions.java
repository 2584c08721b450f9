package dev.dynalens.domain.write;

import dev.dynalens.domain.item.AttributeValue;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * DynamoDB's rules for one TransactWriteItems that can be checked before sending: at most 100 writes, and no two
 * writes on the same item ("Amazon DynamoDB Transactions: How it works", TransactWriteItems API). The 4 MB aggregate
 * size is left to the endpoint, which answers with a validation error.
 */
public final class Transactions {
    /** Actions in one TransactWriteItems (raised from 25 to 100 in 2022). */
    public static final int MAX_WRITES = 100;

    private Transactions() {
    }

    /**
     * Why these writes cannot go in one transaction, or empty when they can.
     *
     * @param keys the primary key of each write's item, in the same order as the writes
     */
    public static Optional<String> whyNot(List<? extends ItemWrite> writes, List<Map<String, AttributeValue>> keys) {
        if (writes.isEmpty()) {
            return Optional.of("There is nothing to write.");
        }
        if (writes.size() > MAX_WRITES) {
            return Optional.of("A DynamoDB transaction holds at most " + MAX_WRITES + " writes; " + writes.size() + " are staged.");
        }
        if (keys.size() != writes.size()) {
            throw new IllegalArgumentException("one key per write: " + keys.size() + " keys for " + writes.size() + " writes");
        }
        var seen = new HashSet<Map.Entry<String, Map<String, AttributeValue>>>();
        for (int i = 0; i < writes.size(); i++) {
            if (!seen.add(Map.entry(writes.get(i).tableName(), keys.get(i)))) {
                return Optional.of("Writes " + (i + 1) + " and an earlier one are on the same item of "
                        + writes.get(i).tableName() + "; a DynamoDB transaction allows one write per item.");
            }
        }
        return Optional.empty();
    }
}
