package dev.dynalens.domain.exports;

import java.util.Locale;

/** The format of an export's data files (API reference, ExportTableToPointInTime: ExportFormat). */
public enum ExportFormat {
    /** One item a line, {@code {"Item": {...}}}, typed as DynamoDB JSON. The default. */
    DYNAMODB_JSON,
    /** Amazon Ion text: numbers as Ion decimals, sets as annotated lists. */
    ION;

    /**
     * The format named {@code text} (either case, {@code dynamodb-json} too).
     *
     * @throws IllegalArgumentException naming the formats there are
     */
    public static ExportFormat parse(String text) {
        var name = text == null ? "" : text.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (var format : values()) {
            if (format.name().equals(name)) {
                return format;
            }
        }
        throw new IllegalArgumentException("An export's format is DYNAMODB_JSON or ION, not '" + text + "'");
    }
}
