package dev.dynalens.domain.sql;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.capacity.ItemSizeCalculator;
import dev.dynalens.domain.capacity.ReadConsistency;
import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.expression.ExpressionError;
import dev.dynalens.domain.expression.ExpressionLimits;
import dev.dynalens.domain.expression.ExpressionRenderer;
import dev.dynalens.domain.expression.ExpressionSet;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.Operand;
import dev.dynalens.domain.expression.Projection;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.BatchGetRequest;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeyOrder;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadExpressions;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequests;
import dev.dynalens.domain.table.SortKeyCondition;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Chooses the cheapest requests that serve one table of a query, as DynamoDB's key schema allows (Developer Guide,
 * "Query", "Scan", "Key condition expressions"):
 * <ul>
 *   <li>the partition key pinned ({@code =} or {@code IN}) and the sort key too: GetItem, or BatchGetItem in batches
 *       of 100;</li>
 *   <li>the partition key pinned: one Query per value, the best sort-key condition ({@code =}, {@code BETWEEN},
 *       {@code begins_with}, a range) in its key condition, else the entity type's own sort-key prefix;</li>
 *   <li>an index's partition key pinned, and the index projecting what the query reads: a Query on the index;</li>
 *   <li>otherwise a Scan, which says why and what would avoid it.</li>
 * </ul>
 * What the key condition does not take becomes the FilterExpression where DynamoDB allows one (never on a key
 * attribute of the queried index; GetItem and BatchGetItem take none), and is checked on the desktop otherwise. Every
 * expression stays within DynamoDB's limits ({@link FilterFit}): an {@code IN} on a key of any length is one request per
 * value (BatchGetItem batches of 100), a long {@code IN} in a filter is several {@code IN}s of 100, and what would still
 * pass a limit is checked on the desktop, which the request's note says; a ProjectionExpression over 4 KB is dropped
 * (the items come whole). Pure.
 */
public final class AccessPlanner {
    /** When nothing else is known, a Query is expected to read this many items of an entity's collection. */
    static final long DEFAULT_ITEMS_PER_PARTITION = 100;
    /** When the analysis measured no sizes, items are expected to be this large. */
    static final long DEFAULT_ITEM_BYTES = 1024;

    private AccessPlanner() {
    }

    public static AccessPlan plan(SqlCatalog catalog, ReadShape shape) {
        var keys = catalog.description().keySchema();
        var uses = KeyUses.of(shape.conditions());
        var tablePk = uses.pinned(keys.partitionKey());
        if (tablePk.isPresent()) {
            if (keys.sortKey() == null) {
                return getOrBatch(catalog, shape, uses, tablePk.get(), null, List.of(tablePk.get().condition()));
            }
            var tableSk = uses.pinned(keys.sortKey());
            if (tableSk.isPresent()) {
                return getOrBatch(catalog, shape, uses, tablePk.get(), tableSk.get(),
                        List.of(tablePk.get().condition(), tableSk.get().condition()));
            }
            return query(catalog, shape, uses, null, keys, tablePk.get());
        }
        for (var index : catalog.description().indexes()) {
            var indexKeys = index.key().asKeySchema();
            if (indexKeys.isEmpty()) {
                var multi = multiAttributeQuery(catalog, shape, uses, index);
                if (multi.isPresent()) {
                    return multi.get();
                }
                continue;
            }
            var indexPk = uses.pinned(indexKeys.get().partitionKey());
            if (indexPk.isPresent() && covers(index, keys, shape)) {
                return query(catalog, shape, uses, index, indexKeys.get(), indexPk.get());
            }
        }
        return scan(catalog, shape);
    }

    // ---- GetItem / BatchGetItem ----

