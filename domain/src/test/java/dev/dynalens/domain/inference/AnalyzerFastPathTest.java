package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.workspace.FileWorkspaces;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Differential: the analyzer's fast path (cached key-template readings, identity caches for groups,
 * attributes and index meanings, the batched edge index) against the plain path, which reads every key
 * afresh and finds every counter by hashing. Same items in, the same {@link TableAnalysis} out after
 * every few items, and the same entity name for every item.
 */
class AnalyzerFastPathTest {
    static final TableKeys KEYS = new TableKeys("shop", KeySchema.of("PK", "SK"),
            Map.of("GSI1", KeySchema.of("GSI1PK", "GSI1SK"), "BY_TYPE", KeySchema.of("kind", null)));

    private static final TableKeys SHOP = new TableKeys("Shop", TestItems.PK_SK, Map.of()).withIndex("GSI1", KeySchema.of("GSI1PK", "GSI1SK"));

    private static void assertSameAnalysis(TableKeys keys, Lens lens, List<Item> items) {
        var fast = new Analyzer(keys, lens);
        var plain = new Analyzer(keys, lens, false);
        int step = Math.max(1, items.size() / 7);
        for (int i = 0; i < items.size(); i++) {
            fast.accept(items.get(i));
            plain.accept(items.get(i));
            if (i % step == 0) {
                assertThat(fast.result()).as("after %d items", i + 1).isEqualTo(plain.result());
            }
        }
        assertThat(fast.result()).isEqualTo(plain.result());
        for (var item : items) {
            assertThat(fast.entityOf(item)).as("%s", item).isEqualTo(plain.entityOf(item));
        }
    }

    @Property(tries = 300)
    void fastPathReadsGeneratedTablesAsThePlainPathDoes(@ForAll("tables") List<Item> items) {
        assertSameAnalysis(KEYS, Lens.NONE, items);
    }

    @Test
    void fastPathReadsTheRealModelsAndSamplesAsThePlainPathDoes() throws IOException {
        var files = dev.dynalens.domain.RealModels.modelsAndSamples();
        int tables = 0;
        for (var file : files) {
            for (var table : FileWorkspaces.read(file, WorkspaceOptions.NONE).tables()) {
                assertSameAnalysis(table.tableKeys(), Lens.NONE, table.items());
                var reversed = new ArrayList<>(table.items());
                java.util.Collections.reverse(reversed);
                assertSameAnalysis(table.tableKeys(), Lens.NONE, reversed);
                tables++;
            }
        }
        assertThat(tables).isGreaterThanOrEqualTo(10);
    }

    @Test
    void handPickedTablesWhoseLiteralsTurnIntoDataReadTheSame() {
        var teams = new ArrayList<>(AnalyzerTest.teams());
        teams.add(TestItems.keyed("USER#alice|TEAM#blue")); // the same item twice
        assertSameAnalysis(TestItems.TABLE, Lens.NONE, teams);
        assertSameAnalysis(TestItems.TABLE, Lens.NONE, List.of(TestItems.keyed("USER#a|PROFILE"), TestItems.keyed("USER#b|PROFILE"),
                TestItems.keyed("USER#c|PROFILE"), TestItems.keyed("USER#a|USER#b"), TestItems.keyed("USER#b|USER#a"),
                TestItems.keyed("USER#a|USER#c"), TestItems.keyed("USER#a|PROFILE"), TestItems.keyed("USER#a|USER#b")));
        assertSameAnalysis(SHOP, Lens.NONE, AnalyzerTest.shop());
        var lens = Lens.NONE.withRename("ORDER", "Order").withMerge(List.of("CUSTOMER", "PRODUCT"), "ROOT");
        assertSameAnalysis(SHOP, lens, AnalyzerTest.shop());
    }

    /**
     * A group number taken when an item came names it, once the table was read, as reading the item's keys again does:
     * what lets the one read of stale copies keep a number per item instead of reading every item's keys a second time.
     */
    private static void assertGroupsReadAsTheirItems(TableKeys keys, List<Item> items) {
        var classifier = new EntityClassifier(keys);
        var groups = new int[items.size()];
        for (int i = 0; i < items.size(); i++) {
            groups[i] = classifier.acceptGrouped(items.get(i));
        }
        assertThat(classifier.groupCount()).isLessThanOrEqualTo(items.size());
        for (int i = 0; i < items.size(); i++) {
            var item = items.get(i);
            assertThat(classifier.groupEntity(groups[i])).as("%s", item).isEqualTo(classifier.entityOf(item));
            assertThat(classifier.groupPartitionKeyTemplate(groups[i])).as("%s", item).isEqualTo(classifier.partitionKeyTemplateOf(item).orElse(null));
            assertThat(classifier.groupSortKeyTemplate(groups[i])).as("%s", item).isEqualTo(classifier.sortKeyTemplateOf(item).orElse(null));
        }
    }

