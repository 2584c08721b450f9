package dev.dynalens.export;

import java.util.Locale;

/** The two formats DynamoDB writes an export in (ExportTableToPointInTime's ExportFormat). */
public enum ExportFormat {
    /** JSON lines: {@code {"Item": {…}}}, each attribute a typed value as DynamoDB's API writes it. */
    DYNAMODB_JSON,
    /** Amazon Ion text, a line per item: numbers as Ion decimals, sets as lists annotated {@code $dynamodb_SS}, … */
    ION;

    /** The summary's {@code outputFormat}; null when the text names neither. */
    static ExportFormat of(String text) {
        if (text == null) {
            return null;
        }
        return switch (text.toUpperCase(Locale.ROOT)) {
            case "DYNAMODB_JSON" -> DYNAMODB_JSON;
            case "ION" -> ION;
            default -> null;
        };
    }
}