    private static AccessPlan getOrBatch(SqlCatalog catalog, ReadShape shape, KeyUses uses, KeyUses.Pinned pk, KeyUses.Pinned sk,
                                         List<Condition> consumed) {
        var schema = catalog.description().keySchema();
        var keys = new LinkedHashSet<Map<String, AttributeValue>>();
        for (var p : pk.values()) {
            if (sk == null) {
                keys.add(Map.of(schema.partitionKeyName(), p));
            } else {
                for (var s : sk.values()) {
                    keys.add(Map.of(schema.partitionKeyName(), p, schema.sortKeyName(), s));
                }
            }
        }
        var remaining = without(shape.conditions(), consumed);
        var desktop = and(remaining);
        var itemBytes = itemBytes(catalog, shape.entity());
        var table = catalog.tableName();
        if (keys.size() == 1) {
            var key = keys.iterator().next();
            var request = PlannedRequest.getItem(table, key, CapacityCalculator.getItem(itemBytes, ReadConsistency.EVENTUAL));
            return AccessPlan.getItem(key, request).withDesktopCondition(desktop).withStopAfter(shape.limit());
        }
        var projection = projection(shape, schema, desktop);
        var batches = new ArrayList<BatchGetRequest>();
        var requests = new ArrayList<PlannedRequest>();
        var all = new ArrayList<>(keys);
        for (int from = 0; from < all.size(); from += BatchGetRequest.MAX_KEYS) {
            var batch = all.subList(from, Math.min(all.size(), from + BatchGetRequest.MAX_KEYS));
            var request = new BatchGetRequest(table, batch, projection.projectionExpression(), projection.names(), false);
            batches.add(request);
            var rcu = CapacityCalculator.getItem(itemBytes, ReadConsistency.EVENTUAL).times(batch.size());
            requests.add(PlannedRequest.batchGetItem(table, batch, projection, rcu));
        }
        return AccessPlan.batchGetItem(batches, requests).withDesktopCondition(desktop).withStopAfter(shape.limit());
    }

    // ---- Query ----

    private static AccessPlan query(SqlCatalog catalog, ReadShape shape, KeyUses uses, IndexDescription index, KeySchema keys,
                                    KeyUses.Pinned pk) {
        var consumed = new ArrayList<Condition>(List.of(pk.condition()));
        SortKeyCondition sortCondition = null;
        boolean narrowedToEntity = shape.entity().wholeTable();
        if (keys.sortKey() != null && !shape.wholeCollection()) {
            var best = uses.bestRange(keys.sortKey());
            if (best.isPresent()) {
                sortCondition = best.get().sortKeyCondition();
                consumed.add(best.get().condition());
            } else if (index == null || keys.sortKeyName().equals(catalog.description().keySchema().sortKeyName())) {
                var constant = shape.entity().constantSortKey();
                var prefix = shape.entity().commonPrefix(true);
                if (constant.isPresent() && keys.sortKey().type() == KeySchema.ScalarType.S) {
                    sortCondition = SortKeyCondition.of(SortKeyCondition.Operator.EQ, AttributeValue.s(constant.get()));
                    narrowedToEntity = true;
                } else if (prefix.isPresent() && keys.sortKey().type() == KeySchema.ScalarType.S) {
                    sortCondition = SortKeyCondition.of(SortKeyCondition.Operator.BEGINS_WITH, AttributeValue.s(prefix.get()));
                }
            }
        }
        var remaining = without(shape.conditions(), consumed);
        var keyNames = keyNames(catalog.description().keySchema(), keys);
        var filterable = new ArrayList<Condition>();
        var desktop = new ArrayList<Condition>();
        for (var condition : remaining) {
            (shape.wholeCollection() || mentions(condition, keyNames) ? desktop : filterable).add(condition);
        }
        var fit = FilterFit.of(filterable);
        desktop.addAll(fit.desktop());
        var desktopCondition = and(desktop);
        var filter = and(fit.pushed());
        var projection = shape.wholeCollection() ? null : projectionPaths(shape, catalog.description().keySchema(), desktopCondition);
        var rendered = renderWithin(filter, projection);
        var forward = shape.order() != ReadShape.Order.BACKWARD;
        var ordered = shape.order() != ReadShape.Order.ANY && pk.values().size() == 1;
        Integer pageLimit = shape.limit() != null && filter == null && desktopCondition == null && narrowedToEntity
                && !shape.wholeCollection() ? shape.limit() : null;
        var reads = new ArrayList<ReadRequest>();
        var requests = new ArrayList<PlannedRequest>();
        var indexName = index == null ? null : index.name();
        long rows = 0;
        for (var value : pk.values()) {
            var read = ReadRequest.Query.of(catalog.tableName(), keys.partitionKeyName(), value).onIndex(indexName)
                    .withSortKey(keys.sortKeyName(), sortCondition).withScanIndexForward(forward).withLimit(pageLimit)
                            .withExpressions(rendered);
            reads.add(read);
            var expected = shape.wholeCollection() ? collectionItems(catalog, shape.entity())
                    : itemsPerQuery(catalog, shape.entity(), sortCondition);
            rows += expected;
            var rcu = CapacityCalculator.query(List.of(expected * itemBytes(catalog, shape.entity())), ReadConsistency.EVENTUAL);
            requests.add(PlannedRequest.query(catalog.tableName(), indexName, ReadRequests.keyConditionExpression(read), rendered, rcu)
                    .withScanIndexForward(forward).withLimit(pageLimit).withNote(fit.note()));
        }
        var plan = AccessPlan.query(indexName, reads, requests, rows).withDesktopCondition(desktopCondition).withStopAfter(shape.limit());
        return plan.withOrdered(ordered).withShared(shape.wholeCollection());
    }

