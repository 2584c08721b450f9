package dev.dynalens.domain.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PatternStatementsTest {
    private static final TableDesign DESIGN = Designer.design(PatternsReader.read(PatternsReaderTest.EXAMPLE));

    private static String select(String pattern, Map<String, AttributeValue> parameters) {
        var design = DESIGN.pattern(pattern).orElseThrow();
        return PatternStatements.select("Shop", DESIGN.indexKey(design.index()), design, parameters);
    }

    @Test
    void aPatternsRequest_isASelectOnItsTableOrIndex_withItsKeyConditionAndOrder() {
        assertThat(select("getCustomer", Map.of("customerId", AttributeValue.s("c1"))))
                .isEqualTo("SELECT * FROM \"Shop\" WHERE \"PK\" = 'CUSTOMER#c1' AND \"SK\" = 'CUSTOMER#c1'");
        assertThat(select("ordersOfCustomerNewestFirst", Map.of("customerId", AttributeValue.s("c'1"))))
                .isEqualTo("SELECT * FROM \"Shop\" WHERE \"PK\" = 'CUSTOMER#c''1' AND begins_with(\"SK\", 'ORDER#') ORDER BY \"SK\" DESC");
        assertThat(select("ordersByStatusBetween", Map.of("status", AttributeValue.s("OPEN"), "createdAt:from", AttributeValue.s("2024-05-01"),
                "createdAt:to", AttributeValue.s("2024-05-31"))))
                .isEqualTo("SELECT * FROM \"Shop\".\"GSI1\" WHERE \"GSI1PK\" = 'STATUS#OPEN' AND \"GSI1SK\" BETWEEN '2024-05-01' AND '2024-05-31#~'");
    }
}
