package dev.dynalens.domain.transfer;

import dev.dynalens.domain.item.AttributeType;
import java.util.Objects;

/**
 * One CSV column: an attribute name and the type of the values in it, written in the header as
 * {@code name:TYPE} ({@code price:N}, {@code tags:SS}). An attribute whose items hold values of several
 * types has one column per type.
 */
public record CsvColumn(String name, AttributeType type) {
    public CsvColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /** {@code name:TYPE}. */
    public String header() {
        return name + ":" + type.name();
    }

    /**
     * Reads a header cell. The type is what follows the last colon when that is a DynamoDB type name
     * ({@code S, N, B, BOOL, NULL, L, M, SS, NS, BS}); otherwise the whole cell is the name and the column
     * holds strings, so a spreadsheet's own header ({@code name}, {@code time:12}) still imports.
     */
    public static CsvColumn parse(String header) {
        int colon = header.lastIndexOf(':');
        if (colon > 0) {
            var type = typeNamed(header.substring(colon + 1));
            if (type != null) {
                return new CsvColumn(header.substring(0, colon), type);
            }
        }
        return new CsvColumn(header, AttributeType.S);
    }

    private static AttributeType typeNamed(String text) {
        for (var type : AttributeType.values()) {
            if (type.name().equals(text)) {
                return type;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return header();
    }
}
