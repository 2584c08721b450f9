package dev.dynalens.domain.transfer;

import java.util.Locale;
import java.util.Optional;

/**
 * The file formats of export and import. Every one carries every DynamoDB type (strings, exact
 * numbers, binary, booleans, null, lists, maps and the three sets), so a table exported in any of them
 * and imported again holds the same items. See docs/import-export.md.
 */
public enum TransferFormat {
    /** One {@code {"Item": {...}}} per line in DynamoDB JSON, as DynamoDB's export to S3 writes it. */
    JSONL("jsonl", "DynamoDB JSON lines", ".jsonl"),
    /** One JSON array of items in plain JSON, with {@code $SS/$NS/$BS/$B/$M} markers (see docs/plain-json.md). */
    JSON("json", "Plain JSON", ".json"),
    /** One column per attribute and type ({@code name:S}, {@code tags:SS}); documents and sets as JSON in their cells. */
    CSV("csv", "CSV with typed header", ".csv"),
    /** A NoSQL Workbench 3.0 data model: the table, its GSIs and one facet per inferred entity type. */
    WORKBENCH("workbench", "NoSQL Workbench model", ".json");

    private final String cliName;
    private final String label;
    private final String extension;

    TransferFormat(String cliName, String label, String extension) {
        this.cliName = cliName;
        this.label = label;
        this.extension = extension;
    }

    /** The name the CLI's {@code --format} takes. */
    public String cliName() {
        return cliName;
    }

    /** A name for people. */
    public String label() {
        return label;
    }

    /** The usual file extension, with its dot. */
    public String extension() {
        return extension;
    }

    /** Whether the whole file is one JSON document (problems have a position), rather than one item per line or row. */
    public boolean wholeDocument() {
        return this == JSON || this == WORKBENCH;
    }

    public static Optional<TransferFormat> fromCliName(String name) {
        var wanted = name.strip().toLowerCase(Locale.ROOT);
        for (var format : values()) {
            if (format.cliName.equals(wanted)) {
                return Optional.of(format);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return label;
    }
}