    /** Partition-key combinations a multi-attribute index's Queries may take (each one Query): an IN on each part multiplies. */
    static final int MAX_MULTI_QUERIES = 100;

    /**
     * A Query on an index whose key has several attributes a side (decision 10, rules 11–15 of docs/expressions.md): every
     * partition attribute pinned ({@code =} or {@code IN}, one Query per combination of values), then the sort attributes
     * from the left, each pinned to one value, the first one that is not taking the best range condition and ending the
     * key condition. What the key condition does not take is filtered, or checked on the desktop when it names a key
     * attribute (a FilterExpression cannot). Empty when a partition attribute is not pinned, the index does not project
     * what the query reads, or the combinations pass {@link #MAX_MULTI_QUERIES}.
     */
    private static Optional<AccessPlan> multiAttributeQuery(SqlCatalog catalog, ReadShape shape, KeyUses uses, IndexDescription index) {
        var key = index.key();
        var tableKeys = catalog.description().keySchema();
        if (!covers(index, tableKeys, shape)) {
            return Optional.empty();
        }
        var consumed = new ArrayList<Condition>();
        var partitions = new ArrayList<List<ReadRequest.KeyEquality>>();
        partitions.add(List.of());
        for (var attribute : key.partition()) {
            var pinned = uses.pinned(attribute);
            if (pinned.isEmpty() || partitions.size() * pinned.get().values().size() > MAX_MULTI_QUERIES) {
                return Optional.empty();
            }
            consumed.add(pinned.get().condition());
            var grown = new ArrayList<List<ReadRequest.KeyEquality>>();
            for (var prefix : partitions) {
                for (var value : pinned.get().values()) {
                    var next = new ArrayList<>(prefix);
                    next.add(new ReadRequest.KeyEquality(attribute.name(), value));
                    grown.add(next);
                }
            }
            partitions = grown;
        }
        var sort = new ArrayList<ReadRequest.SortPart>();
        SortKeyCondition last = null;
        if (!shape.wholeCollection()) {
            for (var attribute : key.sort()) {
                var pinned = uses.pinned(attribute);
                if (pinned.isPresent() && pinned.get().values().size() == 1) {
                    last = SortKeyCondition.of(SortKeyCondition.Operator.EQ, pinned.get().values().get(0));
                    sort.add(new ReadRequest.SortPart(attribute.name(), last));
                    consumed.add(pinned.get().condition());
                    continue;
                }
                var range = uses.bestRange(attribute);
                if (range.isPresent()) {
                    last = range.get().sortKeyCondition();
                    sort.add(new ReadRequest.SortPart(attribute.name(), last));
                    consumed.add(range.get().condition());
                }
                break;
            }
        }
        var keyNames = new LinkedHashSet<String>(tableKeys.attributeNames());
        keyNames.addAll(key.attributeNames());
        var filterable = new ArrayList<Condition>();
        var desktop = new ArrayList<Condition>();
        for (var condition : without(shape.conditions(), consumed)) {
            (shape.wholeCollection() || mentions(condition, keyNames) ? desktop : filterable).add(condition);
        }
        var fit = FilterFit.of(filterable);
        desktop.addAll(fit.desktop());
        var desktopCondition = and(desktop);
        var filter = and(fit.pushed());
        var projection = shape.wholeCollection() ? null : projectionPaths(shape, tableKeys, desktopCondition);
        var rendered = renderWithin(filter, projection);
        var forward = shape.order() != ReadShape.Order.BACKWARD;
        Integer pageLimit = shape.limit() != null && filter == null && desktopCondition == null && !shape.wholeCollection()
                && shape.entity().wholeTable() ? shape.limit() : null;
        var reads = new ArrayList<ReadRequest>();
        var requests = new ArrayList<PlannedRequest>();
        long rows = 0;
        for (var partition : partitions) {
            var read = new ReadRequest.Query(catalog.tableName(), index.name(), partition, sort, forward, pageLimit, null, rendered);
            reads.add(read);
            var expected = shape.wholeCollection() ? collectionItems(catalog, shape.entity()) : itemsPerQuery(catalog, shape.entity(), last);
            rows += expected;
            var rcu = CapacityCalculator.query(List.of(expected * itemBytes(catalog, shape.entity())), ReadConsistency.EVENTUAL);
            requests.add(PlannedRequest.query(catalog.tableName(), index.name(), ReadRequests.keyConditionExpression(read), rendered, rcu)
                    .withScanIndexForward(forward).withLimit(pageLimit).withNote(fit.note()));
        }
        var ordered = shape.order() != ReadShape.Order.ANY && partitions.size() == 1;
        return Optional.of(AccessPlan.query(index.name(), reads, requests, rows).withDesktopCondition(desktopCondition)
                .withStopAfter(shape.limit()).withOrdered(ordered).withShared(shape.wholeCollection()));
    }

