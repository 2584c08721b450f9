package dev.dynalens.domain.table;

import dev.dynalens.domain.item.ValueText;
import java.util.ArrayList;
import java.util.List;

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
     * The key condition as it goes on the wire (Developer Guide, "Key condition expressions for query"): an equality on
     * every partition attribute, then the sort attributes given, joined by AND, in the key's order. A key of one attribute
     * on a side takes the placeholders {@code #pk}, {@code :pk}, {@code #sk}, {@code :sk} and {@code :sk2} (BETWEEN's
     * upper bound); a side of several attributes numbers them from 1: {@code #pk1 = :pk1 AND #pk2 = :pk2 AND #sk1 = :sk1
     * AND #sk2 BETWEEN :sk2 AND :sk2_2}. Every name and every value is a placeholder.
     */
    public static KeyConditionExpression keyConditionExpression(ReadRequest.Query query) {
        var placeholders = Placeholders.numbered("#k", ":k");
        var parts = new ArrayList<String>();
        var partition = query.partition();
        for (int i = 0; i < partition.size(); i++) {
            var suffix = partition.size() == 1 ? "" : String.valueOf(i + 1);
            var equality = partition.get(i);
            parts.add(placeholders.name("#pk" + suffix, equality.name()) + " = " + placeholders.value(":pk" + suffix, equality.value()));
        }
        var sort = given(query);
        for (int i = 0; i < sort.size(); i++) {
            var suffix = sort.size() == 1 ? "" : String.valueOf(i + 1);
            var condition = sort.get(i).condition();
            var sk = placeholders.name("#sk" + suffix, sort.get(i).name());
            var value = placeholders.value(":sk" + suffix, condition.value());
            parts.add(switch (condition.operator()) {
                case EQ, LT, LE, GT, GE -> sk + " " + condition.operator().symbol() + " " + value;
                case BEGINS_WITH -> "begins_with(" + sk + ", " + value + ")";
                case BETWEEN -> sk + " BETWEEN " + value + " AND "
                        + placeholders.value(sort.size() == 1 ? ":sk2" : ":sk" + suffix + "_2", condition.upperBound());
            });
        }
        return new KeyConditionExpression(String.join(" AND ", parts), placeholders.names(), placeholders.values());
    }

    /** The key condition with its values written in, for a person: {@code PK = "A" AND begins_with(SK, "ORDER#")}. */
    public static String keyCondition(ReadRequest.Query query) {
        var parts = new ArrayList<String>();
        query.partition().forEach(p -> parts.add(p.name() + " = " + ValueText.literal(p.value())));
        for (var part : given(query)) {
            var condition = part.condition();
            var sk = part.name();
            parts.add(switch (condition.operator()) {
                case BEGINS_WITH -> "begins_with(" + sk + ", " + ValueText.literal(condition.value()) + ")";
                case BETWEEN -> sk + " BETWEEN " + ValueText.literal(condition.value()) + " AND " + ValueText.literal(condition.upperBound());
                default -> sk + " " + condition.operator().symbol() + " " + ValueText.literal(condition.value());
            });
        }
        return String.join(" AND ", parts);
    }

    /** The sort attributes that have a condition (the last one may name the order only). */
    private static List<ReadRequest.SortPart> given(ReadRequest.Query query) {
        return query.sort().stream().filter(part -> part.condition() != null).toList();
    }
}
