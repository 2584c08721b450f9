package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides which attributes make each entity's partition and sort keys on the table and on as few global secondary
 * indexes as the patterns need. Works on attribute names only; {@link Designer} writes the templates.
 *
 * <p>A pattern on entity E is served by an index when E's partition key there is built from attributes the pattern
 * gives by equality, and the rest of them, then the attribute it orders by, come first in E's sort key (a composite
 * sort key, Alex DeBrie's "hierarchical" sort key); an item collection when all its entities have the same partition
 * key there and no other entity shares it. The table gets, per entity, the shape that serves most of its patterns
 * (item collections first); the patterns left over are covered greedily, each time by the shape that serves most of
 * them, placed in the first index where the entity has no shape yet: that is GSI overloading, several entities' keys in
 * one index. An order by a number needs a sort key that is that number alone (a number key), which only an index can
 * have, since the table's sort key must be unique.
 */
final class KeyPlanner {
    /** DynamoDB's default quota of global secondary indexes per table. */
    static final int MAX_GLOBAL_INDEXES = 20;
    private static final Set<AttributeType> KEYABLE = Set.of(AttributeType.S, AttributeType.N, AttributeType.BOOL);

    /** A pattern as the planner reads it. */
    record Requirement(AccessPattern pattern, List<String> entities, List<String> equals, String order, boolean numeric) {
        boolean collection() {
            return entities.size() > 1;
        }

        Set<String> equalsSet() {
            return new HashSet<>(equals);
        }
    }

    /**
     * An entity's key on one index.
     *
     * @param partition the partition key's attributes, sorted by name (so equal sets make equal keys across entities)
     * @param sequence  the sort key's attributes in order; they end with the id attributes not in the partition (a table
     *                  key is unique; an index key is so too, which gives ties a fixed order)
     * @param numeric   the sort key is {@code sequence}'s one number attribute, as a number key
     */
    record Shape(List<String> partition, List<String> sequence, boolean numeric) {
        Shape {
            partition = List.copyOf(partition);
            sequence = List.copyOf(sequence);
        }
    }

    /** What was decided: index 0 is the table, index i the i-th GSI. */
    static final class Plan {
        final List<Map<String, Shape>> indexes = new ArrayList<>();
        final List<Boolean> numeric = new ArrayList<>();
        final List<Set<String>> closed = new ArrayList<>();
        final Map<AccessPattern, String> unservable = new LinkedHashMap<>();

        Plan() {
            addIndex(false);
        }

        int addIndex(boolean numericSortKey) {
            indexes.add(new LinkedHashMap<>());
            numeric.add(numericSortKey);
            closed.add(new HashSet<>());
            return indexes.size() - 1;
        }

        int globalIndexCount() {
            return indexes.size() - 1;
        }
    }

    private final PatternsFile file;
    private final Naming naming;
    private final Plan plan = new Plan();

    KeyPlanner(PatternsFile file, Naming naming) {
        this.file = file;
        this.naming = naming;
    }

    Plan plan() {
        var requirements = new ArrayList<Requirement>();
        for (var pattern : file.accessPatterns()) {
            var why = unservable(pattern);
            if (why != null) {
                plan.unservable.put(pattern, why);
            } else {
                var order = pattern.orderAttribute().orElse(null);
                var numeric = order != null && file.requireEntity(pattern.entity()).typeOf(order) == AttributeType.N;
                requirements.add(new Requirement(pattern, pattern.entities(), pattern.equals(), order, numeric));
            }
        }
        chooseTableKeys(requirements);
        var pending = new ArrayList<Requirement>();
        for (var requirement : requirements) {
            if (servingIndex(requirement) < 0) {
                pending.add(requirement);
            }
        }
        for (var collection : pending.stream().filter(Requirement::collection).toList()) {
            if (servingIndex(collection) < 0) {
                placeCollection(collection, pending);
            }
        }
        for (var entity : file.entities()) {
            coverEntity(entity.name(), pending);
        }
        return plan;
    }

