package dev.dynalens.domain.design;

import java.util.Objects;

/** One thing wrong with a patterns file, where it is. */
public record PatternsProblem(SourcePosition position, String message) {
    public PatternsProblem {
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(message, "message");
    }

    /** {@code line 3, column 7: unknown attribute 'emial' of Customer}. */
    @Override
    public String toString() {
        return position.known() ? position + ": " + message : message;
    }
}
