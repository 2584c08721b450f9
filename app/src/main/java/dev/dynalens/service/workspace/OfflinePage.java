package dev.dynalens.service.workspace;

import dev.dynalens.domain.capacity.SizeLimits;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.expression.ConditionEvaluator;
import dev.dynalens.domain.expression.ExpressionException;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.Projection;
import dev.dynalens.domain.expression.ProjectionEvaluator;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.ItemSize;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadExpressions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One page of a Scan or Query answered offline (a workspace, an export), filled as DynamoDB fills one: each item read
 * goes through the index's projection, then the FilterExpression, then the ProjectionExpression; the page is full at
 * Limit items read (before filtering, as DynamoDB counts) or 1 MB, and then names where to continue: the last item's
 * table and index keys.
 */
public final class OfflinePage {
    private final IndexDescription gsi;
    private final List<String> keyNames;
    private final Integer limit;
    private final Condition filter;
    private final Projection projection;
    private final List<Item> items = new ArrayList<>();
    private int scanned;
    private long bytes;
    private Item last;
    private boolean full;

    /**
     * @param gsi      the index read, or null for the table
     * @param keyNames the table's and the index's key attributes (kept by every index projection, and the start key's)
     * @param limit    the request's Limit, or null for 1 MB
     * @throws DynamoAccessException (an invalid request) when an expression does not parse
     */
    public OfflinePage(IndexDescription gsi, List<String> keyNames, Integer limit, ReadExpressions expressions) {
        this.gsi = gsi;
        this.keyNames = List.copyOf(keyNames);
        this.limit = limit;
        try {
            this.filter = expressions.filterExpression() == null ? null
                    : Expressions.parseCondition(expressions.filterExpression(), expressions.names(), expressions.values());
            this.projection = expressions.projectionExpression() == null ? null
                    : Expressions.parseProjection(expressions.projectionExpression(), expressions.names());
        } catch (ExpressionException e) {
            throw new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.VALIDATION, "Invalid expression: " + e.getMessage(),
                    null), e);
        }
    }

    /** Reads one more item into the page; false once the page is full. */
    public boolean add(Item item) {
        var visible = visible(item);
        if (filter == null || ConditionEvaluator.evaluate(filter, visible)) {
            items.add(projection == null ? visible : ProjectionEvaluator.project(visible, projection));
        }
        scanned++;
        bytes += ItemSize.of(item);
        last = item;
        full = limit != null && scanned >= limit || bytes >= SizeLimits.PAGE_BYTES;
        return !full;
    }

    /** Where the next page continues (the last item's keys), or null when the page was not filled. */
    public Map<String, AttributeValue> lastEvaluatedKey() {
        if (!full) {
            return null;
        }
        var key = new LinkedHashMap<String, AttributeValue>();
        for (var name : keyNames) {
            key.put(name, last.attributes().get(name));
        }
        return key;
    }

    public Page build() {
        return new Page(items, lastEvaluatedKey(), scanned, ConsumedCapacity.NOT_REPORTED);
    }

    /** The attributes of an item an index holds (all of them, its keys only, or its keys and the included ones). */
    private Item visible(Item item) {
        if (gsi == null || gsi.projection() == IndexDescription.Projection.ALL) {
            return item;
        }
        var projected = new LinkedHashMap<String, AttributeValue>();
        item.attributes().forEach((name, value) -> {
            if (keyNames.contains(name) || gsi.projection() == IndexDescription.Projection.INCLUDE && gsi.nonKeyAttributes().contains(name)) {
                projected.put(name, value);
            }
        });
        return new Item(projected);
    }
}
