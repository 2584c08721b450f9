package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Names the entity type of each item from its keys (or from a type attribute), incrementally, as
 * pages of items arrive. It keeps no items: only key templates and one counter per
 * <em>group</em>, the items that share their normalized key templates, type-attribute value,
 * key relation and lens bits. The number of groups depends on the design, not on the item count.
 *
 * <p><b>Rules</b>, in order:
 * <ol>
 *   <li>A type attribute, when the table has one: of {@code __edb_e__} (ElectroDB), {@code _et}
 *       (dynamodb-toolbox), {@code __typename}, {@code _type}, {@code entityType}, {@code entity_type},
 *       {@code type} (any case), the first that every item has with a value that looks like a type name,
 *       with at most {@value TypeAttributes#MAX_VALUES} values; between case variants, the name that sorts first
 *       ({@link TypeAttributes}). One item without it turns it off for good, and the next such attribute
 *       that every item has, if any, takes over. Which items came first does not matter.</li>
 *   <li>Otherwise the keys. An item whose sort key is a constant ({@code PROFILE}, {@code #META}),
 *       repeats the partition key, or that has no sort key, is named by its partition-key template's
 *       owner ({@code USER#{}} is USER, {@code u#{}#follower} is u_follower); such an item is the
 *       <em>root</em> of its entity. An item whose sort key extends the partition key
 *       ({@code ORDER#1} / {@code ORDER#1#ITEM#3}) is named by the first name after the shared
 *       part (ITEM). Otherwise the sort-key template's leading name names it ({@code ORDER#{}}
 *       is ORDER) — unless that name is the root of another entity: then the item is an edge from
 *       the partition's owner to it ({@code USER#7} / {@code TEAM#9} is {@code USER→TEAM}).</li>
 *   <li>Keys that name nothing ({@code {}}) fall back to the other key, then to the table name.</li>
 *   <li>The {@link Lens} is applied last.</li>
 * </ol>
 *
 * <p><b>Stability.</b> An item's name is a function of the current reading of the table. It changes
 * only when that reading changes: a template merged (a literal turned out to be data), a sort-key
 * name turned out to be the root of an entity (its items become edges), or the type attribute was
 * turned off. Each such change bumps {@link #revision()}; more items of shapes already seen change
 * nothing.
 */
public final class EntityClassifier implements Naming {
    /** The name of items that lack the partition key (or have one of a non-key type). */
    public static final String UNKEYED = "(no key)";
    /** The name of entities whose keys name nothing, when the table's name is not known. */
    public static final String DEFAULT_NAME = "ITEM";

    private final TableKeys keys;
    private final Lens lens;
    private final String fallbackName;
    private final boolean lensReadsAttributes;
    private final Map<String, TemplateRegistry> registries = new HashMap<>();
    private final Map<GroupKey, Group> groupsByKey = new HashMap<>();
    /** False for the plain reading (no caches), the reference the tests compare the fast path with. */
    private final boolean cached;
    private final TemplateRegistry pkRegistry;
    private final TemplateRegistry skRegistry;
    /**
     * The groups of recent items by the identity of their key's parts: the templates of a cached
     * reading are the same instances while the reading does not change, so most items find their
     * group here without hashing the templates. Identical parts are equal ones, so this answers as
     * {@link #groupsByKey} would.
     */
    private final Group[] recentGroups = new Group[RECENT_GROUPS];
    private static final int RECENT_GROUPS = 64;
    private final List<Group> groups = new ArrayList<>();

    private final TypeAttributes types = new TypeAttributes();

    private int ownRevision;
    private AttributeValue observedPk;
    private AttributeValue observedSk;
    private long itemCount;
    private Set<String> rootNames = Set.of();
    private int rootsStamp = -1;
    private int rootsGroupCount = -1;

    public EntityClassifier(TableKeys keys) {
        this(keys, Lens.NONE);
    }

    public EntityClassifier(TableKeys keys, Lens lens) {
        this(keys, lens, true);
    }

    EntityClassifier(TableKeys keys, Lens lens, boolean cached) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.lens = Objects.requireNonNull(lens, "lens");
        this.cached = cached;
        this.fallbackName = fallbackName(keys);
        this.lensReadsAttributes = lens.hasAttributeConditions();
        this.pkRegistry = registry(keys.keySchema().partitionKeyName());
        this.skRegistry = !keys.keySchema().hasSortKey() ? null : registry(keys.keySchema().sortKeyName());
    }

    @Override
    public TableKeys keys() {
        return keys;
    }

    /** The name of entities whose keys name nothing: the table's, or {@link #DEFAULT_NAME}. */
    static String fallbackName(TableKeys keys) {
        return keys.tableName() == null || keys.tableName().isBlank() ? DEFAULT_NAME : keys.tableName();
    }

    /** Whether an attribute of this name can be the type attribute (rule 1 above): what a reader must keep to name items. */
    public static boolean mayBeTypeAttribute(String name) {
        return TypeAttributes.isCandidate(name);
    }

    public Lens lens() {
        return lens;
    }

    /** Takes one item into account. */
    public void accept(Item item) {
        observe(item);
    }

    public void acceptAll(Iterable<Item> items) {
        items.forEach(this::observe);
    }

    /**
     * Takes an item's index partition keys into their attributes' readings, as the {@link Analyzer} does for each index
     * that holds the item. Called after {@link #accept} for every item, it makes this classifier's {@link #summary()}, and
     * a {@link TableNaming} made from it, read index keys as the analyzer's classifier of the same items does: what a
     * part of a table read elsewhere than in one analyzer (a Spark task) must do.
     */
    public void observeIndexKeys(Item item) {
        for (var index : keys.indexes().values()) {
            if (Analyzer.inIndex(item, index.partitionKeyName(), index.sortKeyName())) {
                Analyzer.observeIndexKey(registry(index.partitionKeyName()), item.attributes().get(index.partitionKeyName()));
            }
        }
    }

    /**
     * Takes one item into account and returns the number of its group: the items that share their key templates,
     * type-attribute value and key relation, which the table always reads alike. {@link #groupEntity} and the group's
     * templates then name every item of the group as {@link #entityOf} and the template readings would, as the table
     * reads when they are asked (not when the item came): a reader that keeps each item's group number need not read its
     * keys again once the table was read.
     */
    public int acceptGrouped(Item item) {
        return observe(item);
    }

    /** The entity name of every item of a group ({@link #acceptGrouped}) as the table now reads. */
    public String groupEntity(int group) {
        return labelOf(groups.get(group)).name();
    }

    /** The partition-key template of every item of a group as the table now reads, or null. */
    public KeyTemplate groupPartitionKeyTemplate(int group) {
        return resolvePk(groups.get(group).key);
    }

    /** The sort-key template of every item of a group as the table now reads, or null (no sort key). */
    public KeyTemplate groupSortKeyTemplate(int group) {
        return resolveSk(groups.get(group).key);
    }

    public long itemCount() {
        return itemCount;
    }

    /** Changes whenever the name of an item already seen may have changed (see the class comment). */
    public int revision() {
        int sum = ownRevision;
        for (var registry : registries.values()) {
            sum += registry.revision();
        }
        return sum;
    }

    /** The type attribute in use, if the table has one. */
    public Optional<String> typeAttribute() {
        return Optional.ofNullable(types.chosen());
    }

    /**
     * The entity name of an item as the table now reads. The item need not have been accepted: an
     * item of an unseen shape is named by the same rules from what is known.
     */
    @Override
    public String entityOf(Item item) {
        var key = groupKeyOf(item, false);
        var group = groupsByKey.get(key);
        return group != null ? labelOf(group).name() : freshLabel(key).name();
    }

    /** The partition-key template of an item as the table now reads. */
    @Override
    public Optional<KeyTemplate> partitionKeyTemplateOf(Item item) {
        return Optional.ofNullable(resolvePk(groupKeyOf(item, false)));
    }

    /** The sort-key template of an item as the table now reads, if it has a sort key. */
    @Override
    public Optional<KeyTemplate> sortKeyTemplateOf(Item item) {
        return Optional.ofNullable(resolveSk(groupKeyOf(item, false)));
    }

    /** The template of an index's (or any attribute's) key value as the table now reads. */
    @Override
    public Optional<KeyTemplate> templateOf(String attribute, AttributeValue value) {
        return KeyTemplates.infer(value).map(raw -> registry(attribute).normalize(raw));
    }

    /** Entities with counts and key templates, most items first. */
    public List<EntityShape> entities() {
        var byName = new LinkedHashMap<String, ShapeBuilder>();
        for (var view : groupViews()) {
            byName.computeIfAbsent(view.label(), ShapeBuilder::new).add(view);
        }
        return byName.values().stream().map(ShapeBuilder::build)
                .sorted(Comparator.comparingLong(EntityShape::count).reversed().thenComparing(EntityShape::name))
                .toList();
    }

    // ---- summaries ----

    /**
     * What this classifier saw, as a value: {@link NamingSummary}. Its groups are read as the table reads now, so the
     * summaries of the parts of a table merge into the whole's, and {@link #of} names items from it as this classifier does.
     */
    public NamingSummary summary() {
        var registrySummaries = new HashMap<String, TemplateRegistry.Summary>();
        registries.forEach((attribute, registry) -> registrySummaries.put(attribute, registry.summary()));
        var values = new HashMap<NamingSummary.Group, Long>();
        for (var group : groups) {
            var key = group.key;
            var value = new NamingSummary.Group(NamingSummary.Template.of(resolvePk(key)), NamingSummary.Template.of(resolveSk(key)),
                    key.relation().name(), types.keptOf(key.typeValues()), key.lensBits());
            values.merge(value, group.count, Long::sum);
        }
        var schema = keys.keySchema();
        return new NamingSummary(schema.partitionKeyName(), schema.sortKeyName(), registrySummaries, types.summary(), values);
    }

    /** A classifier that has seen what {@code summary} says, as one that read those items would name them. */
    public static EntityClassifier of(TableKeys keys, Lens lens, NamingSummary summary) {
        var classifier = new EntityClassifier(keys, lens);
        classifier.absorb(summary);
        return classifier;
    }

    /** Takes in what other items showed (a summary of a table with the same keys and lens), as if this had seen them too. */
    public void absorb(NamingSummary summary) {
        var schema = keys.keySchema();
        if (!schema.partitionKeyName().equals(summary.partitionKey()) || !Objects.equals(schema.sortKeyName(), summary.sortKey())) {
            throw new IllegalArgumentException("A summary of a table keyed " + summary.partitionKey() + "/" + summary.sortKey()
                    + " does not name items of one keyed " + schema.partitionKeyName() + "/" + schema.sortKeyName());
        }
        summary.registries().forEach((attribute, registrySummary) -> registry(attribute).absorb(registrySummary));
        if (types.absorb(summary.types())) {
            ownRevision++;
        }
        itemCount += summary.items();
        summary.groups().forEach((value, count) -> {
            var key = new GroupKey(value.pk() == null ? null : value.pk().template(), value.sk() == null ? null : value.sk().template(),
                    value.typeValues(), Relation.valueOf(value.relation()), value.lensBits());
            var group = groupsByKey.get(key);
            if (group == null) {
                group = new Group(groups.size(), key);
                groupsByKey.put(key, group);
                groups.add(group);
            }
            group.count += count;
        });
        java.util.Arrays.fill(recentGroups, null);
        refreshRoots();
    }

    // ---- package-private: the Analyzer builds on groups ----

    /** Records an item and returns the id of its group (ids are dense, from 0). */
    int observe(Item item) {
        itemCount++;
        if (types.observe(item)) {
            ownRevision++;
        }
        var key = groupKeyOf(item, true);
        int slot = cached ? recentSlot(key) : -1;
        var group = slot >= 0 && sameParts(recentGroups[slot], key) ? recentGroups[slot] : groupsByKey.get(key);
        if (group == null) {
            group = new Group(groups.size(), key);
            groupsByKey.put(key, group);
            groups.add(group);
            refreshRoots();
        }
        if (slot >= 0) {
            recentGroups[slot] = group;
        }
        group.count++;
        return group.id;
    }

    private static int recentSlot(GroupKey key) {
        int hash = System.identityHashCode(key.pk()) * 31 + System.identityHashCode(key.sk());
        hash = hash * 31 + key.typeValues().hashCode();
        hash = hash * 31 + key.relation().ordinal();
        hash = hash * 31 + Long.hashCode(key.lensBits());
        return (hash ^ (hash >>> 16)) & (RECENT_GROUPS - 1);
    }

    private static boolean sameParts(Group group, GroupKey key) {
        if (group == null) {
            return false;
        }
        var known = group.key;
        return known.pk() == key.pk() && known.sk() == key.sk() && known.typeValues().equals(key.typeValues())
                && known.relation() == key.relation() && known.lensBits() == key.lensBits();
    }

    /** The partition-key value of the item last observed (null if it had none), so the analyzer need not look it up again. */
    AttributeValue observedPartitionKey() {
        return observedPk;
    }

    /** The sort-key value of the item last observed, or null. */
    AttributeValue observedSortKey() {
        return observedSk;
    }

    /** The raw template ({@link KeyTemplates#infer(String)}) of the item last observed's partition key, when that is a string. */
    KeyTemplate observedRawPartitionKey() {
        return pkRegistry.lastRawTemplate();
    }

    /** The raw template of the item last observed's sort key, when that is a string (null in a table without one). */
    KeyTemplate observedRawSortKey() {
        return skRegistry == null ? null : skRegistry.lastRawTemplate();
    }

    /** How many groups the items accepted so far form (numbered from 0). */
    public int groupCount() {
        return groups.size();
    }

    /** The current reading of a group: its name, kind and templates. */
    GroupView view(int id) {
        var group = groups.get(id);
        var label = labelOf(group);
        var pk = resolvePk(group.key);
        var sk = resolveSk(group.key);
        return new GroupView(id, label.name(), label.edge() ? EntityShape.Kind.EDGE : EntityShape.Kind.ENTITY, group.count,
                pk == null ? null : pk.render(), sk == null ? null : sk.render());
    }

    List<GroupView> groupViews() {
        var views = new ArrayList<GroupView>(groups.size());
        for (int i = 0; i < groups.size(); i++) {
            views.add(view(i));
        }
        return views;
    }

    /**
     * Whether a group's items may be one side of an adjacency list: string keys, a sort key not
     * derived from the partition key, that names something and has a non-empty segment after the
     * name ({@code TEAM#9}, not {@code PROFILE} or {@code #META#}), or that has the partition key's
     * template (as in {@code alice}/{@code bob} friend lists). Decided when the group is created, so
     * it must not rely on literals that have not yet turned variable: a first {@code TEAM#red}
     * still looks constant.
     */
    boolean mayBeEdge(int id) {
        var key = groups.get(id).key;
        if (key.relation() != Relation.OTHER || key.pk() == null || key.sk() == null) {
            return false;
        }
        var pk = key.pk();
        var sk = key.sk();
        return pk.type() == KeySchema.ScalarType.S && sk.type() == KeySchema.ScalarType.S
                && (sk.equals(pk) && !sk.isConstant() || sk.leadingName().isPresent() && hasSegmentAfterName(sk));
    }

    private static boolean hasSegmentAfterName(KeyTemplate template) {
        int i = 0;
        while (i < template.size() && template.segment(i) instanceof KeyTemplate.Literal literal && literal.text().isEmpty()) {
            i++;
        }
        for (i++; i < template.size(); i++) {
            if (!(template.segment(i) instanceof KeyTemplate.Literal literal) || !literal.text().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    TemplateRegistry registry(String attribute) {
        return registries.computeIfAbsent(attribute, a -> new TemplateRegistry(cached));
    }

    record GroupView(int id, String label, EntityShape.Kind kind, long count, String pkTemplate, String skTemplate) {
    }

    // ---- grouping ----

    /** How an item's sort key relates to its partition key. */
    enum Relation { NO_SORT_KEY, REPEAT, EXTENDS, OTHER }

    /**
     * What the items of a group share. {@code typeValues}: their values of every type-attribute candidate that all items
     * had so far ({@link TypeAttributes#valuesOf}), so that the group reads alike whichever of them ends up in use.
     */
    private record GroupKey(KeyTemplate pk, KeyTemplate sk, Map<String, String> typeValues, Relation relation, long lensBits) {
    }

    private static final class Group {
        final int id;
        final GroupKey key;
        long count;
        Label label;
        int labelStamp = -1;

        Group(int id, GroupKey key) {
            this.id = id;
            this.key = key;
        }
    }

    record Label(String name, boolean edge) {
    }

    private GroupKey groupKeyOf(Item item, boolean record) {
        var schema = keys.keySchema();
        var pkValue = item.attributes().get(schema.partitionKeyName());
        var pk = pkValue == null ? null : template(pkRegistry, pkValue, record);
        var skName = schema.sortKeyName();
        var skValue = skName == null ? null : item.attributes().get(skName);
        var sk = skValue == null ? null : template(skRegistry, skValue, record);
        if (record) {
            observedPk = pkValue;
            observedSk = skValue;
        }
        var relation = relationOf(pkValue, skValue, sk);
        long bits = lensReadsAttributes ? lens.attributeMatches(item) : 0L;
        return new GroupKey(pk, sk, types.valuesOf(item), relation, bits);
    }

    private KeyTemplate template(TemplateRegistry registry, AttributeValue value, boolean record) {
        if (value instanceof AttributeValue.Str s) {
            var raw = registry.rawTemplate(s.value());
            return record ? registry.observe(raw) : registry.normalize(raw);
        }
        return KeyTemplates.infer(value).orElse(null);
    }

    /** The relation of an item's key values, {@code sk} being its sort key's template (null without one). */
    static Relation relationOf(AttributeValue pkValue, AttributeValue skValue, KeyTemplate sk) {
        if (sk == null) {
            return Relation.NO_SORT_KEY;
        } else if (skValue.equals(pkValue)) {
            return Relation.REPEAT;
        } else if (extendsKey(pkValue, skValue, sk)) {
            return Relation.EXTENDS;
        } else {
            return Relation.OTHER;
        }
    }

    private static boolean extendsKey(AttributeValue pkValue, AttributeValue skValue, KeyTemplate sk) {
        if (!(pkValue instanceof AttributeValue.Str pk) || !(skValue instanceof AttributeValue.Str s) || sk.delimiter().isEmpty()) {
            return false;
        }
        var p = pk.value();
        var v = s.value();
        return v.length() > p.length() && v.startsWith(p) && v.startsWith(sk.delimiter(), p.length());
    }

    private KeyTemplate resolvePk(GroupKey key) {
        return key.pk() == null ? null : pkRegistry.normalize(key.pk());
    }

    private KeyTemplate resolveSk(GroupKey key) {
        return key.sk() == null ? null : skRegistry.normalize(key.sk());
    }

    // ---- labels ----

    private Label labelOf(Group group) {
        currentRoots();
        int stamp = revision();
        if (group.labelStamp != stamp) {
            group.label = freshLabel(group.key);
            group.labelStamp = stamp;
        }
        return group.label;
    }

    /** The inferred name with the lens applied. */
    private Label freshLabel(GroupKey key) {
        var pk = resolvePk(key);
        var sk = resolveSk(key);
        var typeAttribute = types.chosen();
        var typeValue = typeAttribute == null ? null : key.typeValues().get(typeAttribute);
        var inferred = labelOf(pk, sk, key.relation(), typeValue, currentRoots(), fallbackName);
        var name = lens.apply(inferred.name(), pk == null ? "" : pk.render(), sk == null ? "" : sk.render(), key.lensBits());
        return new Label(name, inferred.edge());
    }

    /**
     * The inferred name (rules 1-3 of the class comment, before the lens) of items whose keys read as {@code pk} and
     * {@code sk}, with this relation and type name (null when none is in use), in a table with these root names.
     */
    static Label labelOf(KeyTemplate pk, KeyTemplate sk, Relation relation, String typeValue, Set<String> roots, String fallbackName) {
        if (typeValue != null) {
            return new Label(typeValue, false);
        }
        if (pk == null) {
            return new Label(UNKEYED, false);
        }
        var owner = pk.ownerName();
        return switch (relation) {
            case NO_SORT_KEY, REPEAT -> new Label(owner.orElse(fallbackName), false);
            case EXTENDS -> new Label(sk.firstNameFrom(pk.size()).or(() -> owner).orElse(fallbackName), false);
            case OTHER -> {
                if (sk.isConstant()) {
                    yield new Label(owner.or(sk::leadingName).orElse(fallbackName), false);
                }
                var skName = sk.leadingName();
                if (skName.isEmpty()) {
                    yield new Label(owner.orElse(fallbackName), false);
                }
                if (owner.isPresent() && roots.contains(skName.get())) {
                    yield new Label(owner.get() + "→" + skName.get(), true);
                }
                yield new Label(skName.get(), false);
            }
        };
    }

    private Set<String> currentRoots() {
        int registryRevision = revision() - ownRevision;
        if (registryRevision != rootsStamp || groups.size() != rootsGroupCount) {
            refreshRoots();
        }
        return rootNames;
    }

    /**
     * Root names are the owners of partitions that hold an item with a constant or repeated sort key
     * (or no sort key). A new root name re-reads the groups whose sort key it names, as edges.
     */
    private void refreshRoots() {
        var roots = new HashSet<String>();
        for (var group : groups) {
            var key = group.key;
            var pk = resolvePk(key);
            if (pk == null) {
                continue;
            }
            if (isRoot(key.relation(), resolveSk(key))) {
                pk.ownerName().ifPresent(roots::add);
            }
        }
        if (!roots.equals(rootNames)) {
            var added = new HashSet<>(roots);
            added.removeAll(rootNames);
            if (!added.isEmpty() && namesSomeSortKey(added)) {
                ownRevision++;
            }
            rootNames = Set.copyOf(roots);
        }
        rootsStamp = revision() - ownRevision;
        rootsGroupCount = groups.size();
    }

    /** Whether items of this relation and sort-key template are roots: they hold their partition alone for their entity. */
    static boolean isRoot(Relation relation, KeyTemplate sk) {
        return switch (relation) {
            case NO_SORT_KEY, REPEAT -> true;
            case OTHER -> sk.isConstant();
            case EXTENDS -> false;
        };
    }

    /** The root names as the table now reads: the owners of partitions that hold a root. */
    Set<String> roots() {
        return currentRoots();
    }

    /** The registries by attribute, for a {@link TableNaming} to read with. */
    Map<String, TemplateRegistry> registries() {
        return registries;
    }

    /** An immutable naming of items as this classifier now names them, which can go to other threads and machines. */
    public TableNaming naming() {
        return TableNaming.of(keys, lens, summary());
    }

    private boolean namesSomeSortKey(Set<String> names) {
        for (var group : groups) {
            if (group.key.relation() == Relation.OTHER && group.key.sk() != null) {
                var sk = resolveSk(group.key);
                if (!sk.isConstant() && sk.leadingName().filter(names::contains).isPresent()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final class ShapeBuilder {
        final String name;
        long count;
        boolean allEdges = true;
        final Map<String, Long> pk = new HashMap<>();
        final Map<String, Long> sk = new HashMap<>();

        ShapeBuilder(String name) {
            this.name = name;
        }

        void add(GroupView view) {
            count += view.count();
            allEdges &= view.kind() == EntityShape.Kind.EDGE;
            if (view.pkTemplate() != null) {
                pk.merge(view.pkTemplate(), view.count(), Long::sum);
            }
            if (view.skTemplate() != null) {
                sk.merge(view.skTemplate(), view.count(), Long::sum);
            }
        }

        EntityShape build() {
            return new EntityShape(name, allEdges ? EntityShape.Kind.EDGE : EntityShape.Kind.ENTITY, count, sorted(pk), sorted(sk));
        }
    }

    static List<TemplateCount> sorted(Map<String, Long> counts) {
        return counts.entrySet().stream().map(e -> new TemplateCount(e.getKey(), e.getValue()))
                .sorted(Comparator.comparingLong(TemplateCount::count).reversed().thenComparing(TemplateCount::template))
                .toList();
    }
}
