package dev.dynalens.usecase;

import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportSummary;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.support.Jobs;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A table's exports to S3, each as DescribeExport tells it (its time, type, format and URI): {@code dynalens exports} and
 * what the app offers to read from. ListExports lists those of the past 90 days, newest first (in reverse order of their
 * ARNs, whose ids begin with the time); each is then described, one after the other.
 */
public final class ListTableExports {
    private final DynamoSession session;

    public ListTableExports(DynamoSession session) {
        this.session = Objects.requireNonNull(session, "session");
    }

    /** Every export of {@code tableName} DynamoDB lists, described, in its order. */
    public CompletableFuture<List<ExportDescription>> list(String tableName) {
        Objects.requireNonNull(tableName, "tableName");
        return Jobs.call(() -> session.listExports(tableName)).thenCompose(this::describeEach);
    }

    /** One DescribeExport after the other, chained up front so that a long list nests no calls. */
    private CompletableFuture<List<ExportDescription>> describeEach(List<ExportSummary> summaries) {
        var described = new ArrayList<ExportDescription>();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (var summary : summaries) {
            chain = chain.thenCompose(done -> Jobs.call(() -> session.describeExport(summary.exportArn()))).thenAccept(described::add);
        }
        return chain.thenApply(done -> List.copyOf(described));
    }
}
