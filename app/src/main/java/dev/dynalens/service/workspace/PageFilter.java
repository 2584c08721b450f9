package dev.dynalens.service.workspace;

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
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.ReadExpressions;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * What a page served offline (a workspace, an export) does to each item read, as DynamoDB does: an index's projection
 * first, then the FilterExpression, then the ProjectionExpression.
 */
public final class PageFilter {
    private final IndexDescription gsi;
    private final List<String> keyNames;
    private final Condition filter;
    private final Projection projection;

    /**
     * @param gsi      the index read, or null for the table
     * @param keyNames the table's and the index's key attributes (kept by every index projection)
     * @throws DynamoAccessException (an invalid request) when an expression does not parse
     */
    public PageFilter(IndexDescription gsi, List<String> keyNames, ReadExpressions expressions) {
        this.gsi = gsi;
        this.keyNames = List.copyOf(keyNames);
        try {
            this.filter = expressions.filterExpression() == null ? null
                    : Expressions.parseCondition(expressions.filterExpression(), expressions.names(), expressions.values());
            this.projection = expressions.projectionExpression() == null ? null
                    : Expressions.parseProjection(expressions.projectionExpression(), expressions.names());
        } catch (ExpressionException e) {
            throw new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.VALIDATION, "Invalid expression: " + e.getMessage(), null), e);
        }
    }

    /** The item as the page shows it, or null when the filter leaves it out. */
    public Item apply(Item item) {
        var visible = visible(item);
        if (filter != null && !ConditionEvaluator.evaluate(filter, visible)) {
            return null;
        }
        return projection == null ? visible : ProjectionEvaluator.project(visible, projection);
    }

    /** The attributes of an item an index holds (all of them, its keys only, or its keys and the included ones). */
    public Item visible(Item item) {
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
