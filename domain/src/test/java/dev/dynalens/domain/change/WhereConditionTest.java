package dev.dynalens.domain.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.design.SourcePosition;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WhereConditionTest {
    static final Item SHIPPED = new Item(Map.of("PK", AttributeValue.s("CUSTOMER#42"), "SK", AttributeValue.s("ORDER#1"),
            "status", AttributeValue.s("SHIPPED"), "total", AttributeValue.n("12345678901234567890123456789012345678"),
            "address", AttributeValue.m(Map.of("city", AttributeValue.s("Zürich"))), "lines", AttributeValue.l(AttributeValue.s("a"),
                    AttributeValue.s("it's")), "gift", AttributeValue.bool(true)));

    @Test
    void theIssuesExample_readsAsADynamoDbCondition_withReservedWordsAndLiteralsAsPlaceholders() {
        var where = WhereCondition.parse("status = 'SHIPPED' AND attribute_not_exists(GSI2PK)");

        assertThat(where.expression()).isEqualTo("#w0 = :w0 AND attribute_not_exists(#w1)");
        assertThat(where.names()).containsEntry("#w0", "status").containsEntry("#w1", "GSI2PK");
        assertThat(where.values()).containsEntry(":w0", AttributeValue.s("SHIPPED"));
        assertThat(where.holds(SHIPPED)).isTrue();
        assertThat(where.holds(SHIPPED.with("GSI2PK", AttributeValue.s("STATUS#SHIPPED")))).isFalse();
        assertThat(where.holds(SHIPPED.with("status", AttributeValue.s("OPEN")))).isFalse();
    }

    @Test
    void numbersStayExact_andPathsFunctionsInBetweenAndBooleansRead() {
        assertThat(WhereCondition.parse("total = 12345678901234567890123456789012345678").holds(SHIPPED)).isTrue();
        assertThat(WhereCondition.parse("total > 1234567890123456789012345678901234567.8").holds(SHIPPED)).isTrue();
        assertThat(WhereCondition.parse("address.city = 'Zürich' and lines[1] = 'it''s'").holds(SHIPPED)).isTrue();
        assertThat(WhereCondition.parse("status IN ('OPEN', 'SHIPPED') AND size(lines) BETWEEN 1 AND 2").holds(SHIPPED)).isTrue();
        assertThat(WhereCondition.parse("begins_with(SK, 'ORDER#') AND NOT contains(status, 'OPEN') AND gift = TRUE").holds(SHIPPED)).isTrue();
        assertThat(WhereCondition.parse("attribute_type(total, 'N') AND status != 'OPEN'").holds(SHIPPED)).isTrue();
        assertThat(WhereCondition.parse("\"odd name\" = -5").holds(SHIPPED.with("odd name", AttributeValue.n(-5)))).isTrue();
    }

    @Test
    void whatDoesNotReadIsNamedWithItsOffset() {
        assertThatThrownBy(() -> WhereCondition.parse("status = 'SHIPPED")).isInstanceOfSatisfying(WhereCondition.Invalid.class,
                e -> assertThat(e.offset()).isEqualTo(9));
        assertThatThrownBy(() -> WhereCondition.parse("status = lower('A')")).isInstanceOfSatisfying(WhereCondition.Invalid.class, e -> {
            assertThat(e.offset()).isEqualTo(9);
            assertThat(e.getMessage()).startsWith("unknown function lower");
        });
        assertThatThrownBy(() -> WhereCondition.parse("GSI2PK IS NULL")).isInstanceOfSatisfying(WhereCondition.Invalid.class,
                e -> assertThat(e.getMessage()).contains("use attribute_not_exists(a)"));
        assertThatThrownBy(() -> WhereCondition.parse("status = 'A' AND")).isInstanceOf(WhereCondition.Invalid.class);
        assertThatThrownBy(() -> WhereCondition.parse("status = 1e999")).isInstanceOfSatisfying(WhereCondition.Invalid.class,
                e -> assertThat(e.offset()).isEqualTo(9));
    }

    @Test
    void aChangeFileWhoseConditionDoesNotReadSaysWhereInTheFile() {
        try {
            ChangeFileReader.read("""
                    table: Orders
                    where:
                      condition: "status = 'SHIPPED' AND lower(x)"
                    set: {a: "b"}
                    """);
        } catch (ChangeFileException e) {
            assertThat(e.problems()).singleElement().satisfies(p -> {
                assertThat(p.position()).isEqualTo(new SourcePosition(3, 38));
                assertThat(p.message()).startsWith("the condition: unknown function lower").endsWith("(column 24 of the condition)");
            });
            return;
        }
        throw new AssertionError("read without a problem");
    }
}