    /** Why no one request can serve the pattern, whatever the keys; null when some design can. */
    private String unservable(AccessPattern pattern) {
        if (pattern.isCollection() && pattern.orderAttribute().isPresent()) {
            return "an item collection comes back in sort-key order across its entities; sortBy and between order one "
                    + "entity's items, so read the collection and order it, or split the pattern";
        }
        if (pattern.between() != null && pattern.sortBy() != null && !pattern.between().equals(pattern.sortBy())) {
            return "a Query takes a range on its sort key and returns items in that key's order: between "
                    + pattern.between() + " and sortBy " + pattern.sortBy() + " cannot both hold in one request";
        }
        for (var entity : pattern.entities()) {
            var spec = file.requireEntity(entity);
            var used = new ArrayList<>(pattern.equals());
            pattern.orderAttribute().ifPresent(used::add);
            for (var attribute : used) {
                var type = spec.typeOf(attribute);
                if (!KEYABLE.contains(type)) {
                    return attribute + " of " + entity + " is a " + type + " attribute; a key is built from strings, numbers and booleans";
                }
            }
        }
        return null;
    }

    // --- the table ---

    private void chooseTableKeys(List<Requirement> requirements) {
        var table = plan.indexes.get(0);
        for (var collection : requirements.stream().filter(Requirement::collection).toList()) {
            if (collection.entities().stream().anyMatch(table::containsKey)) {
                continue;
            }
            var wanted = new HashSet<>(collection.equals());
            long together = collection.entities().size();
            long apart = 0;
            var chosen = new LinkedHashMap<String, Shape>();
            for (var entity : collection.entities()) {
                var candidates = candidates(entity, requirements).stream().filter(this::fitsTable).toList();
                var best = best(entity, candidates.stream().filter(s -> new HashSet<>(s.partition()).equals(wanted)).toList(), requirements);
                if (best == null) {
                    chosen = null;
                    break;
                }
                chosen.put(entity, best);
                together += served(entity, best, requirements);
                var free = best(entity, candidates.stream().filter(s -> !plan.closed.get(0).contains(masked(entity, s))).toList(), requirements);
                apart += free == null ? 0 : served(entity, free, requirements);
            }
            if (chosen != null && together >= apart) {
                table.putAll(chosen);
                plan.closed.get(0).add(masked(collection.entities().get(0), chosen.get(collection.entities().get(0))));
            }
        }
        for (var entity : file.entities()) {
            if (table.containsKey(entity.name())) {
                continue;
            }
            var candidates = candidates(entity.name(), requirements).stream().filter(this::fitsTable)
                    .filter(s -> !plan.closed.get(0).contains(masked(entity.name(), s))).toList();
            var best = best(entity.name(), candidates, requirements);
            table.put(entity.name(), best != null ? best : idShape(entity.name()));
        }
    }

    private boolean fitsTable(Shape shape) {
        return !shape.numeric() && !shape.partition().isEmpty();
    }

    /**
     * The candidate serving most of the entity's requirements; among equals, the one that serves a GetItem (the
     * pattern gives exactly the id), then the one with fewer partition attributes, then the first made.
     */
    private Shape best(String entity, List<Shape> candidates, List<Requirement> requirements) {
        var ids = new HashSet<>(file.requireEntity(entity).id());
        return candidates.stream().max(Comparator.<Shape>comparingLong(s -> served(entity, s, requirements))
                .thenComparing(s -> requirements.stream().anyMatch(r -> r.entities().contains(entity) && !r.collection()
                        && r.order() == null && r.equalsSet().equals(ids) && fits(r, s)))
                .thenComparing(s -> -s.partition().size())
                .thenComparing(s -> -candidates.indexOf(s))).orElse(null);
    }

    private long served(String entity, Shape shape, List<Requirement> requirements) {
        return requirements.stream().filter(r -> r.entities().contains(entity) && fits(r, shape)).count();
    }

    // --- the indexes ---