    // ---- Scan ----

    private static AccessPlan scan(SqlCatalog catalog, ReadShape shape) {
        var keys = catalog.description().keySchema();
        var conditions = new ArrayList<>(shape.conditions());
        var entity = shape.entity();
        // the entity type's key prefixes narrow what comes back (not what is read); the desktop check still decides
        if (keys.partitionKey().type() == KeySchema.ScalarType.S) {
            entity.commonPrefix(false).ifPresent(prefix -> addOnce(conditions, Condition.beginsWith(AttributePath.of(keys.partitionKeyName()),
                    AttributeValue.s(prefix))));
        }
        if (keys.sortKey() != null && keys.sortKey().type() == KeySchema.ScalarType.S) {
            var constant = entity.constantSortKey();
            if (constant.isPresent()) {
                addOnce(conditions, Condition.equal(keys.sortKeyName(), AttributeValue.s(constant.get())));
            } else {
                entity.commonPrefix(true).ifPresent(prefix -> addOnce(conditions, Condition.beginsWith(AttributePath.of(keys.sortKeyName()),
                        AttributeValue.s(prefix))));
            }
        }
        var fit = FilterFit.of(conditions);
        var filter = and(fit.pushed());
        var desktopCondition = and(fit.desktop());
        var projection = projectionPaths(shape, keys, desktopCondition);
        var rendered = renderWithin(filter, projection);
        Integer pageLimit = shape.limit() != null && filter == null && desktopCondition == null ? shape.limit() : null;
        var read = new ReadRequest.Scan(catalog.tableName(), null, pageLimit, null, rendered);
        // a Scan reads every item of the table, whatever entity type it asks for: the table's bytes, else what the
        // analysis measured of the whole table (a floor when it read only a sample)
        var whole = catalog.wholeTable();
        var tableBytes = catalog.description().sizeBytes() > 0 ? catalog.description().sizeBytes()
                : Math.max(catalog.description().itemCount(), whole.count()) * itemBytes(catalog, whole);
        var fromElsewhere = catalog.scansFrom() != null;
        var rcu = fromElsewhere ? CapacityUnits.ZERO : CapacityCalculator.scan(List.of(tableBytes), ReadConsistency.EVENTUAL);
        var why = whyScan(catalog, shape);
        if (fromElsewhere) {
            why = "Answered from " + catalog.scansFrom() + ": no read capacity. " + why;
        }
        var request = PlannedRequest.scan(catalog.tableName(), rendered, rcu, fit.note().isEmpty() ? why : why + " " + fit.note())
                .withLimit(pageLimit);
        if (!fromElsewhere && !catalog.sizeKnown() && pageLimit == null) {
            request = request.withSizeUnknown();
        }
        return AccessPlan.scan(read, request, Math.max(1, entity.count())).withDesktopCondition(desktopCondition).withStopAfter(shape.limit());
    }

    /** Why a Scan, in the table's own names, and which predicate or index would let the table Query instead. */
    static String whyScan(SqlCatalog catalog, ReadShape shape) {
        var keys = catalog.description().keySchema();
        var singleKeyed = catalog.description().indexes().stream().filter(i -> i.key().isSingle()).toList();
        var indexKeys = singleKeyed.stream().map(i -> i.key().partitionNames().get(0) + " (" + i.name() + ")").distinct().toList();
        var why = new StringBuilder("No = or IN on the partition key " + keys.partitionKeyName());
        if (!indexKeys.isEmpty()) {
            why.append(" or on an index's partition key (").append(String.join(", ", indexKeys)).append(')');
        }
        why.append(", so every item of the table is read.");
        var template = shape.entity().pkTemplates().isEmpty() ? null : shape.entity().pkTemplates().get(0);
        why.append(" A predicate ").append(keys.partitionKeyName()).append(" = ")
                .append(template == null ? "…" : "'" + template.replace("{}", "…") + "'");
        if (!indexKeys.isEmpty()) {
            why.append(" or one on ").append(singleKeyed.get(0).key().partitionNames().get(0));
        }
        why.append(" would let it Query.");
        for (var index : catalog.description().indexes()) {
            if (!index.key().isSingle()) {
                why.append(" Index ").append(index.name()).append(" (").append(index.key().summary())
                        .append(") would let it Query with = or IN on each of ").append(String.join(", ", index.key().partitionNames()))
                        .append('.');
            }
        }
        return why.toString();
    }

