package dev.dynalens.domain.workspace;

/** The kinds of file a workspace can be opened from. */
public enum WorkspaceFormat {
    /** A NoSQL Workbench data model (versions 1.0 to 3.0): tables, key schemas, GSIs, facets and sample items. */
    WORKBENCH_MODEL("NoSQL Workbench model"),
    /** DynamoDB JSON, one item per line, as DynamoDB's export to S3 writes it ({"Item": {...}}) or bare. */
    DYNAMODB_JSON_LINES("DynamoDB JSON lines"),
    /** What {@code aws dynamodb scan} or {@code query} prints: {"Items": [...], "Count": n, ...}. */
    AWS_CLI_OUTPUT("aws dynamodb scan/query output");

    private final String label;

    WorkspaceFormat(String label) {
        this.label = label;
    }

    /** A name for people. */
    public String label() {
        return label;
    }
}
