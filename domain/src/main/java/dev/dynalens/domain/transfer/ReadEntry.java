package dev.dynalens.domain.transfer;

import dev.dynalens.domain.item.Item;
import java.util.Objects;

/**
 * What an {@link ItemReader} yields: an item with where it starts, a problem that cost one item (or ended the file), or
 * a note about input read otherwise than it was written (a NoSQL Workbench model's coerced values), which costs nothing.
 */
public sealed interface ReadEntry {

    /** 1-based line where the item or the problem starts. */
    long line();

    /** An item read, and the line (CSV: the row's first line; JSON: the line of its opening brace). */
    record ItemAt(Item item, long line) implements ReadEntry {
        public ItemAt {
            Objects.requireNonNull(item, "item");
        }
    }

    /**
     * Input that is not an item.
     *
     * @param column 1-based column, or 0 when the problem is the whole line or row
     * @param fatal  the reader cannot go on (a JSON syntax error in a whole-document format, an unclosed CSV quote):
     *               nothing after it is read
     */
    record Problem(long line, int column, String message, boolean fatal) implements ReadEntry {
        public Problem {
            Objects.requireNonNull(message, "message");
        }

        /** "line 4, column 12" or "line 4". */
        public String position() {
            return column > 0 ? "line " + line + ", column " + column : "line " + line;
        }

        @Override
        public String toString() {
            return position() + ": " + message;
        }
    }

    /**
     * Input that was read, but not as it was written: {@code {"S": 5}} read as the string "5". The item it is in follows.
     *
     * @param column 1-based column, or 0
     */
    record Note(long line, int column, String message) implements ReadEntry {
        public Note {
            Objects.requireNonNull(message, "message");
        }

        @Override
        public String toString() {
            return (column > 0 ? "line " + line + ", column " + column : "line " + line) + ": " + message;
        }
    }
}
