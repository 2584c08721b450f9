package dev.dynalens.domain.appstate;

import dev.dynalens.domain.table.SortKeyCondition;
import java.util.Objects;

/**
 * The Scan/Query form of a table browser as the person left it: what a saved query and a restored tab bring back.
 * Values are the text typed, not parsed, so a form that no longer fits the table (an index dropped, a key type
 * changed) still comes back and the Run button names what is wrong.
 *
 * @param indexName      null for the base table
 * @param sortOperator   null for the whole partition
 */
public record BrowserForm(Mode mode, String indexName, String partitionValue, SortKeyCondition.Operator sortOperator,
                          String sortValue, String sortUpperValue, boolean descending, int pageSize) {
    public enum Mode { SCAN, QUERY }

    public static final BrowserForm DEFAULT = new BrowserForm(Mode.SCAN, null, "", null, "", "", false, 100);

    public BrowserForm {
        Objects.requireNonNull(mode, "mode");
        indexName = indexName == null || indexName.isBlank() ? null : indexName;
        partitionValue = partitionValue == null ? "" : partitionValue;
        sortValue = sortValue == null ? "" : sortValue;
        sortUpperValue = sortUpperValue == null ? "" : sortUpperValue;
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size must be at least 1, was " + pageSize);
        }
    }

    /** One line for lists: "Query GSI1 · GSI1PK value "CUSTOMER#1" · SK begins_with "ORDER#"". */
    public String describe() {
        var text = new StringBuilder(mode == Mode.SCAN ? "Scan" : "Query");
        if (indexName != null) text.append(" ").append(indexName);
        if (mode == Mode.QUERY) {
            text.append(" · \"").append(partitionValue).append('"');
            if (sortOperator != null) {
                text.append(" · sort ").append(sortOperator.symbol()).append(" \"").append(sortValue).append('"');
                if (sortOperator == SortKeyCondition.Operator.BETWEEN) text.append(" and \"").append(sortUpperValue).append('"');
            }
            if (descending) text.append(" · descending");
        }
        return text.toString();
    }
}
