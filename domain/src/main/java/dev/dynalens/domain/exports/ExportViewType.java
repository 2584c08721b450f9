package dev.dynalens.domain.exports;

/**
 * What an incremental export writes of each changed item (API reference, IncrementalExportSpecification: ExportViewType):
 * the item after the change, or before and after. DynamoDB's default is {@link #NEW_AND_OLD_IMAGES}.
 */
public enum ExportViewType {
    NEW_IMAGE, NEW_AND_OLD_IMAGES;

    public static ExportViewType ofWireName(String wireName) {
        if (wireName == null || wireName.isEmpty()) {
            return NEW_AND_OLD_IMAGES;
        }
        for (var type : values()) {
            if (type.name().equals(wireName)) {
                return type;
            }
        }
        throw new IllegalArgumentException("An incremental export's view is NEW_IMAGE or NEW_AND_OLD_IMAGES, not '" + wireName + "'");
    }
}
