package dev.dynalens.domain.inference;

import dev.dynalens.domain.table.KeySchema.ScalarType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The templates seen in one key attribute, and which literal positions turned out to be data.
 *
 * <p>Templates with the same delimiter, the same number of segments and the same leading name form
 * a <em>family</em> ({@code CATEGORY#books} and {@code CATEGORY#games}). For each position after the
 * name the family remembers the distinct literals seen there (at most {@link #HIGH}) and whether a
 * variable was seen there. A position is variable for the whole family when
 * <ul>
 *   <li>a variable was seen there ({@code ORDER#123} makes {@code ORDER#pending} an {@code ORDER#{}}), or
 *   <li>it holds a value after a name (odd distance from the name: {@code NAME#value#NAME#value}) and
 *       two or more literals were seen there ({@code CATEGORY#books}, {@code CATEGORY#games} →
 *       {@code CATEGORY#{}}), or
 *   <li>it holds a name (even distance) or follows a variable name, and {@link #HIGH} literals were
 *       seen there ({@code u#{}#follower} and {@code u#{}#following} stay apart).
 * </ul>
 * Names themselves merge the same way: when a {@code shape} (delimiter, segment count, leading
 * empties) has seen {@link #HIGH} different leading names, the names are data (user names as keys)
 * and all its families become one with a variable name.
 *
 * <p>Every decision only ever turns literals into variables, so a template can merge but never
 * split again. Each decision is a function of what was seen (the sets of names and of literals per position, capped
 * at {@link #HIGH}, and where variables were seen), not of the order it came in: any order of the same templates reads
 * the same, and two registries' {@link Summary summaries} merge into what one registry of both would read. Memory: per
 * shape at most {@link #HIGH} families, per position at most {@link #HIGH} literals; nothing grows with the item count.
 */
final class TemplateRegistry {
    /** Distinct literals at which a name position, or a position after a variable name, is data. */
    static final int HIGH = 16;
    /** Distinct literals at which a value position after a name is data. */
    static final int LOW = 2;

    private final Map<ShapeKey, Shape> shapes = new HashMap<>();
    /** Null when every key is read by {@link KeyTemplates#infer(String)} (the plain reading, for tests). */
    private final KeyTemplateCache cache;
    private int revision;
    private String lastKey;
    private KeyTemplate lastRaw;
    private KeyTemplateCache.Entry lastEntry;
    private KeyTemplate lastObserved;
    private KeyTemplate lastNormalized;
    private int lastObservedRevision = -1;

    TemplateRegistry() {
        this(true);
    }

    /** {@code cached} false reads every key afresh and remembers nothing per template: the reference for tests. */
    TemplateRegistry(boolean cached) {
        this.cache = cached ? new KeyTemplateCache() : null;
    }

    /** Bumped whenever a position or a name turned variable, so earlier normalizations may be stale. */
    int revision() {
        return revision;
    }

    /** The raw template of a string key, with a one-entry cache (items of a partition come together). */
    KeyTemplate rawTemplate(String key) {
        if (key.equals(lastKey)) {
            return lastRaw;
        }
        KeyTemplate raw;
        if (cache == null) {
            raw = KeyTemplates.infer(key);
        } else {
            lastEntry = cache.read(key);
            raw = lastEntry.raw;
        }
        lastKey = key;
        lastRaw = raw;
        return raw;
    }

    /** The template {@link #rawTemplate} returned last, or null. */
    KeyTemplate lastRawTemplate() {
        return lastRaw;
    }

    /** Records a raw template and returns it as the population now reads it. */
    KeyTemplate observe(KeyTemplate raw) {
        if (raw.type() != ScalarType.S || raw.size() == 1 && raw.segment(0) instanceof KeyTemplate.Variable) {
            return raw;
        }
        if (raw == lastObserved && revision == lastObservedRevision) {
            return lastNormalized;
        }
        // Recording a template a second time changes nothing (its literals are in their sets already,
        // and every position that can turn variable did so the first time); what it reads as changes
        // only with the revision. So a template read from the cache remembers its reading.
        var entry = lastEntry != null && lastEntry.raw == raw ? lastEntry : null;
        KeyTemplate normalized;
        if (entry != null && entry.revision == revision) {
            normalized = entry.normalized;
        } else {
            normalized = record(raw);
            if (entry != null) {
                entry.normalized = normalized;
                entry.revision = revision;
            }
        }
        lastObserved = raw;
        lastNormalized = normalized;
        lastObservedRevision = revision;
        return normalized;
    }

    private KeyTemplate record(KeyTemplate raw) {
        var shape = shapes.computeIfAbsent(ShapeKey.of(raw), key -> new Shape(key.nameIndex(), key.size()));
        var name = shape.nameOf(raw);
        if (name != null && !shape.nameVariable && shape.names.add(name) && shape.names.size() >= HIGH) {
            shape.makeNameVariable();
            revision++;
        }
        var family = shape.familyFor(shape.nameVariable ? null : name);
        if (family.record(raw)) {
            revision++;
        }
        return normalize(raw, shape);
    }

    /** The template as the population now reads it, without recording anything. */
    KeyTemplate normalize(KeyTemplate template) {
        if (template.type() != ScalarType.S || template.size() == 1 && template.segment(0) instanceof KeyTemplate.Variable) {
            return template;
        }
        var shape = shapes.get(ShapeKey.of(template));
        return shape == null ? template : normalize(template, shape);
    }

    private static KeyTemplate normalize(KeyTemplate template, Shape shape) {
        var family = shape.families.get(shape.nameVariable ? null : shape.nameOf(template));
        boolean nameVariable = shape.nameVariable && shape.nameIndex < template.size();
        if (family == null && !nameVariable) {
            return template;
        }
        List<KeyTemplate.Segment> segments = null;
        for (int i = 0; i < template.size(); i++) {
            boolean variable = (nameVariable && i == shape.nameIndex) || (family != null && family.isVariable(i));
            if (variable && template.segment(i) instanceof KeyTemplate.Literal) {
                if (segments == null) {
                    segments = new ArrayList<>(template.segments());
                }
                segments.set(i, KeyTemplate.Variable.INSTANCE);
            }
        }
        return segments == null ? template : new KeyTemplate(template.type(), template.delimiter(), segments);
    }

    /**
     * What a registry saw, as a plain value with nothing tied to one JVM: per shape its names (or that they are data),
     * and per family the literals seen at each position (capped at {@link #HIGH}) and where variables were seen. Two
     * summaries {@link #merge} into the summary of one registry that saw both populations, in any grouping and order:
     * the merge is associative, commutative and idempotent.
     */
    record Summary(List<ShapeSummary> shapes) implements Serializable {
        private static final long serialVersionUID = 1L;

        public Summary {
            shapes = List.copyOf(shapes);
        }

        /** Both populations' summary. */
        Summary merge(Summary other) {
            var merged = TemplateRegistry.of(this);
            merged.absorb(other);
            return merged.summary();
        }
    }

    /** One shape: its names until {@link #HIGH} of them make them data ({@code nameVariable}, names then empty). */
    record ShapeSummary(String delimiter, int size, int nameIndex, Set<String> names, boolean nameVariable, List<FamilySummary> families)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        public ShapeSummary {
            names = Set.copyOf(names);
            families = List.copyOf(families);
        }
    }

    /** One family: its name (null for a variable name), and per position the literals seen (at most HIGH) and whether a variable was. */
    record FamilySummary(String name, List<Set<String>> literals, List<Boolean> sawVariable) implements Serializable {
        private static final long serialVersionUID = 1L;

        public FamilySummary {
            literals = literals.stream().map(Set::copyOf).toList();
            sawVariable = List.copyOf(sawVariable);
        }
    }

    /** What this registry saw, as a value (sorted, so equal populations give equal summaries). */
    Summary summary() {
        var summaries = new ArrayList<ShapeSummary>();
        shapes.forEach((key, shape) -> {
            var families = new ArrayList<FamilySummary>();
            shape.families.forEach((name, family) -> {
                var saw = new ArrayList<Boolean>(family.sawVariable.length);
                for (var flag : family.sawVariable) {
                    saw.add(flag);
                }
                families.add(new FamilySummary(name, new ArrayList<Set<String>>(family.literals), saw));
            });
            families.sort(Comparator.comparing(FamilySummary::name, Comparator.nullsFirst(Comparator.naturalOrder())));
            summaries.add(new ShapeSummary(key.delimiter(), key.size(), key.nameIndex(), shape.names, shape.nameVariable, families));
        });
        summaries.sort(Comparator.comparing(ShapeSummary::delimiter).thenComparingInt(ShapeSummary::size)
                .thenComparingInt(ShapeSummary::nameIndex));
        return new Summary(summaries);
    }

    /** A registry that has seen what {@code summary} says. */
    static TemplateRegistry of(Summary summary) {
        var registry = new TemplateRegistry();
        registry.absorb(summary);
        return registry;
    }

    /** Takes in what another population showed, as if this registry had seen its templates too. */
    void absorb(Summary summary) {
        for (var other : summary.shapes()) {
            var key = new ShapeKey(other.delimiter(), other.size(), other.nameIndex());
            var shape = shapes.computeIfAbsent(key, k -> new Shape(k.nameIndex(), k.size()));
            for (var family : other.families()) {
                var incoming = new Family(other.size(), other.nameIndex(), family.name() != null);
                for (int i = 0; i < other.size(); i++) {
                    incoming.literals.get(i).addAll(family.literals().get(i));
                    incoming.sawVariable[i] = family.sawVariable().get(i);
                }
                var name = shape.nameVariable ? null : family.name();
                var mine = shape.families.get(name);
                if (mine == null) {
                    mine = new Family(other.size(), other.nameIndex(), name != null);
                    if (name == null && shape.nameVariable) {
                        mine.variable[shape.nameIndex] = true;
                    }
                    shape.families.put(name, mine);
                }
                mine.absorb(incoming);
            }
            if (!shape.nameVariable) {
                if (other.nameVariable()) {
                    shape.makeNameVariable();
                } else {
                    for (var name : other.names()) {
                        if (shape.names.add(name) && shape.names.size() >= HIGH) {
                            shape.makeNameVariable();
                            break;
                        }
                    }
                }
            }
        }
        revision++;
        lastKey = null;
        lastRaw = null;
        lastEntry = null;
        lastObserved = null;
        lastNormalized = null;
    }

    /** Delimiter, segment count and the index of the first non-empty segment. */
    private record ShapeKey(String delimiter, int size, int nameIndex) {
        static ShapeKey of(KeyTemplate template) {
            int nameIndex = 0;
            while (nameIndex < template.size() && template.segment(nameIndex) instanceof KeyTemplate.Literal literal
                    && literal.text().isEmpty()) {
                nameIndex++;
            }
            return new ShapeKey(template.delimiter(), template.size(), nameIndex);
        }
    }

    private static final class Shape {
        final int nameIndex;
        final int size;
        final Set<String> names = new HashSet<>();
        final Map<String, Family> families = new HashMap<>();
        boolean nameVariable;

        Shape(int nameIndex, int size) {
            this.nameIndex = nameIndex;
            this.size = size;
        }

        /** The leading literal, or null when the name position is a variable (or there is none). */
        String nameOf(KeyTemplate template) {
            return nameIndex < template.size() && template.segment(nameIndex) instanceof KeyTemplate.Literal literal
                    ? literal.text() : null;
        }

        Family familyFor(String name) {
            return families.computeIfAbsent(name, n -> new Family(size, nameIndex, n != null));
        }

        void makeNameVariable() {
            nameVariable = true;
            var merged = new Family(size, nameIndex, false);
            merged.variable[nameIndex] = true;
            for (var family : families.values()) {
                merged.absorb(family);
            }
            families.clear();
            families.put(null, merged);
            names.clear();
        }
    }

    private static final class Family {
        final int nameIndex;
        final boolean named;
        /** Per position the literals seen there: the {@link #HIGH} that sort first, so that any order keeps the same ones. */
        final List<TreeSet<String>> literals;
        final boolean[] sawVariable;
        final boolean[] variable;

        Family(int size, int nameIndex, boolean named) {
            this.nameIndex = nameIndex;
            this.named = named;
            this.literals = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                literals.add(new TreeSet<>());
            }
            this.sawVariable = new boolean[size];
            this.variable = new boolean[size];
        }

        boolean isVariable(int position) {
            return variable[position];
        }

        /**
         * Adds what the template shows at each position; true when a position just turned variable. The literals are
         * kept (up to {@link #HIGH}) at a position already variable too: should the names turn into data, the merged
         * family counts the literals every template showed, whichever order they came in.
         */
        boolean record(KeyTemplate template) {
            boolean turned = false;
            // the name position is the shape's business (its names, or a variable name), and what leads it is empty
            for (int i = nameIndex + 1; i < template.size(); i++) {
                if (template.segment(i) instanceof KeyTemplate.Literal literal) {
                    addCapped(literals.get(i), literal.text());
                } else {
                    sawVariable[i] = true;
                }
                if (!variable[i]) {
                    turned |= settle(i);
                }
            }
            return turned;
        }

        /**
         * Takes in a family of the same shape: what it saw at each position, not what it decided. A named family's
         * value position turns variable at {@link #LOW} literals; merged into the unnamed family of a shape whose names
         * are data, it counts against {@link #HIGH}, as every position after a variable name does.
         */
        void absorb(Family other) {
            for (int i = 0; i < variable.length; i++) {
                sawVariable[i] |= other.sawVariable[i];
                var seen = literals.get(i);
                for (var literal : other.literals.get(i)) {
                    addCapped(seen, literal);
                }
                if (!variable[i]) {
                    settle(i);
                }
            }
        }

        /** Adds a literal to a position's set, which keeps the {@link #HIGH} that sort first. */
        private static void addCapped(TreeSet<String> seen, String literal) {
            if (seen.size() < HIGH) {
                seen.add(literal);
            } else if (literal.compareTo(seen.last()) < 0 && seen.add(literal)) {
                seen.pollLast();
            }
        }

        /** Turns the position variable when a variable was seen there or enough literals; true when that changes a reading. */
        private boolean settle(int position) {
            var seen = literals.get(position);
            boolean valueAfterName = named && (position - nameIndex) % 2 == 1;
            int threshold = valueAfterName ? LOW : HIGH;
            if (sawVariable[position] || seen.size() >= threshold) {
                // Only a position that held literals changes how an already-seen template reads.
                variable[position] = true;
                return !seen.isEmpty();
            }
            return false;
        }
    }
}
