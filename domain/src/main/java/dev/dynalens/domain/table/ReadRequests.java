package dev.dynalens.domain.table;

import dev.dynalens.domain.item.ValueText;

/** Human-readable one-line descriptions of requests, so the person always sees what was sent. */
public final class ReadRequests {
    private ReadRequests() {
    }

    public static String describe(ReadRequest request) {
        var target = request.indexName() == null ? request.tableName() : request.tableName() + " · index " + request.indexName();
        var limit = request.limit() == null ? "" : " · limit " + request.limit();
        if (request instanceof ReadRequest.Scan scan) {
            return "Scan " + target + (scan.segment() == null ? "" : " · " + segmentText(scan.segment())) + limit;
        } else if (request instanceof ReadRequest.Query query) {
            return "Query " + target + " · " + keyCondition(query)
                    + (query.scanIndexForward() ? "" : " · descending") + limit;
        } else {
            throw new IllegalStateException("unexpected " + request.getClass());
        }
    }

    /** "segment 2 of 4": segments as a person counts them, from 1. */
    public static String segmentText(ReadRequest.Segment segment) {
        return "segment " + (segment.index() + 1) + " of " + segment.total();
    }

    /**
     * The key condition as it goes on the wire, with placeholders {@code #pk}, {@code #sk}, {@code :pk}, {@code :sk}
     * and {@code :sk2} (Developer Guide, "Key condition expressions for query").
     */
    public static KeyConditionExpression keyConditionExpression(ReadRequest.Query query) {
        var placeholders = Placeholders.numbered("#k", ":k");
        var pk = placeholders.name("#pk", query.partitionKeyName());
        var expression = new StringBuilder(pk + " = " + placeholders.value(":pk", query.partitionKeyValue()));
        var condition = query.sortKeyCondition();
        if (condition != null) {
            var sk = placeholders.name("#sk", query.sortKeyName());
            var value = placeholders.value(":sk", condition.value());
            expression.append(" AND ").append(switch (condition.operator()) {
                case EQ, LT, LE, GT, GE -> sk + " " + condition.operator().symbol() + " " + value;
                case BEGINS_WITH -> "begins_with(" + sk + ", " + value + ")";
                case BETWEEN -> sk + " BETWEEN " + value + " AND " + placeholders.value(":sk2", condition.upperBound());
            });
        }
        return new KeyConditionExpression(expression.toString(), placeholders.names(), placeholders.values());
    }

    /** The key condition with its values written in, for a person: {@code PK = "A" AND begins_with(SK, "ORDER#")}. */
    public static String keyCondition(ReadRequest.Query query) {
        var text = new StringBuilder(query.partitionKeyName()).append(" = ").append(ValueText.literal(query.partitionKeyValue()));
        var condition = query.sortKeyCondition();
        if (condition != null) {
            var sk = query.sortKeyName();
            text.append(" AND ");
            switch (condition.operator()) {
                case BEGINS_WITH -> text.append("begins_with(").append(sk).append(", ").append(ValueText.literal(condition.value())).append(')');
                case BETWEEN -> text.append(sk).append(" BETWEEN ").append(ValueText.literal(condition.value()))
                        .append(" AND ").append(ValueText.literal(condition.upperBound()));
                default -> text.append(sk).append(' ').append(condition.operator().symbol()).append(' ')
                        .append(ValueText.literal(condition.value()));
            }
        }
        return text.toString();
    }
}