    // ---- estimates ----

    private static long itemBytes(SqlCatalog catalog, SqlEntity entity) {
        if (entity.averageItemBytes() > 0) {
            return entity.averageItemBytes();
        }
        var description = catalog.description();
        if (description.itemCount() > 0 && description.sizeBytes() > 0) {
            return Math.max(1, description.sizeBytes() / description.itemCount());
        }
        return DEFAULT_ITEM_BYTES;
    }

    /**
     * Items one Query is expected to read: one for an equality on the sort key; else the entity's items per partition,
     * counted against the root entity that owns the partitions ({@code PROJECT} for the tasks in {@code PROJECT#{}}).
     */
    static long itemsPerQuery(SqlCatalog catalog, SqlEntity entity, SortKeyCondition sortCondition) {
        if (sortCondition != null && sortCondition.operator() == SortKeyCondition.Operator.EQ) {
            return 1;
        }
        if (entity.wholeTable() || entity.pkTemplates().isEmpty()) {
            return Math.min(Math.max(1, entity.count()), DEFAULT_ITEMS_PER_PARTITION);
        }
        var pkTemplate = entity.pkTemplates().get(0);
        var owners = catalog.tables().stream().filter(t -> !t.wholeTable() && t.constantSortKey().isPresent()
                && !t.pkTemplates().isEmpty() && t.pkTemplates().get(0).equals(pkTemplate)).mapToLong(SqlEntity::count).max();
        if (entity.constantSortKey().isPresent()) {
            return 1;
        }
        if (owners.isPresent() && owners.getAsLong() > 0) {
            return Math.max(1, (entity.count() + owners.getAsLong() - 1) / owners.getAsLong());
        }
        return Math.min(Math.max(1, entity.count()), DEFAULT_ITEMS_PER_PARTITION);
    }

    /** Items of a whole collection: those of every entity type whose partitions have the same template. */
    static long collectionItems(SqlCatalog catalog, SqlEntity entity) {
        if (entity.pkTemplates().isEmpty()) {
            return itemsPerQuery(catalog, entity, null);
        }
        var template = entity.pkTemplates().get(0);
        return catalog.tables().stream().filter(t -> !t.wholeTable() && !t.pkTemplates().isEmpty() && t.pkTemplates().get(0).equals(template))
                .mapToLong(t -> itemsPerQuery(catalog, t, null)).sum();
    }

    // ---- helpers ----

    /** Whether an index returns everything the query reads: ALL, or the keys and the INCLUDEd attributes. */
    private static boolean covers(IndexDescription index, KeySchema tableKeys, ReadShape shape) {
        if (index.projection() == IndexDescription.Projection.ALL) {
            return true;
        }
        var needed = new LinkedHashSet<String>();
        if (shape.attributes() == null) {
            return false;
        }
        needed.addAll(shape.attributes());
        shape.conditions().forEach(c -> needed.addAll(topLevelNames(c)));
        var projected = new LinkedHashSet<String>(tableKeys.attributeNames());
        projected.addAll(index.key().attributeNames());
        if (index.projection() == IndexDescription.Projection.INCLUDE) {
            projected.addAll(index.nonKeyAttributes());
        }
        return projected.containsAll(needed);
    }

    private static Set<String> keyNames(KeySchema table, KeySchema index) {
        var names = new LinkedHashSet<String>();
        names.addAll(table.attributeNames());
        names.addAll(index.attributeNames());
        return names;
    }

    private static void addOnce(List<Condition> conditions, Condition condition) {
        if (!conditions.contains(condition)) {
            conditions.add(condition);
        }
    }

    private static List<Condition> without(List<Condition> all, List<Condition> consumed) {
        var remaining = new ArrayList<Condition>();
        for (var condition : all) {
            if (consumed.stream().noneMatch(c -> c == condition)) {
                remaining.add(condition);
            }
        }
        return remaining;
    }

    static Condition and(List<Condition> conditions) {
        return switch (conditions.size()) {
            case 0 -> null;
            case 1 -> conditions.get(0);
            default -> new Condition.And(conditions);
        };
    }

