package dev.dynalens.domain.inference;

import static dev.dynalens.domain.inference.TestItems.PK_SK;
import static dev.dynalens.domain.inference.TestItems.item;
import static dev.dynalens.domain.inference.TestItems.keyed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AnalyzerTest {
    private static final TableKeys SHOP = new TableKeys("Shop", PK_SK, Map.of()).withIndex("GSI1", KeySchema.of("GSI1PK", "GSI1SK"));

    /** Customers, their orders (in GSI1 by status), order items, and products (in GSI1 by category). */
    static List<Item> shop() {
        var items = new ArrayList<Item>();
        var statuses = List.of("OPEN", "SHIPPED", "OPEN", "CANCELLED");
        for (int c = 1; c <= 5; c++) {
            items.add(item("CUSTOMER#" + c, "PROFILE", "name", "Customer " + c, "email", "c" + c + "@example.com"));
            for (int o = 1; o <= 4; o++) {
                var order = "01HZ" + c + o + "ARZ3NDEKTSV4RRFFQ69G";
                var status = statuses.get(o - 1);
                items.add(item("CUSTOMER#" + c, "ORDER#" + order, "total", c * 10 + o, "status", status,
                        "GSI1PK", "STATUS#" + status, "GSI1SK", "ORDER#" + order));
                items.add(item("ORDER#" + order, "ITEM#1", "quantity", 1, "price", c == 1 ? (Object) "9.99" : (Object) 999));
            }
        }
        var categories = List.of("books", "games", "books");
        for (int p = 1; p <= 3; p++) {
            items.add(item("PRODUCT#" + p, "METADATA", "title", "Product " + p,
                    "GSI1PK", "CATEGORY#" + categories.get(p - 1), "GSI1SK", "PRODUCT#" + p));
        }
        return items;
    }

    private static TableAnalysis analyze(TableKeys keys, List<Item> items) {
        var analyzer = new Analyzer(keys);
        analyzer.acceptAll(items);
        return analyzer.result();
    }

    @Test
    void findsTheShopsEntitiesWithTheirTemplatesAndCounts() {
        var result = analyze(SHOP, shop());
        assertThat(result.itemCount()).isEqualTo(48);
        assertThat(result.entityCounts()).containsExactly(Map.entry("ITEM", 20L), Map.entry("ORDER", 20L), Map.entry("CUSTOMER", 5L),
                Map.entry("PRODUCT", 3L));
        var order = result.entity("ORDER").orElseThrow();
        assertThat(order.pkTemplate()).isEqualTo("CUSTOMER#{}");
        assertThat(order.skTemplate()).contains("ORDER#{}");
        assertThat(result.entity("ITEM").orElseThrow().pkTemplate()).isEqualTo("ORDER#{}");
        assertThat(result.entity("PRODUCT").orElseThrow().skTemplate()).contains("METADATA");
    }

    @Test
    void reportsAttributesWithTheirTypesAndPresence() {
        var result = analyze(SHOP, shop());
        var order = result.entity("ORDER").orElseThrow();
        assertThat(order.attribute("total").orElseThrow()).isEqualTo(new TableAnalysis.Attribute("total", Set.of(AttributeType.N), 20));
        assertThat(order.attribute("GSI1PK").orElseThrow().count()).isEqualTo(20);
        var price = result.entity("ITEM").orElseThrow().attribute("price").orElseThrow();
        assertThat(price.types()).containsExactly(AttributeType.S, AttributeType.N);
        assertThat(price.typeLabel()).isEqualTo("S|N");
        assertThat(result.entity("CUSTOMER").orElseThrow().attributes()).extracting(TableAnalysis.Attribute::name)
                .containsExactlyInAnyOrder("PK", "SK", "name", "email");
    }

    @Test
    void tellsWhichEntitiesPopulateTheSparseIndex() {
        var result = analyze(SHOP, shop());
        assertThat(result.entity("ORDER").orElseThrow().indexes()).containsExactly(Map.entry("GSI1", 20L));
        assertThat(result.entity("PRODUCT").orElseThrow().indexes()).containsExactly(Map.entry("GSI1", 3L));
        assertThat(result.entity("CUSTOMER").orElseThrow().indexes()).isEmpty();
        assertThat(result.entity("ITEM").orElseThrow().indexes()).isEmpty();
    }

    @Test
    void readsTheMeaningsOfAnOverloadedIndex() {
        var gsi = analyze(SHOP, shop()).index("GSI1").orElseThrow();
        assertThat(gsi.itemCount()).isEqualTo(23);
        assertThat(gsi.meanings()).containsExactly(new TableAnalysis.Meaning("STATUS#{}", "ORDER", 20),
                new TableAnalysis.Meaning("CATEGORY#{}", "PRODUCT", 3));
    }

    @Test
    void anIndexNeedsAllItsKeyAttributes() {
        var keys = SHOP;
        var items = List.of(item("PRODUCT#1", "METADATA", "GSI1PK", "CATEGORY#books"));
        var result = analyze(keys, items);
        assertThat(result.index("GSI1").orElseThrow().itemCount()).isZero();
        assertThat(result.entity("PRODUCT").orElseThrow().indexes()).isEmpty();
    }

    /** Users and teams joined by an adjacency list; the membership alice→blue has no mirror. */
    static List<Item> teams() {
        return List.of(
                keyed("USER#alice|PROFILE"), keyed("USER#bob|PROFILE"), keyed("USER#carol|PROFILE"),
                keyed("TEAM#red|METADATA"), keyed("TEAM#blue|METADATA"),
                item("USER#alice", "TEAM#red", "role", "lead"), item("TEAM#red", "USER#alice", "role", "lead"),
                keyed("USER#bob|TEAM#red"), keyed("TEAM#red|USER#bob"),
                keyed("USER#carol|TEAM#blue"), keyed("TEAM#blue|USER#carol"),
                keyed("USER#alice|TEAM#blue"));
    }

    @Test
    void findsAnAdjacencyListBothWaysAndTheEdgeWithoutItsMirror() {
        var result = analyze(TestItems.TABLE, teams());
        assertThat(result.entityCounts()).containsExactly(Map.entry("USER→TEAM", 4L), Map.entry("TEAM→USER", 3L), Map.entry("USER", 3L),
                Map.entry("TEAM", 2L));
        assertThat(result.entity("USER→TEAM").orElseThrow().kind()).isEqualTo(EntityShape.Kind.EDGE);
        assertThat(result.relationships()).hasSize(1);
        var relationship = result.relationships().getFirst();
        assertThat(relationship.kind()).isEqualTo(TableAnalysis.Relationship.Kind.ADJACENCY);
        assertThat(relationship.entities()).containsExactly("USER→TEAM", "TEAM→USER");
        assertThat(relationship.edges()).isEqualTo(4);
        assertThat(relationship.reverseEdges()).isEqualTo(3);
        assertThat(relationship.mirrored()).isEqualTo(3);
        assertThat(relationship.missingReverseCount()).isEqualTo(1);
        assertThat(relationship.edgeCount()).isEqualTo(4);
        assertThat(relationship.missingReverse()).containsExactly(Map.of("PK", AttributeValue.s("USER#alice"), "SK", AttributeValue.s("TEAM#blue")));
    }

    @Test
    void referencesWithoutMirrorsAreNoAdjacencyList() {
        assertThat(analyze(SHOP, shop()).relationships()).isEmpty();
    }

    @Test
    void aSymmetricFriendListIsOneRelationshipWithItself() {
        var items = List.of(keyed("USER#a|PROFILE"), keyed("USER#b|PROFILE"), keyed("USER#c|PROFILE"),
                keyed("USER#a|USER#b"), keyed("USER#b|USER#a"), keyed("USER#a|USER#c"));
        var relationship = analyze(TestItems.TABLE, items).relationships().getFirst();
        assertThat(relationship.entities()).containsExactly("USER→USER", "USER→USER");
        assertThat(relationship.mirrored()).isEqualTo(1);
        assertThat(relationship.missingReverse()).containsExactly(Map.of("PK", AttributeValue.s("USER#a"), "SK", AttributeValue.s("USER#c")));
    }

    @Test
    void theSameItemTwiceIsOneEdge() {
        var analyzer = new Analyzer(TestItems.TABLE);
        analyzer.acceptAll(teams());
        analyzer.accept(keyed("USER#alice|TEAM#blue"));
        assertThat(analyzer.result().relationships().getFirst().missingReverseCount()).isEqualTo(1);
    }

    @Test
    void theLensRenamesEntitiesInTheResultAndInIndexMeanings() {
        var lens = Lens.NONE.withRename("ORDER", "Order").withMerge(List.of("CUSTOMER", "PRODUCT"), "ROOT");
        var analyzer = new Analyzer(SHOP, lens);
        analyzer.acceptAll(shop());
        var result = analyzer.result();
        assertThat(result.entityCounts()).containsKeys("Order", "ROOT", "ITEM").doesNotContainKeys("ORDER", "CUSTOMER", "PRODUCT");
        assertThat(result.entity("ROOT").orElseThrow().count()).isEqualTo(8);
        assertThat(result.entity("ROOT").orElseThrow().shape().pkTemplates()).extracting(TemplateCount::template)
                .containsExactly("CUSTOMER#{}", "PRODUCT#{}");
        assertThat(result.index("GSI1").orElseThrow().meanings()).extracting(TableAnalysis.Meaning::entity).containsExactly("Order", "ROOT");
    }

    @Test
    void analysesAMillionItemsWithoutKeepingThem() {
        var analyzer = new Analyzer(SHOP);
        var statuses = new String[] {"OPEN", "SHIPPED", "CANCELLED"};
        long start = System.nanoTime();
        for (int i = 0; i < 999_000; i++) {
            var id = Integer.toString(i, 36);
            var item = switch (i % 5) {
                case 0 -> item("CUSTOMER#" + id, "PROFILE", "name", "n" + id);
                case 1 -> item("CUSTOMER#" + id, "ORDER#2024-05-01#" + id, "total", i, "GSI1PK", "STATUS#" + statuses[i % 3], "GSI1SK", id);
                case 2 -> item("USER#" + id, "PROFILE", "name", "n" + id);
                case 3 -> item("USER#" + id, "TEAM#" + (i % 1000), "role", "member");
                default -> item("TEAM#" + ((i - 1) % 1000), "USER#" + Integer.toString(i - 1, 36));
            };
            analyzer.accept(item);
        }
        for (int team = 0; team < 1000; team++) {
            analyzer.accept(item("TEAM#" + team, "METADATA", "name", "team " + team));
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        var result = analyzer.result();
        assertThat(result.itemCount()).isEqualTo(1_000_000);
        assertThat(result.entityCounts()).containsOnly(Map.entry("CUSTOMER", 199_800L), Map.entry("ORDER", 199_800L),
                Map.entry("USER", 199_800L), Map.entry("USER→TEAM", 199_800L), Map.entry("TEAM→USER", 199_800L), Map.entry("TEAM", 1000L));
        assertThat(result.index("GSI1").orElseThrow().meanings()).containsExactly(new TableAnalysis.Meaning("STATUS#{}", "ORDER", 199_800));
        var relationship = result.relationships().getFirst();
        assertThat(relationship.mirrored()).isEqualTo(199_800);
        assertThat(relationship.missingReverseCount()).isZero();
        System.out.printf("analysed 1,000,000 items in %d ms, edge index %d MB%n", millis,
                analyzerEdgeFootprint(analyzer) / (1024 * 1024));
    }

    private static long analyzerEdgeFootprint(Analyzer analyzer) {
        return analyzer.edgeFootprintBytes();
    }
}
