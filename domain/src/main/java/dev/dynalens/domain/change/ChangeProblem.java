package dev.dynalens.domain.change;

import dev.dynalens.domain.design.SourcePosition;
import java.util.Objects;

/** What is wrong in a change file, and where. */
public record ChangeProblem(SourcePosition position, String message) {
    public ChangeProblem {
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return position.known() ? position + ": " + message : message;
    }
}
