package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * Random pattern files within the shapes the planner supports: one to five entities with an id of their own, a
 * reference to a parent, an id within a parent or an edge between two parents; one to six patterns with up to two
 * equality attributes, a range and an order (sometimes on two attributes, which no request can serve), limits, and
 * item collections of a parent and a child.
 */
public final class RandomPatternSets {
    private static final List<String> ENTITY_NAMES = List.of("Account", "Order", "Device", "Ticket", "Note", "Team", "Player");
    private static final List<String> ATTRIBUTE_NAMES = List.of("status", "createdAt", "name", "score", "price", "title", "dueDate",
            "category", "active", "note", "region", "level", "amount", "tags");

    private RandomPatternSets() {
    }

    public static PatternsFile patternSet(Random random) {
        int count = 1 + random.nextInt(5);
        var names = new ArrayList<>(ENTITY_NAMES);
        Collections.shuffle(names, random);
        var entities = new ArrayList<EntitySpec>();
        for (int i = 0; i < count; i++) {
            entities.add(entity(names.get(i), entities, random));
        }
        var patterns = new ArrayList<AccessPattern>();
        int patternCount = 1 + random.nextInt(6);
        for (int i = 0; i < patternCount; i++) {
            patterns.add(pattern("p" + (i + 1), entities, random));
        }
        return new PatternsFile(entities, patterns);
    }

    private static EntitySpec entity(String name, List<EntitySpec> earlier, Random random) {
        var attributes = new LinkedHashMap<String, AttributeType>();
        var id = new ArrayList<String>();
        var own = Character.toLowerCase(name.charAt(0)) + name.substring(1) + "Id";
        var parents = earlier.stream().filter(e -> e.id().size() == 1).toList();
        int shape = random.nextInt(parents.size() >= 2 ? 4 : parents.isEmpty() ? 1 : 3);
        switch (shape) {
            case 0 -> id.add(own); // an id of its own
            case 1 -> { // its own id and a reference to a parent
                id.add(own);
                reference(attributes, parents.get(random.nextInt(parents.size())));
            }
            case 2 -> { // identified within its parent: [parentId, own]
                var parent = parents.get(random.nextInt(parents.size()));
                reference(attributes, parent);
                id.add(parent.id().getFirst());
                id.add(own);
            }
            default -> { // an edge between two parents
                var shuffled = new ArrayList<>(parents);
                Collections.shuffle(shuffled, random);
                for (var parent : shuffled.subList(0, 2)) {
                    reference(attributes, parent);
                    id.add(parent.id().getFirst());
                }
            }
        }
        if (id.contains(own)) {
            attributes.put(own, random.nextInt(5) == 0 ? AttributeType.N : AttributeType.S);
        }
        var pool = new ArrayList<>(ATTRIBUTE_NAMES);
        Collections.shuffle(pool, random);
        for (var attribute : pool.subList(0, 1 + random.nextInt(4))) {
            attributes.put(attribute, switch (attribute) {
                case "score", "price", "amount", "level" -> AttributeType.N;
                case "active" -> AttributeType.BOOL;
                case "note" -> AttributeType.M;
                case "tags" -> AttributeType.SS;
                default -> AttributeType.S;
            });
        }
        return new EntitySpec(name, id, attributes);
    }

    /** The parent's id, of the parent's type. */
    private static void reference(Map<String, AttributeType> attributes, EntitySpec parent) {
        var id = parent.id().getFirst();
        attributes.put(id, parent.typeOf(id));
    }

    private static AccessPattern pattern(String name, List<EntitySpec> entities, Random random) {
        var entity = entities.get(random.nextInt(entities.size()));
        var keyable = entity.attributes().entrySet().stream()
                .filter(e -> e.getValue() == AttributeType.S || e.getValue() == AttributeType.N || e.getValue() == AttributeType.BOOL)
                .map(Map.Entry::getKey).collect(Collectors.toCollection(ArrayList::new));
        Collections.shuffle(keyable, random);
        // an item collection: a parent with the children that reference it
        if (random.nextInt(6) == 0) {
            for (var child : entities) {
                for (var parent : entities) {
                    if (parent != child && parent.id().size() == 1 && child.has(parent.id().getFirst()) && !child.name().equals(parent.name())) {
                        return new AccessPattern(name, List.of(parent.name(), child.name()), List.of(parent.id().getFirst()), null, null,
                                false, 0, 0, 0);
                    }
                }
            }
        }
        int equalsCount = Math.min(keyable.size(), random.nextInt(3));
        var equals = new ArrayList<>(keyable.subList(0, equalsCount));
        var rest = keyable.subList(equalsCount, keyable.size());
        String between = null;
        String sortBy = null;
        if (!rest.isEmpty()) {
            switch (random.nextInt(5)) {
                case 0 -> between = rest.getFirst();
                case 1 -> sortBy = rest.getFirst();
                case 2 -> {
                    between = rest.getFirst();
                    sortBy = rest.getFirst();
                }
                case 3 -> {
                    if (rest.size() > 1) { // not servable: a range on one attribute, an order by another
                        between = rest.get(0);
                        sortBy = rest.get(1);
                    }
                }
                default -> { }
            }
        }
        boolean descending = (between != null || sortBy != null) && random.nextBoolean();
        int limit = random.nextInt(3) == 0 ? 1 + random.nextInt(4) : 0;
        return new AccessPattern(name, List.of(entity.name()), equals, between, sortBy, descending, limit, 0, 0);
    }
}
