package dev.dynalens.domain.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadOperation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class DesignerTest {
    private static TableDesign design(String text) {
        return Designer.design(PatternsReader.read(text));
    }

    private static TableDesign sample(String name) throws Exception {
        return design(Files.readString(Path.of("samples/patterns/" + name + ".yaml")));
    }

    private static Map<String, String> keys(TableDesign design, String entity) {
        var keys = new LinkedHashMap<String, String>();
        design.entity(entity).orElseThrow().keys().forEach((k, v) -> keys.put(k, v.toString()));
        return keys;
    }

    @Test
    void theIssuesExample_givesTheIssuesDesign() {
        var design = design(PatternsReaderTest.EXAMPLE);

        assertThat(design.keySchema()).isEqualTo(KeySchema.of("PK", "SK"));
        assertThat(design.attributeTypes()).containsExactly(Map.entry("PK", KeySchema.ScalarType.S), Map.entry("SK", KeySchema.ScalarType.S),
                Map.entry("GSI1PK", KeySchema.ScalarType.S), Map.entry("GSI1SK", KeySchema.ScalarType.S));
        assertThat(design.indexes()).extracting(IndexDesign::name, i -> i.key().partitionNames(), i -> i.key().sortNames(), IndexDesign::projection)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("GSI1", List.of("GSI1PK"), List.of("GSI1SK"), "ALL"));
        assertThat(keys(design, "Order")).containsExactly(Map.entry("PK", "CUSTOMER#{customerId}"), Map.entry("SK", "ORDER#{createdAt}#{orderId}"),
                Map.entry("GSI1PK", "STATUS#{status}"), Map.entry("GSI1SK", "{createdAt}#{orderId}"));
        assertThat(keys(design, "Customer")).containsEntry("PK", "CUSTOMER#{customerId}").containsEntry("GSI1PK", "EMAIL#{email}");
        assertThat(design.entity("Order").orElseThrow().wcuPerPut()).isEqualTo(CapacityUnits.of(2));
        assertThat(design.entity("Order").orElseThrow().reasons()).allMatch(r -> !r.isBlank()).hasSizeGreaterThan(1);

        var byStatus = design.pattern("ordersByStatusBetween").orElseThrow();
        assertThat(byStatus.operation()).isEqualTo(ReadOperation.QUERY);
        assertThat(byStatus.index()).isEqualTo("GSI1");
        assertThat(byStatus.keyCondition()).isEqualTo("GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to");
        assertThat(byStatus.values()).extractingFromEntries(e -> e.getKey() + " " + e.getValue())
                .containsExactly(":pk STATUS#{status}", ":from {createdAt:from}", ":to {createdAt:to}#~");
        assertThat(byStatus.scanIndexForward()).isTrue();
        assertThat(byStatus.rcuPerCall()).isEqualTo(CapacityUnits.ofHalves(1));
        assertThat(byStatus.reason()).contains("GSI1").contains("createdAt");

        var get = design.pattern("getCustomer").orElseThrow();
        assertThat(get.operation()).isEqualTo(ReadOperation.GET_ITEM);
        assertThat(get.keyCondition()).isEqualTo("PK = :pk AND SK = :sk");
        var newest = design.pattern("ordersOfCustomerNewestFirst").orElseThrow();
        assertThat(newest.index()).isNull();
        assertThat(newest.keyCondition()).isEqualTo("PK = :pk AND begins_with(SK, :sk)");
        assertThat(newest.values().get(":sk")).hasToString("ORDER#");
        assertThat(newest.scanIndexForward()).isFalse();
        assertThat(design.pattern("customerWithOrders").orElseThrow().keyCondition()).isEqualTo("PK = :pk");
        assertThat(design.pattern("customerByEmail").orElseThrow().keyCondition()).isEqualTo("GSI1PK = :pk");
        assertThat(design.warnings()).singleElement().asString().startsWith("hot partition: GSI1PK STATUS#{status}");
    }

    @Test
    void eachPatternOfTheDesign_isFoundWithWhatTheFileAskedOfIt() {
        var design = design(PatternsReaderTest.EXAMPLE);

        assertThat(design.accessPatterns()).extracting(PatternDesign::name)
                .containsExactlyElementsOf(design.file().accessPatterns().stream().map(AccessPattern::name).toList());
        for (var pattern : design.accessPatterns()) {
            assertThat(design.patternSpec(pattern.name()).orElseThrow().entities()).isEqualTo(pattern.entities());
        }
        assertThat(design.patternSpec("noSuchPattern")).isEmpty();
    }

    @Test
    void sampleItems_haveTheirKeysFilledIn_andRelationsThatHold() {
        var design = design(PatternsReaderTest.EXAMPLE);
        var samples = design.samplesByEntity();
        var customerIds = samples.get("Customer").stream().map(i -> i.attributes().get("customerId")).collect(Collectors.toSet());

        assertThat(samples.get("Customer")).hasSizeGreaterThanOrEqualTo(3);
        assertThat(samples.get("Order")).hasSizeGreaterThan(samples.get("Customer").size());
        assertThat(samples.get("Order")).allSatisfy(order -> {
            assertThat(customerIds).contains(order.attributes().get("customerId"));
            var customerId = ((AttributeValue.Str) order.attributes().get("customerId")).value();
            var createdAt = ((AttributeValue.Str) order.attributes().get("createdAt")).value();
            var orderId = ((AttributeValue.Str) order.attributes().get("orderId")).value();
            assertThat(order.attributes()).containsEntry("PK", AttributeValue.s("CUSTOMER#" + customerId))
                    .containsEntry("SK", AttributeValue.s("ORDER#" + createdAt + "#" + orderId));
            assertThat(order.attributes().get("total")).isInstanceOf(AttributeValue.Num.class);
        });
        assertThat(samples.get("Customer").getFirst().attributes().get("email").toString()).contains("@example.com");
        // the same file gives the same samples
        assertThat(design(PatternsReaderTest.EXAMPLE).sampleItems()).isEqualTo(design.sampleItems());
    }

    @Test
    void anOrderByANumber_getsANumberKey_onAnIndexOfItsOwn() throws Exception {
        var design = sample("leaderboard");

        var top = design.pattern("topScoresOfGame").orElseThrow();
        var index = design.indexes().stream().filter(i -> i.name().equals(top.index())).findFirst().orElseThrow();
        assertThat(index.key().sort()).singleElement().extracting(KeySchema.KeyAttribute::type).isEqualTo(KeySchema.ScalarType.N);
        var sortKey = index.key().sortNames().get(0);
        assertThat(keys(design, "Score")).containsEntry(sortKey, "{score}");
        assertThat(top.scanIndexForward()).isFalse();
        assertThat(top.limit()).isEqualTo(3);
        assertThat(design.attributeTypes()).containsEntry(sortKey, KeySchema.ScalarType.N);
        assertThat(design.samplesByEntity().get("Score")).allSatisfy(score ->
                assertThat(score.attributes().get(sortKey)).isEqualTo(score.attributes().get("score")));
        assertThat(design.pattern("scoresOfGameInRange").orElseThrow().values()).extractingFromEntries(e -> e.getValue().toString())
                .containsExactly("GAME#{gameId}", "{score:from}", "{score:to}");
    }

    @Test
    void anAdjacencyList_isReadFromItsOtherSide_throughItsKeysSwapped() throws Exception {
        var design = sample("saas-tracker");

        assertThat(keys(design, "Membership")).containsEntry("PK", "TEAM#{teamId}").containsEntry("SK", "USER#{userId}")
                .containsEntry("GSI1PK", "USER#{userId}").containsEntry("GSI1SK", "TEAM#{teamId}");
        assertThat(design.entity("Membership").orElseThrow().reasons()).anyMatch(r -> r.contains("inverted index"));
        assertThat(design.pattern("teamsOfUser").orElseThrow().index()).isEqualTo("GSI1");
        assertThat(design.pattern("membersOfTeam").orElseThrow().values().get(":sk")).hasToString("USER#");
        // a composite sort key ordered for the pattern that gives status by equality and sorts by due date
        assertThat(keys(design, "Task")).containsEntry("SK", "TASK#{status}#{dueDate}#{taskId}");
        assertThat(design.pattern("tasksOfProjectWithStatusByDueDate").orElseThrow().values().get(":sk")).hasToString("TASK#{status}#");
    }

    @Test
    void overloading_putsSeveralEntitiesIntoOneIndex() throws Exception {
        var design = sample("saas-tracker");

        assertThat(design.indexes()).hasSize(1);
        assertThat(design.indexes().getFirst().entities()).containsExactlyInAnyOrder("User", "Team", "Membership", "Task");
        assertThat(design.indexes().getFirst().reason()).startsWith("overloaded");
    }

    @Test
    void aPatternNoRequestCanServe_saysWhy_andWhatAScanWouldCost() {
        var design = design("""
                entities:
                  Order: {id: [orderId], attributes: {orderId: S, status: S, createdAt: S, total: N}, count: 1000, itemSize: 2000}
                accessPatterns:
                  - {name: rangeAndOrder, entity: Order, equals: [status], between: createdAt, sortBy: total}
                """);

        var pattern = design.pattern("rangeAndOrder").orElseThrow();
        assertThat(pattern.operation()).isEqualTo(ReadOperation.SCAN);
        assertThat(pattern.served()).isFalse();
        assertThat(pattern.reason()).startsWith("a Query takes a range on its sort key")
                .contains("A Scan reads every item instead: ≈1000 items, 2000000 B: 244.5 RCU per call");
        assertThat(pattern.rcuPerCall()).isEqualTo(CapacityUnits.ofHalves(489));
        assertThat(design.servesEveryPattern()).isFalse();
    }

    @Test
    void moreIndexesThanDynamoDbAllows_leaveThePatternsLeftOverToAScan() {
        var attributes = new StringBuilder("id: S");
        var patterns = new StringBuilder();
        for (int i = 1; i <= 22; i++) {
            attributes.append(", a").append(i).append(": S");
            patterns.append("  - {name: by").append(i).append(", entity: E, equals: [a").append(i).append("]}\n");
        }
        var design = design("entities:\n  E: {id: [id], attributes: {" + attributes + "}}\naccessPatterns:\n" + patterns);

        assertThat(design.indexes()).hasSize(20);
        assertThat(design.accessPatterns().stream().filter(p -> !p.served()).toList()).singleElement()
                .satisfies(p -> assertThat(p.reason()).startsWith("the other patterns already need 20 global secondary indexes"));
    }

    @Test
    void writeCost_countsEveryIndexTheEntityIsWrittenInto() throws Exception {
        var design = sample("online-shop");

        var order = design.entity("Order").orElseThrow();
        assertThat(order.indexes()).hasSize(2);
        assertThat(order.wcuPerPut()).isEqualTo(CapacityUnits.of(3));
        assertThat(design.entity("Customer").orElseThrow().wcuPerPut()).isEqualTo(CapacityUnits.of(1));
        assertThat(design.pattern("getOrder").orElseThrow().rcuPerSecond()).isEqualTo(CapacityUnits.of(250));
    }

    @Test
    void aCollectionThatCanOutgrowTenGigabytes_isWarnedAbout_forAnLsi() {
        var design = design("""
                entities:
                  Device: {id: [deviceId], attributes: {deviceId: S}, count: 10}
                  Reading: {id: [deviceId, readAt], attributes: {deviceId: S, readAt: S}, count: 200000000, itemSize: 1000}
                accessPatterns:
                  - {name: readings, entities: [Device, Reading], equals: [deviceId]}
                """);

        assertThat(design.warnings()).anyMatch(w -> w.startsWith("item collection DEVICE#{deviceId} may grow to 18 GB")
                && w.contains("an LSI added to this table would limit every item collection to 10 GB"));
    }

    @Test
    void anOrderByTextThatHoldsNumbers_isWarnedAbout() {
        var design = design("""
                entities:
                  Player: {id: [playerId], attributes: {playerId: S, score: S}}
                accessPatterns:
                  - {name: byScore, entity: Player, sortBy: score}
                """);

        assertThat(design.warnings()).anyMatch(w -> w.startsWith("numbers sorted as strings: byScore orders by Player.score, declared S"));
        assertThat(design.warnings()).anyMatch(w -> w.startsWith("hot partition: GSI1PK PLAYER puts every Player into one partition"));
    }

    @Test
    void whatCannotBeDesignedFrom_isReportedWithItsPosition() {
        var text = """
                entities:
                  "Bad Name": {id: [a], attributes: {a: S}}
                  Customer: {attributes: {customerId: S, PK: S}}
                accessPatterns: []
                """;

        assertThatThrownBy(() -> design(text)).isInstanceOfSatisfying(PatternsException.class, e ->
                assertThat(e.problems()).extracting(PatternsProblem::toString).containsExactly(
                        "line 2, column 3: entity name 'Bad Name' is not a name (letters, digits and _, not starting with a digit); "
                                + "a design writes it into keys",
                        "line 3, column 3: entity Customer has no id: name the attributes that identify one item",
                        "line 3, column 42: PK is a key attribute of the designed table; rename it"));
    }

    @Test
    void aReferenceOfAnotherTypeThanTheIdItNames_isAProblem_andAListCannotBeAKey() {
        var mismatched = """
                entities:
                  Customer: {id: [customerId], attributes: {customerId: S}}
                  Order: {id: [orderId], attributes: {orderId: S, customerId: N}}
                accessPatterns: []
                """;
        assertThatThrownBy(() -> design(mismatched)).hasMessage("line 3, column 51: Order.customerId is N, but it is the id of Customer, "
                + "which is S: give both the same type");

        var list = design("""
                entities:
                  Order: {id: [orderId], attributes: {orderId: S, lines: L}}
                accessPatterns:
                  - {name: p, entity: Order, equals: [lines]}
                """);
        assertThat(list.pattern("p").orElseThrow().reason()).startsWith("lines of Order is a L attribute; a key is built from strings, numbers and booleans");
    }

    @Test
    void theCreateTableSpec_hasTheDesignsKeysAndIndexes() {
        var spec = design(PatternsReaderTest.EXAMPLE).createTableSpec("Shop");

        assertThat(spec.tableName()).isEqualTo("Shop");
        assertThat(spec.keySchema()).isEqualTo(KeySchema.of("PK", "SK"));
        assertThat(spec.globalSecondaryIndexes()).singleElement().satisfies(index -> {
            assertThat(index.name()).isEqualTo("GSI1");
            assertThat(index.key()).isEqualTo(KeySchema.of("GSI1PK", "GSI1SK").asIndexKey());
        });
    }

    @Test
    void labels_keepEntitiesThatShareAPartitionApart() {
        var design = design("""
                entities:
                  Ticket: {id: [ticketId], attributes: {ticketId: S, status: S, openedAt: S}}
                  Incident: {id: [incidentId], attributes: {incidentId: S, status: S, openedAt: S}}
                accessPatterns:
                  - {name: getTicket, entity: Ticket, equals: [ticketId]}
                  - {name: getIncident, entity: Incident, equals: [incidentId]}
                  - {name: ticketsByStatus, entity: Ticket, equals: [status], sortBy: openedAt}
                  - {name: incidentsByStatus, entity: Incident, equals: [status], sortBy: openedAt}
                """);

        assertThat(keys(design, "Ticket")).containsEntry("GSI1PK", "STATUS#{status}").containsEntry("GSI1SK", "TICKET#{openedAt}#{ticketId}");
        assertThat(keys(design, "Incident")).containsEntry("GSI1PK", "STATUS#{status}").containsEntry("GSI1SK", "INCIDENT#{openedAt}#{incidentId}");
        assertThat(design.pattern("ticketsByStatus").orElseThrow().values().get(":sk")).hasToString("TICKET#");
    }

    @Test
    void aStringKeyOfOneNumber_isLabelled_soThatOnlyANumberKeyIsANumberAlone() {
        var design = design("""
                entities:
                  Invoice: {id: [invoiceNo], attributes: {invoiceNo: N, email: S}}
                accessPatterns:
                  - {name: getInvoice, entity: Invoice, equals: [invoiceNo]}
                  - {name: byEmail, entity: Invoice, equals: [email]}
                """);

        assertThat(keys(design, "Invoice")).containsEntry("GSI1SK", "INVOICE#{invoiceNo}");
        assertThat(design.attributeTypes()).containsEntry("GSI1SK", KeySchema.ScalarType.S);
        assertThat(design.samplesByEntity().get("Invoice").getFirst().attributes().get("GSI1SK")).isInstanceOf(AttributeValue.Str.class);
    }

    @Test
    void entityLabels_areUpperSnakeCase() {
        assertThat(Naming.upperSnake("OrderItem")).isEqualTo("ORDER_ITEM");
        assertThat(Naming.upperSnake("createdAt")).isEqualTo("CREATED_AT");
        assertThat(Naming.upperSnake("HTTPRequest")).isEqualTo("HTTP_REQUEST");
        assertThat(new Naming(new PatternsFile(List.of(new EntitySpec("Customer", List.of("customerId"), Map.of("customerId", AttributeType.S))),
                List.of())).attributeLabel("customerId")).isEqualTo("CUSTOMER");
    }
}
