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
    void theQueryForm_saysItDoesNotHandleAMultiAttributeKeyYet_ratherThanQueryingTheFirstAttribute() {
        var form = new QueryForm("TournamentRegionIndex", "WINTER2024", null, null, null, true, null);

        assertThatThrownBy(() -> form.toQuery(matches()))
                .isInstanceOf(MultiAttributeKeyException.class)
                .hasMessage("Index TournamentRegionIndex has a multi-attribute key (tournamentId, region | round, bracket, matchId); "
                        + "the Query form does not handle such keys yet");
    }
}
