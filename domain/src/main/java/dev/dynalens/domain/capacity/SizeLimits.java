package dev.dynalens.domain.capacity;

/**
 * DynamoDB's size limits (Developer Guide, "Quotas in Amazon DynamoDB" / "Service, account, and table
 * quotas": https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html).
 */
public final class SizeLimits {
    /** "The maximum item size in DynamoDB is 400 KB, which includes both attribute name binary length (UTF-8 length) and attribute value lengths." */
    public static final long MAX_ITEM_BYTES = 400 * 1024;
    /** "The maximum length of a partition key value is 2048 bytes." */
    public static final long MAX_PARTITION_KEY_BYTES = 2048;
    /** "The maximum length of a sort key value is 1024 bytes." */
    public static final long MAX_SORT_KEY_BYTES = 1024;
    /** Reads are counted in units of 4 KB (Developer Guide, "DynamoDB read and write operations"). */
    public static final long READ_UNIT_BYTES = 4 * 1024;
    /** Writes are counted in units of 1 KB (same page). */
    public static final long WRITE_UNIT_BYTES = 1024;
    /** "A single Query [or Scan] only returns a result set that fits within the 1 MB size limit" (API reference, Scan: each page reads at most 1 MB). */
    public static final long PAGE_BYTES = 1024 * 1024;
    /** Where DynaLens starts warning that an item approaches the limit (90 %); not a DynamoDB rule. */
    public static final long NEAR_ITEM_LIMIT_BYTES = MAX_ITEM_BYTES * 9 / 10;

    private SizeLimits() {
    }
}
