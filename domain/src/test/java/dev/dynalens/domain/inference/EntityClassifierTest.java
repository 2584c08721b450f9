package dev.dynalens.domain.inference;

import static dev.dynalens.domain.inference.TestItems.TABLE;
import static dev.dynalens.domain.inference.TestItems.item;
import static dev.dynalens.domain.inference.TestItems.keyed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EntityClassifierTest {

    private static List<String> labels(TableKeys keys, List<Item> items) {
        var classifier = new EntityClassifier(keys);
        classifier.acceptAll(items);
        return items.stream().map(classifier::entityOf).toList();
    }

    /** Items written "PK|SK; PK|SK; ..." and their expected names "A; B; ...". */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '=', textBlock = """
            USER#7|PROFILE                                                = USER
            TEAM#9|METADATA                                               = TEAM
            USER#1|METADATA; TEAM#2|METADATA                              = USER; TEAM
            USER#7|PROFILE; TEAM#9|METADATA; USER#7|TEAM#9                = USER; TEAM; USER→TEAM
            USER#7|TEAM#9; USER#7|PROFILE; TEAM#9|METADATA                = USER→TEAM; USER; TEAM
            CUSTOMER#1|PROFILE; CUSTOMER#1|ORDER#2024-05-01#A17           = CUSTOMER; ORDER
            CUSTOMER#1|ORDER#01ARZ3NDEKTSV4RRFFQ69G5FAV                   = ORDER
            ORDER#1|ORDER#1; ORDER#1|ORDER#1#ITEM#3                       = ORDER; ITEM
            VIN#W1|#META#; VIN#W1|FEATURE#CAMERAS; VIN#W1|FEATURE#SEATS   = VIN; FEATURE; FEATURE
            Room:Music|meta; User:UserA|2024-05-01T10:20:30Z              = Room; User
            u#1|"info"; u#1#follower|u#2                                  = u; u_follower→u
            TENANT#a1#USER#7|PROFILE                                      = USER
            2024-05-01#x1|PROFILE                                         = PROFILE
            ACC#123|SUB#123#SKU#999; ACC#123|REC#2023-05-28T14:15:39Z#SKU#999 = SUB; REC
            """)
    void namesItemsFromTheirKeys(String items, String expected) {
        var list = Arrays.stream(items.split(";")).map(String::strip).map(TestItems::keyed).toList();
        assertThat(labels(TABLE, list)).containsExactly(Arrays.stream(expected.split(";")).map(String::strip).toArray(String[]::new));
    }

    @Test
    void aTableWithOnlyAPartitionKeyIsNamedByItsTemplate() {
        var keys = TableKeys.of(KeySchema.of("id", null));
        var items = List.of(new Item(Map.of("id", AttributeValue.s("CUSTOMER#1"))), new Item(Map.of("id", AttributeValue.s("ORDER#7"))));
        assertThat(labels(keys, items)).containsExactly("CUSTOMER", "ORDER");
    }

    @Test
    void keysThatNameNothingFallBackToTheTableName() {
        var keys = new TableKeys("Sessions", KeySchema.of("id", null), Map.of());
        var items = List.of(new Item(Map.of("id", AttributeValue.s("3f2504e0-4f89-11d3-9a0c-0305e82c3301"))));
        assertThat(labels(keys, items)).containsExactly("Sessions");
        assertThat(labels(TableKeys.of(KeySchema.of("id", null)), items)).containsExactly(EntityClassifier.DEFAULT_NAME);
    }

    @Test
    void numbersAsKeysAreOneTemplateOfTheirType() {
        var keys = new TableKeys("Readings", new KeySchema(new KeySchema.KeyAttribute("device", KeySchema.ScalarType.N),
                new KeySchema.KeyAttribute("at", KeySchema.ScalarType.N)), Map.of());
        var classifier = new EntityClassifier(keys);
        var reading = new Item(Map.of("device", AttributeValue.n(7), "at", AttributeValue.n(1714557630)));
        classifier.accept(reading);
        assertThat(classifier.entityOf(reading)).isEqualTo("Readings");
        var shape = classifier.entities().getFirst();
        assertThat(shape.pkTemplate()).isEqualTo("{}");
        assertThat(shape.skTemplate()).contains("{}");
        assertThat(classifier.partitionKeyTemplateOf(reading).orElseThrow().type()).isEqualTo(KeySchema.ScalarType.N);
    }

    @Test
    void aNumberSortKeyUnderANamedPartitionIsThePartitionsEntity() {
        var classifier = new EntityClassifier(TABLE);
        var version = new Item(Map.of("PK", AttributeValue.s("DOC#1"), "SK", AttributeValue.n(3)));
        classifier.accept(version);
        assertThat(classifier.entityOf(version)).isEqualTo("DOC");
    }

    @Test
    void itemsWithoutThePartitionKeyAreSetApart() {
        var classifier = new EntityClassifier(TABLE);
        var stray = new Item(Map.of("name", AttributeValue.s("x")));
        classifier.accept(stray);
        assertThat(classifier.entityOf(stray)).isEqualTo(EntityClassifier.UNKEYED);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            _type, User
            type, User
            Type, User
            entityType, User
            __typename, User
            __edb_e__, User
            _et, User
            """)
    void aTypeAttributeOverridesTheKeyPrefixes(String attribute, String type) {
        var items = List.of(item("USER#1", "PROFILE", attribute, type), item("USER#1", "ORDER#9", attribute, "Purchase"));
        assertThat(labels(TABLE, items)).containsExactly(type, "Purchase");
    }

    @Test
    void aTypeAttributeMissingFromOneItemIsNotTheTablesTypeAttribute() {
        var classifier = new EntityClassifier(TABLE);
        var typed = item("USER#1", "PROFILE", "type", "Person");
        classifier.accept(typed);
        assertThat(classifier.typeAttribute()).contains("type");
        int revision = classifier.revision();
        classifier.accept(item("USER#2", "PROFILE"));
        assertThat(classifier.typeAttribute()).isEmpty();
        assertThat(classifier.revision()).isGreaterThan(revision);
        assertThat(classifier.entityOf(typed)).isEqualTo("USER");
    }

    @Test
    void aTypeAttributeWhoseValuesAreNotNamesIsIgnored() {
        var items = List.of(item("USER#1", "PROFILE", "type", "2024-05-01"), item("TEAM#1", "METADATA", "type", "x9"));
        assertThat(labels(TABLE, items)).containsExactly("USER", "TEAM");
    }

    @Test
    void libraryTypeAttributesWinOverAGenericOne() {
        var items = List.of(item("$app#user_1", "$user_1#id_1", "type", "admin", "__edb_e__", "user"));
        assertThat(labels(TABLE, items)).containsExactly("user");
    }

    @Test
    void anEdgeTurnsIntoAnEdgeOnceItsTargetsRootAppears() {
        var classifier = new EntityClassifier(TABLE);
        var edge = keyed("USER#7|TEAM#9");
        classifier.accept(keyed("USER#7|PROFILE"));
        classifier.accept(edge);
        assertThat(classifier.entityOf(edge)).isEqualTo("TEAM");
        int revision = classifier.revision();
        classifier.accept(keyed("TEAM#9|METADATA"));
        assertThat(classifier.entityOf(edge)).isEqualTo("USER→TEAM");
        assertThat(classifier.revision()).isGreaterThan(revision);
    }

    @Test
    void entitiesReportTemplatesAndCounts() {
        var classifier = new EntityClassifier(TABLE);
        classifier.acceptAll(List.of(keyed("CUSTOMER#1|PROFILE"), keyed("CUSTOMER#2|PROFILE"), keyed("CUSTOMER#1|ORDER#1"),
                keyed("CUSTOMER#1|ORDER#2"), keyed("CUSTOMER#2|ORDER#3")));
        assertThat(classifier.entities()).containsExactly(
                new EntityShape("ORDER", EntityShape.Kind.ENTITY, 3, List.of(new TemplateCount("CUSTOMER#{}", 3)),
                        List.of(new TemplateCount("ORDER#{}", 3))),
                new EntityShape("CUSTOMER", EntityShape.Kind.ENTITY, 2, List.of(new TemplateCount("CUSTOMER#{}", 2)),
                        List.of(new TemplateCount("PROFILE", 2))));
    }

    @Test
    void anItemNotYetSeenIsNamedFromWhatIsKnown() {
        var classifier = new EntityClassifier(TABLE);
        classifier.accept(keyed("TEAM#1|METADATA"));
        assertThat(classifier.entityOf(keyed("USER#5|TEAM#1"))).isEqualTo("USER→TEAM");
        assertThat(classifier.itemCount()).isEqualTo(1);
    }

    @Test
    void theLensIsAppliedLast() {
        var lens = Lens.NONE.withRename("USER", "Person").withSplit("TEAM", new Lens.AttributeEquals("tier", "gold"), "GOLD_TEAM");
        var classifier = new EntityClassifier(TABLE, lens);
        var gold = item("TEAM#1", "METADATA", "tier", "gold");
        var plain = item("TEAM#2", "METADATA", "tier", "silver");
        classifier.acceptAll(List.of(keyed("USER#1|PROFILE"), gold, plain));
        assertThat(classifier.entityOf(keyed("USER#1|PROFILE"))).isEqualTo("Person");
        assertThat(classifier.entityOf(gold)).isEqualTo("GOLD_TEAM");
        assertThat(classifier.entityOf(plain)).isEqualTo("TEAM");
    }

    // ---- stability ----

    /** An online shop's items, each shape and each status and category in the first page. */
    static List<List<Item>> shopPages(long seed, int pages, int pageSize) {
        var random = new Random(seed);
        var statuses = List.of("OPEN", "SHIPPED", "CANCELLED");
        var categories = List.of("books", "games", "toys");
        var all = new ArrayList<Item>();
        for (int i = 0; i < pages * pageSize; i++) {
            int kind = i < 6 ? i % 3 : random.nextInt(3);
            var id = Long.toString(Math.abs(random.nextLong()), 36);
            all.add(switch (kind) {
                case 0 -> item("CUSTOMER#" + id, "PROFILE", "name", "n" + id);
                case 1 -> item("CUSTOMER#" + id, "ORDER#2024-05-0" + (1 + random.nextInt(9)) + "#" + id, "status",
                        statuses.get(i < 6 ? i / 3 : random.nextInt(3)), "GSI1PK", "STATUS#" + statuses.get(i < 6 ? i / 3 : random.nextInt(3)));
                default -> item("PRODUCT#" + id, "METADATA", "GSI1PK", "CATEGORY#" + categories.get(i < 6 ? i / 3 : random.nextInt(3)));
            });
        }
        var pageList = new ArrayList<List<Item>>();
        for (int p = 0; p < pages; p++) {
            pageList.add(all.subList(p * pageSize, (p + 1) * pageSize));
        }
        return pageList;
    }

    @Property(tries = 50)
    void labelsOfSeenItemsDoNotChangeWhenMorePagesOfTheSameShapesArrive(@ForAll long seed, @ForAll @IntRange(min = 2, max = 6) int pages) {
        var classifier = new EntityClassifier(TABLE);
        var pageList = shopPages(seed, pages, 40);
        classifier.acceptAll(pageList.getFirst());
        var before = new LinkedHashMap<Item, String>();
        pageList.getFirst().forEach(item -> before.put(item, classifier.entityOf(item)));
        int revision = classifier.revision();
        for (var page : pageList.subList(1, pageList.size())) {
            classifier.acceptAll(page);
            before.forEach((item, label) -> assertThat(classifier.entityOf(item)).isEqualTo(label));
        }
        assertThat(classifier.revision()).isEqualTo(revision);
        assertThat(before.values()).containsOnly("CUSTOMER", "ORDER", "PRODUCT");
    }
}
