package dev.dynalens.service.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.expression.ExpressionLimits;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.RecordingProxy;
import dev.dynalens.testsupport.SqlTrackerData;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Long IN lists against dynalite, every request recorded as the SDK sent it: each stays within DynamoDB's limits on an
 * expression (Developer Guide, "Constraints", "Expression parameters": 4 KB of text, 300 operators or functions, 100
 * operands of an IN), and the rows are the statement's. dynalite does not enforce those limits itself, so the test
 * checks what was sent with the expression validator the workspace engine uses.
 */
@ExtendWith(DynamoEndpointExtension.class)
class SqlLimitsIT {
    private static final ExecutorService PAGES = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "sql pages");
        t.setDaemon(true);
        return t;
    });
    private static final SqlEngine ENGINE = new SqlEngine();

    @AfterAll
    static void stop() {
        PAGES.shutdownNow();
    }

    @Test
    void longInLists_areSentWithinDynamoDbsLimits_andGiveTheStatementsRows(TestEndpoint endpoint, DynamoSession dynamo) throws Exception {
        var table = endpoint.uniqueTableName("sql-limits");
        var items = new ArrayList<Item>();
        for (int u = 0; u < 40; u++) {
            items.add(SqlTrackerData.item("PK", "USER#u" + u, "SK", "PROFILE", "name", "User " + u, "status", u % 4 == 0 ? "open" : "closed"));
        }
        dynamo.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(60, TimeUnit.SECONDS);
        for (int i = 0; i < items.size(); i += 25) {
            List<Item> batch = items.subList(i, Math.min(i + 25, items.size()));
            for (int attempt = 0; !batch.isEmpty(); attempt++) {
                assertThat(attempt).as("BatchWriteItem retries").isLessThan(10);
                batch = dynamo.batchPut(table, batch).get(30, TimeUnit.SECONDS);
            }
        }
        var description = dynamo.describeTable(table).get(30, TimeUnit.SECONDS);
        var analyzer = new Analyzer(TableKeys.from(description));
        analyzer.acceptAll(items);
        var catalog = SqlCatalog.of(description, analyzer.result(), new SqlCatalog.EntitySource("test", null, items.size(), items.size()));

        var statuses = values("'state-", 1999, "'open'");
        var keys = values("'USER#nobody-", 1990, "'USER#u0', 'USER#u1', 'USER#u2', 'USER#u3', 'USER#u4', 'USER#u5', 'USER#u6', 'USER#u7', "
                + "'USER#u8', 'USER#u9'");
        var fewKeys = values("'USER#nobody-", 295, "'USER#u0', 'USER#u1', 'USER#u2', 'USER#u3', 'USER#u4'");
        try (var proxy = new RecordingProxy(endpoint.endpoint());
             var live = new AwsDynamoSessionFactory().open(ConnectionProfile.create("recorded", new CredentialsSource.LocalPlaceholder(),
                     "us-east-1", proxy.endpoint(), false, ConnectionTag.LOCAL))) {
            // before: one Scan whose FilterExpression held 2,000 ORs (82 KB here), which DynamoDB refuses
            var byStatus = ENGINE.plan("SELECT name FROM \"USER\" WHERE status IN (" + statuses + ")", catalog);
            assertThat(byStatus.requests()).singleElement().satisfies(r -> assertThat(r.note()).contains("Checked on the desktop"));
            assertThat(run(byStatus, live, proxy)).containsExactlyInAnyOrder("User 0", "User 4", "User 8", "User 12", "User 16", "User 20",
                    "User 24", "User 28", "User 32", "User 36");

            // 2,000 keys: 20 BatchGetItems of 100 (before: a Scan with 2,000 ORs on PK)
            var byKey = ENGINE.plan("SELECT name FROM \"USER\" WHERE PK IN (" + keys + ") AND SK = 'PROFILE'", catalog);
            assertThat(byKey.requests()).hasSize(20).allSatisfy(r -> assertThat(r.operation().label()).isEqualTo("BatchGetItem"));
            assertThat(run(byKey, live, proxy)).hasSize(10).contains("User 0", "User 9");

            // 300 partition keys: a Query each
            var byPartition = ENGINE.plan("SELECT name FROM \"USER\" WHERE PK IN (" + fewKeys + ")", catalog);
            assertThat(byPartition.requests()).hasSize(300).allSatisfy(r -> assertThat(r.operation().label()).isEqualTo("Query"));
            assertThat(run(byPartition, live, proxy)).containsExactlyInAnyOrder("User 0", "User 1", "User 2", "User 3", "User 4");
        }
    }

    private static String values(String prefix, int count, String last) {
        var values = new ArrayList<String>();
        for (int i = 0; i < count; i++) {
            values.add(prefix + i + "'");
        }
        values.add(last);
        return String.join(", ", values);
    }

    /** The names the plan returns, each request it sent checked against DynamoDB's limits. */
    private static List<String> run(SqlPlan plan, DynamoSession session, RecordingProxy proxy) {
        proxy.clear();
        var names = new ArrayList<String>();
        try (var execution = ENGINE.start(plan, session, PAGES)) {
            while (execution.next()) {
                names.add(((AttributeValue.Str) execution.row().getFirst()).value());
            }
        }
        assertThat(proxy.received()).isNotEmpty().allSatisfy(SqlLimitsIT::assertWithinLimits);
        return names;
    }

    private static void assertWithinLimits(RecordingProxy.Received received) {
        var body = received.body();
        var request = received.operation().equals("BatchGetItem") ? body.path("RequestItems").elements().next() : body;
        for (var field : List.of("KeyConditionExpression", "FilterExpression", "ProjectionExpression")) {
            var text = request.path(field).asText("");
            assertThat(ExpressionLimits.bytes(text)).as(received.operation() + " " + field).isLessThanOrEqualTo(ExpressionLimits.MAX_EXPRESSION_BYTES);
        }
        assertThat(request.path("Keys").size()).as("keys of a BatchGetItem").isLessThanOrEqualTo(100);
        var expressions = new RenderedExpressions(text(request, "KeyConditionExpression"), null, null, text(request, "FilterExpression"),
                text(request, "ProjectionExpression"), RecordingProxy.names(body.path("ExpressionAttributeNames").isMissingNode()
                        ? request.path("ExpressionAttributeNames") : body.path("ExpressionAttributeNames")), RecordingProxy.values(body.path("ExpressionAttributeValues")));
        var analysis = Expressions.analyze(expressions, request.has("KeyConditionExpression") ? KeySchema.of("PK", "SK") : null);
        assertThat(analysis.errors()).as(received.operation() + " " + body).isEmpty();
    }

    private static String text(JsonNode node, String field) {
        return node.has(field) ? node.path(field).asText() : null;
    }

}
