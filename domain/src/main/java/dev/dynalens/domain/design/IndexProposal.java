package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeyOrder;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A new global secondary index for one access pattern of an existing table, as the design planner would key it: the
 * partition key from the attributes the pattern gives by equality, each with its label ({@code GSI2PK = STATUS#{status}}),
 * the sort key the attribute it orders by or ranges over ({@code GSI2SK = {createdAt}}; a number attribute alone makes a
 * number key, so 10 sorts after 9), no sort key for a pattern of equalities only. Only the entity's items are written the
 * new key attributes (by a backfill of {@link #keyTemplates}), so the index holds them alone (a sparse index) and its
 * partitions need no entity label. The index is named after the table's: the first {@code GSIn} whose name and key
 * attributes {@code GSInPK}/{@code GSInSK} nothing of the table uses yet.
 *
 * @param index     the index to create: global, projecting every attribute, its key types decided
 * @param partition the value template of the index's partition key attribute
 * @param sort      the sort key attribute's, or null when the index has none
 * @param pattern   the pattern as the index serves it: one Query, its key condition as value templates
 * @param reasons   why each choice, one line each
 */
public record IndexProposal(String tableName, String entity, IndexDescription index, ValueTemplate partition, ValueTemplate sort,
                            PatternDesign pattern, List<String> reasons) {
    /** DynamoDB's default quota of global secondary indexes per table (Developer Guide, Service quotas). */
    public static final int MAX_GLOBAL_INDEXES = 20;

    public IndexProposal {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(entity, "entity");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(pattern, "pattern");
        reasons = List.copyOf(reasons);
    }

    /** Why no index is proposed: a sentence for the person, naming what to change. */
    public static final class NotProposedException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public NotProposedException(String message) {
            super(message);
        }
    }

    /**
     * Proposes the index.
     *
     * @param attributes the entity's attributes, each with the types its items hold it in (as the table's analysis found them)
     * @param taken      every attribute name the table's items have, of any entity: the new key attributes are none of them
     * @param indexName  the index's name, or null for the first free {@code GSIn}
     * @throws NotProposedException when the pattern cannot be served by one index of the entity's own attributes
     */
    public static IndexProposal propose(TableDescription table, String entity, Map<String, Set<AttributeType>> attributes, Set<String> taken,
                                        AccessPattern pattern, String indexName) {
        if (pattern.isCollection()) {
            throw new NotProposedException(pattern.name() + " returns several entities: an index added for one reads one entity's items");
        }
        if (!pattern.entity().equals(entity)) {
            throw new NotProposedException(pattern.name() + " reads " + pattern.entity() + ", not " + entity);
        }
        if (pattern.equals().isEmpty()) {
            throw new NotProposedException(pattern.name() + " gives no attribute by equality: an index's partition key is built from one "
                    + "(a constant one would put every " + entity + " item in one partition)");
        }
        if (pattern.between() != null && pattern.sortBy() != null && !pattern.between().equals(pattern.sortBy())) {
            throw new NotProposedException(pattern.name() + " ranges over " + pattern.between() + " and orders by " + pattern.sortBy()
                    + ": one sort key serves one of them");
        }
        if (table.globalSecondaryIndexes().size() >= MAX_GLOBAL_INDEXES) {
            throw new NotProposedException(table.name() + " has " + table.globalSecondaryIndexes().size() + " global secondary indexes, "
                    + "DynamoDB's default quota of " + MAX_GLOBAL_INDEXES);
        }
        var order = pattern.orderAttribute().orElse(null);
        for (var attribute : pattern.equals()) {
            if (attribute.equals(order)) {
                throw new NotProposedException(pattern.name() + " gives " + attribute + " by equality and orders or ranges by it too");
            }
            var types = typesOf(entity, attributes, attribute);
            if (types.stream().anyMatch(type -> type != AttributeType.S && type != AttributeType.N && type != AttributeType.BOOL)) {
                throw new NotProposedException(entity + "." + attribute + " is " + types + ": a key is built from strings, numbers and booleans");
            }
        }
        boolean numeric = false;
        if (order != null) {
            var types = typesOf(entity, attributes, order);
            if (types.size() != 1 || !(types.contains(AttributeType.S) || types.contains(AttributeType.N))) {
                throw new NotProposedException(entity + "." + order + " is " + String.join(" and ", types.stream().map(Enum::name).toList())
                        + ": a sort key has one type, a string or a number");
            }
            numeric = types.contains(AttributeType.N);
        }
        var name = indexName != null ? indexName : freeName(table, taken);
        if (table.index(name).isPresent()) {
            throw new NotProposedException(table.name() + " has an index named " + name + " already");
        }
        var partitionKey = name + "PK";
        var sortKey = order == null ? null : name + "SK";
        for (var key : new String[] {partitionKey, sortKey}) {
            if (key != null && (taken.contains(key) || keyAttributes(table).contains(key))) {
                throw new NotProposedException("the items of " + table.name() + " have an attribute " + key + " already: name the index otherwise");
            }
        }
        var segments = new ArrayList<Object>();
        for (var attribute : pattern.equals()) {
            segments.add(Naming.labelOf(attribute));
            segments.add(new ValueTemplate.Value(attribute));
        }
        var partition = ValueTemplate.joined(segments);
        var sort = order == null ? null : ValueTemplate.of(new ValueTemplate.Value(order));
        var keys = new KeySchema(new KeySchema.KeyAttribute(partitionKey, KeySchema.ScalarType.S),
                sortKey == null ? null : new KeySchema.KeyAttribute(sortKey, numeric ? KeySchema.ScalarType.N : KeySchema.ScalarType.S));
        var index = new IndexDescription(name, IndexDescription.Kind.GLOBAL, keys, IndexDescription.Projection.ALL, List.of(), null, null, null);
        var reasons = new ArrayList<String>();
        reasons.add(partitionKey + " " + partition + ": " + pattern.name() + " gives " + String.join(" and ", pattern.equals())
                + " by equality");
        if (sort != null) {
            reasons.add(sortKey + " " + sort + ": " + pattern.name() + (pattern.between() != null ? " reads a range of " : " orders by ") + order
                    + (numeric ? "; a number key, so numbers sort as numbers" : ""));
        } else {
            reasons.add("no sort key: " + pattern.name() + " gives no order and no range");
        }
        reasons.add("only " + entity + " items are written " + partitionKey + ", so " + name + " holds them alone (a sparse index) and "
                + "projects every attribute, as reading from the table does");
        var condition = condition(partitionKey, partition, sortKey, pattern);
        boolean forward = order == null || !pattern.descending();
        var design = PatternDesign.served(pattern.name(), List.of(entity), ReadOperation.QUERY, name, condition, forward, pattern.limit())
                .withReason("Query " + name + ": " + condition.expression() + (forward ? "" : ", ScanIndexForward false"));
        return new IndexProposal(table.name(), entity, index, partition, sort, design, reasons);
    }

    private static Set<AttributeType> typesOf(String entity, Map<String, Set<AttributeType>> attributes, String attribute) {
        var types = attributes.get(attribute);
        if (types == null || types.isEmpty()) {
            throw new NotProposedException("no " + entity + " item has an attribute " + attribute + " (they have: "
                    + String.join(", ", attributes.keySet()) + ")");
        }
        return types;
    }

    private static Set<String> keyAttributes(TableDescription table) {
        var names = new HashSet<String>(table.keySchema().attributeNames());
        table.indexes().forEach(index -> names.addAll(index.key().attributeNames()));
        return names;
    }

    private static String freeName(TableDescription table, Set<String> taken) {
        var keys = keyAttributes(table);
        for (int n = 1; ; n++) {
            var name = "GSI" + n;
            if (table.index(name).isEmpty() && !taken.contains(name + "PK") && !taken.contains(name + "SK")
                    && !keys.contains(name + "PK") && !keys.contains(name + "SK")) {
                return name;
            }
        }
    }

    private static KeyConditionTemplate condition(String partitionKey, ValueTemplate partition, String sortKey, AccessPattern pattern) {
        if (pattern.between() == null) {
            return KeyConditionTemplate.partitionOnly(partitionKey, partition);
        }
        var from = ValueTemplate.of(new ValueTemplate.Value(pattern.between(), ValueTemplate.Bound.FROM));
        var to = ValueTemplate.of(new ValueTemplate.Value(pattern.between(), ValueTemplate.Bound.TO));
        return new KeyConditionTemplate(partitionKey, partition, sortKey, SortKeyCondition.Operator.BETWEEN, from, to);
    }

    /** The index's key attributes and what each is written from: the backfill's {@code set}. */
    public Map<String, ValueTemplate> keyTemplates() {
        var templates = new LinkedHashMap<String, ValueTemplate>();
        templates.put(index.singleKey("a proposed index").partitionKeyName(), partition);
        if (sort != null) {
            templates.put(index.singleKey("a proposed index").sortKeyName(), sort);
        }
        return templates;
    }

    /**
     * The pattern's parameters from one item: its equality values, and a range of its own value alone; empty when the item
     * lacks one of them.
     */
    public Optional<Map<String, AttributeValue>> parametersFrom(Item item) {
        var parameters = new LinkedHashMap<String, AttributeValue>();
        var source = pattern.condition();
        for (var attribute : partition.attributes()) {
            var value = item.attributes().get(attribute);
            if (value == null) {
                return Optional.empty();
            }
            parameters.put(attribute, value);
        }
        if (source.operator() == SortKeyCondition.Operator.BETWEEN) {
            var attribute = sort.attributes().get(0);
            var value = item.attributes().get(attribute);
            if (value == null) {
                return Optional.empty();
            }
            parameters.put(attribute + ":from", value);
            parameters.put(attribute + ":to", value);
        }
        return Optional.of(parameters);
    }

    /**
     * What the pattern's Query on the index returns for these parameters, worked out from the items as written: those
     * holding the partition key's value and a sort key within the condition, in the index's order, cut at the limit.
     */
    public List<Item> expected(Collection<Item> written, Map<String, AttributeValue> parameters) {
        var condition = pattern.condition();
        var partitionKey = index.singleKey("a proposed index").partitionKeyName();
        var sortKey = index.singleKey("a proposed index").sortKeyName();
        var value = condition.partitionValue(parameters::get);
        var range = condition.sortCondition(parameters::get);
        var found = new ArrayList<Item>();
        for (var item : written) {
            if (!value.equals(item.attributes().get(partitionKey))) {
                continue;
            }
            if (sortKey != null && !item.has(sortKey)) {
                continue;
            }
            if (range != null && !KeyOrder.matches(range, item.attributes().get(sortKey))) {
                continue;
            }
            found.add(item);
        }
        if (sortKey != null) {
            Comparator<Item> order = Comparator.comparing(item -> item.attributes().get(sortKey), KeyOrder.COMPARATOR);
            found.sort(pattern.scanIndexForward() ? order : order.reversed());
        }
        return pattern.limit() > 0 && found.size() > pattern.limit() ? List.copyOf(found.subList(0, pattern.limit())) : found;
    }

    /**
     * What is wrong with what the Query returned against what it should have, or empty when it returned exactly those items
     * (by their table keys) in the index's order. Items tied on the sort key may come in any order; of those tied at a
     * limit, any may be cut.
     */
    public Optional<String> compare(List<Item> returned, List<Item> expected, KeySchema tableKeys) {
        var sortKey = index.singleKey("a proposed index").sortKeyName();
        var want = keys(expected, tableKeys);
        var got = keys(returned, tableKeys);
        if (pattern.limit() == 0 || expected.size() < pattern.limit()) {
            var missing = new ArrayList<>(want);
            missing.removeAll(got);
            var extra = new ArrayList<>(got);
            extra.removeAll(want);
            if (!missing.isEmpty()) {
                return Optional.of("it did not return " + missing.size() + " of the " + want.size() + " " + entity + " item(s) written, first "
                        + missing.get(0));
            }
            if (!extra.isEmpty()) {
                return Optional.of("it returned " + extra.size() + " item(s) the backfill did not write, first " + extra.get(0));
            }
        } else if (returned.size() != expected.size()) {
            return Optional.of("it returned " + returned.size() + " item(s), not the limit of " + pattern.limit());
        }
        if (sortKey != null) {
            for (int i = 1; i < returned.size(); i++) {
                int compared = KeyOrder.compare(returned.get(i - 1).attributes().get(sortKey), returned.get(i).attributes().get(sortKey));
                if (pattern.scanIndexForward() ? compared > 0 : compared < 0) {
                    return Optional.of("it returned " + keys(List.of(returned.get(i)), tableKeys).get(0) + " out of "
                            + sortKey + "'s order");
                }
            }
        }
        return Optional.empty();
    }

    private static List<String> keys(List<Item> items, KeySchema tableKeys) {
        return items.stream().map(item -> KeyText.named(item, tableKeys.partitionKeyName(), tableKeys.sortKeyName())).toList();
    }
}
