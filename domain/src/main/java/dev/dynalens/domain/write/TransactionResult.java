package dev.dynalens.domain.write;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one TransactWriteItems did. A transaction is all or nothing: either every write in it was applied
 * ({@link Status#COMMITTED}), or none was ({@link Status#CANCELLED}, with one reason per write in request order, as
 * DynamoDB reports them), or the endpoint does not implement transactions at all ({@link Status#UNSUPPORTED}: dynalite,
 * for one), and nothing was sent that wrote anything.
 *
 * @param reasons for a cancelled transaction one reason per write, in the order the writes were given; otherwise empty
 * @param message for a person: empty when committed
 */
public record TransactionResult(Status status, List<Reason> reasons, ConsumedCapacity capacity, String message) {
    public enum Status { COMMITTED, CANCELLED, UNSUPPORTED }

    /**
     * Why one write of a cancelled transaction did not go through. DynamoDB's codes: {@code None} (this write was fine;
     * another one cancelled the transaction), {@code ConditionalCheckFailed}, {@code TransactionConflict} (another
     * transaction or write was working on the item), {@code ThrottlingError}, {@code ValidationError},
     * {@code ItemCollectionSizeLimitExceeded}, {@code ProvisionedThroughputExceeded}. See "TransactWriteItems" in the
     * DynamoDB API reference.
     *
     * @param item for a failed condition, the item as it was when the condition was checked (the request asks for
     *             ALL_OLD); empty when the item does not exist or the endpoint did not return it
     */
    public record Reason(String code, String message, Optional<Item> item) {
        public Reason {
            code = code == null || code.isBlank() ? "None" : code;
            message = message == null ? "" : message;
            Objects.requireNonNull(item, "item");
        }

        /** For a write the endpoint gave no reason for. */
        public static Reason unknown() {
            return new Reason("Unknown", "The endpoint gave no reason for this write.", Optional.empty());
        }

        public boolean conditionFailed() {
            return "ConditionalCheckFailed".equals(code);
        }

        /** This write did not cause the cancellation. */
        public boolean none() {
            return "None".equals(code);
        }
    }

    public TransactionResult {
        Objects.requireNonNull(status, "status");
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(capacity, "capacity");
        message = message == null ? "" : message;
    }

    public static TransactionResult committed(ConsumedCapacity capacity) {
        return new TransactionResult(Status.COMMITTED, List.of(), capacity, "");
    }

    public static TransactionResult cancelled(List<Reason> reasons, String message) {
        return new TransactionResult(Status.CANCELLED, reasons, ConsumedCapacity.NOT_REPORTED, message);
    }

    public static TransactionResult unsupported(String message) {
        return new TransactionResult(Status.UNSUPPORTED, List.of(), ConsumedCapacity.NOT_REPORTED, message);
    }

    public boolean committed() {
        return status == Status.COMMITTED;
    }
}
