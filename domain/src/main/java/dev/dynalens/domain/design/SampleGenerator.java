package dev.dynalens.domain.design;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Sample items for every entity, with realistic values picked by attribute name and type (names, e-mail addresses,
 * ISO dates, prices with cents, statuses) and relations that hold: an attribute that is another entity's one id
 * ({@code customerId} of an order) takes the id of a sample of that entity, so an order's customer exists; an edge's
 * pairs are distinct. The same file always gives the same samples (a seeded random), few enough to load in a moment
 * (three of each root entity, about two per parent of the others, at most {@value #MAX_PER_ENTITY}).
 *
 * <p>Values never hold {@code #} (the key delimiter) nor characters below it, and no value of an attribute is another's
 * prefix followed by a blank: a composite sort key then orders exactly as its attribute does.
 */
final class SampleGenerator {
    static final int MAX_PER_ENTITY = 12;
    private static final int ROOTS = 3;
    private static final List<String> NAMES = List.of("Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov",
            "Donald Knuth", "Margaret Hamilton", "Ken Thompson", "Frances Allen", "John Backus", "Radia Perlman", "Tim Berners-Lee");
    private static final List<String> TITLES = List.of("Quarterly report", "Launch checklist", "Migrate billing", "Onboarding guide",
            "Fix login timeout", "Design review", "Release notes", "Security audit", "Customer survey", "Holiday roster");
    private static final List<String> PRODUCTS = List.of("Espresso machine", "Hiking boots", "Desk lamp", "Wool blanket", "Chef knife",
            "Road bike", "Rain jacket", "Tea kettle", "Yoga mat", "Camping stove");
    private static final List<String> CITIES = List.of("Berlin", "Lisbon", "Osaka", "Toronto", "Nairobi", "Lima");
    private static final List<String> COUNTRIES = List.of("DE", "PT", "JP", "CA");
    private static final List<String> STATUSES = List.of("PENDING", "SHIPPED", "DELIVERED");
    private static final List<String> ROLES = List.of("OWNER", "ADMIN", "MEMBER");
    private static final List<String> CATEGORIES = List.of("kitchen", "outdoor", "office");
    private static final List<String> SEVERITIES = List.of("LOW", "HIGH", "CRITICAL");
    private static final List<String> SENTENCES = List.of("Arrived on time", "Please leave at the door", "Gift wrapped",
            "Call before delivery", "Second attempt", "Fragile contents");
    private static final LocalDateTime START = LocalDateTime.of(2024, 5, 1, 9, 0);

    private final PatternsFile file;
    private final Naming naming;
    private final Random random;
    private final Map<String, List<Map<String, AttributeValue>>> samples = new LinkedHashMap<>();

    SampleGenerator(PatternsFile file, Naming naming) {
        this.file = file;
        this.naming = naming;
        long seed = 17;
        for (var entity : file.entities()) {
            seed = seed * 31 + entity.name().hashCode() + entity.attributes().hashCode();
        }
        this.random = new Random(seed);
    }

    /** Entity name to its samples' attributes (no keys yet), in the file's entity order. */
    Map<String, List<Map<String, AttributeValue>>> generate() {
        for (var entity : dependencyOrder()) {
            samples.put(entity.name(), entity(entity));
        }
        var ordered = new LinkedHashMap<String, List<Map<String, AttributeValue>>>();
        file.entities().forEach(e -> ordered.put(e.name(), samples.get(e.name())));
        return ordered;
    }

    /** Parents before the entities that point at them; a cycle is broken where it closes. */
    private List<EntitySpec> dependencyOrder() {
        var order = new ArrayList<EntitySpec>();
        var visiting = new HashSet<String>();
        var done = new HashSet<String>();
        for (var entity : file.entities()) {
            visit(entity, visiting, done, order);
        }
        return order;
    }

    private void visit(EntitySpec entity, Set<String> visiting, Set<String> done, List<EntitySpec> order) {
        if (done.contains(entity.name()) || !visiting.add(entity.name())) {
            return;
        }
        for (var parent : naming.referencedBy(entity)) {
            visit(file.requireEntity(parent), visiting, done, order);
        }
        done.add(entity.name());
        order.add(entity);
    }

    private List<Map<String, AttributeValue>> entity(EntitySpec entity) {
        var references = entity.attributes().keySet().stream()
                .filter(a -> naming.isReference(entity.name(), a) && samples.containsKey(naming.identified(a).orElseThrow())).toList();
        var idReferences = entity.id().stream().filter(references::contains).toList();
        int count;
        if (references.isEmpty()) {
            count = ROOTS;
        } else {
            int parents = references.stream().mapToInt(a -> parentIds(a).size()).max().orElse(ROOTS);
            count = Math.min(MAX_PER_ENTITY, parents * 2);
        }
        // An edge's id is a pair (or more) of references: distinct pairs, drawn from all of them.
        List<List<AttributeValue>> combinations = idReferences.size() >= 2 ? combinations(idReferences) : List.of();
        if (!combinations.isEmpty()) {
            count = Math.min(count, combinations.size());
        }
        var items = new ArrayList<Map<String, AttributeValue>>();
        var usedIds = new HashSet<List<AttributeValue>>();
        for (int i = 0, attempts = 0; items.size() < count && attempts < count * 20; attempts++) {
            var item = new LinkedHashMap<String, AttributeValue>();
            for (var attribute : entity.attributes().entrySet()) {
                var name = attribute.getKey();
                AttributeValue value;
                if (!combinations.isEmpty() && idReferences.contains(name)) {
                    value = combinations.get(i).get(idReferences.indexOf(name));
                } else if (references.contains(name)) {
                    value = pick(parentIds(name), i);
                } else {
                    value = value(entity, name, attribute.getValue(), i);
                }
                item.put(name, value);
            }
            var id = entity.id().stream().map(item::get).toList();
            if (usedIds.add(id)) {
                items.add(item);
                i++;
            }
        }
        return items;
    }

    /** Every combination of the attributes' parent ids, shuffled. */
    private List<List<AttributeValue>> combinations(List<String> attributes) {
        List<List<AttributeValue>> all = new ArrayList<>();
        all.add(List.of());
        for (var attribute : attributes) {
            var next = new ArrayList<List<AttributeValue>>();
            for (var prefix : all) {
                for (var id : parentIds(attribute)) {
                    var combination = new ArrayList<>(prefix);
                    combination.add(id);
                    next.add(List.copyOf(combination));
                }
            }
            all = next;
        }
        Collections.shuffle(all, random);
        return all;
    }

    private List<AttributeValue> parentIds(String attribute) {
        var parent = naming.identified(attribute).orElseThrow();
        return samples.get(parent).stream().map(s -> s.get(attribute)).toList();
    }

    /** Mostly round robin, with a random pick now and then so that some parents have more children than others. */
    private AttributeValue pick(List<AttributeValue> values, int index) {
        return random.nextInt(4) == 0 ? values.get(random.nextInt(values.size())) : values.get(index % values.size());
    }

    private AttributeValue value(EntitySpec entity, String attribute, AttributeType type, int index) {
        var name = attribute.toLowerCase(Locale.ROOT);
        boolean isId = entity.id().contains(attribute);
        return switch (type) {
            case S -> new AttributeValue.Str(isId ? idText(entity, index) : text(entity, attribute, index));
            case N -> new AttributeValue.Num(isId ? DynamoNumber.of(1001 + index) : number(name, index));
            case BOOL -> AttributeValue.bool(random.nextInt(3) > 0);
            case B -> AttributeValue.b(new byte[] {(byte) index, (byte) random.nextInt(256), 7});
            case NULL -> AttributeValue.nul();
            case SS -> AttributeValue.ss("red", index % 2 == 0 ? "blue" : "green");
            case NS -> AttributeValue.ns(Integer.toString(index + 1), Integer.toString(index + 10));
            case BS -> AttributeValue.BinarySet.of(List.of(Bytes.of(new byte[] {(byte) index})));
            case L -> AttributeValue.l(AttributeValue.s("first"), AttributeValue.n(index + 1));
            case M -> AttributeValue.m(Map.of("note", AttributeValue.s(SENTENCES.get(index % SENTENCES.size()))));
        };
    }

    /** {@code c1}, {@code o2}, {@code oi3}: the entity's initials and a number. */
    private static String idText(EntitySpec entity, int index) {
        var initials = new StringBuilder();
        for (int i = 0; i < entity.name().length(); i++) {
            char c = entity.name().charAt(i);
            if (i == 0 || Character.isUpperCase(c)) {
                initials.append(Character.toLowerCase(c));
            }
        }
        return initials.toString() + (index + 1);
    }

    private String text(EntitySpec entity, String attribute, int index) {
        var name = attribute.toLowerCase(Locale.ROOT);
        if (name.contains("email")) {
            // the same person as the item's name attribute, which takes the same index
            var person = NAMES.get(index % NAMES.size()).toLowerCase(Locale.ROOT).replace(' ', '.');
            return person + "." + (index + 1) + "@example.com";
        }
        if (attribute.endsWith("At") || name.endsWith("_at") || name.contains("time")) {
            return START.plusDays(index * 3L + random.nextInt(3)).plusMinutes(random.nextInt(600)).atOffset(ZoneOffset.UTC)
                    .toInstant().toString();
        }
        if (name.contains("date") || attribute.endsWith("Day") || attribute.endsWith("On")) {
            return LocalDate.of(2024, 5, 1).plusDays(index * 2L + random.nextInt(4)).toString();
        }
        if (name.contains("name") && !name.contains("user") || name.equals("author") || name.equals("owner")) {
            return unique(entity.name().toLowerCase(Locale.ROOT).contains("product") ? PRODUCTS : NAMES, index);
        }
        if (name.contains("title")) {
            return unique(TITLES, index);
        }
        if (name.contains("status") || name.contains("state")) {
            return STATUSES.get(random.nextInt(STATUSES.size()));
        }
        if (name.contains("role")) {
            return ROLES.get(random.nextInt(ROLES.size()));
        }
        if (name.contains("severity") || name.contains("priority") || name.contains("level")) {
            return SEVERITIES.get(random.nextInt(SEVERITIES.size()));
        }
        if (name.contains("category") || name.contains("type") || name.contains("kind")) {
            return CATEGORIES.get(random.nextInt(CATEGORIES.size()));
        }
        if (name.contains("city")) {
            return CITIES.get(random.nextInt(CITIES.size()));
        }
        if (name.contains("country")) {
            return COUNTRIES.get(random.nextInt(COUNTRIES.size()));
        }
        if (name.contains("sku")) {
            return "SKU-" + (4001 + index);
        }
        if (name.contains("phone")) {
            return "+49-30-555-" + (1000 + index);
        }
        if (name.contains("url") || name.contains("link")) {
            return "https://example.com/" + entity.name().toLowerCase(Locale.ROOT) + "/" + (index + 1);
        }
        if (name.contains("note") || name.contains("comment") || name.contains("description") || name.contains("text") || name.contains("body")) {
            return unique(SENTENCES, index);
        }
        return name.replaceAll("[^a-z0-9]", "") + "-" + (index + 1);
    }

    /** A list's entries are prefix-free; past its end they repeat with {@code -n}, which sorts after the entry itself. */
    private static String unique(List<String> values, int index) {
        var base = values.get(index % values.size());
        return index < values.size() ? base : base + "-" + (index / values.size() + 1);
    }

    private DynamoNumber number(String name, int index) {
        if (name.contains("price") || name.contains("amount") || name.contains("total") || name.contains("cost") || name.contains("balance")) {
            return DynamoNumber.of(new BigDecimal(random.nextInt(20_000) + 99).movePointLeft(2));
        }
        if (name.contains("quantity") || name.contains("qty") || name.contains("count") || name.contains("stock")) {
            return DynamoNumber.of(1 + random.nextInt(9));
        }
        if (name.contains("rating") || name.contains("stars")) {
            return DynamoNumber.of(1 + random.nextInt(5));
        }
        if (name.contains("temp") || name.contains("reading") || name.contains("value") || name.contains("delta")) {
            return DynamoNumber.of(new BigDecimal(random.nextInt(700) - 150).movePointLeft(1));
        }
        if (name.contains("score") || name.contains("points")) {
            return DynamoNumber.of(random.nextInt(40) * 25L);
        }
        return DynamoNumber.of(random.nextInt(1000));
    }
}
