package dev.dynalens.domain.expression;

import java.util.List;

/** A projection expression: the paths to read, in order. */
public record Projection(List<DocumentPath> paths) {
    public Projection {
        paths = List.copyOf(paths);
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("A projection names at least one path");
        }
    }

    public static Projection of(DocumentPath... paths) {
        return new Projection(List.of(paths));
    }
}
