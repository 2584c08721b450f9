package dev.dynalens.domain.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A secondary index holds an {@link IndexKey}; where a multi-attribute key is not handled yet, a sentence says so. */
class IndexDescriptionTest {
    static final IndexKey TOURNAMENT_REGION = new IndexKey(
            List.of(new KeyAttribute("tournamentId", ScalarType.S), new KeyAttribute("region", ScalarType.S)),
            List.of(new KeyAttribute("round", ScalarType.S), new KeyAttribute("bracket", ScalarType.S),
                    new KeyAttribute("matchId", ScalarType.N)));

    static TableDescription matches() {
        var index = new IndexDescription("TournamentRegionIndex", IndexDescription.Kind.GLOBAL, TOURNAMENT_REGION,
                IndexDescription.Projection.ALL, List.of(), null, null, "ACTIVE");
        return new TableDescription("TournamentMatches", KeySchema.of("matchId", null), List.of(index), List.of(), 0, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    }

    @Test
    void aLocalIndex_keepsOneAttributeOnEachSide() {
        var key = new IndexKey(List.of(new KeyAttribute("PK", ScalarType.S)),
                List.of(new KeyAttribute("a", ScalarType.S), new KeyAttribute("b", ScalarType.S)));

        assertThatThrownBy(() -> new IndexDescription("LSI1", IndexDescription.Kind.LOCAL, key, IndexDescription.Projection.ALL,
                List.of(), null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Local index LSI1 has one partition key attribute and one sort key attribute, not (PK | a, b)");
    }

    @Test
    void indexKey_givesTheTablesKeyForNoIndex_andEveryAttributeOfANamedOne() {
        var table = matches();

        assertThat(table.indexKey(null)).isEqualTo(KeySchema.of("matchId", null).asIndexKey());
        assertThat(table.indexKey("TournamentRegionIndex").attributeNames())
                .containsExactly("tournamentId", "region", "round", "bracket", "matchId");
        assertThatThrownBy(() -> table.indexKey("GSI9")).hasMessage("Table TournamentMatches has no index named GSI9");
    }

    @Test
    void indexLines_nameEveryKeyAttribute_inOrder_withItsType() {
        assertThat(TableSummaries.indexLines(matches())).containsExactly("TournamentRegionIndex (global): tournamentId (S, partition) · "
                + "region (S, partition) · round (S, sort) · bracket (S, sort) · matchId (N, sort) · projection ALL");
    }

    @Test
    void theQueryForm_givesEveryPartitionAttribute_andSortAttributesFromTheLeft_theLastWithItsOperator() {
        var form = new QueryForm("TournamentRegionIndex", List.of("WINTER2024", "NA-EAST"), List.of("SEMIFINALS", "U", ""),
                SortKeyCondition.Operator.BEGINS_WITH, null, false, 25);

        assertThat(ReadRequests.describe(form.toQuery(matches()))).isEqualTo("Query TournamentMatches · index TournamentRegionIndex · "
                + "tournamentId = \"WINTER2024\" AND region = \"NA-EAST\" AND round = \"SEMIFINALS\" AND begins_with(bracket, \"U\") "
                + "· descending · limit 25");
    }

    @Test
    void theQueryForm_namesWhatIsMissing() {
        assertThatThrownBy(() -> new QueryForm("TournamentRegionIndex", List.of("WINTER2024"), List.of(), null, null, true, null)
                .toQuery(matches())).hasMessage("A Query needs a value for the partition key region.");
        assertThatThrownBy(() -> new QueryForm("TournamentRegionIndex", List.of("WINTER2024", "NA-EAST"), List.of("", "UPPER"), null, null,
                true, null).toQuery(matches()))
                .hasMessage("Give round before bracket: sort key attributes are given from the left (round, bracket, matchId), without skipping one.");
        assertThatThrownBy(() -> new QueryForm("TournamentRegionIndex", List.of("WINTER2024", "NA-EAST"), List.of(), SortKeyCondition.Operator.GT,
                null, true, null).toQuery(matches())).hasMessage("Give a value for round to put a condition on it.");
    }
}
