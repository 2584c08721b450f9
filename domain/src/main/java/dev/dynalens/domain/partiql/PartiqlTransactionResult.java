package dev.dynalens.domain.partiql;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.write.TransactionResult;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What ExecuteTransaction did: the outcome as for TransactWriteItems (committed, cancelled with one reason per
 * statement, or not supported by the endpoint) and, for a transaction of SELECTs, one item per statement.
 */
public record PartiqlTransactionResult(TransactionResult outcome, List<Optional<Item>> items) {
    public PartiqlTransactionResult {
        Objects.requireNonNull(outcome, "outcome");
        items = List.copyOf(items);
    }
}
