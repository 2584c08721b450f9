package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import java.util.List;

/** A projection expression: the paths to read, in order. */
public record Projection(List<AttributePath> paths) {
    public Projection {
        paths = List.copyOf(paths);
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("A projection names at least one path");
        }
    }

    public static Projection of(AttributePath... paths) {
        return new Projection(List.of(paths));
    }
}
