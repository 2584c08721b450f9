package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.partiql.PartiqlBatchResult;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlUnsupportedException;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.service.aws.WireEndpoint.Answer;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The PartiQL operations of {@link AwsDynamoSession} through the real SDK client, on the wire: no endpoint installable
 * here has ExecuteStatement, BatchExecuteStatement or ExecuteTransaction (dynalite answers UnknownOperationException),
 * so a loopback server records the JSON the SDK sends and answers with bodies shaped as the API reference's examples
 * ("ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction": Items and NextToken, Responses with Item or Error,
 * TransactionCanceledException with CancellationReasons).
 */
class AwsPartiqlWireTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BIG = "12345678901234567890123456789012345678";
    private static final String TINY = "1E-130";

    private WireEndpoint endpoint;
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    private final List<String> targets = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
    private AwsDynamoSession session;


    private void start(boolean readOnly) throws IOException {
        endpoint = new WireEndpoint(requests, targets, () -> answers.size() > 1 ? answers.poll() : answers.peek(), readOnly);
        session = endpoint.session();
    }

    @AfterEach
    void stop() {
        if (endpoint != null) {
            endpoint.close();
        }
    }

    @Test
    void executeStatement_sendsTheStatementWithTypedParameters_andReadsEveryNextTokenPage() throws Exception {
        start(false);
        answers.add(new Answer(200, """
                {"Items":[{"PK":{"S":"ORG#acme"},"SK":{"S":"PROJECT#1"},"budget":{"N":"%s"}}],
                 "NextToken":"page-2","ConsumedCapacity":{"TableName":"Tracker","CapacityUnits":0.5}}""".formatted(BIG)));
        answers.add(new Answer(200, """
                {"Items":[{"PK":{"S":"ORG#acme"},"SK":{"S":"PROJECT#2"},"budget":{"N":"%s"},"tags":{"SS":["a","b"]}}],
                 "ConsumedCapacity":{"TableName":"Tracker","CapacityUnits":0.5}}""".formatted(TINY)));
        var statement = PartiqlStatement.of("SELECT * FROM \"Tracker\" WHERE PK = ? AND begins_with(SK, ?)",
                List.of(AttributeValue.s("ORG#acme"), AttributeValue.s("PROJECT#")));

        var first = session.executeStatement(statement, false, null, null).get(20, TimeUnit.SECONDS);
        var second = session.executeStatement(statement, true, 10, first.nextToken()).get(20, TimeUnit.SECONDS);

        assertThat(targets).containsExactly("DynamoDB_20120810.ExecuteStatement", "DynamoDB_20120810.ExecuteStatement");
        var sent = requests.getFirst();
        assertThat(sent.path("Statement").asText()).isEqualTo(statement.text());
        assertThat(sent.path("Parameters").toString()).isEqualTo("[{\"S\":\"ORG#acme\"},{\"S\":\"PROJECT#\"}]");
        assertThat(sent.path("ReturnConsumedCapacity").asText()).isEqualTo("TOTAL");
        assertThat(sent.has("NextToken")).isFalse();
        assertThat(sent.has("ReturnValuesOnConditionCheckFailure")).isFalse();
        var next = requests.get(1);
        assertThat(next.path("NextToken").asText()).isEqualTo("page-2");
        assertThat(next.path("ConsistentRead").asBoolean()).isTrue();
        assertThat(next.path("Limit").asInt()).isEqualTo(10);
        assertThat(first.nextToken()).isEqualTo("page-2");
        assertThat(second.nextToken()).isNull();
        assertThat(first.items().getFirst().attributes().get("budget")).isEqualTo(AttributeValue.n(BIG));
        assertThat(second.items().getFirst().attributes().get("budget")).isEqualTo(AttributeValue.n(TINY));
        assertThat(second.items().getFirst().attributes().get("tags")).isEqualTo(AttributeValue.ss("a", "b"));
        assertThat(first.capacity().capacityUnits()).isEqualTo(0.5);
    }

    @Test
    void aWritingStatement_asksForTheOldItemOnAFailedCondition_andAConditionalFailureIsAnError() throws Exception {
        start(false);
        answers.add(new Answer(400, """
                {"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException",
                 "Message":"The conditional request failed"}"""));
        var update = PartiqlStatement.of("UPDATE \"Tracker\" SET title = ? WHERE PK = ? AND SK = ?",
                List.of(AttributeValue.s("New"), AttributeValue.s("ORG#acme"), AttributeValue.s("PROJECT#1")));

        var future = session.executeStatement(update, false, null, null);

        assertThat(future).failsWithin(20, TimeUnit.SECONDS).withThrowableThat().havingCause()
                .isInstanceOf(DynamoAccessException.class).withMessageContaining("conditional request failed");
        assertThat(requests.getFirst().path("ReturnValuesOnConditionCheckFailure").asText()).isEqualTo("ALL_OLD");
    }

    @Test
    void aWritingStatement_onAReadOnlyConnection_isRefusedBeforeAnythingIsSent() throws Exception {
        start(true);
        answers.add(new Answer(200, "{}"));

        var future = session.executeStatement(PartiqlStatement.of("DELETE FROM Tracker WHERE PK = 'a' AND SK = 'b'"), false, null, null);

        assertThat(future).failsWithin(5, TimeUnit.SECONDS).withThrowableThat().havingCause().isInstanceOf(ReadOnlyConnectionException.class);
        assertThat(requests).isEmpty();
    }

    @Test
    void batchExecuteStatement_givesOneResponsePerStatement_itemOrError() throws Exception {
        start(false);
        answers.add(new Answer(200, """
                {"Responses":[
                   {"TableName":"Tracker","Item":{"PK":{"S":"USER#1"},"SK":{"S":"PROFILE"},"name":{"S":"Mara Vance"}}},
                   {"TableName":"Tracker"},
                   {"TableName":"Tracker","Error":{"Code":"ValidationError","Message":"One or more parameter values were invalid"}}],
                 "ConsumedCapacity":[{"TableName":"Tracker","CapacityUnits":1.5}]}"""));
        var statements = List.of(
                PartiqlStatement.of("SELECT * FROM Tracker WHERE PK = ? AND SK = ?", List.of(AttributeValue.s("USER#1"), AttributeValue.s("PROFILE"))),
                PartiqlStatement.of("SELECT * FROM Tracker WHERE PK = ? AND SK = ?", List.of(AttributeValue.s("USER#2"), AttributeValue.s("PROFILE"))),
                PartiqlStatement.of("SELECT * FROM Tracker WHERE PK = ? AND SK = ?", List.of(AttributeValue.s(""), AttributeValue.s("PROFILE"))));

        var result = session.batchExecuteStatement(statements).get(20, TimeUnit.SECONDS);

        assertThat(targets).containsExactly("DynamoDB_20120810.BatchExecuteStatement");
        var sent = requests.getFirst().path("Statements");
        assertThat(sent).hasSize(3);
        assertThat(sent.get(0).path("Statement").asText()).isEqualTo(statements.get(0).text());
        assertThat(sent.get(1).path("Parameters").get(0).path("S").asText()).isEqualTo("USER#2");
        assertThat(result.responses()).hasSize(3);
        assertThat(result.responses().get(0).item().orElseThrow().attributes().get("name")).isEqualTo(AttributeValue.s("Mara Vance"));
        assertThat(result.responses().get(1).item()).isEmpty();
        assertThat(result.responses().get(1).failed()).isFalse();
        assertThat(result.responses().get(2)).extracting(PartiqlBatchResult.Response::errorCode).isEqualTo("ValidationError");
        assertThat(result.capacity().capacityUnits()).isEqualTo(1.5);
    }

    @Test
    void executeTransaction_sendsEveryStatementWithTheToken_andACancellationGivesOneReasonPerStatement() throws Exception {
        start(false);
        answers.add(new Answer(400, """
                {"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
                 "Message":"Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]",
                 "CancellationReasons":[{"Code":"ConditionalCheckFailed","Message":"The conditional request failed",
                    "Item":{"PK":{"S":"ORG#acme"},"SK":{"S":"PROJECT#1"},"budget":{"N":"%s"}}},{"Code":"None"}]}""".formatted(BIG)));
        var statements = List.of(
                PartiqlStatement.of("UPDATE Tracker SET budget = budget + ? WHERE PK = 'ORG#acme' AND SK = 'PROJECT#1'",
                        List.of(AttributeValue.n(TINY))),
                PartiqlStatement.of("INSERT INTO \"Tracker\" VALUE {'PK': 'ORG#acme', 'SK': 'AUDIT#1'}"));

        var result = session.executeTransaction(statements, "tx-1").get(20, TimeUnit.SECONDS);

        assertThat(targets).containsExactly("DynamoDB_20120810.ExecuteTransaction");
        var sent = requests.getFirst();
        assertThat(sent.path("ClientRequestToken").asText()).isEqualTo("tx-1");
        assertThat(sent.path("TransactStatements")).hasSize(2);
        assertThat(sent.path("TransactStatements").get(0).path("Parameters").get(0).path("N").asText()).isEqualTo(TINY);
        assertThat(sent.path("TransactStatements").get(1).path("ReturnValuesOnConditionCheckFailure").asText()).isEqualTo("ALL_OLD");
        assertThat(result.outcome().status()).isEqualTo(TransactionResult.Status.CANCELLED);
        assertThat(result.outcome().reasons()).extracting(TransactionResult.Reason::code).containsExactly("ConditionalCheckFailed", "None");
        assertThat(result.outcome().reasons().getFirst().item().orElseThrow().attributes().get("budget")).isEqualTo(AttributeValue.n(BIG));
    }

    @Test
    void aCommittedTransactionOfSelects_givesOneItemPerStatement() throws Exception {
        start(false);
        answers.add(new Answer(200, """
                {"Responses":[{"Item":{"PK":{"S":"USER#1"},"SK":{"S":"PROFILE"}}},{}],
                 "ConsumedCapacity":[{"TableName":"Tracker","CapacityUnits":4.0}]}"""));
        var select = PartiqlStatement.of("SELECT * FROM Tracker WHERE PK = 'USER#1' AND SK = 'PROFILE'");

        var result = session.executeTransaction(List.of(select, select), null).get(20, TimeUnit.SECONDS);

        assertThat(result.outcome().status()).isEqualTo(TransactionResult.Status.COMMITTED);
        assertThat(result.items()).hasSize(2);
        assertThat(result.items().get(0)).isPresent();
        assertThat(result.items().get(1)).isEmpty();
        assertThat(result.outcome().capacity().capacityUnits()).isEqualTo(4.0);
    }

    @Test
    void anEndpointWithoutPartiql_saysSo_forEachOperation() throws Exception {
        start(false);
        answers.add(new Answer(400, "{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}"));
        var select = PartiqlStatement.of("SELECT * FROM Tracker");

        assertThat(session.executeStatement(select, false, null, null)).failsWithin(20, TimeUnit.SECONDS).withThrowableThat()
                .havingCause().isInstanceOf(PartiqlUnsupportedException.class).withMessageContaining("does not support PartiQL (ExecuteStatement)");
        assertThat(session.batchExecuteStatement(List.of(select))).failsWithin(20, TimeUnit.SECONDS).withThrowableThat()
                .havingCause().isInstanceOf(PartiqlUnsupportedException.class);
        var transaction = session.executeTransaction(List.of(select), null).get(20, TimeUnit.SECONDS);
        assertThat(transaction.outcome().status()).isEqualTo(TransactionResult.Status.UNSUPPORTED);
        assertThat(transaction.outcome().message()).contains("does not support PartiQL (ExecuteTransaction)");
    }

    @Test
    void aThrottledStatement_failsAsThrottled_afterTheSdksRetries() throws Exception {
        start(false);
        answers.add(new Answer(400, """
                {"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException","Message":"Rate exceeded"}"""));

        var future = session.executeStatement(PartiqlStatement.of("SELECT * FROM Tracker"), false, null, null);

        assertThat(future).failsWithin(60, TimeUnit.SECONDS).withThrowableThat().havingCause()
                .isInstanceOfSatisfying(DynamoAccessException.class,
                        e -> assertThat(e.problem().kind()).isEqualTo(ConnectionProblem.Kind.THROTTLED));
        assertThat(requests.size()).isGreaterThan(1);
    }
}
