package dev.dynalens.service.workspace;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeyOrder;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.workspace.KeyIndex;
import dev.dynalens.domain.workspace.WorkspaceTable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * Answers Scan and Query pages on a workspace table as DynamoDB would, from indexes built once: the
 * table's own (built when the file loaded) and each GSI's on its first use. A Query finds its
 * partition in a hash map and its sort-key range by binary search, so it costs the items it returns,
 * not the table's size.
 *
 * <p>DynamoDB rules kept here (Developer Guide, "Query" and "Scan"; API reference, Query):
 * <ul>
 *   <li>items in a partition come in sort-key order ({@link KeyOrder}), reversed when ScanIndexForward is false;</li>
 *   <li>a GSI holds only the items that have its key attributes (sparse), and returns only its projection;</li>
 *   <li>a page ends at Limit items or after 1 MB of items, and then carries a LastEvaluatedKey — the table's
 *       keys, plus the index's keys for an index — even if no item follows;</li>
 *   <li>an ExclusiveStartKey continues right after the item it names, and must lie within the query's
 *       partition and sort-key condition.</li>
 * </ul>
 * A Scan reads in file order (DynamoDB's own order is that of its internal hash; any stable order will do).
 */
final class InMemoryTable {
    private final WorkspaceTable table;
    private final Map<String, KeyIndex> indexes = new ConcurrentHashMap<>();

    InMemoryTable(WorkspaceTable table) {
        this.table = Objects.requireNonNull(table, "table");
    }

    WorkspaceTable table() {
        return table;
    }

    /** A request DynamoDB would refuse with a ValidationException; the message is DynamoDB's where it has one. */
    static final class InvalidRequestException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InvalidRequestException(String message) {
            super(message);
        }
    }

    Page read(ReadRequest request) {
        var limit = request.limit();
        if (limit != null && limit < 1) {
            throw new InvalidRequestException("1 validation error detected: Value '" + limit
                    + "' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
        }
        return switch (request) {
            case ReadRequest.Query query -> query(query);
            case ReadRequest.Scan scan -> scan(scan);
        };
    }

    /** GetItem: the item whose primary key is exactly {@code key}. */
    java.util.Optional<Item> get(Map<String, AttributeValue> key) {
        var keys = table.keySchema();
        var names = new LinkedHashSet<String>();
        names.addAll(keys.attributeNames());
        if (!key.keySet().equals(names)) {
            throw new InvalidRequestException("The provided key element does not match the schema");
        }
        var partition = table.primaryIndex().partition(key.get(keys.partitionKeyName()));
        for (int i = 0; i < partition.size(); i++) {
            var item = table.items().get(partition.get(i));
            if (!keys.hasSortKey() || key.get(keys.sortKeyName()).equals(item.attributes().get(keys.sortKeyName()))) {
                return java.util.Optional.of(item);
            }
        }
        return java.util.Optional.empty();
    }

    // ---- Query ----

    private Page query(ReadRequest.Query query) {
        var target = target(query.indexName());
        var keys = target.keys();
        var partitionValues = partitionValues(query, keys);
        var given = query.sort().stream().filter(part -> part.condition() != null).toList();
        checkSort(given, keys);
        var partition = target.index().partition(partitionValues);
        // Equalities on the sort attributes before the last one given pick a contiguous run of the partition (it is
        // ordered by the sort attributes in turn); the last one's condition narrows that run as on a one-attribute key.
        var equal = given.isEmpty() ? List.<ReadRequest.SortPart>of() : given.subList(0, given.size() - 1);
        IntUnaryOperator prefix = p -> comparePrefix(p, equal);
        int from = firstWhere(partition, 0, partition.size(), p -> prefix.applyAsInt(p) >= 0);
        int to = firstWhere(partition, from, partition.size(), p -> prefix.applyAsInt(p) > 0);
        var condition = given.isEmpty() ? null : given.get(given.size() - 1).condition();
        if (condition != null) {
            var sortKey = given.get(given.size() - 1).name();
            var operand = condition.value();
            switch (condition.operator()) {
                case EQ -> {
                    from = firstWhere(partition, from, to, p -> compareAttribute(p, sortKey, operand) >= 0);
                    to = firstWhere(partition, from, to, p -> compareAttribute(p, sortKey, operand) > 0);
                }
                case LT -> to = firstWhere(partition, from, to, p -> compareAttribute(p, sortKey, operand) >= 0);
                case LE -> to = firstWhere(partition, from, to, p -> compareAttribute(p, sortKey, operand) > 0);
                case GT -> from = firstWhere(partition, from, to, p -> compareAttribute(p, sortKey, operand) > 0);
                case GE -> from = firstWhere(partition, from, to, p -> compareAttribute(p, sortKey, operand) >= 0);
                case BETWEEN -> {
                    from = firstWhere(partition, from, to, p -> compareAttribute(p, sortKey, operand) >= 0);
                    to = firstWhere(partition, from, to, p -> compareAttribute(p, sortKey, condition.upperBound()) > 0);
                }
                case BEGINS_WITH -> {
                    // Values with a prefix are contiguous in byte order and start at the prefix itself.
                    from = firstWhere(partition, from, to, p -> compareAttribute(p, sortKey, operand) >= 0);
                    to = firstWhere(partition, from, to, p -> !KeyOrder.beginsWith(value(p, sortKey), operand));
                }
            }
        }
        var startKey = query.exclusiveStartKey();
        if (startKey != null) {
            checkStartKey(startKey, target);
            for (var equality : query.partition()) {
                if (!startKey.get(equality.name()).equals(equality.value())) {
                    throw new InvalidRequestException("The provided starting key is outside query boundaries based on provided conditions");
                }
            }
            for (var part : given) {
                if (!KeyOrder.matches(part.condition(), startKey.get(part.name()))) {
                    throw new InvalidRequestException("The provided starting key does not match the range key predicate");
                }
            }
            var order = target.index().orderAttributes();
            if (query.scanIndexForward()) {
                from = Math.max(from, firstWhere(partition, from, to, p -> compareToKey(p, order, startKey) > 0));
            } else {
                to = Math.min(to, firstWhere(partition, from, to, p -> compareToKey(p, order, startKey) >= 0));
            }
        }
        var page = new OfflinePage(target.gsi(), target.startKeyNames(), query.limit(), query.expressions());
        if (query.scanIndexForward()) {
            for (int i = from; i < to && page.add(table.items().get(partition.get(i))); i++) {
                // add() says when the page is full
            }
        } else {
            for (int i = to - 1; i >= from && page.add(table.items().get(partition.get(i))); i--) {
                // add() says when the page is full
            }
        }
        return page.build();
    }

    /** An equality on every partition attribute and on nothing else (docs/expressions.md, rule 11): their values in the key's order. */
    private static List<AttributeValue> partitionValues(ReadRequest.Query query, IndexKey keys) {
        var byName = new java.util.HashMap<String, AttributeValue>();
        query.partition().forEach(equality -> byName.put(equality.name(), equality.value()));
        var values = new ArrayList<AttributeValue>();
        for (var attribute : keys.partition()) {
            var value = byName.remove(attribute.name());
            if (value == null) {
                throw new InvalidRequestException("Query condition missed key schema element: " + attribute.name());
            }
            checkOperand(value, attribute);
            values.add(value);
        }
        if (!byName.isEmpty()) {
            throw new InvalidRequestException("Query key condition not supported");
        }
        return values;
    }

    /** The sort attributes given are the key's from the left (rules 12 and 13), each value of the attribute's type. */
    private static void checkSort(List<ReadRequest.SortPart> given, IndexKey keys) {
        if (given.size() > keys.sort().size()) {
            throw new InvalidRequestException("Query key condition not supported");
        }
        for (int i = 0; i < given.size(); i++) {
            var key = keys.sort().get(i);
            var condition = given.get(i).condition();
            if (!key.name().equals(given.get(i).name())) {
                throw new InvalidRequestException("Query key condition not supported");
            }
            checkOperand(condition.value(), key);
            if (condition.upperBound() != null) {
                checkOperand(condition.upperBound(), key);
                if (KeyOrder.compare(condition.value(), condition.upperBound()) > 0) {
                    throw new InvalidRequestException("Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be "
                            + "greater than or equal to lower bound");
                }
            }
        }
    }

    /** An item's sort attributes against the equalities given on the first ones, in the key's order. */
    private int comparePrefix(int position, List<ReadRequest.SortPart> equalities) {
        for (var part : equalities) {
            int c = compareAttribute(position, part.name(), part.condition().value());
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static void checkOperand(AttributeValue value, KeySchema.KeyAttribute key) {
        if (KeyOrder.typeOf(value).orElse(null) != key.type()) {
            throw new InvalidRequestException("One or more parameter values were invalid: Condition parameter type does not match schema type");
        }
        if (!KeyOrder.isKeyOfType(value, key.type())) {
            throw new InvalidRequestException("One or more parameter values are not valid. The AttributeValue for a key attribute "
                    + "cannot contain an empty " + (key.type() == KeySchema.ScalarType.S ? "string" : "binary") + " value. Key: " + key.name());
        }
    }

    /** The first position in [from, to) where the predicate holds, given it holds from some point on; {@code to} if nowhere. */
    private static int firstWhere(KeyIndex.Positions partition, int from, int to, IntPredicate holds) {
        int low = from;
        int high = to;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (holds.test(partition.get(middle))) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return low;
    }

    private AttributeValue value(int position, String attribute) {
        return table.items().get(position).attributes().get(attribute);
    }

    private int compareAttribute(int position, String attribute, AttributeValue operand) {
        return KeyOrder.compare(value(position, attribute), operand);
    }

    /** Compares an item with a start key on the attributes that order its partition. */
    private int compareToKey(int position, List<String> order, Map<String, AttributeValue> key) {
        var attributes = table.items().get(position).attributes();
        for (var attribute : order) {
            int c = KeyOrder.compare(attributes.get(attribute), key.get(attribute));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    // ---- Scan ----

    private Page scan(ReadRequest.Scan scan) {
        var target = target(scan.indexName());
        var items = table.items();
        // A segment of a parallel Scan reads a contiguous part of the file's order, so the segments in order read
        // what one Scan reads, in its order (DynamoDB's segments are ranges of its hash order, as dynalite's are).
        var segment = scan.segment();
        int from = segment == null ? 0 : (int) ((long) items.size() * segment.index() / segment.total());
        int to = segment == null ? items.size() : (int) ((long) items.size() * (segment.index() + 1) / segment.total());
        int start = from;
        var startKey = scan.exclusiveStartKey();
        if (startKey != null) {
            checkStartKey(startKey, target);
            start = positionOf(startKey) + 1;
            if (start <= from || start > to) {
                throw new InvalidRequestException("The provided Exclusive start key does not map to the provided Segment and TotalSegments values.");
            }
        }
        var index = scan.indexName() == null ? null : target.index();
        var page = new OfflinePage(target.gsi(), target.startKeyNames(), scan.limit(), scan.expressions());
        for (int i = start; i < to; i++) {
            if ((index == null || index.contains(i)) && !page.add(table.items().get(i))) {
                break;
            }
        }
        return page.build();
    }

    /** The position of the item with the start key's table keys; a Scan continues after it. */
    private int positionOf(Map<String, AttributeValue> startKey) {
        var primary = table.primaryIndex();
        var keys = table.keySchema();
        var partition = primary.partition(startKey.get(keys.partitionKeyName()));
        var order = primary.orderAttributes();
        int at = firstWhere(partition, 0, partition.size(), p -> compareToKey(p, order, startKey) >= 0);
        if (at == partition.size() || compareToKey(partition.get(at), order, startKey) != 0) {
            throw new InvalidRequestException("The provided starting key is invalid: no item of this workspace table has that key");
        }
        return partition.get(at);
    }

    // ---- shared ----

    /** The table or one of its GSIs, with the names a LastEvaluatedKey holds (table keys, then every one of the index's). */
    private record Target(IndexDescription gsi, IndexKey keys, KeyIndex index, List<String> startKeyNames) {
    }

    private Target target(String indexName) {
        var tableKeys = table.keySchema();
        var names = new LinkedHashSet<String>();
        names.addAll(tableKeys.attributeNames());
        if (indexName == null) {
            return new Target(null, tableKeys.asIndexKey(), table.primaryIndex(), List.copyOf(names));
        }
        var gsi = table.index(indexName).orElseThrow(() -> new InvalidRequestException(
                "The table does not have the specified index: " + indexName));
        var gsiKeys = gsi.key();
        names.addAll(gsiKeys.attributeNames());
        var index = indexes.computeIfAbsent(indexName, name -> KeyIndex.build(table.items(), gsiKeys, tableKeys));
        return new Target(gsi, gsiKeys, index, List.copyOf(names));
    }

    /** DynamoDB checks a start key has exactly the key attributes, with the schema's types. */
    private void checkStartKey(Map<String, AttributeValue> startKey, Target target) {
        if (startKey.size() != target.startKeyNames().size() || !startKey.keySet().containsAll(target.startKeyNames())) {
            throw new InvalidRequestException("The provided starting key is invalid");
        }
        var keys = new ArrayList<IndexKey>(List.of(table.keySchema().asIndexKey()));
        if (target.gsi() != null) {
            keys.add(target.keys());
        }
        for (var key : keys) {
            if (!KeyIndex.holdsKeys(new Item(startKey), key)) {
                throw new InvalidRequestException("The provided starting key is invalid: The provided key element does not match the schema");
            }
        }
    }
}
