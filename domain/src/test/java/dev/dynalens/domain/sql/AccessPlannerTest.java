package dev.dynalens.domain.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.expression.Operand;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.TableDescription;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The planner alone (decision 0008): which request serves a read, what goes into its key condition and filter, and
 * what is kept on the desktop. Table Tracker (PK, SK) with GSI1 (GSI1PK, GSI1SK, projecting ALL); users are
 * {@code USER#{}} / {@code PROFILE}, tasks {@code PROJECT#{}} / {@code TASK#{}}.
 */
class AccessPlannerTest {
    private static final IndexDescription GSI1 = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL,
            KeySchema.of("GSI1PK", "GSI1SK"), IndexDescription.Projection.ALL, List.of(), null, null, "ACTIVE");
    private static final TableDescription TRACKER = new TableDescription("Tracker", KeySchema.of("PK", "SK"), List.of(GSI1), List.of(),
            1000, 1_024_000, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    private static final SqlEntity USER = entity("USER", "USER#{}", "PROFILE", 10, "name");
    private static final SqlEntity TASK = entity("TASK", "PROJECT#{}", "TASK#{}", 200, "title", "status", "GSI1PK", "GSI1SK");
    private static final SqlEntity WHOLE = new SqlEntity("Tracker", true, List.of(), List.of(), List.of(), 1000, 1024);
    private static final SqlCatalog CATALOG = new SqlCatalog(TRACKER, List.of(WHOLE, USER, TASK),
            new SqlCatalog.EntitySource("test", null, 1000, 1000));

    private static SqlEntity entity(String name, String pk, String sk, long count, String... attributes) {
        var columns = Stream.concat(Stream.of("PK", "SK"), Stream.of(attributes))
                .map(a -> new SqlAttribute(a, Set.of(AttributeType.S))).toList();
        return new SqlEntity(name, false, List.of(pk), List.of(sk), columns, count, 1024);
    }

    private static AttributeValue s(String value) {
        return AttributeValue.s(value);
    }

    private static Condition eq(String attribute, String value) {
        return Condition.equal(attribute, s(value));
    }

    private static Condition ne(String attribute, String value) {
        return Condition.compare(Operand.path(attribute), Condition.Comparator.NE, Operand.value(s(value)));
    }

    /**
     * @param keyCondition the Query's key condition as sent, null for any other operation
     * @param filter       the FilterExpression as sent, null for none
     * @param desktop      what is checked on the desktop, null for nothing
     */
    record Case(SqlEntity entity, List<Condition> where, ReadOperation operation, String index, String keyCondition, String filter,
                Condition desktop) {
    }

    static Stream<Arguments> cases() {
        var notTask9 = ne("SK", "TASK#9");
        var named = eq("name", "Ann");
        var tableSortKey = eq("SK", "TASK#1");
        return Stream.of(
                Arguments.of(Named.of("both keys pinned: one GetItem", new Case(USER, List.of(eq("PK", "USER#u1"), eq("SK", "PROFILE")),
                        ReadOperation.GET_ITEM, null, null, null, null))),
                Arguments.of(Named.of("IN on the partition key, the sort key pinned: BatchGetItem", new Case(USER,
                        List.of(Condition.in(Operand.path("PK"), List.of(Operand.value(s("USER#u1")), Operand.value(s("USER#u2")))),
                                eq("SK", "PROFILE")),
                        ReadOperation.BATCH_GET_ITEM, null, null, null, null))),
                Arguments.of(Named.of("the partition key pinned, begins_with on the sort key: a Query of the table", new Case(TASK,
                        List.of(eq("PK", "PROJECT#p1"), Condition.beginsWith(AttributePath.of("SK"), s("TASK#2024"))),
                        ReadOperation.QUERY, null, "#pk = :pk AND begins_with(#sk, :sk)", null, null))),
                Arguments.of(Named.of("an index's partition key pinned, BETWEEN on its sort key: a Query of the GSI", new Case(TASK,
                        List.of(eq("GSI1PK", "USER#u2"), Condition.between(Operand.path("GSI1SK"), Operand.value(s("2024-01")),
                                Operand.value(s("2024-12")))),
                        ReadOperation.QUERY, "GSI1", "#pk = :pk AND #sk BETWEEN :sk AND :sk2", null, null))),
                Arguments.of(Named.of("no key pinned: a Scan, filtered to the entity type's key prefixes", new Case(TASK,
                        List.of(eq("status", "open")),
                        ReadOperation.SCAN, null, null, "#status = :v1 AND begins_with(PK, :v2) AND begins_with(SK, :v3)", null))),
                Arguments.of(Named.of("a Query: a non-key condition is pushed as the filter, <> on the sort key is kept on the desktop",
                        new Case(TASK, List.of(eq("PK", "PROJECT#p1"), eq("status", "open"), notTask9),
                                ReadOperation.QUERY, null, "#pk = :pk AND begins_with(#sk, :sk)", "#status = :v1", notTask9))),
                Arguments.of(Named.of("a GetItem takes no filter: every other condition is kept on the desktop", new Case(USER,
                        List.of(eq("PK", "USER#u1"), eq("SK", "PROFILE"), named),
                        ReadOperation.GET_ITEM, null, null, null, named))),
                Arguments.of(Named.of("a Query of the GSI: a condition on the table's sort key is kept on the desktop", new Case(TASK,
                        List.of(eq("GSI1PK", "USER#u2"), tableSortKey),
                        ReadOperation.QUERY, "GSI1", "#pk = :pk", null, tableSortKey))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void accessPlanner_choosesTheRequest_andSplitsWhatIsPushedFromWhatStaysOnTheDesktop(Case c) {
        var plan = AccessPlanner.plan(CATALOG, new ReadShape(c.entity(), c.where(), List.of("PK", "SK"), ReadShape.Order.ANY, null));

        assertThat(plan.operation()).isEqualTo(c.operation());
        assertThat(plan.indexName()).isEqualTo(c.index());
        assertThat(plan.requests()).isNotEmpty().allSatisfy(request -> {
            assertThat(request.operation()).isEqualTo(c.operation());
            assertThat(request.indexName()).isEqualTo(c.index());
            assertThat(request.keyCondition()).isEqualTo(c.keyCondition());
            assertThat(request.filter()).isEqualTo(c.filter());
        });
        assertThat(plan.desktopCondition()).isEqualTo(c.desktop());
    }

    @Test
    void getItemAndBatchGetItem_sendEachKeyOnce_inBatchesOfAtMostOneHundred() {
        var get = AccessPlanner.plan(CATALOG, new ReadShape(USER, List.of(eq("PK", "USER#u1"), eq("SK", "PROFILE")), null,
                ReadShape.Order.ANY, null));
        var twiceU1 = Condition.in(Operand.path("PK"), List.of(Operand.value(s("USER#u1")), Operand.value(s("USER#u2")),
                Operand.value(s("USER#u1"))));
        var batch = AccessPlanner.plan(CATALOG, new ReadShape(USER, List.of(twiceU1, eq("SK", "PROFILE")), List.of("name"),
                ReadShape.Order.ANY, null));

        assertThat(get.gets()).containsExactly(Map.of("PK", s("USER#u1"), "SK", s("PROFILE")));
        assertThat(get.requests()).singleElement().satisfies(r -> assertThat(r.estimatedRcu()).isEqualTo(CapacityUnits.ofHalves(1)));
        assertThat(batch.batches()).singleElement().satisfies(b -> assertThat(b.keys()).containsExactly(
                Map.of("PK", s("USER#u1"), "SK", s("PROFILE")), Map.of("PK", s("USER#u2"), "SK", s("PROFILE"))));
        assertThat(batch.requests()).singleElement().satisfies(r -> {
            assertThat(r.projection()).isEqualTo("#name, PK, SK");
            assertThat(r.estimatedRcu()).isEqualTo(CapacityUnits.ofHalves(2));
        });
    }

    @Test
    void aQueryOnTheGsi_namesItsKeys_andSendsBothBoundsOfTheBetween() {
        var plan = AccessPlanner.plan(CATALOG, new ReadShape(TASK, List.of(eq("GSI1PK", "USER#u2"),
                Condition.between(Operand.path("GSI1SK"), Operand.value(s("2024-01")), Operand.value(s("2024-12")))), null,
                ReadShape.Order.ANY, null));

        assertThat(plan.requests()).singleElement().satisfies(r -> {
            assertThat(r.names()).containsExactly(Map.entry("#pk", "GSI1PK"), Map.entry("#sk", "GSI1SK"));
            assertThat(r.values()).containsExactly(Map.entry(":pk", s("USER#u2")), Map.entry(":sk", s("2024-01")),
                    Map.entry(":sk2", s("2024-12")));
        });
    }

    @Test
    void aScan_saysWhy_andWhichPredicateWouldLetItQuery() {
        var plan = AccessPlanner.plan(CATALOG, new ReadShape(TASK, List.of(eq("status", "open")), null, ReadShape.Order.ANY, null));

        assertThat(plan.scans()).isTrue();
        assertThat(plan.requests()).singleElement().satisfies(r -> assertThat(r.note()).isEqualTo(
                "No = or IN on the partition key PK or on an index's partition key (GSI1PK (GSI1)), so every item of the table is read."
                        + " A predicate PK = 'PROJECT#…' or one on GSI1PK would let it Query."));
        // the whole table is read: its size as DescribeTable gives it, 1,024,000 B in 4 KB units, half a unit each
        assertThat(plan.estimatedRcu()).isEqualTo(CapacityUnits.ofHalves(250));
    }
}
