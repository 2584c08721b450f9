package dev.dynalens.domain.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.ValueText;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TableTextTest {
    private static final KeySchema NUMBER_SORT = new KeySchema(new KeySchema.KeyAttribute("game", KeySchema.ScalarType.S),
            new KeySchema.KeyAttribute("score", KeySchema.ScalarType.N));

    @ParameterizedTest
    @CsvSource(textBlock = """
            EQ,          'Query T · PK = "A" AND SK = "x"'
            LT,          'Query T · PK = "A" AND SK < "x"'
            BEGINS_WITH, 'Query T · PK = "A" AND begins_with(SK, "x")'
            """)
    void describe_showsTheKeyConditionAsSent(SortKeyCondition.Operator operator, String expected) {
        var query = ReadRequest.Query.of("T", "PK", AttributeValue.s("A"))
                .withSortKey("SK", SortKeyCondition.of(operator, AttributeValue.s("x")));
        assertThat(ReadRequests.describe(query)).isEqualTo(expected);
    }

    @Test
    void describe_scanOnAnIndexWithALimit() {
        assertThat(ReadRequests.describe(new ReadRequest.Scan("Shop", "GSI1", 25, null))).isEqualTo("Scan Shop · index GSI1 · limit 25");
    }

    @Test
    void keyValues_areTypedByTheKeySchema() {
        assertThat(KeyValues.parse("score", KeySchema.ScalarType.N, "1E+3")).isEqualTo(AttributeValue.n("1000"));
        assertThat(KeyValues.parse("id", KeySchema.ScalarType.B, "AQID")).isEqualTo(AttributeValue.b(new byte[] {1, 2, 3}));
        assertThatThrownBy(() -> KeyValues.parse("score", KeySchema.ScalarType.N, "12a"))
                .hasMessageStartingWith("score is a number key");
        assertThatThrownBy(() -> KeyValues.parse("PK", KeySchema.ScalarType.S, "")).hasMessageContaining("cannot be empty");
        assertThatThrownBy(() -> KeyValues.parse("id", KeySchema.ScalarType.B, "%%%")).hasMessageContaining("base64");
    }

    @Test
    void summaries_nameKeysIndexesBillingAndTtl() {
        var table = new TableDescription("Games", NUMBER_SORT,
                List.of(new IndexDescription("ByPlayer", IndexDescription.Kind.GLOBAL, KeySchema.of("player", null),
                        IndexDescription.Projection.INCLUDE, List.of("score", "at"), null, null, "ACTIVE")),
                List.of(), 10, 5_000_000, TableDescription.BillingMode.PROVISIONED, 5L, 2L, "ACTIVE",
                new TableDescription.TimeToLive(TableDescription.TimeToLive.Status.ENABLED, "expiresAt"));
        assertThat(TableSummaries.keys(NUMBER_SORT)).isEqualTo("game (S, partition) · score (N, sort)");
        assertThat(TableSummaries.billing(table)).isEqualTo("Provisioned 5 RCU / 2 WCU");
        assertThat(TableSummaries.timeToLive(table)).isEqualTo("on expiresAt");
        assertThat(TableSummaries.size(table.sizeBytes())).isEqualTo("4.8 MB");
        assertThat(TableSummaries.indexLines(table))
                .containsExactly("ByPlayer (global): player (S, partition) · projection INCLUDE (score, at)");
    }

    @Test
    void cellText_isOneLine_andShowsTypesThatPlainTextWouldHide() {
        var nested = AttributeValue.m(Map.of("tags", AttributeValue.ss("a", "b")));
        assertThat(ValueText.cell(nested)).isEqualTo("{\"tags\": SS{\"a\", \"b\"}}");
        assertThat(ValueText.cell(AttributeValue.s("line1\nline2"))).isEqualTo("line1↵line2");
        assertThat(ValueText.cell(AttributeValue.l(AttributeValue.s("x\ny")))).isEqualTo("[\"x\\ny\"]");
        assertThat(ValueText.cell(AttributeValue.s("x".repeat(500)))).hasSize(200).endsWith("…");
    }
}
