package dev.dynalens.domain.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** docs/expressions.md, Multi-attribute GSI keys, rules 1, 2 and 4. */
class IndexKeyTest {

    private static List<KeyAttribute> attributes(String names) {
        if (names.isBlank()) {
            return List.of();
        }
        return Arrays.stream(names.split(",")).map(n -> new KeyAttribute(n.trim(), ScalarType.S)).toList();
    }

    private static final IndexKey TOURNAMENT = new IndexKey(
            List.of(new KeyAttribute("tournamentId", ScalarType.S), new KeyAttribute("region", ScalarType.S)),
            List.of(new KeyAttribute("round", ScalarType.S), new KeyAttribute("bracket", ScalarType.S),
                    new KeyAttribute("matchId", ScalarType.N)));

    @ParameterizedTest
    @CsvSource(delimiter = ';', textBlock = """
            a          ;
            a          ; w
            a, b, c, d ;
            a, b, c, d ; w, x, y, z
            a          ; w, x, y, z
            """)
    void oneToFourPartitionAttributes_andZeroToFourSortAttributes_makeAKey(String partition, String sort) {
        var key = new IndexKey(attributes(partition), attributes(sort == null ? "" : sort));

        assertThat(key.partition()).hasSize(partition.split(",").length);
    }

    @Test
    void noPartitionAttribute_isRefused() {
        assertThatThrownBy(() -> new IndexKey(List.of(), attributes("r")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("An index key has 1 to 4 partition key attributes, not 0");
    }

    @Test
    void fivePartitionAttributes_areRefused_namingThem() {
        assertThatThrownBy(() -> new IndexKey(attributes("a, b, c, d, e"), List.of()))
                .hasMessage("An index key has 1 to 4 partition key attributes, not 5 (a, b, c, d, e)");
    }

    @Test
    void fiveSortAttributes_areRefused_namingThem() {
        assertThatThrownBy(() -> new IndexKey(attributes("a"), attributes("v, w, x, y, z")))
                .hasMessage("An index key has at most 4 sort key attributes, not 5 (v, w, x, y, z)");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', textBlock = """
            a, a    ;         ; a ; a, a
            a, b    ; c, b    ; b ; a, b | c, b
            a       ; a       ; a ; a | a
            a       ; r, s, r ; r ; a | r, s, r
            """)
    void aNameTwice_isRefused_whereverItIs(String partition, String sort, String twice, String shown) {
        assertThatThrownBy(() -> new IndexKey(attributes(partition), attributes(sort == null ? "" : sort)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("An index key names each attribute once; " + twice + " is named twice in (" + shown + ")");
    }

    @Test
    void attributeNames_arePartitionThenSort_eachInTheKeySchemasOrder() {
        assertThat(TOURNAMENT.attributeNames()).containsExactly("tournamentId", "region", "round", "bracket", "matchId");
        assertThat(TOURNAMENT.partitionNames()).containsExactly("tournamentId", "region");
        assertThat(TOURNAMENT.sortNames()).containsExactly("round", "bracket", "matchId");
        assertThat(TOURNAMENT.attribute("matchId")).contains(new KeyAttribute("matchId", ScalarType.N));
        assertThat(TOURNAMENT.attribute("score")).isEmpty();
    }

    @Test
    void theListsGiven_areCopied_soALaterChangeDoesNotReachTheKey() {
        var partition = new ArrayList<>(attributes("b, a"));
        var key = new IndexKey(partition, null);
        partition.add(new KeyAttribute("c", ScalarType.S));

        assertThat(key.attributeNames()).containsExactly("b", "a");
        assertThat(key.hasSortKey()).isFalse();
    }

    @Test
    void aSingleAttributeKey_isAKeySchema_andBack() {
        var schema = new KeySchema(new KeyAttribute("GSI1PK", ScalarType.S), new KeyAttribute("GSI1SK", ScalarType.N));

        assertThat(schema.asIndexKey().isSingle()).isTrue();
        assertThat(schema.asIndexKey().asKeySchema()).contains(schema);
        assertThat(schema.asIndexKey().attributeNames()).isEqualTo(schema.attributeNames());
        assertThat(schema.asIndexKey()).hasToString(schema.toString());
        assertThat(KeySchema.of("PK", null).asIndexKey().asKeySchema()).contains(KeySchema.of("PK", null));
    }

    @Test
    void aMultiAttributeKey_isNoKeySchema() {
        assertThat(TOURNAMENT.isSingle()).isFalse();
        assertThat(TOURNAMENT.asKeySchema()).isEmpty();
        assertThat(new IndexKey(attributes("a"), attributes("r, s")).asKeySchema()).isEmpty();
        assertThat(TOURNAMENT).hasToString("tournamentId, region | round, bracket, matchId");
    }

    @Test
    void requireSingle_saysWhichIndexAndWhatDoesNotHandleIt() {
        assertThatThrownBy(() -> TOURNAMENT.requireSingle("TournamentRegionIndex", "the SQL workbench"))
                .isInstanceOf(MultiAttributeKeyException.class)
                .hasMessage("Index TournamentRegionIndex has a multi-attribute key (tournamentId, region | round, bracket, matchId); "
                        + "the SQL workbench does not handle such keys yet");
        assertThat(KeySchema.of("PK", "SK").asIndexKey().requireSingle("GSI1", "anything")).isEqualTo(KeySchema.of("PK", "SK"));
    }
}
