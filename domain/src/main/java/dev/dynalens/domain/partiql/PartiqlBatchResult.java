package dev.dynalens.domain.partiql;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What BatchExecuteStatement answered: one response per statement, in request order. Each statement succeeds or
 * fails on its own (API reference, BatchExecuteStatement: "each statement's response is either an item or an
 * error"); a batch is not a transaction.
 */
public record PartiqlBatchResult(List<Response> responses, ConsumedCapacity capacity) {
    public PartiqlBatchResult {
        responses = List.copyOf(responses);
        Objects.requireNonNull(capacity, "capacity");
    }

    /**
     * @param item      the item a SELECT found (empty for a write, or when no item has that key)
     * @param errorCode DynamoDB's code ({@code ConditionalCheckFailed}, {@code DuplicateItem}, {@code ValidationError}…);
     *                  null when the statement succeeded
     */
    public record Response(String tableName, Optional<Item> item, String errorCode, String errorMessage) {
        public Response {
            Objects.requireNonNull(item, "item");
            errorMessage = errorMessage == null ? "" : errorMessage;
        }

        public boolean failed() {
            return errorCode != null;
        }
    }
}
