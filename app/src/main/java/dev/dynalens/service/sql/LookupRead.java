package dev.dynalens.service.sql;

import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.expression.ConditionEvaluator;
import dev.dynalens.domain.expression.Operand;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.sql.SqlEntity;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.KeyOrder;
import dev.dynalens.domain.table.Placeholders;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * The running side of a {@link LookupJoin}: left rows are taken in chunks whose keys make one BatchGetItem (at most
 * 100 distinct keys), the right items fetched (unprocessed keys asked again with backoff), checked for the entity type
 * and the right side's conditions, and joined. Public because generated code calls it.
 */
public final class LookupRead {
    private final SqlCatalog catalog;
    private final SqlEntity entity;
    private final Condition conditions;
    private final List<LeafRead.Column> columns;
    private final int partitionKeyField;
    private final int sortKeyField;
    private final boolean keepUnmatched;
    private final int leftWidth;
    private final boolean leftScalar;
    private final boolean outScalar;
    private final AttributeValue pinnedSortKey;
    private final boolean queryPerKey;
    private final List<Condition> rightConditions;

    LookupRead(SqlCatalog catalog, SqlEntity entity, List<Condition> conditions, List<LeafRead.Column> columns, int partitionKeyField,
               int sortKeyField, boolean keepUnmatched, int leftWidth, boolean leftScalar, boolean outScalar) {
        this.catalog = catalog;
        this.entity = entity;
        this.conditions = conditions.isEmpty() ? null : conditions.size() == 1 ? conditions.getFirst() : new Condition.And(conditions);
        this.columns = List.copyOf(columns);
        this.partitionKeyField = partitionKeyField;
        this.sortKeyField = sortKeyField;
        this.keepUnmatched = keepUnmatched;
        this.leftWidth = leftWidth;
        this.leftScalar = leftScalar;
        this.outScalar = outScalar;
        this.pinnedSortKey = sortKeyField >= 0 ? null : pinnedSortKey(catalog, conditions);
        this.rightConditions = List.copyOf(conditions);
        this.queryPerKey = catalog.description().keySchema().sortKey() != null && sortKeyField < 0 && pinnedSortKey == null;
    }

    /** The sort key a condition of the right side pins ({@code u.SK = 'PROFILE'}). */
    static AttributeValue pinnedSortKey(SqlCatalog catalog, List<Condition> conditions) {
        var sortKey = catalog.description().keySchema().sortKeyName();
        if (sortKey == null) {
            return null;
        }
        for (var condition : conditions) {
            if (condition instanceof Condition.Comparison c && c.comparator() == Condition.Comparator.EQ
                    && c.left() instanceof Operand.PathOperand p && p.path().equals(AttributePath.of(sortKey))
                    && c.right() instanceof Operand.ValueOperand v) {
                return v.value();
            }
        }
        return null;
    }

