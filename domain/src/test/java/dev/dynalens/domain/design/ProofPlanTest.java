package dev.dynalens.domain.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProofPlanTest {
    private static final KeySchema KEYS = KeySchema.of("PK", "SK");

    private static Item order(String id, String status, String createdAt) {
        return new Item(Map.of("PK", AttributeValue.s("O#" + id), "SK", AttributeValue.s("O#" + id), "orderId", AttributeValue.s(id),
                "status", AttributeValue.s(status), "createdAt", AttributeValue.s(createdAt)));
    }

    private static final List<Item> ORDERS = List.of(order("o1", "OPEN", "2024-05-01"), order("o2", "OPEN", "2024-05-03"),
            order("o3", "OPEN", "2024-05-02"), order("o4", "OPEN", "2024-05-02"), order("o5", "SHIPPED", "2024-05-04"));

    private static AccessPattern pattern(String between, String sortBy, boolean descending, int limit) {
        return new AccessPattern("p", List.of("Order"), List.of("status"), between, sortBy, descending, limit, 0, 0);
    }

    @Test
    void probes_takeTheEqualityValuesThatSelectMost_andARangeInsideTheSelectedValues() {
        var probes = ProofPlan.probes(pattern("createdAt", null, false, 0), Map.of("Order", ORDERS));

        assertThat(probes).hasSize(2);
        var first = probes.getFirst();
        assertThat(first.parameters()).containsEntry("status", AttributeValue.s("OPEN"))
                .containsEntry("createdAt:from", AttributeValue.s("2024-05-02")).containsEntry("createdAt:to", AttributeValue.s("2024-05-03"));
        assertThat(first.expected()).extracting(i -> i.attributes().get("orderId")).containsExactlyInAnyOrder(
                AttributeValue.s("o2"), AttributeValue.s("o3"), AttributeValue.s("o4"));
        assertThat(first.expected().getLast().attributes().get("orderId")).isEqualTo(AttributeValue.s("o2"));
    }

    @Test
    void aResultIsRight_whenItHasTheItems_inTheOrder_tiesInAnyOrder() {
        var probe = ProofPlan.probes(pattern(null, "createdAt", false, 0), Map.of("Order", ORDERS)).getFirst();
        var o1 = ORDERS.get(0);
        var o2 = ORDERS.get(1);
        var o3 = ORDERS.get(2);
        var o4 = ORDERS.get(3);

        assertThat(ProofPlan.mismatch(probe, List.of(o1, o3, o4, o2), KEYS)).isEmpty();
        assertThat(ProofPlan.mismatch(probe, List.of(o1, o4, o3, o2), KEYS)).isEmpty();
        assertThat(ProofPlan.mismatch(probe, List.of(o2, o3, o4, o1), KEYS)).get().asString()
                .startsWith("the items came in the wrong order of createdAt: expected \"2024-05-01\", \"2024-05-02\"");
        assertThat(ProofPlan.mismatch(probe, List.of(o1, o3, o2), KEYS)).get().asString()
                .isEqualTo("expected 4 items [O#o1 / O#o1; O#o3 / O#o3; O#o4 / O#o4; O#o2 / O#o2], got 3 items [O#o1 / O#o1; O#o3 / O#o3; O#o2 / O#o2]");
        assertThat(ProofPlan.mismatch(probe, List.of(o1, o3, o4, o2, ORDERS.get(4)), KEYS)).get().asString()
                .endsWith("not asked for: [O#o5 / O#o5]");
        assertThat(ProofPlan.mismatch(probe, List.of(o1, o1, o3, o4), KEYS)).get().asString().startsWith("returned an item twice");
    }

    @Test
    void atALimit_anyOfTheItemsThatTieThereMayBeCut() {
        var probe = ProofPlan.probes(pattern(null, "createdAt", false, 2), Map.of("Order", ORDERS)).getFirst();

        assertThat(probe.expected()).hasSize(2);
        assertThat(ProofPlan.mismatch(probe, List.of(ORDERS.get(0), ORDERS.get(2)), KEYS)).isEmpty();
        assertThat(ProofPlan.mismatch(probe, List.of(ORDERS.get(0), ORDERS.get(3)), KEYS)).isEmpty();
        assertThat(ProofPlan.mismatch(probe, List.of(ORDERS.get(0), ORDERS.get(1)), KEYS)).isPresent();
    }

    @Test
    void withoutAnOrder_theItemsMayComeInAnyOrder() {
        var probe = ProofPlan.probes(pattern(null, null, false, 0), Map.of("Order", ORDERS)).getFirst();

        assertThat(ProofPlan.mismatch(probe, List.of(ORDERS.get(3), ORDERS.get(0), ORDERS.get(2), ORDERS.get(1)), KEYS)).isEmpty();
    }
}
