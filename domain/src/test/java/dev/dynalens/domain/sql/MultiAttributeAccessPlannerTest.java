package dev.dynalens.domain.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.expression.Operand;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The SQL workbench's planner on an index with a multi-attribute key (issue 27, decision 10 step 7; the rules in
 * docs/expressions.md): it serves a query that pins every partition attribute, its sort attributes taken from the left.
 */
class MultiAttributeAccessPlannerTest {
    private static final IndexKey KEY = new IndexKey(
            List.of(new KeyAttribute("tournamentId", ScalarType.S), new KeyAttribute("region", ScalarType.S)),
            List.of(new KeyAttribute("round", ScalarType.S), new KeyAttribute("bracket", ScalarType.S), new KeyAttribute("matchId", ScalarType.N)));
    private static final IndexDescription INDEX = new IndexDescription("TournamentRegionIndex", IndexDescription.Kind.GLOBAL, KEY,
            IndexDescription.Projection.ALL, List.of(), null, null, "ACTIVE");
    private static final TableDescription MATCHES = new TableDescription("Matches", KeySchema.of("matchId", null), List.of(INDEX), List.of(),
            1000, 1_024_000, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    private static final SqlEntity WHOLE = new SqlEntity("Matches", true, List.of(), List.of(), List.of(), 1000, 1024);
    private static final SqlCatalog CATALOG = new SqlCatalog(MATCHES, List.of(WHOLE), new SqlCatalog.EntitySource("test", null, 1000, 1000));

    private static Condition eq(String attribute, String value) {
        return Condition.equal(attribute, AttributeValue.s(value));
    }

    private static AccessPlan plan(Condition... where) {
        return AccessPlanner.plan(CATALOG, new ReadShape(WHOLE, List.of(where), null, ReadShape.Order.ANY, null));
    }

    @Test
    void everyPartitionAttributePinned_andTheSortAttributesFromTheLeft_isOneQueryOnTheIndex() {
        var plan = plan(eq("tournamentId", "WINTER2024"), eq("region", "NA-EAST"), eq("round", "SEMIFINALS"),
                Condition.beginsWith(AttributePath.of("bracket"), AttributeValue.s("UPPER")), eq("status", "DONE"));

        assertThat(plan.operation()).isEqualTo(ReadOperation.QUERY);
        assertThat(plan.indexName()).isEqualTo("TournamentRegionIndex");
        var query = (ReadRequest.Query) plan.reads().getFirst();
        assertThat(query.partition()).containsExactly(new ReadRequest.KeyEquality("tournamentId", AttributeValue.s("WINTER2024")),
                new ReadRequest.KeyEquality("region", AttributeValue.s("NA-EAST")));
        assertThat(query.sort()).containsExactly(
                new ReadRequest.SortPart("round", SortKeyCondition.of(SortKeyCondition.Operator.EQ, AttributeValue.s("SEMIFINALS"))),
                new ReadRequest.SortPart("bracket", SortKeyCondition.of(SortKeyCondition.Operator.BEGINS_WITH, AttributeValue.s("UPPER"))));
        // what the key condition does not take is filtered: status is no key attribute
        assertThat(plan.requests().getFirst().filter()).contains("=");
        assertThat(plan.desktopCondition()).isNull();
        assertThat(plan.requests().getFirst().keyCondition()).contains("AND").contains("begins_with");
    }

    @Test
    void aSkippedSortAttribute_endsTheKeyCondition_andWhatFollowsIsCheckedOnTheDesktop() {
        var matchId = Condition.compare(Operand.path("matchId"), Condition.Comparator.GT, Operand.value(AttributeValue.n(5)));
        var plan = plan(eq("tournamentId", "WINTER2024"), eq("region", "NA-EAST"), eq("bracket", "UPPER"), matchId);

        var query = (ReadRequest.Query) plan.reads().getFirst();
        assertThat(query.sort()).isEmpty();
        // key attributes cannot go in a FilterExpression of a Query on their index: checked on the desktop
        assertThat(plan.desktopCondition()).isNotNull();
        assertThat(AccessPlanner.topLevelNames(plan.desktopCondition())).containsExactlyInAnyOrder("bracket", "matchId");
    }

    @Test
    void anInOnAPartitionAttribute_isOneQueryPerCombination() {
        var regions = new Condition.In(Operand.path("region"), List.of(Operand.value(AttributeValue.s("NA-EAST")),
                Operand.value(AttributeValue.s("EU-WEST"))));
        var plan = plan(eq("tournamentId", "WINTER2024"), regions);

        assertThat(plan.operation()).isEqualTo(ReadOperation.QUERY);
        assertThat(plan.reads()).hasSize(2);
        assertThat(plan.reads()).map(read -> ((ReadRequest.Query) read).partition().get(1).value())
                .containsExactly(AttributeValue.s("NA-EAST"), AttributeValue.s("EU-WEST"));
    }

    @Test
    void aPartitionAttributeNotPinned_isAScan_thatSaysWhichAttributesWouldLetItQuery() {
        var plan = plan(eq("tournamentId", "WINTER2024"));

        assertThat(plan.operation()).isEqualTo(ReadOperation.SCAN);
        assertThat(plan.requests().getFirst().note()).contains("Index TournamentRegionIndex (tournamentId, region | round, bracket, matchId) "
                + "would let it Query with = or IN on each of tournamentId, region.");
    }
}