    /** @param leftRows the left side's {@code Enumerable} (typed Object: generated code hands over its own generic type) */
    @SuppressWarnings("unchecked")
    public Enumerable<Object> join(Object leftRows, DataContext root) {
        var run = (SqlRun) root.get(SqlRun.KEY);
        var left = (Enumerable<Object>) leftRows;
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object> enumerator() {
                return new Joined(run, left.enumerator());
            }
        };
    }

    private Map<String, AttributeValue> key(Object[] leftRow) {
        var keys = catalog.description().keySchema();
        var pk = keyValue(leftRow[partitionKeyField], keys.partitionKey());
        if (pk == null) {
            return null;
        }
        if (keys.sortKey() == null) {
            return Map.of(keys.partitionKeyName(), pk);
        }
        if (queryPerKey) {
            return Map.of(keys.partitionKeyName(), pk);
        }
        var sk = sortKeyField >= 0 ? keyValue(leftRow[sortKeyField], keys.sortKey()) : pinnedSortKey;
        return sk == null ? null : Map.of(keys.partitionKeyName(), pk, keys.sortKeyName(), sk);
    }

    private static AttributeValue keyValue(Object value, dev.dynalens.domain.table.KeySchema.KeyAttribute key) {
        var attribute = SqlTypes.literal(value);
        return attribute != null && KeyOrder.isKeyOfType(attribute, key.type()) ? attribute : null;
    }

    private BatchGetRequest request(List<Map<String, AttributeValue>> keys) {
        var names = new LinkedHashSet<String>();
        columns.forEach(c -> names.add(c.attribute()));
        var schema = catalog.description().keySchema();
        names.addAll(schema.attributeNames());
        if (conditions != null) {
            names.addAll(dev.dynalens.domain.sql.AccessPlanner.topLevelNames(conditions));
        }
        var placeholders = Placeholders.readable();
        var projection = String.join(", ", names.stream().map(n -> dev.dynalens.domain.expression.ExpressionRenderer.needsAlias(n)
                ? placeholders.name(n) : n).toList());
        return new BatchGetRequest(catalog.tableName(), keys, projection, placeholders.names(), false);
    }

    /** The right rows of one partition: the read the planner chooses for the right side's conditions and this key. */
    private List<Object[]> partition(SqlRun run, AttributeValue partitionKey) {
        var keys = catalog.description().keySchema();
        var conditions = new ArrayList<>(rightConditions);
        conditions.add(Condition.equal(keys.partitionKeyName(), partitionKey));
        var shape = new dev.dynalens.domain.sql.ReadShape(entity, conditions, columns.stream().map(LeafRead.Column::attribute).toList(),
                dev.dynalens.domain.sql.ReadShape.Order.ANY, null);
        var plan = dev.dynalens.domain.sql.AccessPlanner.plan(catalog, shape);
        var rows = new ArrayList<Object[]>();
        var read = new LeafRead(catalog, entity, plan, columns, false, false).enumerator(run);
        try {
            while (read.moveNext()) {
                rows.add((Object[]) read.current());
            }
        } finally {
            read.close();
        }
        return rows;
    }

    private Object output(Object[] leftRow, Object[] rightRow) {
        var row = new Object[leftWidth + columns.size()];
        System.arraycopy(leftRow, 0, row, 0, leftWidth);
        if (rightRow != null) {
            System.arraycopy(rightRow, 0, row, leftWidth, columns.size());
        }
        return outScalar ? row[0] : row;
    }

    private Object output(Object[] leftRow, Item item) {
        var width = leftWidth + columns.size();
        var row = new Object[width];
        System.arraycopy(leftRow, 0, row, 0, leftWidth);
        for (int i = 0; i < columns.size(); i++) {
            var column = columns.get(i);
            row[leftWidth + i] = item == null ? null : SqlTypes.toColumn(item.attributes().get(column.attribute()), column.type());
        }
        return outScalar ? row[0] : row;
    }

    private final class Joined implements Enumerator<Object> {
        private final SqlRun run;
        private final Enumerator<Object> left;
        private final ArrayDeque<Object> ready = new ArrayDeque<>();
        private boolean leftDone;
        private Object current;

        Joined(SqlRun run, Enumerator<Object> left) {
            this.run = run;
            this.left = left;
        }

        @Override
        public Object current() {
            return current;
        }

        @Override
        public boolean moveNext() {
            while (ready.isEmpty()) {
                if (leftDone) {
                    return false;
                }
                nextChunk();
            }
            current = ready.poll();
            return true;
        }

        /** The next left rows whose keys fill one BatchGetItem, joined. */
        private void nextChunk() {
            var rows = new ArrayList<Object[]>();
            var rowKeys = new ArrayList<Map<String, AttributeValue>>();
            var distinct = new LinkedHashSet<Map<String, AttributeValue>>();
            while (distinct.size() < BatchGetRequest.MAX_KEYS) {
                run.checkCancelled();
                if (!left.moveNext()) {
                    leftDone = true;
                    break;
                }
                var value = left.current();
                var row = leftScalar ? new Object[] {value} : (Object[]) value;
                var key = key(row);
                rows.add(row);
                rowKeys.add(key);
                if (key != null) {
                    distinct.add(key);
                }
            }
            if (queryPerKey) {
                var partitions = new HashMap<Map<String, AttributeValue>, List<Object[]>>();
                var pk = catalog.description().keySchema().partitionKeyName();
                for (var key : distinct) {
                    partitions.put(key, partition(run, key.get(pk)));
                }
                for (int i = 0; i < rows.size(); i++) {
                    var key = rowKeys.get(i);
                    var matches = key == null ? List.<Object[]>of() : partitions.get(key);
                    for (var match : matches) {
                        ready.add(output(rows.get(i), match));
                    }
                    if (matches.isEmpty() && keepUnmatched) {
                        ready.add(output(rows.get(i), (Object[]) null));
                    }
                }
                return;
            }
            var found = new HashMap<Map<String, AttributeValue>, Item>();
            if (!distinct.isEmpty()) {
                run.beforeRequest();
                var result = run.batchGet(request(List.copyOf(distinct)));
                run.consumed(result.capacity());
                run.itemsRead(result.items().size());
                var schema = catalog.description().keySchema();
                for (var item : result.items()) {
                    if (entity.contains(item, schema) && (conditions == null || ConditionEvaluator.evaluate(conditions, item))) {
                        found.put(item.key(schema.partitionKeyName(), schema.sortKeyName()), item);
                    }
                }
            }
            for (int i = 0; i < rows.size(); i++) {
                var key = rowKeys.get(i);
                var item = key == null ? null : found.get(key);
                if (item != null || keepUnmatched) {
                    ready.add(output(rows.get(i), item));
                }
            }
        }

        @Override
        public void reset() {
            throw new UnsupportedOperationException("A DynamoDB read is not read twice");
        }

        @Override
        public void close() {
            left.close();
        }
    }
}
