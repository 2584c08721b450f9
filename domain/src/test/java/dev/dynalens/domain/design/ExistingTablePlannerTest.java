package dev.dynalens.domain.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.workspace.WorkspaceTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Planning on an existing table whose ids are in the keys only (issue 28): users keyed {@code USER#<id>} /
 * {@code PROFILE} with no {@code userId}, comments {@code TASK#<id>} / {@code COMMENT#<time>#<n>} with neither the task
 * nor the time as an attribute, and watches {@code USER#<id>} / {@code WATCH#TASK#<id>} with only {@code since}.
 */
class ExistingTablePlannerTest {
    private static final String PATTERNS = """
            entities:
              USER: {attributes: {userId: S, name: S}}
              COMMENT: {attributes: {taskId: S, createdAt: S, text: S}}
              WATCH: {attributes: {userId: S, taskId: S, since: S}}
            accessPatterns:
              - {name: getUser, entity: USER, equals: [userId]}
              - {name: commentsOfTaskNewestFirst, entity: COMMENT, equals: [taskId], sortBy: createdAt, descending: true}
              - {name: commentsOfTaskBetween, entity: COMMENT, equals: [taskId], between: createdAt}
              - {name: getWatch, entity: WATCH, equals: [userId, taskId]}
              - {name: watchesOfUser, entity: WATCH, equals: [userId]}
              - {name: userWithWatches, entities: [USER, WATCH], equals: [userId]}
              - {name: commentsWithText, entity: COMMENT, equals: [text]}
            """;

    private static Item item(String pk, String sk, String... more) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s(sk));
        for (int i = 0; i < more.length; i += 2) {
            attributes.put(more[i], AttributeValue.s(more[i + 1]));
        }
        return new Item(attributes);
    }

    private static String entityOf(Item item) {
        var sk = ((AttributeValue.Str) item.attributes().get("SK")).value();
        return sk.equals("PROFILE") ? "USER" : sk.startsWith("COMMENT#") ? "COMMENT" : "WATCH";
    }

    private static List<Item> items() {
        var items = new ArrayList<Item>();
        for (int i = 1; i <= 6; i++) {
            items.add(item("USER#u" + i, "PROFILE", "name", "User " + i));
            items.add(item("USER#u" + i, "WATCH#TASK#t" + (i % 3), "since", "2024-05-0" + i));
        }
        for (int i = 1; i <= 9; i++) {
            items.add(item("TASK#t" + (i % 3), "COMMENT#2024-05-%02dT10:00:00Z#%d".formatted(i, i), "text", "comment " + i));
        }
        return items;
    }

    private static ExistingTablePlanner planner(List<Item> items, String patterns, Function<Item, String> entities) {
        return planner(items, patterns, entities, List.of());
    }

    private static ExistingTablePlanner planner(List<Item> items, String patterns, Function<Item, String> entities, List<IndexDescription> indexes) {
        var keys = new ArrayList<>(List.of("PK", "SK"));
        indexes.forEach(index -> keys.addAll(index.key().attributeNames()));
        var learner = new DerivationLearner(keys, java.util.Set.of("PK", "SK"));
        items.forEach(item -> learner.accept(entities.apply(item), item));
        var verifier = new DerivationVerifier(KeySchema.of("PK", "SK"), learner.proposals());
        items.forEach(item -> verifier.accept(entities.apply(item), item));
        var attributes = new LinkedHashMap<String, java.util.Set<String>>();
        learner.itemCounts().keySet().forEach(entity -> attributes.put(entity, learner.pathsOf(entity)));
        var table = WorkspaceTable.of("Tracker", KeySchema.of("PK", "SK"), indexes, items).description();
        return new ExistingTablePlanner(table, PatternsReader.read(patterns), verifier.derivations(), attributes, items.size(), 1000);
    }

    private static ExistingTablePlanner.Plan plan(String name) {
        var file = PatternsReader.read(PATTERNS);
        var pattern = file.accessPatterns().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
        return planner(items(), PATTERNS, ExistingTablePlannerTest::entityOf).plan(pattern);
    }

    @Test
    void aUserWhoseIdIsInTheKeyOnly_isAGetItem_readingTheIdFromTheKey() {
        var plan = plan("getUser");

        assertThat(plan.design().operation()).isEqualTo(ReadOperation.GET_ITEM);
        assertThat(plan.design().values()).extractingFromEntries(e -> e.getKey() + "=" + e.getValue())
                .containsExactly(":pk=USER#{userId}", ":sk=PROFILE");
        assertThat(plan.design().reason()).isEqualTo("GetItem: the partition USER#{userId}, the item whose SK is PROFILE; "
                + "userId is in the key only: PK = USER#{userId}");
        var userId = plan.keyOnly("USER", "userId").orElseThrow();
        assertThat(userId.readFrom(item("USER#u4", "PROFILE"))).contains(AttributeValue.s("u4"));
        assertThat(userId.readFrom(item("USER#u4#old", "PROFILE"))).isEmpty();
    }

    @Test
    void commentsOfATaskNewestFirst_isAQueryDescending_onTheTimeThatIsInTheSortKeyOnly() {
        var plan = plan("commentsOfTaskNewestFirst");

        assertThat(plan.design().operation()).isEqualTo(ReadOperation.QUERY);
        assertThat(plan.design().keyCondition()).isEqualTo("PK = :pk AND begins_with(SK, :sk)");
        assertThat(plan.design().values().get(":pk")).hasToString("TASK#{taskId}");
        assertThat(plan.design().values().get(":sk")).hasToString("COMMENT#");
        assertThat(plan.design().scanIndexForward()).isFalse();
        assertThat(plan.design().reason()).contains("in createdAt order, largest first")
                .endsWith("; taskId is in the key only: PK = TASK#{taskId}; createdAt is in the key only: SK = COMMENT#{createdAt}#{?}");
        assertThat(plan.keyOnly("COMMENT", "taskId").orElseThrow().readFrom(item("TASK#t2", "COMMENT#2024-05-02T10:00:00Z#2")))
                .contains(AttributeValue.s("t2"));
    }

    @Test
    void aRangeOnTheTimeInTheSortKeyOnly_isABetween_whoseUpperBoundTakesThePartsAfterIt() {
        var plan = plan("commentsOfTaskBetween");

        assertThat(plan.design().keyCondition()).isEqualTo("PK = :pk AND SK BETWEEN :from AND :to");
        assertThat(plan.design().values().get(":from")).hasToString("COMMENT#{createdAt:from}");
        assertThat(plan.design().values().get(":to")).hasToString("COMMENT#{createdAt:to}#~");
        assertThat(plan.keyOnly("COMMENT", "createdAt").orElseThrow().readFrom(item("TASK#t2", "COMMENT#2024-05-02T10:00:00Z#2")))
                .contains(AttributeValue.s("2024-05-02T10:00:00Z"));
    }

    /** Two ids in the keys only: the literal before each part says which is which (USER# names userId). */
    @Test
    void aWatchByTwoIdsInTheKeysOnly_isAGetItem_eachIdInThePartItsLiteralNames() {
        var plan = plan("getWatch");

        assertThat(plan.design().operation()).isEqualTo(ReadOperation.GET_ITEM);
        assertThat(plan.design().values()).extractingFromEntries(e -> e.getKey() + "=" + e.getValue())
                .containsExactly(":pk=USER#{userId}", ":sk=WATCH#TASK#{taskId}");
        assertThat(plan("watchesOfUser").design().keyCondition()).isEqualTo("PK = :pk AND begins_with(SK, :sk)");
        assertThat(plan("watchesOfUser").design().values().get(":sk")).hasToString("WATCH#TASK#");
    }

    @Test
    void aCollectionOfAnEntityWithTheIdAndOneWithTheIdInTheKeyOnly_isOneQuery() {
        var items = new ArrayList<Item>();
        for (int i = 1; i <= 4; i++) {
            items.add(item("USER#u" + i, "PROFILE", "userId", "u" + i));
            items.add(item("USER#u" + i, "WATCH#TASK#t" + i, "since", "2024"));
        }
        var file = PatternsReader.read(PATTERNS);
        var pattern = file.accessPatterns().stream().filter(p -> p.name().equals("userWithWatches")).findFirst().orElseThrow();

        var plan = planner(items, PATTERNS, ExistingTablePlannerTest::entityOf).plan(pattern);

        assertThat(plan.design().operation()).isEqualTo(ReadOperation.QUERY);
        assertThat(plan.design().values().get(":pk")).hasToString("USER#{userId}");
        assertThat(plan.keyOnly("USER", "userId")).isEmpty();
        assertThat(plan.keyOnly("WATCH", "userId")).isPresent();
    }

    /** Two ids in the keys only and a part whose literal names neither: the key does not say which it is. */
    @Test
    void anUnknownPartThatTwoInputsCouldBe_isNotGuessed() {
        var items = List.of(item("X#a1", "ITEM#b1"), item("X#a2", "ITEM#b2"));
        var patterns = """
                entities:
                  ITEM: {attributes: {left: S, right: S}}
                accessPatterns:
                  - {name: getItem, entity: ITEM, equals: [left, right]}
                """;

        var plan = planner(items, patterns, i -> "ITEM").plan(PatternsReader.read(patterns).accessPatterns().getFirst());

        assertThat(plan.design().operation()).isEqualTo(ReadOperation.SCAN);
        assertThat(plan.design().reason()).startsWith("the table's PK (X#{?}) has one part in the key only and left, right are on no ITEM item: "
                + "which of them it is, the key does not say");
    }

    /**
     * One input in the key only and two keys with a part no attribute holds: tasks keyed {@code PROJECT#<id>} with
     * {@code GSI1PK = SPRINT#<id>}. Their sprint is not read as the project part of the table's key (the run would not
     * tell: its value would come from that same part), but as the part SPRINT# names, on GSI1.
     */
    @Test
    void anInputInTheKeyOnly_isReadFromThePartItsLiteralNames_notFromAnyUnknownPart() {
        var items = new ArrayList<Item>();
        for (int i = 1; i <= 6; i++) {
            items.add(item("PROJECT#p" + (i % 2), "TASK#t" + i, "taskId", "t" + i, "GSI1PK", "SPRINT#s" + (i % 3), "GSI1SK", "TASK#t" + i));
        }
        var patterns = """
                entities:
                  TASK: {attributes: {taskId: S, sprintId: S, projectId: S}}
                accessPatterns:
                  - {name: tasksOfSprint, entity: TASK, equals: [sprintId]}
                  - {name: tasksOfProject, entity: TASK, equals: [projectId]}
                """;
        var gsi1 = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"), IndexDescription.Projection.ALL,
                List.of(), null, null, null);
        var planner = planner(items, patterns, i -> "TASK", List.of(gsi1));
        var file = PatternsReader.read(patterns);

        var bySprint = planner.plan(file.accessPatterns().get(0));
        var byProject = planner.plan(file.accessPatterns().get(1));

        assertThat(bySprint.design().index()).isEqualTo("GSI1");
        assertThat(bySprint.design().values().get(":pk")).hasToString("SPRINT#{sprintId}");
        assertThat(byProject.design().index()).isNull();
        assertThat(byProject.design().values().get(":pk")).hasToString("PROJECT#{projectId}");
        var renamed = patterns.replace("sprintId", "iterationId");
        assertThat(planner(items, renamed, i -> "TASK", List.of(gsi1)).plan(PatternsReader.read(renamed).accessPatterns().get(0)).design().reason())
                .startsWith("the table's PK (PROJECT#{?}) has one part in the key only and iterationId is on no TASK item: "
                        + "that the part is iterationId, the key does not say");
    }

    /** An input the items have is not read from a key part: the key would hold it as an attribute had it been built from it. */
    @Test
    void anInputTheItemsHave_isNotReadFromAnUnknownPart() {
        var plan = plan("commentsWithText");

        assertThat(plan.design().operation()).isEqualTo(ReadOperation.SCAN);
        assertThat(plan.keyOnly()).isEmpty();
    }

    @Test
    void aKeyOnlyTemplateThatBreaksOnSomeItems_isNotReliedOn() {
        var items = new ArrayList<>(items());
        items.add(item("USER#u9#archived", "PROFILE", "name", "Old"));
        var file = PatternsReader.read(PATTERNS);

        var plan = planner(items, PATTERNS, ExistingTablePlannerTest::entityOf).plan(file.accessPatterns().getFirst());

        assertThat(plan.design().operation()).isEqualTo(ReadOperation.SCAN);
        assertThat(plan.design().reason()).startsWith("the table would serve it, but PK = USER#{?} ({?} in the key only) for 6 of 7 USER items only, "
                + "so a Query there misses 1 of them (PK=\"USER#u9#archived\", SK=\"PROFILE\")");
    }
}
