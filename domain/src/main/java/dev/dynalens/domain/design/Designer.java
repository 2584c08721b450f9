package dev.dynalens.domain.design;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.capacity.ItemSizeCalculator;
import dev.dynalens.domain.capacity.ReadConsistency;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.SortKeyCondition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Turns a patterns file into a {@link TableDesign}, pure: which attributes make the keys is {@link KeyPlanner}'s, this
 * writes the templates (generic key names {@code PK}, {@code SK}, {@code GSI1PK}…, an entity label where entities share
 * a partition), the one request per pattern, the samples with their keys, the costs, the reasons and the warnings.
 *
 * <p>The rules, with the sources that teach them, are in {@code docs/design.md}.
 */
public final class Designer {
    private static final Pattern LOW_CARDINALITY = Pattern.compile(
            "(?i).*(status|state|type|kind|category|country|region|severity|priority|level|role|gender|active|enabled|flag|currency|language).*");
    private static final Pattern NUMBER_LIKE = Pattern.compile(
            "(?i).*(score|count|amount|price|total|quantity|qty|rank|points|rating|balance|weight|height|age|number|size).*");
    /** Letters of any script (Character.isLetter; with their combining marks) and digits (isDigit) are a name's. */
    private static final Pattern ENTITY_NAME = Pattern.compile("[\\p{L}_][\\p{L}\\p{M}\\p{Nd}_]*");
    private static final Pattern KEY_NAME = Pattern.compile("PK|SK|GSI\\d+PK|GSI\\d+SK");
    /** DynamoDB's limit on the data of one partition key value in a table with a local secondary index. */
    private static final long ITEM_COLLECTION_LIMIT = 10L * 1024 * 1024 * 1024;

    private final PatternsFile file;
    private final Naming naming;
    private final KeyPlanner planner;
    private final KeyPlanner.Plan plan;
    /** Per index, per entity: the sort key's segments (a String literal or a {@link ValueTemplate.Value}). */
    private final List<Map<String, List<Object>>> sortSegments = new ArrayList<>();
    private final List<Map<String, List<Object>>> partitionSegments = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    private Designer(PatternsFile file) {
        this.file = file;
        this.naming = new Naming(file);
        this.planner = new KeyPlanner(file, naming);
        this.plan = planner.plan();
    }

    /**
     * @throws PatternsException when the file cannot be designed from: an entity without id, an attribute named like a
     *                           key of the table, a nested path (those are for checking an existing table)
     */
    public static TableDesign design(PatternsFile file) {
        validate(file);
        return new Designer(file).build();
    }

