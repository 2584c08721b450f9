package dev.dynalens.domain.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.expression.ExpressionLimits;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlaceholdersTest {

    @Test
    void numbered_givesANameOnePlaceholder_andEveryValueItsOwn() {
        var placeholders = Placeholders.numbered("#n", ":v");

        assertThat(placeholders.name("status")).isEqualTo("#n0");
        assertThat(placeholders.name("total")).isEqualTo("#n1");
        assertThat(placeholders.name("status")).isEqualTo("#n0");
        assertThat(placeholders.value(AttributeValue.n("1.5"))).isEqualTo(":v0");
        assertThat(placeholders.value(AttributeValue.n("1.50"))).isEqualTo(":v1");

        assertThat(placeholders.names()).containsExactly(Map.entry("#n0", "status"), Map.entry("#n1", "total"));
        assertThat(placeholders.values()).containsExactly(Map.entry(":v0", AttributeValue.n("1.5")), Map.entry(":v1", AttributeValue.n("1.50")));
    }

    @Test
    void readable_aliasesAPlainNameAsItself_andAnOddOneByNumber() {
        var placeholders = Placeholders.readable();

        assertThat(placeholders.name("status")).isEqualTo("#status");
        assertThat(placeholders.name("order-id")).isEqualTo("#n1");
        assertThat(placeholders.name("order-id")).isEqualTo("#n1");
        assertThat(placeholders.value(AttributeValue.s("x"))).isEqualTo(":v1");
    }

    @Test
    void readable_neverHandsOutATakenPlaceholder() {
        var placeholders = Placeholders.readable();
        placeholders.name("n1");   // takes #n1

        assertThat(placeholders.name("odd name")).isEqualTo("#n2");
    }

    @Test
    void aPathHasEveryNameAliased_andItsIndexesLiteral() {
        var placeholders = Placeholders.numbered("#c", ":c");

        assertThat(placeholders.path(AttributePath.parse("lines[2].\"sku.code\""))).isEqualTo("#c0[2].#c1");
        assertThat(placeholders.names()).containsExactly(Map.entry("#c0", "lines"), Map.entry("#c1", "sku.code"));
    }

    @Test
    void chosenPlaceholders_areRefusedWhenTaken() {
        var placeholders = Placeholders.numbered("#k", ":k");
        placeholders.name("#pk", "PK");
        placeholders.value(":pk", AttributeValue.s("A"));

        assertThatThrownBy(() -> placeholders.name("#pk", "SK")).hasMessageContaining("#pk is taken");
        assertThatThrownBy(() -> placeholders.value(":pk", AttributeValue.s("B"))).hasMessageContaining(":pk is taken");
    }

    @Test
    void theExpressionLimit_countsBytesOfUtf8_notCharacters() {
        var ascii = "a".repeat(ExpressionLimits.MAX_EXPRESSION_BYTES);
        var accented = "é".repeat(ExpressionLimits.MAX_EXPRESSION_BYTES / 2 + 1);

        assertThat(ExpressionLimits.fitsInExpression(ascii)).isTrue();
        assertThat(accented.length()).isLessThan(ExpressionLimits.MAX_EXPRESSION_BYTES);
        assertThat(ExpressionLimits.fitsInExpression(accented)).isFalse();
    }

    @Test
    void aQuerysKeyCondition_isWrittenWithItsPlaceholders() {
        var query = ReadRequest.Query.of("Shop", "GSI1PK", AttributeValue.s("STATUS#OPEN")).onIndex("GSI1")
                .withSortKey("GSI1SK", SortKeyCondition.between(AttributeValue.s("2024-01"), AttributeValue.s("2024-12")));

        var condition = ReadRequests.keyConditionExpression(query);

        assertThat(condition.expression()).isEqualTo("#pk = :pk AND #sk BETWEEN :sk AND :sk2");
        assertThat(condition.names()).isEqualTo(Map.of("#pk", "GSI1PK", "#sk", "GSI1SK"));
        assertThat(condition.values()).isEqualTo(Map.of(":pk", AttributeValue.s("STATUS#OPEN"), ":sk", AttributeValue.s("2024-01"),
                ":sk2", AttributeValue.s("2024-12")));
    }
}
