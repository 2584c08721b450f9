package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.service.aws.WireEndpoint.Answer;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The transaction path of {@link AwsDynamoSession} through the real SDK client, on the wire: the test endpoint
 * (dynalite) has no TransactWriteItems, so a loopback HTTP server answers with the bodies DynamoDB documents for
 * TransactWriteItems (a success, a TransactionCanceledException with CancellationReasons, an unknown operation, a 500).
 * It checks what the client sends (every guarded write, ALL_OLD on a failed condition, the idempotency token) and how
 * each answer is read. This is a test of the adapter's mapping, not of transaction semantics.
 */
class AwsTransactionWireTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final KeySchema KEYS = KeySchema.of("PK", "SK");
    private static final String BIG = "12345678901234567890.123456789012345678";

    private WireEndpoint endpoint;
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    private final List<String> targets = new CopyOnWriteArrayList<>();
    private final AtomicReference<Answer> answer = new AtomicReference<>();
    private AwsDynamoSession session;


    @BeforeEach
    void start() throws IOException {
        endpoint = new WireEndpoint(requests, targets, answer::get, false);
        session = endpoint.session();
    }

    @AfterEach
    void stop() {
        endpoint.close();
    }

    private static Item item(String pk, String name) {
        return Item.of(Map.of("PK", AttributeValue.s(pk), "SK", AttributeValue.s("PROFILE"), "name", AttributeValue.s(name),
                "balance", AttributeValue.n(BIG), "roles", AttributeValue.ss("admin", "editor")));
    }

    private static List<ItemWrite> writes() {
        return List.of(new StagedChange.Update("Users", KEYS, item("USER#1", "Ann"), item("USER#1", "Ann Lee")).toWrite(),
                new StagedChange.Delete("Users", KEYS, item("USER#2", "Bob")).toWrite(),
                new StagedChange.Create("Users", KEYS, item("USER#3", "Cy")).toWrite());
    }

    @Test
    void aCommit_sendsEveryGuardedWrite_askingForTheOldItemOnAFailedCondition_withTheToken() throws Exception {
        answer.set(new Answer(200, "{\"ConsumedCapacity\":[{\"TableName\":\"Users\",\"CapacityUnits\":6.0,\"WriteCapacityUnits\":6.0}]}"));

        var result = session.transactWrite(writes(), "commit-7f3a").get(20, TimeUnit.SECONDS);

        assertThat(result.status()).isEqualTo(TransactionResult.Status.COMMITTED);
        assertThat(result.capacity().capacityUnits()).isEqualTo(6.0);
        assertThat(targets).containsExactly("DynamoDB_20120810.TransactWriteItems");
        var sent = requests.getFirst();
        assertThat(sent.path("ClientRequestToken").asText()).isEqualTo("commit-7f3a");
        assertThat(sent.path("ReturnConsumedCapacity").asText()).isEqualTo("TOTAL");
        var actions = sent.path("TransactItems");
        assertThat(actions).hasSize(3);
        var update = actions.get(0).path("Update");
        assertThat(update.path("TableName").asText()).isEqualTo("Users");
        assertThat(update.path("Key").path("PK").path("S").asText()).isEqualTo("USER#1");
        assertThat(update.path("UpdateExpression").asText()).startsWith("SET ");
        assertThat(update.path("ConditionExpression").asText()).isEqualTo(writes().get(0).conditionExpression());
        assertThat(update.path("ReturnValuesOnConditionCheckFailure").asText()).isEqualTo("ALL_OLD");
        assertThat(actions.get(1).path("Delete").path("ReturnValuesOnConditionCheckFailure").asText()).isEqualTo("ALL_OLD");
        var put = actions.get(2).path("Put");
        assertThat(put.path("Item").path("balance").path("N").asText()).isEqualTo(BIG);
        assertThat(put.path("ConditionExpression").asText()).contains("attribute_not_exists");
        // every placeholder the expressions use is defined, and nothing more
        var expected = writes();
        for (int i = 0; i < expected.size(); i++) {
            var body = actions.get(i).elements().next();
            var names = new java.util.LinkedHashMap<String, String>();
            body.path("ExpressionAttributeNames").properties().forEach(e -> names.put(e.getKey(), e.getValue().asText()));
            assertThat(names).isEqualTo(expected.get(i).names());
            assertThat(body.path("ExpressionAttributeValues").size()).isEqualTo(expected.get(i).values().size());
        }
    }

    @Test
    void aCancelledTransaction_givesOneReasonPerWrite_withTheItemExactly() throws Exception {
        answer.set(new Answer(400, """
                {"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
                 "Message":"Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed, None]",
                 "CancellationReasons":[{"Code":"None"},
                   {"Code":"ConditionalCheckFailed","Message":"The conditional request failed",
                    "Item":{"PK":{"S":"USER#2"},"SK":{"S":"PROFILE"},"name":{"S":"Robert"},"balance":{"N":"%s"},
                            "roles":{"SS":["admin"]},"photo":{"B":"AP8="}}},
                   {"Code":"None"}]}""".formatted(BIG)));

        var result = session.transactWrite(writes(), "t").get(20, TimeUnit.SECONDS);

        assertThat(result.status()).isEqualTo(TransactionResult.Status.CANCELLED);
        assertThat(result.reasons()).extracting(TransactionResult.Reason::code).containsExactly("None", "ConditionalCheckFailed", "None");
        var now = result.reasons().get(1).item().orElseThrow();
        assertThat(now.get("name")).contains(AttributeValue.s("Robert"));
        assertThat(now.get("balance")).contains(AttributeValue.n(BIG));
        assertThat(now.get("roles")).contains(AttributeValue.ss("admin"));
        assertThat(now.get("photo")).contains(AttributeValue.b(new byte[] {0, (byte) 0xff}));
        assertThat(result.message()).contains("ConditionalCheckFailed");
        assertThat(requests).hasSize(1);
    }

    @Test
    void anEndpointWithoutTheOperation_isUnsupported_notAFailure() throws Exception {
        answer.set(new Answer(400, "{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}"));

        var result = session.transactWrite(writes(), "t").get(20, TimeUnit.SECONDS);

        assertThat(result.status()).isEqualTo(TransactionResult.Status.UNSUPPORTED);
        assertThat(result.message()).contains("does not support transactions (TransactWriteItems)");
    }

    @Test
    void aServerError_failsTheFuture_asAServerErrorProblem_afterTheSdkRetriedWithTheSameToken() {
        answer.set(new Answer(500, "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\",\"Message\":\"boom\"}"));

        var future = session.transactWrite(writes(), "same-token");

        assertThat(future).failsWithin(60, TimeUnit.SECONDS).withThrowableThat().havingCause()
                .isInstanceOfSatisfying(DynamoAccessException.class,
                        e -> assertThat(e.problem().kind()).isEqualTo(ConnectionProblem.Kind.SERVER_ERROR));
        assertThat(requests.size()).isGreaterThan(1);
        assertThat(requests).extracting(r -> r.path("ClientRequestToken").asText()).containsOnly("same-token");
    }
}
