package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.Item;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Inference on the NoSQL Workbench models AWS publishes (aws-samples/aws-dynamodb-examples,
 * MIT-0, copied to domain/src/test/resources/models/aws-dynamodb-examples). Where a model has facets,
 * the facet name is what AWS calls the entity; the assertions compare.
 */
class RealModelsTest {

    private static Analyzer analyze(WorkbenchModel model) {
        var analyzer = new Analyzer(model.keys());
        analyzer.acceptAll(model.items());
        return analyzer;
    }

    /** Facet name to the entity names inference gives its items. */
    private static Map<String, Set<String>> namesByFacet(WorkbenchModel model, Analyzer analyzer) {
        var names = new LinkedHashMap<String, Set<String>>();
        model.facets().forEach((facet, f) -> names.put(facet,
                f.items().stream().map(analyzer::entityOf).collect(Collectors.toCollection(java.util.TreeSet::new))));
        return names;
    }

    @Test
    void gamePlayerProfilesAreNamedByTheirTypeAttributeAsTheFacetsAre() {
        var model = WorkbenchModel.load("GamePlayerProfilesSchema.json");
        var analyzer = analyze(model);
        var result = analyzer.result();
        assertThat(result.typeAttribute()).contains("Type");
        assertThat(result.entityCounts()).containsExactly(Map.entry("Activity", 3L), Map.entry("Equipment", 3L), Map.entry("Item", 3L),
                Map.entry("Task", 3L), Map.entry("Friends", 1L), Map.entry("Metadata", 1L));
        // AWS's facets: Metadata, Friends, Items, Equipments, Tasks, Activities.
        assertThat(namesByFacet(model, analyzer)).containsExactly(Map.entry("Metadata", Set.of("Metadata")),
                Map.entry("Friends", Set.of("Friends")), Map.entry("Items", Set.of("Item")), Map.entry("Equipments", Set.of("Equipment")),
                Map.entry("Tasks", Set.of("Task")), Map.entry("Activities", Set.of("Activity")));
    }

    @Test
    void gamePlayerProfilesWithoutTheTypeAttributeAreNamedByTheirSortKeyPrefixes() {
        var model = WorkbenchModel.load("GamePlayerProfilesSchema.json");
        var untyped = model.items().stream().map(item -> {
            var attributes = new LinkedHashMap<>(item.attributes());
            attributes.remove("Type");
            return new Item(attributes);
        }).toList();
        var analyzer = new Analyzer(model.keys());
        analyzer.acceptAll(untyped);
        var result = analyzer.result();
        // The facets' sort-key aliases: #METEADATA#playerID, FRIENDS#playerID, ITEMS#ItemID, EQUIPMENTS#EquipID, TASK#TaskID, ACTIVITY#ActivityID.
        assertThat(result.entityCounts()).containsOnlyKeys("METADATA", "FRIENDS", "ITEMS", "EQUIPMENTS", "TASK", "ACTIVITY");
        assertThat(result.entity("ITEMS").orElseThrow().skTemplate()).contains("ITEMS#{}");
        assertThat(result.entity("METADATA").orElseThrow().skTemplate()).contains("#METADATA#{}");
    }

    @Test
    void connectedVehiclesFindVehiclesUsersAndTheirMirroredLink() {
        var model = WorkbenchModel.load("ConnectedVehiclesSchema.json");
        var analyzer = analyze(model);
        var result = analyzer.result();
        assertThat(result.entityCounts()).containsExactly(Map.entry("F", 3L), Map.entry("FEATURE", 3L), Map.entry("PREFERENCES", 2L),
                Map.entry("ID", 1L), Map.entry("ID→VIN", 1L), Map.entry("VIN", 1L), Map.entry("VIN→ID", 1L));
        // AWS's facets are Vehicle (partition VIN#...) and User (partition ID#...); their #META# items are the roots.
        assertThat(namesByFacet(model, analyzer)).containsExactly(
                Map.entry("Vehicle", Set.of("VIN", "FEATURE", "VIN→ID", "F")),
                Map.entry("User", Set.of("ID", "PREFERENCES", "F", "ID→VIN")));
        assertThat(result.entity("VIN").orElseThrow().attributes()).extracting(TableAnalysis.Attribute::name)
                .contains("vehicle_id", "engine", "horsepower");
        var link = result.relationships().getFirst();
        assertThat(link.entities()).containsExactlyInAnyOrder("VIN→ID", "ID→VIN");
        assertThat(link.mirrored()).isEqualTo(1);
        assertThat(link.missingReverse()).isEmpty();
    }

