package dev.dynalens.domain.partiql;

import dev.dynalens.domain.design.SourcePosition;
import java.util.Objects;

/** A PartiQL statement that cannot be sent as it is, with where the problem is (1-based line and column). */
public final class PartiqlException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final transient SourcePosition position;

    public PartiqlException(String message, SourcePosition position) {
        super(message + " (line " + position.line() + ", column " + position.column() + ")");
        this.position = Objects.requireNonNull(position, "position");
    }

    public SourcePosition position() {
        return position;
    }
}
