package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoEndpointExtension.class)
class AwsDynamoSessionWriteIT {
    private static final Map<String, AttributeValue> KEY = Map.of("PK", AttributeValue.s("POST#1"), "SK", AttributeValue.s("POST"));

    private static String tableWithPost(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("writes");
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        var attributes = new LinkedHashMap<String, AttributeValue>(KEY);
        attributes.put("authorName", AttributeValue.s("Ann"));
        attributes.put("likes", AttributeValue.n("12345678901234567890123456789012345678"));
        session.write(ItemWrite.Put.unconditional(table, new Item(attributes))).get(10, TimeUnit.SECONDS);
        return table;
    }

    private static ItemWrite.Update renameGuarded(String table, String expected) {
        return new ItemWrite.Update(table, KEY, "SET #a = :new", "#a = :old", Map.of("#a", "authorName"),
                Map.of(":new", AttributeValue.s("Ann Lee"), ":old", AttributeValue.s(expected)));
    }

    @Test
    void guardedUpdate_appliesWhenTheCopyStillHoldsTheOldValue_andReturnsTheNewItem(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = tableWithPost(endpoint, session);

        var result = session.write(renameGuarded(table, "Ann")).get(10, TimeUnit.SECONDS);

        assertThat(result.status()).isEqualTo(WriteResult.Status.APPLIED);
        assertThat(result.returned()).get().extracting(item -> item.get("authorName").orElseThrow()).isEqualTo(AttributeValue.s("Ann Lee"));
        assertThat(result.capacity().capacityUnits()).isEqualTo(1.0);
        var stored = session.getItem(table, KEY, true).get(10, TimeUnit.SECONDS);
        assertThat(stored.item()).get().isEqualTo(result.returned().orElseThrow());
        assertThat(stored.item().orElseThrow().get("likes")).contains(AttributeValue.n("12345678901234567890123456789012345678"));
        assertThat(stored.capacity().capacityUnits()).isEqualTo(1.0);
    }

    @Test
    void guardedUpdate_whoseConditionNoLongerHolds_isReportedAndWritesNothing(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = tableWithPost(endpoint, session);

        var result = session.write(renameGuarded(table, "Someone else")).get(10, TimeUnit.SECONDS);

        assertThat(result.status()).isEqualTo(WriteResult.Status.CONDITION_FAILED);
        assertThat(result.returned()).isEmpty();
        assertThat(session.getItem(table, KEY, true).get(10, TimeUnit.SECONDS).item().orElseThrow().get("authorName"))
                .contains(AttributeValue.s("Ann"));
    }

    @Test
    void guardedDeleteAndPut_answerWithTheItemBefore(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = tableWithPost(endpoint, session);
        var replaced = session.write(new ItemWrite.Put(table, new Item(KEY), "attribute_exists(PK)", Map.of(), Map.of()))
                .get(10, TimeUnit.SECONDS);
        assertThat(replaced.returned()).get().extracting(item -> item.get("authorName").orElseThrow()).isEqualTo(AttributeValue.s("Ann"));

        var refusedDelete = session.write(new ItemWrite.Delete(table, KEY, "attribute_exists(authorName)", Map.of(), Map.of()))
                .get(10, TimeUnit.SECONDS);
        assertThat(refusedDelete.applied()).isFalse();
        var deleted = session.write(new ItemWrite.Delete(table, KEY, null, Map.of(), Map.of())).get(10, TimeUnit.SECONDS);
        assertThat(deleted.returned()).contains(new Item(KEY));
        assertThat(session.getItem(table, KEY, false).get(10, TimeUnit.SECONDS).item()).isEmpty();
    }

    @Test
    void anInvalidExpression_failsWithTheEndpointsValidationMessage(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = tableWithPost(endpoint, session);
        var broken = new ItemWrite.Update(table, KEY, "SET #a = :missing", null, Map.of("#a", "authorName"), Map.of());

        assertThatThrownBy(() -> session.write(broken).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(DynamoAccessException.class)
                .satisfies(e -> assertThat(((DynamoAccessException) e).problem().kind()).isEqualTo(ConnectionProblem.Kind.VALIDATION))
                .hasMessageContaining(":missing");
    }

    @Test
    void writes_onAReadOnlyConnection_areRefusedBeforeSending(TestEndpoint endpoint) {
        var readOnly = ConnectionProfile.create("mirror", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                endpoint.endpoint(), true, ConnectionTag.PRODUCTION);
        try (var session = new AwsDynamoSessionFactory().open(readOnly)) {
            assertThatThrownBy(() -> session.write(renameGuarded("any", "Ann")).get(5, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).cause().isInstanceOf(ReadOnlyConnectionException.class)
                    .hasMessageContaining("UpdateItem");
        }
    }
}