    @Test
    void recurringPaymentsTellSubscriptionsFromReceipts() {
        var model = WorkbenchModel.load("RecurringPaymentsSchema.json");
        var analyzer = analyze(model);
        var result = analyzer.result();
        // Facets: Subscription (sort key SubId#SKU) and Receipts (ProcessedDate#SKU).
        assertThat(namesByFacet(model, analyzer)).containsExactly(Map.entry("Subscription", Set.of("SUB")), Map.entry("Receipts", Set.of("REC")));
        assertThat(result.entity("SUB").orElseThrow().skTemplate()).contains("SUB#{}#SKU#{}");
        assertThat(result.entity("SUB").orElseThrow().indexes()).containsOnlyKeys("GSI-1", "GSI-2");
        assertThat(result.entity("REC").orElseThrow().indexes()).isEmpty();
        assertThat(result.index("GSI-1").orElseThrow().meanings()).containsExactly(new TableAnalysis.Meaning("{}", "SUB", 1));
    }

    @Test
    void socialNetworkFindsUsersPostsAndTheirLists() {
        var result = analyze(WorkbenchModel.load("SocialNetworkSchema.json")).result();
        assertThat(result.entityCounts()).containsExactly(Map.entry("p", 5L), Map.entry("p_likelist→u", 3L), Map.entry("u_follower→u", 3L),
                Map.entry("u_following→u", 3L), Map.entry("u", 2L), Map.entry("p_likecount", 1L));
        assertThat(result.entity("u").orElseThrow().shape().skTemplates()).extracting(TemplateCount::template)
                .containsExactlyInAnyOrder("\"info\"", "\"count\"");
        assertThat(result.entity("u_follower→u").orElseThrow().pkTemplate()).isEqualTo("u#{}#follower");
    }

    @Test
    void chatSystemFindsUsersAndRoomsWithColonDelimitedKeys() {
        var result = analyze(WorkbenchModel.load("ChatSystemSchema.json")).result();
        assertThat(result.entityCounts()).containsExactly(Map.entry("User", 5L), Map.entry("Room", 3L));
        assertThat(result.entity("User").orElseThrow().pkTemplate()).isEqualTo("User:{}");
        assertThat(result.entity("User").orElseThrow().skTemplate()).contains("{}");
        assertThat(result.entity("Room").orElseThrow().skTemplate()).contains("meta");
        assertThat(result.entity("User").orElseThrow().indexes()).containsExactly(Map.entry("RoomID_Comment_IDX", 5L));
    }

    @Test
    void sessionManagementReadsItsInvertedIndex() {
        var result = analyze(WorkbenchModel.load("SessionManagementSchema.json")).result();
        assertThat(result.entityCounts()).containsOnly(Map.entry("c", 3L), Map.entry("child", 3L));
        assertThat(result.index("GSI1_inverse").orElseThrow().meanings()).containsExactlyInAnyOrder(
                new TableAnalysis.Meaning("c#{}", "c", 3), new TableAnalysis.Meaning("child#suuid#{}", "child", 3));
    }

    @Test
    void complaintsWithIdsGluedToTheirPrefixAreNamedByTheirSortKeys() {
        var result = analyze(WorkbenchModel.load("ComplaintManagementSchema.json")).result();
        assertThat(result.entityCounts()).containsExactly(Map.entry("comm", 5L), Map.entry("metadata", 4L));
        assertThat(result.entity("metadata").orElseThrow().indexes()).containsExactly(Map.entry("Customer_Complaint_GSI", 4L),
                Map.entry("Escalations_GSI", 2L));
        assertThat(result.index("Agents_Comments_GSI").orElseThrow().meanings()).containsExactly(
                new TableAnalysis.Meaning("{}", "comm", 4));
    }

    @Test
    void everyModelFileLoads() {
        for (var file : List.of("ChatSystemSchema.json", "ComplaintManagementSchema.json", "ConnectedVehiclesSchema.json",
                "GamePlayerProfilesSchema.json", "RecurringPaymentsSchema.json", "SessionManagementSchema.json", "SocialNetworkSchema.json")) {
            var model = WorkbenchModel.load(file);
            var result = analyze(model).result();
            assertThat(result.itemCount()).as(file).isEqualTo(model.items().size()).isPositive();
            assertThat(result.entities()).as(file).isNotEmpty().noneMatch(e -> e.name().equals(EntityClassifier.UNKEYED));
        }
    }
}