    /** The attributes to ask for: those the query reads, the keys the desktop needs, and those a desktop check reads. */
    private static Projection projectionPaths(ReadShape shape, KeySchema keys, Condition desktop) {
        if (shape.attributes() == null) {
            return null;
        }
        var names = new LinkedHashSet<String>(shape.attributes());
        if (!shape.entity().wholeTable()) {
            names.addAll(keys.attributeNames());
        }
        if (desktop != null) {
            names.addAll(topLevelNames(desktop));
        }
        if (names.isEmpty()) {
            names.add(keys.partitionKeyName());
        }
        return new Projection(names.stream().map(AttributePath::of).toList());
    }

    private static ReadExpressions projection(ReadShape shape, KeySchema keys, Condition desktop) {
        var paths = projectionPaths(shape, keys, desktop);
        return paths == null ? ReadExpressions.NONE : renderWithin(null, paths);
    }

    /** The filter and projection as sent; a projection DynamoDB would refuse (over 4 KB) is left out: items come whole. */
    private static ReadExpressions renderWithin(Condition filter, Projection projection) {
        var rendered = render(filter, projection);
        if (projection != null && !FilterFit.fits(rendered)) {
            return render(filter, null);
        }
        return rendered;
    }

    private static ReadExpressions render(Condition filter, Projection projection) {
        if (filter == null && projection == null) {
            return ReadExpressions.NONE;
        }
        var rendered = ExpressionRenderer.render(new ExpressionSet(null, null, null, filter, projection));
        return new ReadExpressions(rendered.filterExpression(), rendered.projectionExpression(), rendered.names(), rendered.values());
    }

    private static boolean mentions(Condition condition, Set<String> names) {
        return topLevelNames(condition).stream().anyMatch(names::contains);
    }

    /** The top-level attribute names a condition reads. */
    public static Set<String> topLevelNames(Condition condition) {
        var names = new LinkedHashSet<String>();
        collect(condition, names);
        return names;
    }

    private static void collect(Condition condition, Set<String> names) {
        if (condition instanceof Condition.And and) {
            and.conditions().forEach(c -> collect(c, names));
        } else if (condition instanceof Condition.Or or) {
            or.conditions().forEach(c -> collect(c, names));
        } else if (condition instanceof Condition.Not not) {
            collect(not.condition(), names);
        } else if (condition instanceof Condition.Comparison c) {
            operand(c.left(), names);
            operand(c.right(), names);
        } else if (condition instanceof Condition.Between b) {
            operand(b.subject(), names);
            operand(b.low(), names);
            operand(b.high(), names);
        } else if (condition instanceof Condition.In in) {
            operand(in.subject(), names);
            in.candidates().forEach(c -> operand(c, names));
        } else if (condition instanceof Condition.AttributeExists e) {
            names.add(e.path().attributeName());
        } else if (condition instanceof Condition.AttributeNotExists e) {
            names.add(e.path().attributeName());
        } else if (condition instanceof Condition.AttributeType t) {
            names.add(t.path().attributeName());
        } else if (condition instanceof Condition.BeginsWith b) {
            operand(b.subject(), names);
            operand(b.prefix(), names);
        } else if (condition instanceof Condition.Contains c) {
            operand(c.subject(), names);
            operand(c.operand(), names);
        } else {
            throw new IllegalStateException("unexpected " + condition.getClass());
        }
    }

    private static void operand(Operand operand, Set<String> names) {
        if (operand instanceof Operand.PathOperand p) {
            names.add(p.path().attributeName());
        } else if (operand instanceof Operand.Size s) {
            names.add(s.path().attributeName());
        } else if (operand instanceof Operand.ValueOperand) {
            // nothing to collect
        } else {
            throw new IllegalStateException("unexpected " + operand.getClass());
        }
    }

    /**
     * The conditions of a FilterExpression that DynamoDB takes within its limits on an expression (Developer Guide,
     * "Constraints", "Expression parameters": at most 4 KB of text, 300 operators or functions, 100 operands of an
     * {@code IN}, 2 MB of names and values together), and those checked on the desktop instead. An {@code IN} of more
     * than 100 values is sent as several joined by OR (the same rows); then, while the filter would still pass a limit,
     * its largest condition moves to the desktop. Either way the rows are those of the statement: a filter only saves
     * transfer.
     *
     * @param pushed  sent in the FilterExpression
     * @param desktop checked on the desktop on every item read
     */
    record FilterFit(List<Condition> pushed, List<Condition> desktop) {
        private static final Set<ExpressionError.Kind> LIMITS = Set.of(ExpressionError.Kind.EXPRESSION_TOO_LONG,
                ExpressionError.Kind.PLACEHOLDER_TOO_LONG, ExpressionError.Kind.TOO_MANY_OPERATORS, ExpressionError.Kind.TOO_MANY_IN_OPERANDS,
                ExpressionError.Kind.PATH_TOO_DEEP, ExpressionError.Kind.NESTING_TOO_DEEP);
        /** How much of the conditions kept on the desktop a note quotes. */
        private static final int NOTE_LENGTH = 300;

