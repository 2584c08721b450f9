package dev.dynalens.ui.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TableBrowserViewModelTest {
    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("t", URI.create("http://127.0.0.1:9")));
    private final TableBrowserViewModel model = new TableBrowserViewModel(session, "Shop", Runnable::run);

    private static final TableDescription SHOP = new TableDescription("Shop",
            new KeySchema(new KeySchema.KeyAttribute("PK", KeySchema.ScalarType.S), new KeySchema.KeyAttribute("SK", KeySchema.ScalarType.S)),
            List.of(new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
                    IndexDescription.Projection.ALL, List.of(), 0L, 0L, "ACTIVE"),
                    new IndexDescription("ByScore", IndexDescription.Kind.GLOBAL,
                            new KeySchema(new KeySchema.KeyAttribute("game", KeySchema.ScalarType.S),
                                    new KeySchema.KeyAttribute("score", KeySchema.ScalarType.N)),
                            IndexDescription.Projection.KEYS_ONLY, List.of(), 0L, 0L, "ACTIVE")),
            List.of(), 3, 600, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE",
            new TableDescription.TimeToLive(TableDescription.TimeToLive.Status.DISABLED, null));

    @BeforeEach
    void describe() {
        session.description.complete(SHOP);
        model.loadDescription();
    }

    private static Item item(String pk, String sk, String extraName, AttributeValue extra) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put(extraName, extra);
        attributes.put("SK", AttributeValue.s(sk));
        attributes.put("PK", AttributeValue.s(pk));
        return new Item(attributes);
    }

    @Test
    void description_offersTheTableAndEveryIndex() {
        assertThat(model.indexChoices()).containsExactly(TableBrowserViewModel.BASE_TABLE, "GSI1", "ByScore");
    }

    @Test
    void scan_showsItemsWithKeyColumnsFirst_andSaysItIsAScan() {
        model.run();
        assertThat(session.reads.get(0)).isInstanceOf(ReadRequest.Scan.class);
        assertThat(model.operationProperty().get()).isEqualTo("SCAN");
        assertThat(model.runningProperty().get()).isTrue();

        session.lastRead().complete(new Page(List.of(item("CUSTOMER#1", "PROFILE", "name", AttributeValue.s("Ada"))),
                Map.of("PK", AttributeValue.s("CUSTOMER#1"), "SK", AttributeValue.s("PROFILE")), 1,
                new ConsumedCapacity(0.5, null, null)));

        assertThat(model.items()).hasSize(1);
        assertThat(model.columns()).containsExactly("PK", "SK", "GSI1PK", "GSI1SK", "game", "score", "name");
        assertThat(model.hasMoreProperty().get()).isTrue();
        assertThat(model.capacitySummaryProperty().get()).contains("0.5 RCU");
        assertThat(model.runningProperty().get()).isFalse();
    }

    @Test
    void loadMore_followsLastEvaluatedKey_andAddsCapacity() {
        model.run();
        var lastKey = Map.<String, AttributeValue>of("PK", AttributeValue.s("A"), "SK", AttributeValue.s("1"));
        session.lastRead().complete(new Page(List.of(item("A", "1", "n", AttributeValue.n(1))), lastKey, 1, new ConsumedCapacity(0.5, null, null)));

        model.loadMore();

        assertThat(session.reads.get(1).exclusiveStartKey()).isEqualTo(lastKey);
        session.lastRead().complete(new Page(List.of(item("B", "2", "n", AttributeValue.n(2))), null, 1, new ConsumedCapacity(1.5, null, null)));
        assertThat(model.items()).hasSize(2);
        assertThat(model.hasMoreProperty().get()).isFalse();
        assertThat(model.capacitySummaryProperty().get()).isEqualTo("Last request: 1.5 RCU · total: 2.0 RCU");
        assertThat(model.resultSummaryProperty().get()).contains("2 item(s)").contains("2 request(s)").contains("end of results");
    }

    @Test
    void query_needsThePartitionKeyValue() {
        model.modeProperty().set(TableBrowserViewModel.Mode.QUERY);
        model.run();
        assertThat(session.reads).isEmpty();
        assertThat(model.errorProperty().get()).isEqualTo("A Query needs a value for the partition key PK.");
    }

    @Test
    void query_onAnIndex_usesTheIndexKeys_andTypesNumbers() {
        model.modeProperty().set(TableBrowserViewModel.Mode.QUERY);
        model.indexProperty().set("ByScore");
        model.partitionValueProperty().set("chess");
        model.sortOperatorProperty().set(SortKeyCondition.Operator.BETWEEN);
        model.sortValueProperty().set("100");
        model.sortUpperValueProperty().set("12345678901234567890123456789012345678");
        model.run();

        var query = (ReadRequest.Query) session.reads.get(0);
        assertThat(query.indexName()).isEqualTo("ByScore");
        assertThat(query.partitionKeyName()).isEqualTo("game");
        assertThat(query.sortKeyCondition().upperBound()).isEqualTo(AttributeValue.n("12345678901234567890123456789012345678"));
        assertThat(model.requestSummaryProperty().get())
                .isEqualTo("Query Shop · index ByScore · game = \"chess\" AND score BETWEEN 100 AND 12345678901234567890123456789012345678 · limit 100");
    }

    @Test
    void query_withANonNumberForANumberKey_explainsAndSendsNothing() {
        model.modeProperty().set(TableBrowserViewModel.Mode.QUERY);
        model.indexProperty().set("ByScore");
        model.partitionValueProperty().set("chess");
        model.sortOperatorProperty().set(SortKeyCondition.Operator.GE);
        model.sortValueProperty().set("ten");
        model.run();
        assertThat(session.reads).isEmpty();
        assertThat(model.errorProperty().get()).startsWith("score is a number key");
    }

    @Test
    void cancel_keepsWhatWasLoaded_andSaysSo() {
        model.run();
        session.lastRead().complete(new Page(List.of(item("A", "1", "n", AttributeValue.n(1))),
                Map.of("PK", AttributeValue.s("A"), "SK", AttributeValue.s("1")), 1, ConsumedCapacity.NOT_REPORTED));
        model.loadMore();
        var inFlight = session.lastRead();

        model.cancel();

        assertThat(inFlight.isCancelled()).isTrue();
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.items()).hasSize(1);
        assertThat(model.errorProperty().get()).isEqualTo("Cancelled; 1 item(s) kept.");
    }

    @Test
    void aFailedRequest_isReportedInWords() {
        model.run();
        session.lastRead().completeExceptionally(new CancellationException());
        assertThat(model.errorProperty().get()).startsWith("Cancelled");
        model.run();
        session.lastRead().completeExceptionally(new IllegalStateException("endpoint went away"));
        assertThat(model.errorProperty().get()).isEqualTo("Scan failed: endpoint went away");
    }

    @Test
    void selectingAnItem_showsBothJsonForms() {
        var item = item("A", "1", "price", AttributeValue.n("19.990"));
        model.selectedItemProperty().set(item);
        assertThat(model.selectedDynamoJsonProperty().get()).contains("\"N\"").contains("\"19.990\"");
        assertThat(model.selectedPlainJsonProperty().get()).contains("19.990").doesNotContain("\"N\"");
    }
}
