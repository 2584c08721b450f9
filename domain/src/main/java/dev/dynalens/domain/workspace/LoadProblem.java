package dev.dynalens.domain.workspace;

import java.util.Objects;

/**
 * Something that went wrong, or was read leniently, while loading a workspace file.
 *
 * @param file   the file as it was named to the reader
 * @param line   1-based line, or 0 when the problem concerns the file or a table as a whole
 * @param column 1-based column in characters, or 0 when unknown
 */
public record LoadProblem(String file, int line, int column, String message) {
    public LoadProblem {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(message, "message");
    }

    /** {@code orders.jsonl:12:5}, {@code orders.jsonl:12} or {@code orders.jsonl}. */
    public String location() {
        if (line <= 0) {
            return file;
        }
        return column <= 0 ? file + ":" + line : file + ":" + line + ":" + column;
    }

    @Override
    public String toString() {
        return location() + ": " + message;
    }
}
