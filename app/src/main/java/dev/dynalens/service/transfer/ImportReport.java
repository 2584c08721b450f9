package dev.dynalens.service.transfer;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.transfer.TransferFormat;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How an import ended.
 *
 * @param read     items read from the file (malformed lines not counted)
 * @param written  items DynamoDB confirmed
 * @param rejected malformed lines and refused items, in file order, each with its position and reason
 * @param retries  requests sent again after unprocessed items or throttling
 * @param keys     the table's key schema, to name a rejected item by its key
 * @param notes    what was written, but should be known, in file order: values read otherwise than written (a NoSQL
 *                 Workbench model's coercions) and items with the key of an earlier one, which they replaced
 */
public record ImportReport(Outcome outcome, TransferFormat format, long read, long written, List<Rejection> rejected,
                           long retries, Duration elapsed, KeySchema keys, List<Notice> notes) {
    public ImportReport {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(format, "format");
        rejected = List.copyOf(rejected);
        Objects.requireNonNull(elapsed, "elapsed");
        Objects.requireNonNull(keys, "keys");
        notes = List.copyOf(notes);
    }

    public enum Outcome {
        /** The whole file was read and every item sent; some may be rejected. */
        COMPLETED,
        /** Cancelled: nothing was sent after the cancel; requests in flight finished. */
        CANCELLED
    }

    /**
     * A line, row or item not written, and why.
     *
     * @param line   1-based line where it starts, or 0 when the format gives none (items of a Workbench model)
     * @param column 1-based column, or 0
     * @param item   the item DynamoDB refused, or null for input that is not an item
     */
    public record Rejection(long line, int column, String reason, Item item) {
        public Rejection {
            Objects.requireNonNull(reason, "reason");
        }

        public Optional<Item> refusedItem() {
            return Optional.ofNullable(item);
        }

        /** "line 4, column 12", "line 4", or "" when unknown. */
        public String position() {
            return line <= 0 ? "" : column > 0 ? "line " + line + ", column " + column : "line " + line;
        }

        @Override
        public String toString() {
            return line <= 0 ? reason : position() + ": " + reason;
        }
    }

    /**
     * Something about a line that was imported: a value coerced, or a key given before.
     *
     * @param line   1-based line, or 0 when unknown
     * @param column 1-based column, or 0
     */
    public record Notice(long line, int column, String message) {
        public Notice {
            Objects.requireNonNull(message, "message");
        }

        /** "line 4, column 12", "line 4", or "" when unknown. */
        public String position() {
            return line <= 0 ? "" : column > 0 ? "line " + line + ", column " + column : "line " + line;
        }

        @Override
        public String toString() {
            return line <= 0 ? message : position() + ": " + message;
        }
    }
}
