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

    /** Issue 24: a table read from its export answers its Scans at no read capacity, and the plan names the export. */
    @Test
    void aScanAnsweredFromAnExport_readsNoCapacity_andSaysWhichExport() {
        var fromExport = CATALOG.withScansFrom("export 01764000000000-abcd as of 2026-11-30T10:00:00Z");

        var plan = AccessPlanner.plan(fromExport, new ReadShape(TASK, List.of(eq("status", "open")), null, ReadShape.Order.ANY, null));

        assertThat(plan.scans()).isTrue();
        assertThat(plan.estimatedRcu()).isEqualTo(CapacityUnits.ZERO);
        assertThat(plan.requests()).singleElement().satisfies(r -> assertThat(r.note())
                .startsWith("Answered from export 01764000000000-abcd as of 2026-11-30T10:00:00Z: no read capacity. No = or IN"));
        assertThat(BudgetGate.check(plan.requests(), BudgetGate.DEFAULT_MAX_RCU, false)).isEmpty();
    }

    // ---- DynamoDB's limits on an expression (Developer Guide, "Constraints", "Expression parameters") ----

    private static Condition in(String attribute, String prefix, int values) {
        var candidates = new java.util.ArrayList<Operand>();
        for (int i = 0; i < values; i++) {
            candidates.add(Operand.value(s(prefix + i)));
        }
        return Condition.in(Operand.path(attribute), candidates);
    }

    /** Every request as DynamoDB validates it: no expression over 4 KB, 300 operators or an IN of 100 values. */
    private static void assertWithinDynamoDbsLimits(AccessPlan plan) {
        for (var request : plan.requests()) {
            var analysis = dev.dynalens.domain.expression.Expressions.analyze(new dev.dynalens.domain.expression.RenderedExpressions(
                    request.keyCondition(), null, null, request.filter(), request.projection(), request.names(), request.values()),
                    request.keyCondition() == null ? null : KeySchema.of("PK", "SK"));
            assertThat(analysis.errors()).as(request.summary()).isEmpty();
            for (var text : java.util.Arrays.asList(request.keyCondition(), request.filter(), request.projection())) {
                assertThat(text == null ? 0 : dev.dynalens.domain.expression.ExpressionLimits.bytes(text)).isLessThanOrEqualTo(4096);
            }
        }
    }

    @Test
    void anInOnThePartitionKeyOfAnyLength_isOneQueryPerValue_orBatchesOfAHundredKeys() {
        var queries = AccessPlanner.plan(CATALOG, new ReadShape(TASK, List.of(in("PK", "PROJECT#p", 2000)), List.of("title"),
                ReadShape.Order.ANY, null));
        var batches = AccessPlanner.plan(CATALOG, new ReadShape(USER, List.of(in("PK", "USER#u", 250), eq("SK", "PROFILE")),
                List.of("name"), ReadShape.Order.ANY, null));

        // before: more than 100 values pinned nothing, and the IN went into a Scan's filter
        assertThat(queries.operation()).isEqualTo(ReadOperation.QUERY);
        assertThat(queries.requests()).hasSize(2000).allSatisfy(r -> assertThat(r.filter()).isNull());
        assertThat(((dev.dynalens.domain.table.ReadRequest.Query) queries.reads().get(1999)).partitionKeyValue()).isEqualTo(s("PROJECT#p1999"));
        assertThat(batches.operation()).isEqualTo(ReadOperation.BATCH_GET_ITEM);
        assertThat(batches.batches()).extracting(b -> b.keys().size()).containsExactly(100, 100, 50);
        assertWithinDynamoDbsLimits(queries);
        assertWithinDynamoDbsLimits(batches);
    }

    @Test
    void anInOfMoreThanAHundredValuesInAFilter_isSentAsInsOfAHundred() {
        var plan = AccessPlanner.plan(CATALOG, new ReadShape(TASK, List.of(eq("PK", "PROJECT#p1"), in("status", "s", 250)),
                List.of("title"), ReadShape.Order.ANY, null));

        assertThat(plan.desktopCondition()).isNull();
        assertThat(plan.requests()).singleElement().satisfies(r -> {
            assertThat(r.filter()).startsWith("#status IN (:v1, ").contains(":v100) OR #status IN (:v101, ").endsWith(", :v250)");
            assertThat(r.note()).isEmpty();
        });
        assertWithinDynamoDbsLimits(plan);
    }

    @Test
    void aFilterOverTheLimits_isCheckedOnTheDesktop_andTheRequestSaysSo() {
        var large = in("status", "status-value-", 2000);
        var small = eq("title", "Invoices");
        var scan = AccessPlanner.plan(CATALOG, new ReadShape(TASK, List.of(large, small), List.of("title"), ReadShape.Order.ANY, 10));
        var query = AccessPlanner.plan(CATALOG, new ReadShape(TASK, List.of(eq("PK", "PROJECT#p1"), large, small), List.of("title"),
                ReadShape.Order.ANY, null));

        // before: an 82 KB FilterExpression of 2,000 ORs
        assertThat(scan.desktopCondition()).isEqualTo(large);
        assertThat(scan.requests()).singleElement().satisfies(r -> {
            assertThat(r.filter()).isEqualTo("title = :v1 AND begins_with(PK, :v2) AND begins_with(SK, :v3)");
            assertThat(r.projection()).contains("#status");
            // a page limit would count items the desktop then drops
            assertThat(r.limit()).isNull();
            assertThat(r.note()).endsWith("Checked on the desktop, as a FilterExpression would pass DynamoDB's limits (4 KB, 300 operators "
                    + "or functions): status IN (\"status-value-0\", \"status-value-1\", \"status-value-2\", … 2,000 values).");
        });
        assertThat(scan.stopAfter()).isEqualTo(10);
        assertThat(query.desktopCondition()).isEqualTo(large);
        assertThat(query.requests()).singleElement().satisfies(r -> {
            assertThat(r.filter()).isEqualTo("title = :v1");
            assertThat(r.note()).startsWith("Checked on the desktop");
        });
        assertWithinDynamoDbsLimits(scan);
        assertWithinDynamoDbsLimits(query);
    }

    @Test
    void tooManyOperators_moveTheLargestConditionsToTheDesktop_untilTheRestFits() {
        var alternatives = new java.util.ArrayList<Condition>();
        for (int i = 0; i < 200; i++) {
            alternatives.add(eq("status", "s" + i));
        }
        // 399 operators in one condition: a few hundred bytes short of 4 KB, over the 300 operators
        var many = new Condition.Or(alternatives);
        var plan = AccessPlanner.plan(CATALOG, new ReadShape(TASK, List.of(eq("PK", "PROJECT#p1"), many, eq("title", "x")), List.of("title"),
                ReadShape.Order.ANY, null));

        assertThat(plan.desktopCondition()).isEqualTo(many);
        assertThat(plan.requests()).singleElement().satisfies(r -> assertThat(r.filter()).isEqualTo("title = :v1"));
        assertWithinDynamoDbsLimits(plan);
    }

    @Test
    void aProjectionOver4Kb_isLeftOut_theItemsComeWhole() {
        var names = new java.util.ArrayList<String>();
        for (int i = 0; i < 80; i++) {
            names.add("an_attribute_with_a_long_descriptive_name_number_" + i);
        }
        var wide = entity("WIDE", "WIDE#{}", "WIDE", 5, names.toArray(String[]::new));
        var catalog = new SqlCatalog(TRACKER, List.of(WHOLE, wide), new SqlCatalog.EntitySource("test", null, 1000, 1000));

        var query = AccessPlanner.plan(catalog, new ReadShape(wide, List.of(eq("PK", "WIDE#1")), names, ReadShape.Order.ANY, null));
        var batch = AccessPlanner.plan(catalog, new ReadShape(wide, List.of(in("PK", "WIDE#", 3), eq("SK", "WIDE")), names,
                ReadShape.Order.ANY, null));

        assertThat(query.requests()).singleElement().satisfies(r -> assertThat(r.projection()).isNull());
        assertThat(batch.requests()).singleElement().satisfies(r -> assertThat(r.projection()).isNull());
        assertThat(batch.batches()).singleElement().satisfies(b -> assertThat(b.projectionExpression()).isNull());
        assertWithinDynamoDbsLimits(query);
    }

    @Test
    void conditionText_showsALongInByItsFirstValues() {
        assertThat(ConditionText.of(new Condition.And(List.of(in("status", "s", 2000), Condition.not(eq("title", "x"))))))
                .isEqualTo("status IN (\"s0\", \"s1\", \"s2\", … 2,000 values) AND NOT title = \"x\"");
    }
}