        static FilterFit of(List<Condition> conditions) {
            // as sent, each beside the condition as written (which the desktop checks: it has no limits)
            var sent = new ArrayList<Condition>();
            var written = new ArrayList<>(conditions);
            conditions.forEach(condition -> sent.add(inListsOfAtMost100(condition)));
            var desktop = new ArrayList<Condition>();
            while (!sent.isEmpty() && !fits(render(and(sent), null))) {
                int largest = 0;
                for (int i = 1; i < sent.size(); i++) {
                    if (weight(sent.get(i)) > weight(sent.get(largest))) {
                        largest = i;
                    }
                }
                sent.remove(largest);
                desktop.add(written.remove(largest));
            }
            return new FilterFit(sent, desktop);
        }

        /** What the request's note says: which conditions stay on the desktop and why; empty when all are sent. */
        String note() {
            if (desktop.isEmpty()) {
                return "";
            }
            var conditions = desktop.stream().map(ConditionText::of).collect(java.util.stream.Collectors.joining("; "));
            if (conditions.length() > NOTE_LENGTH) {
                conditions = conditions.substring(0, NOTE_LENGTH - 1) + "…";
            }
            return "Checked on the desktop, as a FilterExpression would pass DynamoDB's limits (4 KB, 300 operators or functions): "
                    + conditions + ".";
        }

        /** Whether DynamoDB takes these expressions as they are: within every limit on an expression. */
        static boolean fits(ReadExpressions rendered) {
            var substitutions = 0L;
            for (var name : rendered.names().entrySet()) {
                substitutions += ItemSizeCalculator.utf8Length(name.getKey()) + ItemSizeCalculator.utf8Length(name.getValue());
            }
            for (var value : rendered.values().entrySet()) {
                substitutions += ItemSizeCalculator.utf8Length(value.getKey()) + ItemSizeCalculator.sizeOf(value.getValue());
            }
            if (substitutions > ExpressionLimits.MAX_SUBSTITUTION_BYTES) {
                return false;
            }
            var analysis = Expressions.analyze(new RenderedExpressions(null, null, null, rendered.filterExpression(),
                    rendered.projectionExpression(), rendered.names(), rendered.values()), null);
            return analysis.errors().stream().noneMatch(error -> LIMITS.contains(error.kind()));
        }

        private static int weight(Condition condition) {
            var rendered = render(condition, null);
            return ExpressionLimits.bytes(rendered.filterExpression());
        }

        /** The same condition with each IN of more than 100 values as INs of 100 joined by OR. */
        private static Condition inListsOfAtMost100(Condition condition) {
            if (condition instanceof Condition.In in && in.candidates().size() > ExpressionLimits.MAX_IN_OPERANDS) {
                var parts = new ArrayList<Condition>();
                for (int from = 0; from < in.candidates().size(); from += ExpressionLimits.MAX_IN_OPERANDS) {
                    var to = Math.min(in.candidates().size(), from + ExpressionLimits.MAX_IN_OPERANDS);
                    parts.add(new Condition.In(in.subject(), in.candidates().subList(from, to)));
                }
                return new Condition.Or(parts);
            }
            if (condition instanceof Condition.And and) {
                return new Condition.And(and.conditions().stream().map(FilterFit::inListsOfAtMost100).toList());
            }
            if (condition instanceof Condition.Or or) {
                return new Condition.Or(or.conditions().stream().map(FilterFit::inListsOfAtMost100).toList());
            }
            if (condition instanceof Condition.Not not) {
                return new Condition.Not(inListsOfAtMost100(not.condition()));
            }
            return condition;
        }
    }

    /** The conditions on key attributes that a key condition or a key lookup can take. */
    static final class KeyUses {
        private final List<Condition> conditions;

        private KeyUses(List<Condition> conditions) {
            this.conditions = conditions;
        }

        static KeyUses of(List<Condition> conditions) {
            return new KeyUses(conditions);
        }

        /** A condition that pins an attribute to one value or a few ({@code =}, {@code IN}). */
        record Pinned(Condition condition, List<AttributeValue> values) {
        }

