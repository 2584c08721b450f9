package dev.dynalens.domain.exports;

/** A whole table at one time, or what changed in a window (API reference, ExportTableToPointInTime: ExportType). */
public enum ExportType {
    FULL("FULL_EXPORT"),
    INCREMENTAL("INCREMENTAL_EXPORT");

    private final String wireName;

    ExportType(String wireName) {
        this.wireName = wireName;
    }

    /** As DynamoDB writes it: {@code FULL_EXPORT}, {@code INCREMENTAL_EXPORT}. */
    public String wireName() {
        return wireName;
    }

    /** The type DynamoDB wrote as {@code wireName}; a description without one is of a full export (the default). */
    public static ExportType ofWireName(String wireName) {
        if (wireName == null || wireName.isEmpty()) {
            return FULL;
        }
        for (var type : values()) {
            if (type.wireName.equals(wireName)) {
                return type;
            }
        }
        throw new IllegalArgumentException("DynamoDB described an export of a type this version does not know: " + wireName);
    }
}
