package dev.dynalens.ui.expressions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.Mode;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.Outcome;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.RunStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The builder's Run on dynalite: what it writes is exactly what its preview showed, and a failed condition writes nothing. */
@ExtendWith(DynamoEndpointExtension.class)
class ExpressionBuilderIT {
    private static final KeySchema KEYS = KeySchema.of("PK", "SK");

    private static Item order(String pk, String status) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s("ORDER"));
        attributes.put("status", AttributeValue.s(status));
        attributes.put("total", AttributeValue.n("12345678901234567890.123456789"));
        attributes.put("tags", AttributeValue.ss("gift"));
        attributes.put("draft", AttributeValue.bool(true));
        attributes.put("blob", new AttributeValue.Bin(Bytes.of(new byte[] {0, -1, 42})));
        attributes.put("address", AttributeValue.m(Map.of("lines", AttributeValue.l(AttributeValue.s("1 Main St"), AttributeValue.nul()))));
        return new Item(attributes);
    }

    private static Item stored(DynamoSession session, String table, Item item) throws Exception {
        return session.getItem(table, item.key("PK", "SK"), true).get(10, TimeUnit.SECONDS).item().orElseThrow();
    }

    private static String createTable(TestEndpoint endpoint, DynamoSession session, List<Item> items) throws Exception {
        var table = endpoint.uniqueTableName("builder");
        session.createTable(new CreateTableSpec(table, KEYS, List.of())).get(10, TimeUnit.SECONDS);
        for (var item : items) {
            session.putItem(table, item).get(10, TimeUnit.SECONDS);
        }
        return table;
    }

    private static void typeShipUpdate(ExpressionBuilderViewModel model) {
        model.switchTo(Mode.TEXT);
        model.namesTextProperty().set("{\"#s\": \"status\", \"#total\": \"total\", \"#lines\": \"lines\"}");
        model.valuesTextProperty().set("{\":shipped\": {\"S\": \"shipped\"}, \":open\": {\"S\": \"open\"}, "
                + "\":inc\": {\"N\": \"0.000000001\"}, \":t\": {\"SS\": [\"express\"]}, \":line\": {\"L\": [{\"S\": \"Apt 2\"}]}}");
        model.updateTextProperty().set("SET #s = :shipped, #total = #total + :inc, address.#lines = list_append(address.#lines, :line) "
                + "ADD tags :t REMOVE draft");
        model.conditionTextProperty().set("#s = :open");
    }

    @Test
    void run_writesExactlyWhatThePreviewShowed_andNothingWhereTheConditionFails(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var open = order("o#1", "open");
        var closed = order("o#2", "closed");
        var table = createTable(endpoint, session, List.of(open, closed));
        var model = new ExpressionBuilderViewModel(session, table, Runnable::run);
        model.keySchemaProperty().set(KEYS);
        typeShipUpdate(model);
        model.items().setAll(stored(session, table, open), stored(session, table, closed));
        assertThat(model.problemProperty().get()).isEmpty();
        assertThat(model.preview()).extracting(ExpressionBuilderViewModel.PreviewRow::outcome).containsExactly(Outcome.PASS, Outcome.FAIL);
        var expected = model.preview().get(0).after();

        model.run().get(30, TimeUnit.SECONDS);

        assertThat(model.runResults()).extracting(ExpressionBuilderViewModel.RunRow::status)
                .containsExactly(RunStatus.APPLIED, RunStatus.CONDITION_FAILED);
        assertThat(stored(session, table, open)).isEqualTo(expected);
        assertThat(expected.get("total")).contains(AttributeValue.n("12345678901234567890.123456790"));
        assertThat(stored(session, table, closed)).isEqualTo(closed);
        assertThat(model.items().get(0)).isEqualTo(expected);   // the returned item replaces the selection
    }

    @Test
    void aReadOnlyConnection_refusesTheRun_andTheItemStaysAsItWas(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var open = order("o#1", "open");
        var table = createTable(endpoint, session, List.of(open));
        var readOnly = ConnectionProfile.create("prod", new CredentialsSource.LocalPlaceholder(), "us-east-1", endpoint.endpoint(),
                true, ConnectionTag.PRODUCTION);
        try (var guarded = new AwsDynamoSessionFactory().open(readOnly)) {
            var model = new ExpressionBuilderViewModel(guarded, table, Runnable::run);
            model.keySchemaProperty().set(KEYS);
            typeShipUpdate(model);
            model.items().setAll(stored(guarded, table, open));
            model.confirmationProperty().set(table);

            assertThat(model.canRunBinding().get()).isFalse();
            model.run().get(10, TimeUnit.SECONDS);

            assertThat(model.runStatusProperty().get()).contains("read-only");
            assertThat(model.preview()).hasSize(1);
            assertThat(stored(session, table, open)).isEqualTo(open);
        }
    }
}
