package dev.dynalens.domain.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IndexProposalTest {
    private static final IndexDescription GSI1 = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
            IndexDescription.Projection.ALL, List.of(), null, null, "ACTIVE");
    private static final TableDescription ORDERS = new TableDescription("Orders", KeySchema.of("PK", "SK"), List.of(GSI1), List.of(), 0, 0,
            TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    private static final Map<String, Set<AttributeType>> ORDER = Map.of("orderId", Set.of(AttributeType.S), "status", Set.of(AttributeType.S),
            "createdAt", Set.of(AttributeType.S), "total", Set.of(AttributeType.N), "customerId", Set.of(AttributeType.S),
            "lines", Set.of(AttributeType.L), "note", Set.of(AttributeType.S, AttributeType.N));
    private static final Set<String> TAKEN = Set.of("PK", "SK", "GSI1PK", "GSI1SK", "orderId", "status", "createdAt", "total", "customerId");

    private static AccessPattern pattern(List<String> equals, String between, String sortBy, boolean descending, int limit) {
        return new AccessPattern("ordersByStatus", List.of("ORDER"), equals, between, sortBy, descending, limit, 0, 0);
    }

    private static IndexProposal propose(AccessPattern pattern) {
        return IndexProposal.propose(ORDERS, "ORDER", ORDER, TAKEN, pattern, null);
    }

    @Test
    void aPatternByStatusBetweenDates_getsTheNextFreeIndex_withTheDesignersTemplates() {
        var proposal = propose(pattern(List.of("status"), "createdAt", null, false, 0));

        assertThat(proposal.index().name()).isEqualTo("GSI2");
        assertThat(proposal.index().singleKey("the test")).isEqualTo(KeySchema.of("GSI2PK", "GSI2SK"));
        assertThat(proposal.index().projection()).isEqualTo(IndexDescription.Projection.ALL);
        assertThat(proposal.keyTemplates()).hasToString("{GSI2PK=STATUS#{status}, GSI2SK={createdAt}}");
        assertThat(proposal.pattern().keyCondition()).isEqualTo("GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to");
        assertThat(proposal.pattern().values()).hasToString("{:pk=STATUS#{status}, :from={createdAt:from}, :to={createdAt:to}}");
        assertThat(proposal.pattern().index()).isEqualTo("GSI2");
        assertThat(proposal.reasons()).contains("GSI2PK STATUS#{status}: ordersByStatus gives status by equality",
                "GSI2SK {createdAt}: ordersByStatus reads a range of createdAt");
    }

    @Test
    void anOrderByANumber_isANumberKey_andEqualitiesOnly_haveNoSortKey() {
        var byTotal = propose(pattern(List.of("customerId"), null, "total", true, 20));
        var byCustomer = propose(pattern(List.of("customerId", "status"), null, null, false, 0));

        assertThat(byTotal.index().singleKey("the test").sortKey()).isEqualTo(new KeySchema.KeyAttribute("GSI2SK", KeySchema.ScalarType.N));
        assertThat(byTotal.keyTemplates()).hasToString("{GSI2PK=CUSTOMER#{customerId}, GSI2SK={total}}");
        assertThat(byTotal.pattern().scanIndexForward()).isFalse();
        assertThat(byTotal.pattern().limit()).isEqualTo(20);
        assertThat(byCustomer.index().singleKey("the test")).isEqualTo(KeySchema.of("GSI2PK", null));
        assertThat(byCustomer.keyTemplates()).hasToString("{GSI2PK=CUSTOMER#{customerId}#STATUS#{status}}");
        assertThat(byCustomer.pattern().keyCondition()).isEqualTo("GSI2PK = :pk");
    }

    @Test
    void aNameTheTablesItemsUse_isSkipped() {
        var taken = new java.util.HashSet<>(TAKEN);
        taken.add("GSI2PK");

        var proposal = IndexProposal.propose(ORDERS, "ORDER", ORDER, taken, pattern(List.of("status"), null, null, false, 0), null);

        assertThat(proposal.index().name()).isEqualTo("GSI3");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ''           | createdAt |           | ordersByStatus gives no attribute by equality: an index's partition key is built from one (a constant one would put every ORDER item in one partition)
            status       | createdAt | total     | ordersByStatus ranges over createdAt and orders by total: one sort key serves one of them
            status       | status    |           | ordersByStatus gives status by equality and orders or ranges by it too
            colour       |           |           | no ORDER item has an attribute colour (they have: customerId, createdAt, lines, note, orderId, status, total)
            lines        |           |           | ORDER.lines is [L]: a key is built from strings, numbers and booleans
            status       |           | note      | ORDER.note is S and N: a sort key has one type, a string or a number
            """)
    void aPatternNoIndexCanServe_isASentence(String equals, String between, String sortBy, String message) {
        var attributes = new LinkedHashMap<String, Set<AttributeType>>();
        for (var name : List.of("customerId", "createdAt", "lines", "note", "orderId", "status", "total")) {
            attributes.put(name, name.equals("note") ? new java.util.TreeSet<>(List.of(AttributeType.N, AttributeType.S)) : ORDER.get(name));
        }
        var pattern = pattern(equals.isEmpty() ? List.of() : List.of(equals), between, sortBy, false, 0);

        assertThatThrownBy(() -> IndexProposal.propose(ORDERS, "ORDER", attributes, TAKEN, pattern, null))
                .isInstanceOf(IndexProposal.NotProposedException.class).hasMessage(message);
    }

    @Test
    void anIndexNameInUse_isASentence() {
        assertThatThrownBy(() -> IndexProposal.propose(ORDERS, "ORDER", ORDER, TAKEN, pattern(List.of("status"), null, null, false, 0), "GSI1"))
                .hasMessage("Orders has an index named GSI1 already");
    }

    @Test
    void theProof_expectsTheWrittenItemsOfThatValue_inTheIndexsOrder_andSaysWhatIsWrong() {
        var proposal = propose(pattern(List.of("status"), null, "createdAt", true, 0));
        var a = order("o1", "SHIPPED", "2026-01-02");
        var b = order("o2", "SHIPPED", "2026-01-05");
        var c = order("o3", "OPEN", "2026-01-03");
        var d = order("o4", "SHIPPED", "2026-01-01");
        var parameters = proposal.parametersFrom(a).orElseThrow();

        var expected = proposal.expected(List.of(a, b, c, d), parameters);

        assertThat(parameters).isEqualTo(Map.of("status", AttributeValue.s("SHIPPED")));
        assertThat(expected).containsExactly(b, a, d);
        var keys = KeySchema.of("PK", "SK");
        assertThat(proposal.compare(List.of(b, a, d), expected, keys)).isEmpty();
        assertThat(proposal.compare(List.of(b, a), expected, keys)).contains(
                "it did not return 1 of the 3 ORDER item(s) written, first PK=\"ORDER#o4\", SK=\"ORDER\"");
        assertThat(proposal.compare(List.of(a, b, d), expected, keys)).contains(
                "it returned PK=\"ORDER#o2\", SK=\"ORDER\" out of GSI2SK's order");
    }

    private static Item order(String id, String status, String createdAt) {
        var item = new LinkedHashMap<String, AttributeValue>();
        item.put("PK", AttributeValue.s("ORDER#" + id));
        item.put("SK", AttributeValue.s("ORDER"));
        item.put("status", AttributeValue.s(status));
        item.put("createdAt", AttributeValue.s(createdAt));
        item.put("GSI2PK", AttributeValue.s("STATUS#" + status));
        item.put("GSI2SK", AttributeValue.s(createdAt));
        return new Item(item);
    }
}