    private void placeCollection(Requirement collection, List<Requirement> pending) {
        var wanted = new HashSet<>(collection.equals());
        var shapes = new LinkedHashMap<String, Shape>();
        for (var entity : collection.entities()) {
            var candidates = candidates(entity, pending).stream().filter(s -> !s.numeric() && new HashSet<>(s.partition()).equals(wanted)).toList();
            shapes.put(entity, best(entity, candidates, pending));
        }
        var masked = masked(collection.entities().get(0), shapes.get(collection.entities().get(0)));
        for (int index = 1; index <= MAX_GLOBAL_INDEXES; index++) {
            if (index == plan.indexes.size()) {
                plan.addIndex(false);
            }
            if (plan.numeric.get(index) || plan.closed.get(index).contains(masked)) {
                continue;
            }
            var shapesThere = plan.indexes.get(index);
            final int at = index;
            boolean free = collection.entities().stream().allMatch(e -> !shapesThere.containsKey(e))
                    && shapesThere.entrySet().stream().noneMatch(e -> masked(e.getKey(), e.getValue()).equals(masked));
            if (free) {
                shapesThere.putAll(shapes);
                plan.closed.get(at).add(masked);
                return;
            }
        }
        trimEmptyIndex();
        plan.unservable.put(collection.pattern(), tooManyIndexes());
    }

    /** Covers the entity's pending requirements, each time with the shape that serves most of them. */
    private void coverEntity(String entity, List<Requirement> pending) {
        var left = new ArrayList<>(pending.stream().filter(r -> !r.collection() && r.entities().contains(entity) && servingIndex(r) < 0).toList());
        while (!left.isEmpty()) {
            var candidates = candidates(entity, left);
            var best = best(entity, candidates, left);
            var index = place(entity, best);
            if (index < 0) {
                left.forEach(r -> plan.unservable.put(r.pattern(), tooManyIndexes()));
                return;
            }
            left.removeIf(r -> fits(r, best));
        }
    }

    /** The first index where the entity's shape can go: no shape of it there yet, a sort key of its type, no clash. */
    private int place(String entity, Shape shape) {
        var masked = masked(entity, shape);
        for (int index = 1; index <= MAX_GLOBAL_INDEXES; index++) {
            if (index == plan.indexes.size()) {
                plan.addIndex(shape.numeric());
            }
            var there = plan.indexes.get(index);
            if (there.isEmpty()) {
                plan.numeric.set(index, shape.numeric());
            }
            boolean clash = plan.closed.get(index).contains(masked)
                    // a number sort key has no room for a label that tells entities apart within a partition
                    || shape.numeric() && there.entrySet().stream().anyMatch(e -> masked(e.getKey(), e.getValue()).equals(masked));
            if (!there.containsKey(entity) && plan.numeric.get(index) == shape.numeric() && !clash) {
                there.put(entity, shape);
                return index;
            }
        }
        trimEmptyIndex();
        return -1;
    }

    private void trimEmptyIndex() {
        while (plan.indexes.size() > 1 && plan.indexes.get(plan.indexes.size() - 1).isEmpty()) {
            plan.indexes.remove(plan.indexes.size() - 1);
            plan.numeric.remove(plan.numeric.size() - 1);
            plan.closed.remove(plan.closed.size() - 1);
        }
    }

    private static String tooManyIndexes() {
        return "the other patterns already need " + MAX_GLOBAL_INDEXES + " global secondary indexes, DynamoDB's default quota per table";
    }

    // --- shapes ---

    /** The shapes worth trying for an entity: each requirement's own, each nesting of one in another, and its id. */
    private List<Shape> candidates(String entity, List<Requirement> requirements) {
        var mine = requirements.stream().filter(r -> r.entities().contains(entity)).toList();
        var shapes = new LinkedHashSet<Shape>();
        for (var r : mine) {
            shapes.add(r.numeric() ? new Shape(sorted(r.equals()), List.of(r.order()), true) : shape(entity, r.equals(), orderList(r)));
        }
        for (var outer : mine) {
            for (var inner : mine) {
                var innerSet = inner.equalsSet();
                if (outer.numeric() || outer.collection() || !outer.equalsSet().containsAll(innerSet) || outer.equalsSet().equals(innerSet)) {
                    continue;
                }
                var rest = new ArrayList<>(outer.equals().stream().filter(a -> !innerSet.contains(a)).toList());
                rest.addAll(orderList(outer));
                shapes.add(shape(entity, inner.equals(), rest));
            }
        }
        shapes.add(idShape(entity));
        return new ArrayList<>(shapes);
    }

