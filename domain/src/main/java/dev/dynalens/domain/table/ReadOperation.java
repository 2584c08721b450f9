package dev.dynalens.domain.table;

/**
 * The DynamoDB operations that read items: the one type the SQL planner's requests, its plans and the design
 * planner's patterns name them by.
 */
public enum ReadOperation {
    GET_ITEM("GetItem"), BATCH_GET_ITEM("BatchGetItem"), QUERY("Query"), SCAN("Scan");

    private final String label;

    ReadOperation(String label) {
        this.label = label;
    }

    /** GetItem, BatchGetItem, Query, Scan: as DynamoDB's API names them (what plans, JSON and the CLI print). */
    public String label() {
        return label;
    }
}
