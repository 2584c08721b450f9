package dev.dynalens.domain.exports;

/** Where an export is (API reference, ExportDescription: ExportStatus). */
public enum ExportStatus {
    IN_PROGRESS, COMPLETED, FAILED;

    public static ExportStatus ofWireName(String wireName) {
        for (var status : values()) {
            if (status.name().equals(wireName)) {
                return status;
            }
        }
        throw new IllegalArgumentException("DynamoDB described an export in a status this version does not know: " + wireName);
    }
}
