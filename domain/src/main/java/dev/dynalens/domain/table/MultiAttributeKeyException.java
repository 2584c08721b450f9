package dev.dynalens.domain.table;

/**
 * A path that handles one partition attribute and one sort attribute only met an index with a multi-attribute key.
 * It says so instead of reading the index through its first attribute, which would answer wrong (decision 10).
 */
public final class MultiAttributeKeyException extends IllegalArgumentException {
    private final String indexName;

    public MultiAttributeKeyException(String indexName, IndexKey key, String what) {
        super("Index " + indexName + " has a multi-attribute key (" + key.summary() + "); " + what + " does not handle such keys yet");
        this.indexName = indexName;
    }

    public String indexName() {
        return indexName;
    }
}
