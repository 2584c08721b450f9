package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.aws.WireEndpoint.Answer;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A global secondary index added to an existing table, through the real SDK client, on the wire: dynalite 4.0.0 takes
 * UpdateTable's GlobalSecondaryIndexUpdates Create and ignores it (its updateTable action handles throughput and billing
 * only), so a loopback server records the JSON the SDK sends and answers as the API reference documents UpdateTable and
 * DescribeTable: the new index CREATING with Backfilling true while it reads the table, then ACTIVE.
 */
class AwsIndexUpdateWireTest {
    private static final IndexDescription GSI2 = new IndexDescription("GSI2", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI2PK", "GSI2SK"),
            IndexDescription.Projection.ALL, List.of(), null, null, null);

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

    /** The table as UpdateTable and DescribeTable describe it, with GSI2 in the given state (none when status is null). */
    private static String table(String status, String backfilling, long indexItems) {
        var index = status == null ? "" : """
                ,"GlobalSecondaryIndexes":[{"IndexName":"GSI2","IndexArn":"arn:aws:dynamodb:us-east-1:111122223333:table/Orders/index/GSI2",
                  "KeySchema":[{"AttributeName":"GSI2PK","KeyType":"HASH"},{"AttributeName":"GSI2SK","KeyType":"RANGE"}],
                  "Projection":{"ProjectionType":"ALL"},"IndexStatus":"%s"%s,
                  "ProvisionedThroughput":{"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0},
                  "IndexSizeBytes":0,"ItemCount":%d}]""".formatted(status, backfilling == null ? "" : ",\"Backfilling\":" + backfilling, indexItems);
        return """
                {"TableName":"Orders","TableStatus":"UPDATING","TableArn":"arn:aws:dynamodb:us-east-1:111122223333:table/Orders",
                  "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
                  "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"},
                    {"AttributeName":"GSI2PK","AttributeType":"S"},{"AttributeName":"GSI2SK","AttributeType":"S"}],
                  "BillingModeSummary":{"BillingMode":"PAY_PER_REQUEST"},"ItemCount":1200,"TableSizeBytes":360000%s}""".formatted(index);
    }

    @Test
    void createGlobalSecondaryIndex_sendsOneCreate_andAnswersTheIndexCreating() throws Exception {
        start(false);
        answers.add(new Answer(200, "{\"TableDescription\":" + table("CREATING", null, 0) + "}"));

        var index = session.createGlobalSecondaryIndex(CreateIndexSpec.onDemand("Orders", GSI2)).get(20, TimeUnit.SECONDS);

        assertThat(targets).containsExactly("DynamoDB_20120810.UpdateTable");
        assertThat(requests.getFirst().toString()).isEqualTo("{\"AttributeDefinitions\":[{\"AttributeName\":\"GSI2PK\",\"AttributeType\":\"S\"},"
                + "{\"AttributeName\":\"GSI2SK\",\"AttributeType\":\"S\"}],\"TableName\":\"Orders\",\"GlobalSecondaryIndexUpdates\":[{\"Create\":"
                + "{\"IndexName\":\"GSI2\",\"KeySchema\":[{\"AttributeName\":\"GSI2PK\",\"KeyType\":\"HASH\"},{\"AttributeName\":\"GSI2SK\","
                + "\"KeyType\":\"RANGE\"}],\"Projection\":{\"ProjectionType\":\"ALL\"}}}]}");
        assertThat(index.name()).isEqualTo("GSI2");
        assertThat(index.status()).isEqualTo("CREATING");
        assertThat(index.active()).isFalse();
    }

    @Test
    void aProvisionedTablesIndex_sendsItsThroughput() throws Exception {
        start(false);
        answers.add(new Answer(200, "{\"TableDescription\":" + table("CREATING", null, 0) + "}"));

        session.createGlobalSecondaryIndex(new CreateIndexSpec("Orders", GSI2, 5L, 10L)).get(20, TimeUnit.SECONDS);

        assertThat(requests.getFirst().path("GlobalSecondaryIndexUpdates").get(0).path("Create").path("ProvisionedThroughput").toString())
                .isEqualTo("{\"ReadCapacityUnits\":5,\"WriteCapacityUnits\":10}");
    }

    @Test
    void describeTable_saysTheIndexIsBackfilling_thenActive() throws Exception {
        // DescribeTable and DescribeTimeToLive go out together, in either order: each is answered by its X-Amz-Target
        // (the server handles one request at a time, so the last target recorded is the request being answered)
        var table = new java.util.concurrent.atomic.AtomicReference<String>(table("CREATING", "true", 0));
        endpoint = new WireEndpoint(requests, targets, () -> targets.getLast().endsWith(".DescribeTable")
                ? new Answer(200, "{\"Table\":" + table.get() + "}")
                : new Answer(400, "{\"__type\":\"com.amazonaws.dynamodb.v20120810#UnknownOperationException\"}"), false);
        session = endpoint.session();

        var creating = session.describeTable("Orders").get(20, TimeUnit.SECONDS).index("GSI2").orElseThrow();

        assertThat(creating.status()).isEqualTo("CREATING");
        assertThat(creating.backfilling()).isTrue();

        table.set(table("ACTIVE", null, 400));

        var active = session.describeTable("Orders").get(20, TimeUnit.SECONDS).index("GSI2").orElseThrow();

        assertThat(active.status()).isEqualTo("ACTIVE");
        assertThat(active.backfilling()).isFalse();
        assertThat(active.itemCount()).isEqualTo(400L);
    }

    /** dynalite 4.0.0's answer: the table as it was, without the index it was asked to create. */
    @Test
    void anAnswerWithoutTheNewIndex_failsWithASentence_forNothingWouldEverMakeItActive() throws Exception {
        start(false);
        answers.add(new Answer(200, "{\"TableDescription\":" + table(null, null, 0) + "}"));

        var failure = failure(session.createGlobalSecondaryIndex(CreateIndexSpec.onDemand("Orders", GSI2)));

        assertThat(failure).isInstanceOf(DynamoAccessException.class);
        assertThat(failure.getMessage()).startsWith("The endpoint ").contains("took UpdateTable but its answer does not list index GSI2 of Orders: "
                + "it did not create the index");
    }

    /** The limit DynamoDB names when another index of the table is being made (API reference, UpdateTable, LimitExceededException). */
    @Test
    void aSecondIndexWhileOneIsCreating_isRefusedWithDynamoDbsWords() throws Exception {
        start(false);
        answers.add(new Answer(400, """
                {"__type":"com.amazonaws.dynamodb.v20120810#LimitExceededException",
                 "message":"Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table"}"""));

        var failure = failure(session.createGlobalSecondaryIndex(CreateIndexSpec.onDemand("Orders", GSI2)));

        assertThat(failure.getMessage()).contains("Only 1 online index can be created or deleted simultaneously per table");
    }

    @Test
    void onAReadOnlyConnection_nothingIsSent() throws Exception {
        start(true);
        answers.add(new Answer(200, "{}"));

        var failure = failure(session.createGlobalSecondaryIndex(CreateIndexSpec.onDemand("Orders", GSI2)));

        assertThat(failure).isInstanceOf(ReadOnlyConnectionException.class).hasMessage("Connection 'wire' is read-only: UpdateTable Orders was refused");
        assertThat(requests).isEmpty();
    }

    private static Throwable failure(CompletableFuture<?> future) throws Exception {
        try {
            future.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("the call did not fail");
    }
}