    private static List<String> orderList(Requirement requirement) {
        return requirement.order() == null ? List.of() : List.of(requirement.order());
    }

    private Shape idShape(String entity) {
        return shape(entity, file.requireEntity(entity).id(), List.of());
    }

    /** A string shape: the partition, then these sort-key attributes and the ids not in the partition (or the ids again). */
    private Shape shape(String entity, List<String> partition, List<String> sortFirst) {
        var ids = file.requireEntity(entity).id();
        var sequence = new ArrayList<>(sortFirst);
        for (var id : ids) {
            if (!partition.contains(id) && !sequence.contains(id)) {
                sequence.add(id);
            }
        }
        if (sequence.isEmpty()) {
            sequence.addAll(ids);
        }
        return new Shape(sorted(partition), sequence, false);
    }

    private static List<String> sorted(List<String> attributes) {
        return attributes.stream().sorted().toList();
    }

    /**
     * Whether a shape serves a requirement: the partition is given by equality; the other equality attributes come
     * first in the sort key, the order attribute right after them.
     */
    static boolean fits(Requirement requirement, Shape shape) {
        var partition = new HashSet<>(shape.partition());
        var equals = requirement.equalsSet();
        if (requirement.collection()) {
            return !shape.numeric() && partition.equals(equals);
        }
        if (!equals.containsAll(partition)) {
            return false;
        }
        var rest = new HashSet<>(equals);
        rest.removeAll(partition);
        var sequence = shape.sequence();
        if (shape.numeric()) {
            return rest.isEmpty() && (requirement.order() == null || sequence.get(0).equals(requirement.order()));
        }
        if (requirement.numeric() || rest.size() > sequence.size() || !new HashSet<>(sequence.subList(0, rest.size())).equals(rest)) {
            return false;
        }
        return requirement.order() == null || sequence.size() > rest.size() && sequence.get(rest.size()).equals(requirement.order());
    }

    /** The first index whose shapes serve the requirement (an item collection's alone in its partition), or -1. */
    int servingIndex(Requirement requirement) {
        for (int index = 0; index < plan.indexes.size(); index++) {
            var there = plan.indexes.get(index);
            if (requirement.entities().stream().allMatch(e -> there.containsKey(e) && fits(requirement, there.get(e)))
                    && (!requirement.collection() || collectionAlone(requirement, there))) {
                return index;
            }
        }
        return -1;
    }

    private boolean collectionAlone(Requirement collection, Map<String, Shape> there) {
        var masked = masked(collection.entities().get(0), there.get(collection.entities().get(0)));
        for (var entry : there.entrySet()) {
            boolean same = masked(entry.getKey(), entry.getValue()).equals(masked);
            if (same != collection.entities().contains(entry.getKey())) {
                return false;
            }
        }
        return true;
    }

    /** The partition key with its values left out ({@code CUSTOMER#{}}): two entities with the same share partitions. */
    String masked(String entity, Shape shape) {
        if (shape.partition().isEmpty()) {
            return naming.entityLabel(entity);
        }
        var parts = new ArrayList<String>();
        for (var attribute : shape.partition()) {
            parts.add(naming.attributeLabel(attribute) + ValueTemplate.DELIMITER + "{}");
        }
        return String.join(ValueTemplate.DELIMITER, parts);
    }

    /** Entities in the index whose partition keys are alike, by the masked key. */
    Map<String, List<String>> groups(int index) {
        var groups = new HashMap<String, List<String>>();
        plan.indexes.get(index).forEach((entity, shape) -> groups.computeIfAbsent(masked(entity, shape), k -> new ArrayList<>()).add(entity));
        return groups;
    }
}