        /** A condition a Query's sort-key condition can take. */
        record Range(Condition condition, SortKeyCondition sortKeyCondition, int preference) {
        }

        Optional<Pinned> pinned(KeySchema.KeyAttribute key) {
            for (var condition : conditions) {
                var values = pinnedValues(condition, key);
                if (values != null) {
                    return Optional.of(new Pinned(condition, values));
                }
            }
            return Optional.empty();
        }

        private static List<AttributeValue> pinnedValues(Condition condition, KeySchema.KeyAttribute key) {
            if (condition instanceof Condition.Comparison c && c.comparator() == Condition.Comparator.EQ) {
                var value = valueAgainst(c.left(), c.right(), key);
                return value == null ? null : List.of(value);
            }
            // an IN of any length: each value is a request of its own (or a key of a batch of 100), within every limit
            if (condition instanceof Condition.In in && isKey(in.subject(), key)) {
                var values = new ArrayList<AttributeValue>();
                for (var candidate : in.candidates()) {
                    if (!(candidate instanceof Operand.ValueOperand v) || !KeyOrder.isKeyOfType(v.value(), key.type())) {
                        return null;
                    }
                    if (!values.contains(v.value())) {
                        values.add(v.value());
                    }
                }
                return values;
            }
            return null;
        }

        Optional<Range> bestRange(KeySchema.KeyAttribute key) {
            Range best = null;
            for (var condition : conditions) {
                var range = range(condition, key);
                if (range != null && (best == null || range.preference() < best.preference())) {
                    best = range;
                }
            }
            return Optional.ofNullable(best);
        }

        private static Range range(Condition condition, KeySchema.KeyAttribute key) {
            if (condition instanceof Condition.Comparison c && c.comparator() != Condition.Comparator.NE) {
                var forward = valueAgainst(c.left(), c.right(), key);
                if (forward != null) {
                    return new Range(condition, SortKeyCondition.of(operator(c.comparator(), false), forward),
                            c.comparator() == Condition.Comparator.EQ ? 0 : 3);
                }
                var backward = valueAgainst(c.right(), c.left(), key);
                if (backward != null) {
                    return new Range(condition, SortKeyCondition.of(operator(c.comparator(), true), backward),
                            c.comparator() == Condition.Comparator.EQ ? 0 : 3);
                }
                return null;
            } else if (condition instanceof Condition.Between b && isKey(b.subject(), key) && b.low() instanceof Operand.ValueOperand low
                    && b.high() instanceof Operand.ValueOperand high && KeyOrder.isKeyOfType(low.value(), key.type())
                    && KeyOrder.isKeyOfType(high.value(), key.type()) && KeyOrder.compare(low.value(), high.value()) <= 0) {
                return new Range(condition, SortKeyCondition.between(low.value(), high.value()), 1);
            } else if (condition instanceof Condition.BeginsWith b && isKey(b.subject(), key) && key.type() != KeySchema.ScalarType.N
                    && b.prefix() instanceof Operand.ValueOperand prefix && KeyOrder.isKeyOfType(prefix.value(), key.type())) {
                return new Range(condition, SortKeyCondition.of(SortKeyCondition.Operator.BEGINS_WITH, prefix.value()), 2);
            } else {
                return null;
            }
        }

        private static SortKeyCondition.Operator operator(Condition.Comparator comparator, boolean flipped) {
            return switch (comparator) {
                case EQ -> SortKeyCondition.Operator.EQ;
                case LT -> flipped ? SortKeyCondition.Operator.GT : SortKeyCondition.Operator.LT;
                case LE -> flipped ? SortKeyCondition.Operator.GE : SortKeyCondition.Operator.LE;
                case GT -> flipped ? SortKeyCondition.Operator.LT : SortKeyCondition.Operator.GT;
                case GE -> flipped ? SortKeyCondition.Operator.LE : SortKeyCondition.Operator.GE;
                case NE -> throw new IllegalArgumentException("<> is no key condition");
            };
        }

        /** The value compared with the key, when {@code subject} is the key and {@code other} a value of its type. */
        private static AttributeValue valueAgainst(Operand subject, Operand other, KeySchema.KeyAttribute key) {
            if (isKey(subject, key) && other instanceof Operand.ValueOperand v && KeyOrder.isKeyOfType(v.value(), key.type())) {
                return v.value();
            }
            return null;
        }

        private static boolean isKey(Operand operand, KeySchema.KeyAttribute key) {
            return operand instanceof Operand.PathOperand p && p.path().isTopLevel() && p.path().attributeName().equals(key.name());
        }
    }
}