    static void validate(PatternsFile file) {
        var problems = new ArrayList<PatternsProblem>();
        for (var entity : file.entities()) {
            var at = PatternsFile.path("entities", entity.name());
            if (!ENTITY_NAME.matcher(entity.name()).matches()) {
                problems.add(file.problemAt(at, "entity name '" + entity.name() + "' is not a name (letters, digits and _, not starting "
                        + "with a digit); a design writes it into keys"));
            }
            if (entity.id().isEmpty()) {
                problems.add(file.problemAt(at, "entity " + entity.name() + " has no id: name the attributes that identify one item"));
            }
            for (var attribute : entity.attributes().entrySet()) {
                var attributePath = PatternsFile.path(at, "attributes", attribute.getKey());
                if (KEY_NAME.matcher(attribute.getKey()).matches()) {
                    problems.add(file.problemAt(attributePath, attribute.getKey() + " is a key attribute of the designed table; rename it"));
                } else if (attribute.getKey().contains(".") || attribute.getKey().contains("[")) {
                    problems.add(file.problemAt(attributePath, attribute.getKey() + " is a nested path: a design names top-level "
                            + "attributes (paths are for checking an existing table)"));
                }
            }
            for (var attribute : entity.attributes().entrySet()) {
                var other = file.entities().stream().filter(o -> o != entity && o.id().equals(List.of(attribute.getKey()))).findFirst();
                if (other.isPresent() && other.get().typeOf(attribute.getKey()) != attribute.getValue()) {
                    problems.add(file.problemAt(PatternsFile.path(at, "attributes", attribute.getKey()), entity.name() + "." + attribute.getKey()
                            + " is " + attribute.getValue() + ", but it is the id of " + other.get().name() + ", which is "
                            + other.get().typeOf(attribute.getKey()) + ": give both the same type"));
                }
            }
            for (var id : entity.id()) {
                var type = entity.attributes().get(id);
                if (type != null && type != AttributeType.S && type != AttributeType.N) {
                    problems.add(file.problemAt(PatternsFile.path(at, "id", id), "id attribute " + id + " is " + type
                            + "; an id that goes into keys is a string or a number"));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new PatternsException(problems);
        }
    }

    private TableDesign build() {
        writeSegments();
        var keySchema = new KeySchema(new KeySchema.KeyAttribute(partitionKeyName(0), KeySchema.ScalarType.S),
                new KeySchema.KeyAttribute(sortKeyName(0), KeySchema.ScalarType.S));
        var samples = samples();
        var samplesByEntity = new LinkedHashMap<String, List<Item>>();
        file.entities().forEach(e -> samplesByEntity.put(e.name(), new ArrayList<>()));
        samples.forEach(s -> samplesByEntity.get(s.entity()).add(s.item()));
        var sizes = new HashMap<String, Long>();
        for (var entity : file.entities()) {
            sizes.put(entity.name(), entity.expectedItemSize().orElse(samplesByEntity.get(entity.name()).stream()
                    .mapToLong(ItemSizeCalculator::sizeOf).max().orElse(0)));
        }
        var indexes = indexes();
        var patterns = new ArrayList<PatternDesign>();
        for (var pattern : file.accessPatterns()) {
            patterns.add(pattern(pattern, samplesByEntity, sizes));
        }
        var entities = new ArrayList<EntityDesign>();
        for (var entity : file.entities()) {
            entities.add(entity(entity, sizes.get(entity.name())));
        }
        warnAboutPartitions(sizes, samples);
        warnAboutNumbersAsText();
        var reasons = new ArrayList<String>();
        reasons.add("PK and SK are generic names: every entity writes its own key into them, so several entities share the "
                + "table and items that are read together share a partition");
        indexes.forEach(index -> reasons.add(index.name() + ": " + index.reason()));
        return new TableDesign(file.tableName().orElse("Design"), keySchema, indexes, entities, patterns, samples, reasons, warnings, file);
    }

    // --- key names and templates ---

    private static String partitionKeyName(int index) {
        return index == 0 ? "PK" : "GSI" + index + "PK";
    }

    private static String sortKeyName(int index) {
        return index == 0 ? "SK" : "GSI" + index + "SK";
    }

    private static String indexName(int index) {
        return index == 0 ? null : "GSI" + index;
    }

    private void writeSegments() {
        for (int index = 0; index < plan.indexes.size(); index++) {
            var partitions = new LinkedHashMap<String, List<Object>>();
            var raw = new LinkedHashMap<String, List<Object>>();
            plan.indexes.get(index).forEach((entity, shape) -> {
                partitions.put(entity, partitionSegments(entity, shape));
                raw.put(entity, rawSortSegments(entity, shape));
            });
            partitionSegments.add(partitions);
            var sorts = new LinkedHashMap<String, List<Object>>();
            for (var group : planner.groups(index).values()) {
                label(index, group, raw, sorts);
            }
            var ordered = new LinkedHashMap<String, List<Object>>();
            plan.indexes.get(index).keySet().forEach(e -> ordered.put(e, sorts.get(e)));
            sortSegments.add(ordered);
        }
    }

    private List<Object> partitionSegments(String entity, KeyPlanner.Shape shape) {
        var segments = new ArrayList<Object>();
        if (shape.partition().isEmpty()) {
            segments.add(naming.entityLabel(entity));
        }
        for (var attribute : shape.partition()) {
            segments.add(naming.attributeLabel(attribute));
            segments.add(new ValueTemplate.Value(attribute));
        }
        return segments;
    }

    /** The sort key without an entity label; an edge names what its references point at ({@code USER#{userId}}). */
    private List<Object> rawSortSegments(String entity, KeyPlanner.Shape shape) {
        var segments = new ArrayList<Object>();
        boolean edge = naming.isEdge(entity);
        for (var attribute : shape.sequence()) {
            if (edge && !shape.numeric() && naming.isReference(entity, attribute)) {
                segments.add(naming.attributeLabel(attribute));
            }
            segments.add(new ValueTemplate.Value(attribute));
        }
        return segments;
    }

    /**
     * Entities whose partition keys are alike share partitions, so their sort keys must start with different literals
     * for a Query to read one entity's items alone: the entity's label ({@code ORDER#…}), or an edge's own first literal
     * when no other entity there starts with it. On the table every entity's sort key starts with a literal, so the
     * table reads as DeBrie's charts do; on an index an entity alone in its partitions needs none.
     */
    private void label(int index, List<String> group, Map<String, List<Object>> raw, Map<String, List<Object>> sorts) {
        var taken = new HashSet<String>();
        var keepRaw = new ArrayList<String>();
        for (var entity : group) {
            var segments = raw.get(entity);
            boolean numeric = plan.indexes.get(index).get(entity).numeric();
            boolean startsWithLiteral = segments.get(0) instanceof String;
            // a string key that is one number (or boolean) alone would read as a number key: it gets its label
            boolean oneNonString = !numeric && segments.size() == 1 && segments.get(0) instanceof ValueTemplate.Value v
                    && file.requireEntity(entity).typeOf(v.attribute()) != AttributeType.S;
            if (numeric || (index > 0 && group.size() == 1 && !oneNonString) || startsWithLiteral) {
                keepRaw.add(entity);
            } else {
                sorts.put(entity, labelled(entity, segments));
                taken.add(naming.entityLabel(entity));
            }
        }
        for (var entity : keepRaw) {
            var segments = raw.get(entity);
            if (segments.get(0) instanceof String literal && !taken.add(literal)) {
                sorts.put(entity, labelled(entity, segments));
            } else {
                sorts.put(entity, segments);
            }
        }
    }

    private List<Object> labelled(String entity, List<Object> segments) {
        var labelled = new ArrayList<Object>();
        labelled.add(naming.entityLabel(entity));
        labelled.addAll(segments);
        return labelled;
    }

    private ValueTemplate partitionTemplate(int index, String entity) {
        return ValueTemplate.joined(partitionSegments.get(index).get(entity));
    }

    private ValueTemplate sortTemplate(int index, String entity) {
        return ValueTemplate.joined(sortSegments.get(index).get(entity));
    }

    private List<IndexDesign> indexes() {
        var indexes = new ArrayList<IndexDesign>();
        for (int index = 1; index < plan.indexes.size(); index++) {
            var numeric = plan.numeric.get(index);
            var schema = new KeySchema(new KeySchema.KeyAttribute(partitionKeyName(index), KeySchema.ScalarType.S),
                    new KeySchema.KeyAttribute(sortKeyName(index), numeric ? KeySchema.ScalarType.N : KeySchema.ScalarType.S));
            var entities = List.copyOf(plan.indexes.get(index).keySet());
            var reason = new StringBuilder(entities.size() > 1 ? "overloaded: " + String.join(", ", entities) + " write their keys into it"
                    : "holds " + entities.get(0));
            reason.append("; items without ").append(partitionKeyName(index)).append(" are not in it (a sparse index)");
            if (numeric) {
                reason.append("; ").append(sortKeyName(index)).append(" is a number key, so numbers sort as numbers");
            }
            indexes.add(new IndexDesign(indexName(index), schema, entities, reason.toString()));
        }
        return indexes;
    }

    // --- samples ---

    private List<TableDesign.Sample> samples() {
        var generated = new SampleGenerator(file, naming).generate();
        var samples = new ArrayList<TableDesign.Sample>();
        generated.forEach((entity, items) -> {
            for (var attributes : items) {
                var item = new LinkedHashMap<String, AttributeValue>();
                for (int index = 0; index < plan.indexes.size(); index++) {
                    if (plan.indexes.get(index).containsKey(entity)) {
                        item.put(partitionKeyName(index), partitionTemplate(index, entity).fill(attributes));
                        item.put(sortKeyName(index), sortTemplate(index, entity).fill(attributes));
                    }
                }
                item.putAll(attributes);
                samples.add(new TableDesign.Sample(entity, new Item(item)));
            }
        });
        return samples;
    }

    // --- entities ---

    private EntityDesign entity(EntitySpec entity, long itemBytes) {
        var keys = new LinkedHashMap<String, ValueTemplate>();
        var indexes = new ArrayList<String>();
        var reasons = new ArrayList<String>();
        for (int index = 0; index < plan.indexes.size(); index++) {
            var shape = plan.indexes.get(index).get(entity.name());
            if (shape == null) {
                continue;
            }
            var pk = partitionTemplate(index, entity.name());
            var sk = sortTemplate(index, entity.name());
            keys.put(partitionKeyName(index), pk);
            keys.put(sortKeyName(index), sk);
            if (index > 0) {
                indexes.add(indexName(index));
            }
            reasons.add(keyReason(index, entity, shape, pk, sk));
        }
        var put = CapacityCalculator.putItem(itemBytes, OptionalLong.empty());
        var wcu = put.times(1L + indexes.size());
        double writes = file.accessPatterns().stream().filter(p -> p.entities().contains(entity.name()))
                .mapToDouble(AccessPattern::writes).max().orElse(0);
        reasons.add("a put writes " + itemBytes + " B to the table" + (indexes.isEmpty() ? "" : " and to " + String.join(", ", indexes))
                + ": " + wcu + " WCU");
        return new EntityDesign(entity.name(), keys, indexes, reasons, itemBytes, wcu,
                writes > 0 ? wcu.times((long) Math.ceil(writes)) : null);
    }

    private String keyReason(int index, EntitySpec entity, KeyPlanner.Shape shape, ValueTemplate pk, ValueTemplate sk) {
        var served = servedHere(index, entity.name());
        var where = index == 0 ? "" : indexName(index) + ": ";
        var text = new StringBuilder(where).append(partitionKeyName(index)).append(' ').append(pk).append(", ")
                .append(sortKeyName(index)).append(' ').append(sk);
        if (!served.isEmpty()) {
            text.append(": serves ").append(String.join(", ", served));
        } else if (index == 0) {
            text.append(": its id, so each item is found by it");
        }
        var group = planner.groups(index).get(planner.masked(entity.name(), shape));
        if (group.size() > 1) {
            text.append("; shares its partitions with ").append(String.join(", ", group.stream().filter(e -> !e.equals(entity.name())).toList()))
                    .append(", so ").append(sortKeyName(index)).append(" starts with ").append(sk.leadingText().isEmpty() ? "its value" : sk.leadingText());
        }
        if (shape.numeric()) {
            text.append("; a number key: ").append(shape.sequence().get(0)).append(" sorts as a number");
        } else {
            var ids = new HashSet<>(entity.id());
            var rest = shape.sequence().stream().filter(a -> !ids.contains(a)).toList();
            if (!rest.isEmpty()) {
                text.append("; ").append(String.join(", then ", rest)).append(" first in the sort key, in the order the patterns read")
                        .append(rest.size() < shape.sequence().size() ? ", the id last to keep keys unique" : "");
            }
        }
        if (index > 0 && naming.isEdge(entity.name()) && isInverted(index, entity.name())) {
            text.append("; the table's keys swapped (an inverted index): the adjacency list read from its other side");
        }
        return text.toString();
    }

    private boolean isInverted(int index, String entity) {
        return partitionTemplate(index, entity).equals(sortTemplate(0, entity)) && sortTemplate(index, entity).equals(partitionTemplate(0, entity));
    }

    private List<String> servedHere(int index, String entity) {
        var served = new ArrayList<String>();
        for (var pattern : file.accessPatterns()) {
            if (pattern.entities().contains(entity) && !plan.unservable.containsKey(pattern) && planner.servingIndex(requirement(pattern)) == index) {
                served.add(pattern.name());
            }
        }
        return served;
    }

    private KeyPlanner.Requirement requirement(AccessPattern pattern) {
        var order = pattern.orderAttribute().orElse(null);
        var numeric = order != null && file.requireEntity(pattern.entity()).typeOf(order) == AttributeType.N;
        return new KeyPlanner.Requirement(pattern, pattern.entities(), pattern.equals(), order, numeric);
    }

    // --- patterns ---

    private PatternDesign pattern(AccessPattern pattern, Map<String, List<Item>> samples, Map<String, Long> sizes) {
        var why = plan.unservable.get(pattern);
        int index = why == null ? planner.servingIndex(requirement(pattern)) : -1;
        if (index < 0) {
            return scan(pattern, why == null ? "no index of the design serves it" : why, samples, sizes);
        }
        var entity = pattern.entity();
        var shape = plan.indexes.get(index).get(entity);
        var condition = condition(pattern, index, shape);
        boolean getItem = index == 0 && !pattern.isCollection() && condition.operator() == SortKeyCondition.Operator.EQ;
        long items;
        CapacityUnits rcu;
        if (getItem) {
            rcu = CapacityCalculator.getItem(sizes.get(entity), ReadConsistency.EVENTUAL);
            items = 1;
        } else {
            var perEntity = itemsPerCall(pattern, samples);
            var itemSizes = new ArrayList<Long>();
            perEntity.forEach((name, count) -> {
                for (long i = 0; i < count; i++) {
                    itemSizes.add(sizes.get(name));
                }
            });
            items = itemSizes.size();
            rcu = CapacityCalculator.query(itemSizes, ReadConsistency.EVENTUAL);
        }
        boolean forward = pattern.orderAttribute().isEmpty() || !pattern.descending();
        var operation = getItem ? ReadOperation.GET_ITEM : ReadOperation.QUERY;
        var reason = requestReason(pattern, index, condition, forward, operation) + "; ≈" + items + (items == 1 ? " item" : " items")
                + " of " + sizes.get(entity) + " B" + (pattern.isCollection() ? " or so" : "") + ": " + rcu + " RCU (eventually consistent)";
        return PatternDesign.served(pattern.name(), pattern.entities(), operation, indexName(index), condition, forward, pattern.limit())
                .withCost(items, rcu, perSecond(rcu, pattern.reads())).withReason(reason);
    }

    private static CapacityUnits perSecond(CapacityUnits perCall, double rate) {
        return rate > 0 ? perCall.times((long) Math.ceil(rate)) : null;
    }

    /**
     * The key condition on the index: the partition key from the equality values; on the sort key, the literal and
     * equality parts that lead it (begins_with), or exactly the whole key when they are all of it (a GetItem on the
     * table), and a range on the order attribute that follows them (BETWEEN, {@code #~} after the upper bound when more
     * parts follow it).
     */
    private KeyConditionTemplate condition(AccessPattern pattern, int index, KeyPlanner.Shape shape) {
        var pk = partitionKeyName(index);
        var sk = sortKeyName(index);
        var partition = partitionTemplate(index, pattern.entity());
        if (pattern.isCollection()) {
            return KeyConditionTemplate.partitionOnly(pk, partition);
        }
        var order = pattern.orderAttribute().orElse(null);
        if (shape.numeric()) {
            return pattern.between() == null ? KeyConditionTemplate.partitionOnly(pk, partition)
                    : new KeyConditionTemplate(pk, partition, sk, SortKeyCondition.Operator.BETWEEN,
                    ValueTemplate.of(new ValueTemplate.Value(order, ValueTemplate.Bound.FROM)),
                    ValueTemplate.of(new ValueTemplate.Value(order, ValueTemplate.Bound.TO)));
        }
        var segments = sortSegments.get(index).get(pattern.entity());
        var equals = new HashSet<>(pattern.equals());
        var leading = new ArrayList<Object>();
        int next = 0;
        while (next < segments.size() && (segments.get(next) instanceof String
                || segments.get(next) instanceof ValueTemplate.Value v && equals.contains(v.attribute()))) {
            leading.add(segments.get(next));
            next++;
        }
        if (next == segments.size()) {
            return new KeyConditionTemplate(pk, partition, sk, SortKeyCondition.Operator.EQ, ValueTemplate.joined(segments), null);
        }
        boolean shared = planner.groups(index).get(planner.masked(pattern.entity(), shape)).size() > 1;
        boolean leadsWithValue = leading.stream().anyMatch(ValueTemplate.Value.class::isInstance);
        if (pattern.between() != null) {
            var from = new ArrayList<>(leading);
            from.add(new ValueTemplate.Value(order, ValueTemplate.Bound.FROM));
            var to = new ArrayList<>(leading);
            to.add(new ValueTemplate.Value(order, ValueTemplate.Bound.TO));
            var upper = ValueTemplate.joined(to);
            if (next + 1 < segments.size()) {
                upper = upper.plus(ValueTemplate.DELIMITER + ValueTemplate.UPPER_SUFFIX);
            }
            return new KeyConditionTemplate(pk, partition, sk, SortKeyCondition.Operator.BETWEEN, ValueTemplate.joined(from), upper);
        }
        if (!leading.isEmpty() && (shared || leadsWithValue)) {
            return new KeyConditionTemplate(pk, partition, sk, SortKeyCondition.Operator.BEGINS_WITH,
                    ValueTemplate.joined(leading).plus(ValueTemplate.DELIMITER), null);
        }
        return KeyConditionTemplate.partitionOnly(pk, partition);
    }

    private String requestReason(AccessPattern pattern, int index, KeyConditionTemplate condition, boolean forward,
                                 ReadOperation operation) {
        var on = index == 0 ? "the table" : indexName(index);
        if (operation == ReadOperation.GET_ITEM) {
            return "GetItem: the pattern gives the whole primary key (" + condition.partition() + ", " + condition.sort() + ")";
        }
        var text = new StringBuilder("Query on ").append(on).append(": the partition ").append(condition.partition());
        if (pattern.isCollection()) {
            text.append(" holds ").append(String.join(" and ", pattern.entities())).append(" alone (an item collection), read in one request");
            return text.toString();
        }
        switch (condition.operator() == null ? "" : condition.operator().name()) {
            case "BEGINS_WITH" -> text.append(", the items whose ").append(condition.sortKey()).append(" starts with ").append(condition.sort());
            case "BETWEEN" -> text.append(", ").append(condition.sortKey()).append(" between ").append(condition.sort()).append(" and ")
                    .append(condition.sortUpper()).append(condition.sortUpper().toString().endsWith(ValueTemplate.UPPER_SUFFIX)
                            ? " (#~ keeps the items on the upper bound, whatever follows it)" : "");
            case "EQ" -> text.append(", the items whose ").append(condition.sortKey()).append(" is ").append(condition.sort());
            default -> text.append(", all of it");
        }
        pattern.orderAttribute().ifPresent(order -> text.append(", in ").append(order).append(" order")
                .append(forward ? "" : ", largest first (ScanIndexForward false)"));
        if (pattern.limit() > 0) {
            text.append(", Limit ").append(pattern.limit());
        }
        return text.toString();
    }

    /**
     * How many items of each entity one call reads: 1 for a whole key; with expected counts, the entity's items per item
     * of the entity its partition names ({@code count(Order) / count(Customer)}); otherwise as many as the probe of the
     * samples that selects the most; never more than the limit in all.
     */
    private Map<String, Long> itemsPerCall(AccessPattern pattern, Map<String, List<Item>> samples) {
        var perEntity = new LinkedHashMap<String, Long>();
        var entity = file.requireEntity(pattern.entity());
        var owner = pattern.equals().size() == 1 ? naming.identified(pattern.equals().get(0)).flatMap(file::entity)
                .filter(o -> o.count() > 0) : java.util.Optional.<EntitySpec>empty();
        if (!pattern.isCollection() && new HashSet<>(pattern.equals()).containsAll(entity.id())) {
            perEntity.put(entity.name(), 1L);
        } else if (!pattern.isCollection() && entity.count() > 0 && pattern.equals().isEmpty()) {
            perEntity.put(entity.name(), entity.count());
        } else if (owner.isPresent() && pattern.entities().stream().allMatch(e -> file.requireEntity(e).count() > 0)) {
            for (var name : pattern.entities()) {
                perEntity.put(name, Math.max(1, -Math.floorDiv(-file.requireEntity(name).count(), owner.get().count())));
            }
        } else {
            var probe = ProofPlan.probes(pattern, samples).stream().max(java.util.Comparator.comparingInt(p -> p.expected().size()));
            for (var name : pattern.entities()) {
                var mine = samples.getOrDefault(name, List.of());
                perEntity.put(name, probe.map(p -> p.expected().stream().filter(mine::contains).count()).orElse(0L));
            }
        }
        long total = perEntity.values().stream().mapToLong(Long::longValue).sum();
        if (pattern.limit() > 0 && total > pattern.limit() && perEntity.size() == 1) {
            perEntity.put(entity.name(), (long) pattern.limit());
        }
        return perEntity;
    }

    private PatternDesign scan(AccessPattern pattern, String why, Map<String, List<Item>> samples, Map<String, Long> sizes) {
        long items = 0;
        long bytes = 0;
        for (var entity : file.entities()) {
            long count = entity.count() > 0 ? entity.count() : samples.get(entity.name()).size();
            items += count;
            bytes = Math.addExact(bytes, Math.multiplyExact(count, sizes.get(entity.name())));
        }
        var rcu = CapacityCalculator.scan(List.of(bytes), ReadConsistency.EVENTUAL);
        var reason = why + ". A Scan reads every item instead: ≈" + items + " items, " + bytes + " B: " + rcu + " RCU per call";
        return PatternDesign.scan(pattern.name(), pattern.entities(), pattern.limit()).withCost(items, rcu, perSecond(rcu, pattern.reads()))
                .withReason(reason);
    }

    // --- warnings ---

    private void warnAboutPartitions(Map<String, Long> sizes, List<TableDesign.Sample> samples) {
        for (int at = 0; at < plan.indexes.size(); at++) {
            final int index = at;
            for (var entry : plan.indexes.get(index).entrySet()) {
                var entity = file.requireEntity(entry.getKey());
                var partition = entry.getValue().partition();
                var key = partitionKeyName(index) + " " + partitionTemplate(index, entity.name());
                boolean lowCardinality = !partition.isEmpty() && partition.stream().allMatch(a -> entity.typeOf(a) == AttributeType.BOOL
                        || LOW_CARDINALITY.matcher(a).matches());
                double writes = file.accessPatterns().stream().filter(p -> p.entities().contains(entity.name()))
                        .mapToDouble(AccessPattern::writes).max().orElse(0);
                var rate = writes > 0 ? " (its patterns expect " + java.math.BigDecimal.valueOf(writes).stripTrailingZeros().toPlainString() + " puts per second)" : "";
                if (partition.isEmpty()) {
                    warnings.add("hot partition: " + key + " puts every " + entity.name() + " into one partition" + rate
                            + "; a partition serves at most 3,000 RCU and 1,000 WCU per second, so shard it (add a suffix such as #0 … #9) if it grows busy");
                } else if (lowCardinality) {
                    var example = samples.stream().filter(t -> t.entity().equals(entity.name())).findFirst()
                            .flatMap(t -> t.item().get(partitionKeyName(index))).map(v -> ValueTemplate.textOf(v, "")).orElse("one value");
                    warnings.add("hot partition: " + key + " has few distinct values, so many " + entity.name()
                            + " items share each partition (" + example + " holds every " + entity.name() + " with that "
                            + String.join(" and ", partition) + ")" + rate + "; a partition serves at most 3,000 RCU and 1,000 WCU "
                            + "per second, so shard it (add a suffix such as #0 … #9) if it grows busy");
                }
            }
        }
        for (var group : planner.groups(0).values()) {
            long bytes = 0;
            var members = new ArrayList<String>();
            for (var entity : group) {
                var spec = file.requireEntity(entity);
                var perPartition = itemsPerPartition(spec, plan.indexes.get(0).get(entity));
                if (perPartition > 0) {
                    bytes += perPartition * sizes.get(entity);
                    members.add(entity);
                }
            }
            if (bytes > ITEM_COLLECTION_LIMIT) {
                warnings.add("item collection " + partitionTemplate(0, group.get(0)) + " may grow to " + bytes / (1024 * 1024 * 1024)
                        + " GB (" + String.join(", ", members) + "): fine as designed, without a local secondary index, but an LSI "
                        + "added to this table would limit every item collection to 10 GB");
            }
        }
    }

    /** Expected items of the entity per partition on the table, from the counts given; 0 when unknown. */
    private long itemsPerPartition(EntitySpec entity, KeyPlanner.Shape shape) {
        if (new HashSet<>(shape.partition()).containsAll(entity.id())) {
            return 1;
        }
        if (entity.count() == 0 || shape.partition().size() != 1) {
            return 0;
        }
        return naming.identified(shape.partition().get(0)).flatMap(file::entity).filter(o -> o.count() > 0)
                .map(o -> -Math.floorDiv(-entity.count(), o.count())).orElse(0L);
    }

    private void warnAboutNumbersAsText() {
        Set<String> warned = new HashSet<>();
        for (var pattern : file.accessPatterns()) {
            var order = pattern.orderAttribute();
            if (order.isEmpty() || plan.unservable.containsKey(pattern)) {
                continue;
            }
            var entity = file.requireEntity(pattern.entity());
            if (entity.typeOf(order.get()) == AttributeType.S && NUMBER_LIKE.matcher(order.get()).matches()
                    && warned.add(entity.name() + "." + order.get())) {
                warnings.add("numbers sorted as strings: " + pattern.name() + " orders by " + entity.name() + "." + order.get()
                        + ", declared S; if it holds numbers, as text 10 sorts before 9 (declare it N for a number key)");
            }
        }
    }
}
