package dev.dynalens.domain.builder;

import java.util.Objects;

/** One row of the visual update builder, as typed: the action, its path, and the value's type and text. */
public record UpdateRow(UpdateAction action, String path, ValueType type, String value) {
    public UpdateRow {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(type, "type");
        path = path == null ? "" : path;
        value = value == null ? "" : value;
    }
}
