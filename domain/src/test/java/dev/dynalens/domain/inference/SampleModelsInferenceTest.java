package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What inference reads from the samples in samples/ (their facets name the entities as a person
 * would; the assertions compare). Numbers and names are those of samples/README.md.
 */
class SampleModelsInferenceTest {

    private record Analyzed(WorkbenchModel model, Analyzer analyzer, TableAnalysis result) {
        Map<String, Set<String>> namesByFacet() {
            return model.facets().entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                    e -> e.getValue().items().stream().map(analyzer::entityOf).collect(Collectors.toCollection(TreeSet::new))));
        }
    }

    private static Analyzed analyze(String fileName) {
        var model = SampleModels.model(fileName);
        var analyzer = new Analyzer(model.keys());
        analyzer.acceptAll(model.items());
        return new Analyzed(model, analyzer, analyzer.result());
    }

    @Test
    void onlineShop_findsCustomersOrdersItemsAndProducts_andWhatGsi1Means() {
        var shop = analyze(SampleModels.ONLINE_SHOP);
        var result = shop.result();
        assertThat(result.typeAttribute()).isEmpty();
        assertThat(result.entityCounts()).containsExactly(Map.entry("ITEM", 60L), Map.entry("ORDER", 25L),
                Map.entry("PRODUCT", 15L), Map.entry("CUSTOMER", 8L));
        assertThat(shop.namesByFacet()).containsOnly(Map.entry("Customer", Set.of("CUSTOMER")), Map.entry("Order", Set.of("ORDER")),
                Map.entry("OrderItem", Set.of("ITEM")), Map.entry("Product", Set.of("PRODUCT")));
        var order = result.entity("ORDER").orElseThrow();
        assertThat(order.pkTemplate()).isEqualTo("CUSTOMER#{}");
        assertThat(order.skTemplate()).contains("ORDER#{}#{}");
        assertThat(order.indexes()).containsExactly(Map.entry("GSI1", 25L));
        assertThat(result.entity("ITEM").orElseThrow().pkTemplate()).isEqualTo("ORDER#{}");
        assertThat(result.entity("CUSTOMER").orElseThrow().indexes()).isEmpty();
        assertThat(result.index("GSI1").orElseThrow().meanings()).containsExactly(
                new TableAnalysis.Meaning("STATUS#{}", "ORDER", 25), new TableAnalysis.Meaning("CATEGORY#{}", "PRODUCT", 15));
        assertThat(result.relationships()).isEmpty();
    }

    @Test
    void blog_findsUsersPostsCommentsAndTagEntriesAsEdgesToPosts() {
        var blog = analyze(SampleModels.BLOG);
        var result = blog.result();
        assertThat(result.entityCounts()).containsExactly(Map.entry("COMMENT", 40L), Map.entry("TAG→POST", 24L),
                Map.entry("POST", 16L), Map.entry("USER", 8L));
        assertThat(blog.namesByFacet()).containsOnly(Map.entry("User", Set.of("USER")), Map.entry("Post", Set.of("POST")),
                Map.entry("Comment", Set.of("COMMENT")), Map.entry("TagEntry", Set.of("TAG→POST")));
        assertThat(result.entity("COMMENT").orElseThrow().skTemplate()).contains("COMMENT#{}#{}");
        assertThat(result.entity("TAG→POST").orElseThrow().attribute("author").orElseThrow().typeLabel()).isEqualTo("M");
        assertThat(result.index("GSI1").orElseThrow().meanings()).containsExactly(new TableAnalysis.Meaning("USER#{}", "POST", 16));
        // Tag entries point at posts but nothing points back: a one-way reference, not an adjacency list.
        assertThat(result.relationships()).isEmpty();
    }

    @Test
    void teams_findsTheAdjacencyListAndItsOneMissingReverseEdge() {
        var teams = analyze(SampleModels.TEAMS);
        var result = teams.result();
        assertThat(result.entityCounts()).containsExactly(Map.entry("USER→TEAM", 18L), Map.entry("TEAM→USER", 17L),
                Map.entry("USER", 12L), Map.entry("TEAM", 4L));
        assertThat(teams.namesByFacet()).containsOnly(Map.entry("User", Set.of("USER")), Map.entry("Team", Set.of("TEAM")),
                Map.entry("UserMembership", Set.of("USER→TEAM")), Map.entry("TeamMembership", Set.of("TEAM→USER")));
        var memberships = result.relationships();
        assertThat(memberships).hasSize(1);
        var link = memberships.getFirst();
        assertThat(link.entities()).containsExactly("USER→TEAM", "TEAM→USER");
        assertThat(link.mirrored()).isEqualTo(17);
        assertThat(link.missingReverseCount()).isEqualTo(1);
        assertThat(link.missingReverse()).containsExactly(Map.of("PK", AttributeValue.s("USER#u09"), "SK", AttributeValue.s("TEAM#data")));
        // GSI1 inverts the key, so its partitions are read by the sort key's templates.
        assertThat(result.index("GSI1").orElseThrow().meanings()).containsExactly(
                new TableAnalysis.Meaning("TEAM#{}", "USER→TEAM", 18), new TableAnalysis.Meaning("USER#{}", "TEAM→USER", 17),
                new TableAnalysis.Meaning("PROFILE", "USER", 12), new TableAnalysis.Meaning("METADATA", "TEAM", 4));
    }

    @Test
    void tracker_findsItsEntities_membershipsAsEdgesToUsers_andTheSprintsInGsi1() {
        var tracker = analyze(SampleModels.TRACKER);
        var result = tracker.result();
        assertThat(result.entityCounts()).containsExactly(Map.entry("COMMENT", 61L), Map.entry("WATCH", 61L), Map.entry("TASK", 31L),
                Map.entry("ORG→USER", 16L), Map.entry("SPRINT", 12L), Map.entry("USER", 12L), Map.entry("PROJECT", 7L), Map.entry("ORG", 3L));
        assertThat(tracker.namesByFacet()).containsOnly(Map.entry("Organisation", Set.of("ORG")), Map.entry("User", Set.of("USER")),
                Map.entry("Membership", Set.of("ORG→USER")), Map.entry("Project", Set.of("PROJECT")), Map.entry("Sprint", Set.of("SPRINT")),
                Map.entry("Task", Set.of("TASK")), Map.entry("Comment", Set.of("COMMENT")), Map.entry("Watch", Set.of("WATCH")));
        assertThat(result.entity("PROJECT").orElseThrow().pkTemplate()).isEqualTo("ORG#{}");
        assertThat(result.index("GSI1").orElseThrow().meanings()).containsExactly(new TableAnalysis.Meaning("SPRINT#{}", "TASK", 31),
                new TableAnalysis.Meaning("SPRINT#{}", "SPRINT", 12));
        // Memberships point at users, nothing points back: no adjacency list.
        assertThat(result.relationships()).isEmpty();
    }
}
