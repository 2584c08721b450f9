package dev.dynalens.domain.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.ReadRequest.KeyEquality;
import dev.dynalens.domain.table.ReadRequest.SortPart;
import dev.dynalens.domain.table.SortKeyCondition.Operator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A Query of a multi-attribute key: its lists, their invariants, and its key condition as sent and as shown. */
class MultiAttributeQueryTest {
    private static final List<KeyEquality> TOURNAMENT_REGION = List.of(new KeyEquality("tournamentId", AttributeValue.s("WINTER2024")),
            new KeyEquality("region", AttributeValue.s("NA-EAST")));

    private static ReadRequest.Query semifinals() {
        return ReadRequest.Query.of("TournamentMatches", TOURNAMENT_REGION).onIndex("TournamentRegionIndex")
                .withSort(List.of(new SortPart("round", SortKeyCondition.of(Operator.EQ, AttributeValue.s("SEMIFINALS"))),
                        new SortPart("bracket", SortKeyCondition.between(AttributeValue.s("LOWER"), AttributeValue.s("UPPER")))));
    }

    @Test
    void theKeyConditionAsSent_hasAPlaceholderForEveryNameAndValue_inTheKeysOrder() {
        var sent = ReadRequests.keyConditionExpression(semifinals());

        assertThat(sent.expression()).isEqualTo("#pk1 = :pk1 AND #pk2 = :pk2 AND #sk1 = :sk1 AND #sk2 BETWEEN :sk2 AND :sk2_2");
        assertThat(sent.names()).isEqualTo(Map.of("#pk1", "tournamentId", "#pk2", "region", "#sk1", "round", "#sk2", "bracket"));
        assertThat(sent.values()).isEqualTo(Map.of(":pk1", AttributeValue.s("WINTER2024"), ":pk2", AttributeValue.s("NA-EAST"),
                ":sk1", AttributeValue.s("SEMIFINALS"), ":sk2", AttributeValue.s("LOWER"), ":sk2_2", AttributeValue.s("UPPER")));
    }

    @Test
    void aKeyOfOneAttributeOnASide_keepsItsPlaceholders() {
        var query = ReadRequest.Query.of("T", List.of(new KeyEquality("a", AttributeValue.s("x")), new KeyEquality("b", AttributeValue.n("7"))))
                .withSortKey("r", SortKeyCondition.between(AttributeValue.n("1"), AttributeValue.n("2")));

        assertThat(ReadRequests.keyConditionExpression(query).expression()).isEqualTo("#pk1 = :pk1 AND #pk2 = :pk2 AND #sk BETWEEN :sk AND :sk2");
    }

    @Test
    void theKeyConditionShown_writesEveryValueIn() {
        assertThat(ReadRequests.describe(semifinals())).isEqualTo("Query TournamentMatches · index TournamentRegionIndex · tournamentId = "
                + "\"WINTER2024\" AND region = \"NA-EAST\" AND round = \"SEMIFINALS\" AND bracket BETWEEN \"LOWER\" AND \"UPPER\"");
    }

    @Test
    void onlyTheLastSortAttributeGiven_mayHaveARange() {
        assertThatThrownBy(() -> ReadRequest.Query.of("T", TOURNAMENT_REGION).withSort(List.of(
                new SortPart("round", SortKeyCondition.of(Operator.GT, AttributeValue.s("A"))),
                new SortPart("bracket", SortKeyCondition.of(Operator.EQ, AttributeValue.s("B"))))))
                .hasMessage("Only the last sort key attribute given may have a range condition or none; round comes before bracket");
    }

    @Test
    void aKeyAttributeNamedTwice_orNoPartitionValue_isRefused() {
        assertThatThrownBy(() -> ReadRequest.Query.of("T", List.of(new KeyEquality("a", AttributeValue.s("x")),
                new KeyEquality("a", AttributeValue.s("y")))))
                .hasMessage("A Query's key condition names each key attribute once; a is named twice");
        assertThatThrownBy(() -> ReadRequest.Query.of("T", List.of())).hasMessage("A Query needs the partition key value");
    }

    @Test
    void theSingleAttributeAccessors_sendAMultiAttributeQueryToItsLists() {
        assertThat(semifinals().isSingle()).isFalse();
        assertThatThrownBy(() -> semifinals().partitionKeyName())
                .hasMessage("This Query's key condition has 2 partition and 2 sort key attributes; read it through partition() and sort()");
        var single = ReadRequest.Query.of("T", "PK", AttributeValue.s("A")).withSortKey("SK", SortKeyCondition.of(Operator.LT, AttributeValue.s("x")));
        assertThat(single.partition()).containsExactly(new KeyEquality("PK", AttributeValue.s("A")));
        assertThat(single.sortKeyName()).isEqualTo("SK");
        assertThat(single.withSortKey(null).sort()).isEmpty();
    }
}