    @Property(tries = 300)
    void aGroupTakenWhenItsItemCameReadsAsTheItemAtTheEnd(@ForAll("tables") List<Item> items) {
        assertGroupsReadAsTheirItems(KEYS, items);
    }

    @Test
    void theRealModelsSamplesAndHandPickedTablesGroupsReadAsTheirItems() throws IOException {
        for (var file : dev.dynalens.domain.RealModels.modelsAndSamples()) {
            for (var table : FileWorkspaces.read(file, WorkspaceOptions.NONE).tables()) {
                assertGroupsReadAsTheirItems(table.tableKeys(), table.items());
                var reversed = new ArrayList<>(table.items());
                java.util.Collections.reverse(reversed);
                assertGroupsReadAsTheirItems(table.tableKeys(), reversed);
            }
        }
        assertGroupsReadAsTheirItems(TestItems.TABLE, AnalyzerTest.teams());
        assertGroupsReadAsTheirItems(SHOP, AnalyzerTest.shop());
        var turning = new ArrayList<Item>();
        for (int n = 0; n < 2 * TemplateRegistry.HIGH; n++) { // the name position turns variable part-way
            var name = "N" + (char) ('A' + n / 26) + (char) ('a' + n % 26);
            turning.add(TestItems.keyed(name + "#" + n + "|TEAM#" + n % 3));
            turning.add(TestItems.keyed("TEAM#" + n % 3 + "|METADATA"));
        }
        assertGroupsReadAsTheirItems(TestItems.TABLE, turning);
    }

    @Test
    void keysThatAreAllDataOverflowTheTemplateCacheWithoutChangingTheReading() {
        var items = new ArrayList<Item>();
        for (int i = 0; i < 3 * KeyTemplateCache.CAPACITY; i++) {
            var name = Integer.toString(i, 26).chars().mapToObj(c -> String.valueOf((char) ('a' + Character.digit(c, 26))))
                    .reduce("", String::concat);
            items.add(TestItems.item(name, "PROFILE", "age", i)); // user names as keys
            items.add(TestItems.item(name, "FRIEND#" + (i + 1), "since", "2024"));
            items.add(TestItems.item("TEAM#" + i, "METADATA", "name", "team " + i));
        }
        assertSameAnalysis(TestItems.TABLE, Lens.NONE, items);
    }

    /**
     * The fast path files candidate edges under buckets by key shape (the plain one does not): a group whose
     * partition-key name turned into data spans several buckets, some with mirrors and some logged, and its logged
     * edges (one fed twice) still count and are reported missing.
     */
    @Test
    void edgesLoggedForWantOfAMirrorBucketCountAsThePlainIndexCountsThem() {
        var items = new ArrayList<Item>();
        for (int n = 0; n < 2 * TemplateRegistry.HIGH; n++) { // NAa#… to NAz#, NBa#…: the name position turns variable
            var name = "N" + (char) ('A' + n / 26) + (char) ('a' + n % 26);
            items.add(TestItems.keyed(name + "#" + n + "|TEAM#" + n % 3));
            if (n % 4 == 0) {
                items.add(TestItems.keyed("TEAM#" + n % 3 + "|" + name + "#" + n)); // mirrors for some names only
            }
        }
        items.add(TestItems.keyed("NAf#5|TEAM#2")); // a logged edge fed twice
        items.add(TestItems.keyed("TEAM#0|METADATA"));
        assertSameAnalysis(TestItems.TABLE, Lens.NONE, items);
        var result = new Analyzer(TestItems.TABLE);
        result.acceptAll(items);
        var relationships = result.result().relationships();
        assertThat(relationships).isNotEmpty();
        assertThat(relationships.stream().flatMap(r -> r.missingReverse().stream()))
                .contains(Map.of("PK", AttributeValue.s("NAo#14"), "SK", AttributeValue.s("TEAM#2")))
                // Fed again into a group of the relationship, but first into another: the first group counts.
                .doesNotContain(Map.of("PK", AttributeValue.s("NAf#5"), "SK", AttributeValue.s("TEAM#2")));
    }

    @Test
    void moreKeyShapesThanTheEdgeIndexKeepsApartReadTheSame() {
        var items = new ArrayList<Item>();
        for (int i = 0; i < EdgeIndex.MAX_BUCKETS + 500; i++) {
            var a = "A" + Integer.toString(i, 26).chars().mapToObj(c -> String.valueOf((char) ('a' + Character.digit(c, 26))))
                    .reduce("", String::concat);
            items.add(TestItems.keyed(a + "#1|B" + a + "#2"));
            if (i % 100 == 0) {
                items.add(TestItems.keyed("B" + a + "#2|" + a + "#1"));
            }
        }
        assertSameAnalysis(TestItems.TABLE, Lens.NONE, items);
    }

