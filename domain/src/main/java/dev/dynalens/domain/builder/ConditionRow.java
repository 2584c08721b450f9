package dev.dynalens.domain.builder;

import java.util.Objects;

/**
 * One row of the visual condition builder, as typed: {@code NOT}, {@code size(path)} instead of the path, the
 * operator, and the value's type and text ({@code upper} is BETWEEN's upper bound; IN reads {@code value} as several
 * elements; attribute_type reads it as a type name such as {@code N}).
 */
public record ConditionRow(boolean not, boolean size, String path, ConditionOperator operator, ValueType type,
                           String value, String upper) {
    public ConditionRow {
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(type, "type");
        path = path == null ? "" : path;
        value = value == null ? "" : value;
        upper = upper == null ? "" : upper;
    }

    public static ConditionRow of(String path, ConditionOperator operator, ValueType type, String value) {
        return new ConditionRow(false, false, path, operator, type, value, "");
    }
}
