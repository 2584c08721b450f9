package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.RealModels;
import dev.dynalens.domain.design.PatternsException;
import dev.dynalens.domain.design.PatternsProblem;
import dev.dynalens.domain.design.PatternsReader;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.WorkspaceTable;
import dev.dynalens.service.workspace.WorkspaceSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * Checking an existing table on the calling thread: a workspace of users and orders whose GSI1PK is EMAIL# and the
 * user's email (but for one user, whose e-mail changed), and the AWS models of {@code /work/shared/models}, checked
 * against patterns written for their entities as the analysis names them.
 */
class CheckExistingTableTest {
    private static final IndexDescription GSI1 = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
            IndexDescription.Projection.ALL, List.of(), null, null, null);
    private static final String PATTERNS = """
            entities:
              USER:  {attributes: {userId: S, email: S, name: S}}
              ORDER: {attributes: {PK: S, orderId: S, createdAt: S, status: S, total: N}}
            accessPatterns:
              - {name: getUser, entity: USER, equals: [userId]}
              - {name: userByEmail, entity: USER, equals: [email]}
              - {name: ordersOfUserNewestFirst, entity: ORDER, equals: [PK], sortBy: createdAt, descending: true}
              - {name: ordersByStatus, entity: ORDER, equals: [status]}
            """;

    private static Item user(int n, String email, String indexedEmail) {
        var item = new LinkedHashMap<String, AttributeValue>();
        item.put("PK", AttributeValue.s("USER#u" + n));
        item.put("SK", AttributeValue.s("PROFILE"));
        item.put("GSI1PK", AttributeValue.s("EMAIL#" + indexedEmail));
        item.put("GSI1SK", AttributeValue.s("USER#u" + n));
        item.put("userId", AttributeValue.s("u" + n));
        item.put("email", AttributeValue.s(email));
        item.put("name", AttributeValue.s("User " + n));
        return new Item(item);
    }

    private static Item order(int user, int n) {
        var date = "2024-05-%02d".formatted(n);
        return new Item(Map.of("PK", AttributeValue.s("USER#u" + user), "SK", AttributeValue.s("ORDER#" + date + "#o" + n),
                "orderId", AttributeValue.s("o" + n), "createdAt", AttributeValue.s(date), "status", AttributeValue.s(n % 2 == 0 ? "OPEN" : "SHIPPED"),
                "total", AttributeValue.n(n + ".50")));
    }

    private static WorkspaceSession shop(boolean oneEmailChanged) {
        var items = new ArrayList<Item>();
        for (int i = 1; i <= 6; i++) {
            var email = "user" + i + "@example.com";
            items.add(user(i, email, oneEmailChanged && i == 6 ? "old" + i + "@example.com" : email));
        }
        for (int i = 1; i <= 9; i++) {
            items.add(order(1 + i % 3, i));
        }
        var table = WorkspaceTable.of("Shop", KeySchema.of("PK", "SK"), List.of(GSI1), items);
        return new WorkspaceSession(new Workspace("shop", WorkspaceFormat.DYNAMODB_JSON_LINES, "shop", List.of(table),
                new WorkspaceReport("shop", WorkspaceFormat.DYNAMODB_JSON_LINES, items.size(), List.of(), List.of(), 0, 0)), Runnable::run);
    }

    private static CheckExistingTable.TableCheck check(WorkspaceSession session, String table, String patterns) {
        var description = session.describeTable(table).join();
        return new CheckExistingTable(session, Runnable::run).start(description, PatternsReader.read(patterns), p -> { }).result().join();
    }

    private static CheckExistingTable.PatternResult pattern(CheckExistingTable.TableCheck check, String name) {
        return check.patterns().stream().filter(p -> p.design().name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aKeyBuiltFromAnAttributeOnEveryItem_servesThePattern_throughItsIndex() {
        var check = check(shop(false), "Shop", PATTERNS);

        var byEmail = pattern(check, "userByEmail");
        assertThat(byEmail.servedBy()).isEqualTo("Query");
        assertThat(byEmail.design().index()).isEqualTo("GSI1");
        assertThat(byEmail.design().keyCondition()).isEqualTo("GSI1PK = :pk");
        assertThat(byEmail.design().values().get(":pk")).hasToString("EMAIL#{email}");
        assertThat(byEmail.items()).isEqualTo(1);
        assertThat(byEmail.problem()).isNull();
        var user = check.entities().stream().filter(e -> e.name().equals("USER")).findFirst().orElseThrow();
        assertThat(user.keys().get("GSI1PK").template()).hasToString("EMAIL#{email}");
        assertThat(user.keys().get("GSI1PK").holds()).isTrue();
        assertThat(user.keys().get("PK").template()).hasToString("USER#{userId}");

        var get = pattern(check, "getUser");
        assertThat(get.servedBy()).isEqualTo("GetItem");
        assertThat(get.design().values()).extractingFromEntries(e -> e.getKey() + "=" + e.getValue()).containsExactly(":pk=USER#{userId}", ":sk=PROFILE");
        assertThat(get.design().rcuPerCall().toString()).isEqualTo("0.5");

        var orders = pattern(check, "ordersOfUserNewestFirst");
        assertThat(orders.servedBy()).isEqualTo("Query");
        assertThat(orders.design().index()).isNull();
        assertThat(orders.design().keyCondition()).isEqualTo("PK = :pk AND begins_with(SK, :sk)");
        assertThat(orders.design().values().get(":sk")).hasToString("ORDER#");
        assertThat(orders.design().scanIndexForward()).isFalse();
        assertThat(orders.items()).isEqualTo(3);
        assertThat(orders.problem()).isNull();

        var byStatus = pattern(check, "ordersByStatus");
        assertThat(byStatus.servedBy()).isEqualTo("Scan");
        assertThat(byStatus.design().reason()).startsWith("no key of the table or its indexes is built from status")
                .contains("A Scan reads every item instead: 15 items");
        assertThat(check.items()).isEqualTo(15);
    }

    /**
     * Issue 28: {@code design --check} read the whole table three times (42 Scans on a production table): to name the
     * entities, to learn the keys, to count where they hold. It reads it once and the two later passes go over what was
     * kept; everything kept in a temporary file (a budget of 0 bytes) gives the same check.
     */
    @Test
    void theTableIsReadOnce_andTheCheckIsTheSame_whenWhatWasReadGoesToATemporaryFile(@org.junit.jupiter.api.io.TempDir Path spill) {
        var session = new dev.dynalens.testsupport.CountingSession(shop(true));
        var description = session.describeTable("Shop").join();

        var inMemory = new CheckExistingTable(session, Runnable::run).start(description, PatternsReader.read(PATTERNS), p -> { })
                .result().join();
        var scans = session.reads.stream().filter(r -> r instanceof ReadRequest.Scan && r.exclusiveStartKey() == null).count();
        session.reads.clear();
        var spilled = new CheckExistingTable(session, Runnable::run, 0, spill).start(description, PatternsReader.read(PATTERNS), p -> { })
                .result().join();

        assertThat(scans).as("whole-table Scans").isEqualTo(1);
        assertThat(spilled.entities()).isEqualTo(inMemory.entities());
        assertThat(spilled.patterns()).isEqualTo(inMemory.patterns());
        assertThat(spilled.items()).isEqualTo(15);
        assertThat(pattern(spilled, "userByEmail").servedBy()).isEqualTo("Scan");
        assertThat(spill).isEmptyDirectory();
    }

    /** On a production connection the check reads only once confirmed: unconfirmed it is refused, nothing read. */
    @Test
    void onProduction_theCheck_isRefusedUnconfirmed_beforeAnythingIsRead() {
        var shop = shop(false);
        var session = new dev.dynalens.testsupport.FakeDynamoSession(dev.dynalens.domain.connection.ConnectionProfile.create("prod",
                new dev.dynalens.domain.connection.CredentialsSource.LocalPlaceholder(), "us-east-1", null, false,
                dev.dynalens.domain.connection.ConnectionTag.PRODUCTION));
        var description = shop.describeTable("Shop").join();
        var check = new CheckExistingTable(session, Runnable::run);

        assertThat(check.read(description).needsConfirmation()).isTrue();
        var refused = check.start(description, PatternsReader.read(PATTERNS), p -> { });

        assertThat(refused.result()).failsWithin(java.time.Duration.ZERO).withThrowableThat().havingCause()
                .isInstanceOf(ReadNotConfirmedException.class).withMessageContaining("Reading all of Shop on a production connection costs");
        assertThat(session.reads).isEmpty();
    }

    @Test
    void entitiesNamedAsThePlannerNamesThem_areTheTypesTheAnalysisInfersInCapitals() {
        var planned = PATTERNS.replace("USER", "User").replace("ORDER", "Order");

        var check = check(shop(false), "Shop", planned);

        assertThat(check.entities()).extracting(CheckExistingTable.EntityCheck::name).contains("User", "Order").doesNotContain("USER", "ORDER");
        assertThat(pattern(check, "userByEmail").servedBy()).isEqualTo("Query");
        assertThat(pattern(check, "getUser").servedBy()).isEqualTo("GetItem");
        assertThat(pattern(check, "ordersOfUserNewestFirst").items()).isEqualTo(3);
        assertThat(CheckExistingTable.namingAs(PatternsReader.read("""
                entities:
                  OrderItem: {attributes: {orderId: S}}
                  SKU: {attributes: {orderId: S}}
                accessPatterns:
                  - {name: items, entity: OrderItem, equals: [orderId]}
                """)).renames()).containsOnly(java.util.Map.entry("ORDERITEM", "OrderItem"), java.util.Map.entry("ORDER_ITEM", "OrderItem"));
    }

    @Test
    void aDerivationThatHoldsForSomeItemsOnly_isNotReliedOn_andTheItemsThatBreakItAreNamed() {
        var check = check(shop(true), "Shop", PATTERNS);

        var byEmail = pattern(check, "userByEmail");
        assertThat(byEmail.servedBy()).isEqualTo("Scan");
        assertThat(byEmail.design().reason()).startsWith("GSI1 would serve it, but GSI1PK = EMAIL#{email} for 5 of 6 USER items only, "
                + "so a Query there misses 1 of them (PK=\"USER#u6\", SK=\"PROFILE\")");
        var user = check.entities().stream().filter(e -> e.name().equals("USER")).findFirst().orElseThrow();
        assertThat(user.keys().get("GSI1PK").holds()).isFalse();
        assertThat(user.keys().get("GSI1PK").breaking()).containsExactly(Map.of("PK", AttributeValue.s("USER#u6"), "SK", AttributeValue.s("PROFILE")));
        assertThat(pattern(check, "getUser").servedBy()).isEqualTo("GetItem");
    }

    private static WorkspaceSession session(String name, List<Item> items) {
        var table = WorkspaceTable.of(name, KeySchema.of("PK", "SK"), List.of(), items);
        return new WorkspaceSession(new Workspace(name, WorkspaceFormat.DYNAMODB_JSON_LINES, name, List.of(table),
                new WorkspaceReport(name, WorkspaceFormat.DYNAMODB_JSON_LINES, items.size(), List.of(), List.of(), 0, 0)), Runnable::run);
    }

    private static Item keyed(String pk, String sk, String attribute, String value) {
        return new Item(Map.of("PK", AttributeValue.s(pk), "SK", AttributeValue.s(sk), attribute, AttributeValue.s(value)));
    }

    /**
     * Issue 28: users keyed {@code USER#<id>} / {@code PROFILE} with the id in no other attribute were learnt as
     * "PK = USER#{?} for 0 of 46 items", and a user by its id needed a Scan; a task's comments
     * ({@code TASK#<id>} / {@code COMMENT#<time>#<n>}) newest first too. The ids are read from the keys: each is a
     * Query (descending for the comments), run with the ids read from real items' keys.
     */
    @Test
    void idsInTheKeysOnly_makeAUserAndATasksCommentsNewestFirst_Queries() {
        var items = new ArrayList<Item>();
        for (int i = 1; i <= 46; i++) {
            items.add(keyed("USER#u" + i, "PROFILE", "name", "User " + i));
        }
        for (int i = 1; i <= 12; i++) {
            items.add(keyed("TASK#t" + (1 + i % 4), "COMMENT#2024-05-%02dT10:00:00Z#%d".formatted(i, i), "text", "comment " + i));
        }

        var check = check(session("Tracker", items), "Tracker", """
                entities:
                  USER: {attributes: {userId: S, name: S}}
                  COMMENT: {attributes: {taskId: S, createdAt: S, text: S}}
                accessPatterns:
                  - {name: getUser, entity: USER, equals: [userId]}
                  - {name: commentsOfTaskNewestFirst, entity: COMMENT, equals: [taskId], sortBy: createdAt, descending: true}
                """);

        var user = check.entities().stream().filter(e -> e.name().equals("USER")).findFirst().orElseThrow();
        assertThat(user.keys().get("PK").describe()).isEqualTo("PK = USER#{?} ({?} in the key only) for all 46 USER items");
        var get = pattern(check, "getUser");
        // no other entity's items are in the users' partitions: the partition alone is the user
        assertThat(get.servedBy()).isEqualTo("Query");
        assertThat(get.design().keyCondition()).isEqualTo("PK = :pk");
        assertThat(get.design().values().get(":pk")).hasToString("USER#{userId}");
        assertThat(get.design().reason()).contains("userId is in the key only: PK = USER#{userId}");
        assertThat(get.items()).isEqualTo(1);
        assertThat(get.problem()).isNull();
        var comments = pattern(check, "commentsOfTaskNewestFirst");
        assertThat(comments.servedBy()).isEqualTo("Query");
        assertThat(comments.design().keyCondition()).isEqualTo("PK = :pk AND begins_with(SK, :sk)");
        assertThat(comments.design().values().get(":pk")).hasToString("TASK#{taskId}");
        assertThat(comments.design().scanIndexForward()).isFalse();
        assertThat(comments.design().reason()).contains("createdAt is in the key only: SK = COMMENT#{createdAt}#{?}");
        assertThat(comments.items()).isEqualTo(3);
        assertThat(comments.problem()).isNull();
    }

    /** An attribute the file gives an entity whose items have it neither as an attribute nor in a key part is still a problem. */
    @Test
    void anAttributeOnNoItem_isAProblem_whereNoKeyHasAPartNoAttributeHolds() {
        var failure = catchThrowable(() -> check(shop(false), "Shop", """
                entities:
                  USER:  {attributes: {userId: S, mail: S}}
                  ORDER: {attributes: {userId: S}}
                accessPatterns:
                  - {name: ordersOfUser, entity: ORDER, equals: [userId]}
                """));

        assertThat(failure).isInstanceOf(CompletionException.class).cause().isInstanceOfSatisfying(PatternsException.class, e ->
                assertThat(e.problems()).extracting(PatternsProblem::toString).containsExactly(
                        "line 2, column 35: USER items have no attribute mail (they have: GSI1PK, GSI1SK, PK, SK, email, name, userId)"));
    }

    /**
     * The tracker sample: comments ({@code TASK#T-1} / {@code COMMENT#<time>#c0001}, with neither the task nor the time as
     * an attribute), watches ({@code USER#u02} / {@code WATCH#TASK#T-1}) and tasks (their project in the key only), checked
     * with the patterns file of samples/patterns/tracker-check.yaml.
     */
    @Test
    void theTrackerSample_readsTheIdsItsKeysAlone_hold() throws Exception {
        try (var session = WorkspaceSession.open(Path.of("samples/tracker.json"), WorkspaceOptions.NONE)) {
            var check = check(session, "Tracker", java.nio.file.Files.readString(Path.of("samples/patterns/tracker-check.yaml")));

            var comments = pattern(check, "commentsOfTaskNewestFirst");
            assertThat(comments.servedBy()).isEqualTo("Query");
            assertThat(comments.design().values().get(":pk")).hasToString("TASK#{taskId}");
            assertThat(comments.design().scanIndexForward()).isFalse();
            assertThat(comments.items()).isPositive();
            var watch = pattern(check, "getWatch");
            assertThat(watch.servedBy()).isEqualTo("GetItem");
            assertThat(watch.design().values()).extractingFromEntries(e -> e.getKey() + "=" + e.getValue())
                    .containsExactly(":pk=USER#{userId}", ":sk=WATCH#TASK#{taskId}");
            assertThat(pattern(check, "tasksOfProject").design().values().get(":pk")).hasToString("PROJECT#{projectId}");
            assertThat(check.patterns()).allSatisfy(p -> {
                assertThat(p.servedBy()).as(p.design().name() + ": " + p.design().reason()).isIn("GetItem", "Query");
                assertThat(p.problem()).as(p.design().name()).isNull();
                assertThat(p.items()).as(p.design().name()).isPositive();
            });
        }
    }

    /**
     * AWS's models with ids no attribute holds: the chat model's users are {@code User:UserA} with no user attribute,
     * its rooms {@code Room:Music} / {@code meta}; the social network's follow edges are {@code u#12345#following} /
     * {@code u#56789}, likes {@code p#12345#likelist} / {@code u#23456}. Read by those ids, each is a Query or a GetItem.
     */
    @Test
    void theAwsChatAndSocialNetworkModels_readByTheIdsInTheirKeys() throws Exception {
        try (var session = WorkspaceSession.open(RealModels.awsModel("ChatSystemSchema.json"), WorkspaceOptions.NONE)) {
            var check = check(session, "Chat", """
                    entities:
                      User: {attributes: {userName: S, RoomID: S, Comment: S}}
                      Room: {attributes: {roomName: S, CreatedBy: S}}
                    accessPatterns:
                      - {name: commentsOfUser, entity: User, equals: [userName]}
                      - {name: getRoom, entity: Room, equals: [roomName]}
                    """);

            assertThat(pattern(check, "commentsOfUser").servedBy()).isEqualTo("Query");
            assertThat(pattern(check, "commentsOfUser").design().values().get(":pk")).hasToString("User:{userName}");
            assertThat(pattern(check, "commentsOfUser").items()).isEqualTo(3);
            assertThat(pattern(check, "getRoom").design().values().get(":pk")).hasToString("Room:{roomName}");
            assertThat(pattern(check, "getRoom").items()).isEqualTo(1);
            assertThat(check.patterns()).allSatisfy(p -> assertThat(p.problem()).as(p.design().name()).isNull());
        }
        try (var session = WorkspaceSession.open(RealModels.awsModel("SocialNetworkSchema.json"), WorkspaceOptions.NONE)) {
            var check = check(session, "SNS", """
                    entities:
                      "u_following→u": {attributes: {PK: S, followedId: S}}
                      "p_likelist→u": {attributes: {PK: S, likerId: S}}
                    accessPatterns:
                      - {name: isFollowing, entity: "u_following→u", equals: [PK, followedId]}
                      - {name: likedBy, entity: "p_likelist→u", equals: [PK, likerId]}
                    """);

            assertThat(pattern(check, "isFollowing").servedBy()).isEqualTo("GetItem");
            assertThat(pattern(check, "isFollowing").design().values().get(":sk")).hasToString("u#{followedId}");
            assertThat(pattern(check, "likedBy").servedBy()).isEqualTo("GetItem");
            assertThat(check.patterns()).allSatisfy(p -> {
                assertThat(p.problem()).as(p.design().name()).isNull();
                assertThat(p.items()).as(p.design().name()).isEqualTo(1);
            });
        }
    }

    @Test
    void anEntityOrAttributeTheTableDoesNotHave_isAProblemAtItsPosition() {
        var failure = catchThrowable(() -> check(shop(false), "Shop", """
                entities:
                  USER:  {attributes: {userId: S, mail: S}}
                  CLIENT: {attributes: {clientId: S}}
                accessPatterns: []
                """));

        assertThat(failure).isInstanceOf(CompletionException.class).cause().isInstanceOfSatisfying(PatternsException.class, e ->
                assertThat(e.problems()).extracting(PatternsProblem::toString).containsExactly(
                        "line 2, column 35: USER items have no attribute mail (they have: GSI1PK, GSI1SK, PK, SK, email, name, userId)",
                        "line 3, column 3: table Shop has no entity CLIENT (its entities: ORDER, USER)"));
    }

    @Test
    void itemsThatDoNotFitTheirEntitysKeyTemplates_areListed() {
        var items = new ArrayList<Item>();
        for (int i = 1; i <= 5; i++) {
            items.add(new Item(Map.of("PK", AttributeValue.s("PLAYER#p1"), "SK", AttributeValue.s("EQUIPMENT#e" + i), "equipmentId", AttributeValue.s("e" + i))));
        }
        // one equipment's sort key has a part more than the others'
        items.add(new Item(Map.of("PK", AttributeValue.s("PLAYER#p1"), "SK", AttributeValue.s("EQUIPMENT#e9#v2"), "equipmentId", AttributeValue.s("e9"))));
        var table = WorkspaceTable.of("Log", KeySchema.of("PK", "SK"), List.of(), items);
        var session = new WorkspaceSession(new Workspace("log", WorkspaceFormat.DYNAMODB_JSON_LINES, "log", List.of(table),
                new WorkspaceReport("log", WorkspaceFormat.DYNAMODB_JSON_LINES, items.size(), List.of(), List.of(), 0, 0)), Runnable::run);

        var check = check(session, "Log", """
                entities:
                  EQUIPMENT: {attributes: {PK: S, equipmentId: S}}
                accessPatterns:
                  - {name: equipmentOfPlayer, entity: EQUIPMENT, equals: [PK]}
                  - {name: getEquipment, entity: EQUIPMENT, equals: [PK, equipmentId]}
                """);

        var equipment = check.entities().getFirst();
        assertThat(equipment.name()).isEqualTo("EQUIPMENT");
        assertThat(equipment.notFitting()).isEqualTo(1);
        assertThat(equipment.notFittingKeys()).containsExactly(Map.of("PK", AttributeValue.s("PLAYER#p1"), "SK", AttributeValue.s("EQUIPMENT#e9#v2")));
        assertThat(pattern(check, "equipmentOfPlayer").servedBy()).isEqualTo("Query");
        assertThat(pattern(check, "equipmentOfPlayer").items()).isEqualTo(6);
        // EQUIPMENT#{equipmentId} holds for five of six
        assertThat(pattern(check, "getEquipment").servedBy()).isEqualTo("Scan");
        assertThat(pattern(check, "getEquipment").design().reason()).contains("SK=\"EQUIPMENT#e9#v2\"");
    }

    @Test
    void theAwsComplaintManagementModel_servesItsPatterns_throughTheIndexesItsAuthorsMadeForThem() throws Exception {
        try (var session = WorkspaceSession.open(RealModels.awsModel("ComplaintManagementSchema.json"),
                WorkspaceOptions.NONE)) {
            var check = check(session, "Complaint_management_system", """
                    entities:
                      metadata: {attributes: {complaint_id: S, customer_id: S, escalated_to: S, escalation_time: S, creation_time: S}}
                      comm: {attributes: {PK: S, comm_id: S, comm_date: S, agentID: S}}
                    accessPatterns:
                      - {name: getComplaint, entity: metadata, equals: [complaint_id]}
                      - {name: complaintsOfCustomer, entity: metadata, equals: [customer_id], sortBy: complaint_id}
                      - {name: escalationsOfAgentBetween, entity: metadata, equals: [escalated_to], between: escalation_time}
                      - {name: commsOfComplaintInOrder, entity: comm, equals: [PK], sortBy: comm_date}
                      - {name: commentsOfAgent, entity: comm, equals: [agentID], sortBy: comm_date, descending: true}
                      - {name: complaintsCreatedBetween, entity: metadata, between: creation_time}
                    """);

            assertThat(pattern(check, "getComplaint").servedBy()).isEqualTo("GetItem");
            assertThat(pattern(check, "getComplaint").design().values().get(":pk")).hasToString("{complaint_id}");
            assertThat(pattern(check, "complaintsOfCustomer").design().index()).isEqualTo("Customer_Complaint_GSI");
            assertThat(pattern(check, "escalationsOfAgentBetween").design().index()).isEqualTo("Escalations_GSI");
            assertThat(pattern(check, "escalationsOfAgentBetween").design().keyCondition())
                    .isEqualTo("escalated_to = :pk AND escalation_time BETWEEN :from AND :to");
            var comms = pattern(check, "commsOfComplaintInOrder");
            assertThat(comms.design().index()).isNull();
            assertThat(comms.design().values().get(":sk")).hasToString("comm#");
            assertThat(pattern(check, "commentsOfAgent").design().index()).isEqualTo("Agents_Comments_GSI");
            assertThat(pattern(check, "complaintsCreatedBetween").servedBy()).isEqualTo("Scan");
            assertThat(check.patterns()).allSatisfy(p -> {
                assertThat(p.problem()).isNull();
                if (p.design().operation() != ReadOperation.SCAN) {
                    assertThat(p.items()).isPositive();
                }
            });
        }
    }

    @Test
    void theAwsSessionModelsInvertedIndex_readsTheSessionsOfAChildFromItsOtherSide() throws Exception {
        try (var session = WorkspaceSession.open(RealModels.awsModel("SessionManagementSchema.json"),
                WorkspaceOptions.NONE)) {
            var check = check(session, "session_store", """
                    entities:
                      child: {attributes: {PK: S, SK: S, session_state: S}}
                      c: {attributes: {PK: S, SK: S}}
                    accessPatterns:
                      - {name: childrenOfSession, entity: child, equals: [PK]}
                      - {name: parentsOfChild, entity: child, equals: [SK]}
                      - {name: childrenInState, entity: child, equals: [session_state]}
                    """);

            assertThat(pattern(check, "childrenOfSession").design().index()).isNull();
            assertThat(pattern(check, "childrenOfSession").design().values().get(":sk")).hasToString("child#suuid#");
            assertThat(pattern(check, "parentsOfChild").design().index()).isEqualTo("GSI1_inverse");
            assertThat(pattern(check, "parentsOfChild").items()).isEqualTo(1);
            assertThat(pattern(check, "childrenInState").servedBy()).isEqualTo("Scan");
        }
    }

    /**
     * Every model AWS published (and the samples): for each entity, a pattern that reads its partition by the table's
     * partition key, and one per index its items are in by that index's partition key; each is served by a Query, and
     * what the Query returned is only that entity's items.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("dev.dynalens.domain.RealModels#modelsAndSamples")
    void everyPublishedModel_servesReadsByItsOwnKeys_withItsOwnItems(Path model) throws Exception {
        try (var session = WorkspaceSession.open(model, WorkspaceOptions.NONE)) {
            for (var table : session.workspace().tables()) {
                var description = table.description();
                var analysis = new AnalyzeTable(session, Runnable::run).start(description, dev.dynalens.domain.inference.Lens.NONE, p -> { })
                        .result().join().analysis();
                var text = new StringBuilder("entities:\n");
                var patterns = new StringBuilder("accessPatterns:\n");
                int n = 0;
                for (var entity : analysis.entities()) {
                    var name = dev.dynalens.domain.design.PatternsWriterAccess.name(entity.name());
                    var attributes = new ArrayList<String>();
                    for (var attribute : entity.attributes()) {
                        if (attribute.types().size() == 1) {
                            attributes.add(dev.dynalens.domain.design.PatternsWriterAccess.name(attribute.name()) + ": "
                                    + attribute.types().iterator().next());
                        }
                    }
                    text.append("  ").append(name).append(": {attributes: {").append(String.join(", ", attributes)).append("}}\n");
                    var keys = new ArrayList<String>();
                    keys.add(description.keySchema().partitionKeyName());
                    entity.indexes().keySet().forEach(index -> keys.add(description.indexKey(index).partitionNames().get(0)));
                    for (var key : keys) {
                        if (entity.attribute(key).filter(a -> a.count() == entity.count() && a.types().size() == 1).isPresent()) {
                            patterns.append("  - {name: p").append(++n).append(", entity: ").append(name).append(", equals: [")
                                    .append(dev.dynalens.domain.design.PatternsWriterAccess.name(key)).append("]}\n");
                        }
                    }
                }
                var check = new CheckExistingTable(session, Runnable::run).start(description, PatternsReader.read(text.toString() + patterns),
                        p -> { }).result().join();

                assertThat(check.patterns()).as(model + " " + table.name()).isNotEmpty().allSatisfy(p -> {
                    assertThat(p.servedBy()).as(p.design().name() + " " + p.design().reason()).isIn("Query", "GetItem");
                    assertThat(p.problem()).as(p.design().name()).isNull();
                    assertThat(p.items()).isPositive();
                });
            }
        }
    }
}