    @Test
    void manyGroupsAndManyAttributesStayTheSame() {
        var items = new ArrayList<Item>();
        for (int i = 0; i < 2_000; i++) {
            var attributes = new LinkedHashMap<String, AttributeValue>();
            attributes.put("PK", AttributeValue.s("E" + (char) ('A' + i % 26) + (char) ('A' + i / 26 % 26) + "#" + i));
            attributes.put("SK", AttributeValue.s(i % 3 == 0 ? "META" : "R" + (char) ('A' + i % 7) + "#" + i));
            for (int a = 0; a < 40; a++) { // more than the per-position cache holds, in a varying order
                int n = (a * 7 + i) % 45;
                attributes.put("a" + n, n % 2 == 0 ? AttributeValue.s("x") : AttributeValue.n(n));
            }
            items.add(new Item(attributes));
        }
        assertSameAnalysis(TestItems.TABLE, Lens.NONE, items);
    }

    // ---- generators --------------------------------------------------------------------------------

    @Provide
    Arbitrary<List<Item>> tables() {
        return item().list().ofMaxSize(200);
    }

    private static final List<String> OTHER_IDS = List.of("a", "b", "c", "red", "blue", "7", "42");

    /** One generated item (NamingSummaryTest draws on it too). */
    static Arbitrary<Item> item() {
        var pkName = Arbitraries.of("USER", "TEAM", "ORDER", "CUSTOMER", "PRODUCT", "u", "Room", "TENANT#acme#USER", "#META");
        var id = Arbitraries.oneOf(Arbitraries.integers().between(1, 40).map(String::valueOf),
                Arbitraries.of("a", "b", "c", "red", "blue", "alice", "bob", "UserA", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "2024-05-01T10:20:30Z"));
        var delimiter = Arbitraries.of("#", "#", "#", ":", "|");
        var sk = Arbitraries.oneOf(
                Arbitraries.of("PROFILE", "METADATA", "#META", "INFO", "follower", "following"),
                Combinators.combine(Arbitraries.of("ORDER", "TEAM", "USER", "ITEM", "CATEGORY", "FRIEND"), id)
                        .as((name, value) -> name + "#" + value),
                Arbitraries.of("SAME", "EXTENDS", "MIRROR", "MIRROR", "NONE", "BARE"));
        var gsi = Arbitraries.oneOf(Arbitraries.just(""), Combinators.combine(Arbitraries.of("STATUS", "CATEGORY"),
                Arbitraries.of("OPEN", "PAID", "books", "games", "7")).as((name, value) -> name + "#" + value));
        var typeValue = Arbitraries.of("", "", "", "Order", "User", "Team");
        var extra = Arbitraries.of("name", "total", "tags", "when", "owner", "kind").list().ofMaxSize(4);
        return Combinators.combine(pkName, id, delimiter, sk, gsi, typeValue, extra, Arbitraries.integers().between(0, 9))
                .as((name, value, d, skChoice, gsiPk, type, attributeNames, numberKey) -> {
                    var attributes = new LinkedHashMap<String, AttributeValue>();
                    AttributeValue pk = numberKey == 0 ? AttributeValue.n(value.length())
                            : AttributeValue.s(numberKey == 9 ? value : name + d + value);
                    attributes.put("PK", pk);
                    String pkText = pk instanceof AttributeValue.Str s ? s.value() : "1";
                    switch (skChoice) {
                        case "SAME" -> attributes.put("SK", pk);
                        case "EXTENDS" -> attributes.put("SK", AttributeValue.s(pkText + "#ITEM#" + value));
                        case "MIRROR" -> attributes.put("SK", AttributeValue.s((numberKey % 2 == 0 ? "USER#" : "TEAM#")
                                + OTHER_IDS.get(Math.floorMod(value.hashCode() + numberKey, OTHER_IDS.size()))));
                        case "BARE" -> attributes.put("SK", AttributeValue.s(value)); // user names as keys
                        case "NONE" -> {
                        }
                        default -> attributes.put("SK", AttributeValue.s(skChoice));
                    }
                    if (!gsiPk.isEmpty()) {
                        attributes.put("GSI1PK", AttributeValue.s(gsiPk));
                        attributes.put("GSI1SK", numberKey == 1 ? AttributeValue.n(7) : AttributeValue.s(value));
                    }
                    if (!type.isEmpty()) {
                        attributes.put("_type", AttributeValue.s(type));
                    }
                    for (var attribute : attributeNames) {
                        attributes.put(attribute, switch (attribute) {
                            case "total" -> AttributeValue.n(numberKey * 10 + 1);
                            case "tags" -> AttributeValue.ss("a", "b");
                            case "when" -> numberKey % 2 == 0 ? AttributeValue.s("2024") : AttributeValue.nul();
                            case "kind" -> AttributeValue.s(name);
                            default -> AttributeValue.s(value);
                        });
                    }
                    return new Item(attributes);
                });
    }
}
