package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.service.aws.WireEndpoint.Answer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Multi-attribute GSI keys (issue 27; docs/expressions.md, Multi-attribute GSI keys) through the real SDK client, on the
 * wire: dynalite cannot create such an index, so a loopback HTTP server answers with bodies written from the API
 * reference (DescribeTable's TableDescription, CreateTable, UpdateTable's CreateGlobalSecondaryIndexAction) and with the
 * refusals of endpoints that know one HASH and one RANGE element only (dynalite's two messages, probed on loopback, and
 * DynamoDB Local's as reported). The index is the Developer Guide's TournamentRegionIndex ("Multi-attribute keys
 * pattern"); ScoreIndex is made up here to give the attributes the types N and B.
 */
class AwsMultiKeyWireTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final IndexKey TOURNAMENT_REGION = new IndexKey(
            List.of(new KeyAttribute("tournamentId", ScalarType.S), new KeyAttribute("region", ScalarType.S)),
            List.of(new KeyAttribute("round", ScalarType.S), new KeyAttribute("bracket", ScalarType.S),
                    new KeyAttribute("matchId", ScalarType.S)));
    private static final IndexKey SCORE = new IndexKey(
            List.of(new KeyAttribute("tournamentId", ScalarType.S), new KeyAttribute("season", ScalarType.N)),
            List.of(new KeyAttribute("score", ScalarType.N), new KeyAttribute("replay", ScalarType.B)));

    private static final String DESCRIBED = """
            {"Table":{"TableName":"TournamentMatches","TableStatus":"ACTIVE","ItemCount":0,"TableSizeBytes":0,
             "BillingModeSummary":{"BillingMode":"PAY_PER_REQUEST"},
             "AttributeDefinitions":[{"AttributeName":"matchId","AttributeType":"S"},
               {"AttributeName":"tournamentId","AttributeType":"S"},{"AttributeName":"region","AttributeType":"S"},
               {"AttributeName":"round","AttributeType":"S"},{"AttributeName":"bracket","AttributeType":"S"},
               {"AttributeName":"season","AttributeType":"N"},{"AttributeName":"score","AttributeType":"N"},
               {"AttributeName":"replay","AttributeType":"B"}],
             "KeySchema":[{"AttributeName":"matchId","KeyType":"HASH"}],
             "GlobalSecondaryIndexes":[
               {"IndexName":"TournamentRegionIndex","IndexStatus":"ACTIVE","ItemCount":0,"IndexSizeBytes":0,
                "Projection":{"ProjectionType":"ALL"},
                "KeySchema":[{"AttributeName":"tournamentId","KeyType":"HASH"},{"AttributeName":"region","KeyType":"HASH"},
                  {"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"bracket","KeyType":"RANGE"},
                  {"AttributeName":"matchId","KeyType":"RANGE"}]},
               {"IndexName":"ScoreIndex","IndexStatus":"ACTIVE","ItemCount":0,"IndexSizeBytes":0,
                "Projection":{"ProjectionType":"KEYS_ONLY"},
                "KeySchema":[{"AttributeName":"tournamentId","KeyType":"HASH"},{"AttributeName":"season","KeyType":"HASH"},
                  {"AttributeName":"score","KeyType":"RANGE"},{"AttributeName":"replay","KeyType":"RANGE"}]}]}}""";
    private static final String TTL_OFF = "{\"TimeToLiveDescription\":{\"TimeToLiveStatus\":\"DISABLED\"}}";

    private WireEndpoint endpoint;
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    private final List<String> targets = new CopyOnWriteArrayList<>();
    /** The answer to anything but DescribeTable and DescribeTimeToLive; the server's one dispatcher thread answers requests in turn. */
    private final AtomicReference<Answer> answer = new AtomicReference<>();
    private AwsDynamoSession session;

    @BeforeEach
    void start() throws IOException {
        endpoint = new WireEndpoint(requests, targets, () -> switch (targets.getLast()) {
            case "DynamoDB_20120810.DescribeTimeToLive" -> new Answer(200, TTL_OFF);
            case "DynamoDB_20120810.DescribeTable" -> new Answer(200, DESCRIBED);
            default -> answer.get();
        }, false);
        session = endpoint.session();
    }

    @AfterEach
    void stop() {
        endpoint.close();
    }

    private static IndexDescription global(String name, IndexKey key, IndexDescription.Projection projection) {
        return new IndexDescription(name, IndexDescription.Kind.GLOBAL, key, projection, List.of(), null, null, null);
    }

    private static CreateTableSpec spec() {
        return new CreateTableSpec("TournamentMatches", KeySchema.of("matchId", null),
                List.of(global("TournamentRegionIndex", TOURNAMENT_REGION, IndexDescription.Projection.ALL),
                        global("ScoreIndex", SCORE, IndexDescription.Projection.KEYS_ONLY)));
    }

    private static List<String> elements(JsonNode keySchema) {
        var elements = new ArrayList<String>();
        keySchema.forEach(e -> elements.add(e.path("AttributeName").asText() + " " + e.path("KeyType").asText()));
        return elements;
    }

    @Test
    void describeTable_givesEveryKeyAttributeOfAnIndex_inOrder_withItsType() throws Exception {
        var description = session.describeTable("TournamentMatches").get(20, TimeUnit.SECONDS);

        assertThat(description.keySchema()).isEqualTo(KeySchema.of("matchId", null));
        assertThat(description.index("TournamentRegionIndex").orElseThrow().key()).isEqualTo(TOURNAMENT_REGION);
        assertThat(description.index("ScoreIndex").orElseThrow().key()).isEqualTo(SCORE);
        assertThat(targets).contains("DynamoDB_20120810.DescribeTable");
    }

    @Test
    void createTable_sendsEveryElement_hashFirst_andOneDefinitionPerAttribute() throws Exception {
        answer.set(new Answer(200, "{\"TableDescription\":" + JSON.readTree(DESCRIBED).path("Table") + "}"));

        session.createTable(spec()).get(20, TimeUnit.SECONDS);

        var sent = requests.get(targets.indexOf("DynamoDB_20120810.CreateTable"));
        assertThat(elements(sent.path("KeySchema"))).containsExactly("matchId HASH");
        var indexes = sent.path("GlobalSecondaryIndexes");
        assertThat(indexes.get(0).path("IndexName").asText()).isEqualTo("TournamentRegionIndex");
        assertThat(elements(indexes.get(0).path("KeySchema")))
                .containsExactly("tournamentId HASH", "region HASH", "round RANGE", "bracket RANGE", "matchId RANGE");
        assertThat(elements(indexes.get(1).path("KeySchema"))).containsExactly("tournamentId HASH", "season HASH", "score RANGE", "replay RANGE");
        assertThat(indexes.get(1).path("Projection").path("ProjectionType").asText()).isEqualTo("KEYS_ONLY");
        var definitions = new ArrayList<String>();
        sent.path("AttributeDefinitions").forEach(d -> definitions.add(d.path("AttributeName").asText() + " " + d.path("AttributeType").asText()));
        assertThat(definitions).containsExactly("matchId S", "tournamentId S", "region S", "round S", "bracket S", "season N", "score N",
                "replay B");
    }

    @Test
    void updateTable_createsAGlobalIndex_withEveryElement_andItsDefinitions() throws Exception {
        answer.set(new Answer(200, "{\"TableDescription\":" + JSON.readTree(DESCRIBED).path("Table") + "}"));
        try (var client = DynamoDbAsyncClient.builder().endpointOverride(endpoint.uri()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("wire", "wire"))).build()) {
            client.updateTable(RequestMapper.createGlobalIndex("TournamentMatches",
                    global("ScoreIndex", SCORE, IndexDescription.Projection.ALL))).get(20, TimeUnit.SECONDS);
        }

        assertThat(targets).containsExactly("DynamoDB_20120810.UpdateTable");
        var sent = requests.getFirst();
        assertThat(sent.path("TableName").asText()).isEqualTo("TournamentMatches");
        var create = sent.path("GlobalSecondaryIndexUpdates").get(0).path("Create");
        assertThat(create.path("IndexName").asText()).isEqualTo("ScoreIndex");
        assertThat(elements(create.path("KeySchema"))).containsExactly("tournamentId HASH", "season HASH", "score RANGE", "replay RANGE");
        assertThat(create.path("Projection").path("ProjectionType").asText()).isEqualTo("ALL");
        var definitions = new ArrayList<String>();
        sent.path("AttributeDefinitions").forEach(d -> definitions.add(d.path("AttributeName").asText() + " " + d.path("AttributeType").asText()));
        assertThat(definitions).containsExactly("tournamentId S", "season N", "score N", "replay B");
    }

    @Test
    void updateTable_refusesALocalIndex_whichIsMadeWithItsTable() {
        var local = new IndexDescription("LSI1", IndexDescription.Kind.LOCAL, KeySchema.of("matchId", "round"), IndexDescription.Projection.ALL,
                List.of(), null, null, null);

        assertThatThrownBy(() -> RequestMapper.createGlobalIndex("TournamentMatches", local))
                .hasMessage("UpdateTable adds global indexes only; local index LSI1 is made with its table");
    }

    @Test
    void query_sendsAnEqualityOnEveryPartitionAttribute_andTheSortAttributesFromTheLeft() throws Exception {
        answer.set(new Answer(200, """
                {"Items":[{"matchId":{"S":"match-002"},"tournamentId":{"S":"WINTER2024"},"region":{"S":"NA-EAST"},
                  "round":{"S":"SEMIFINALS"},"bracket":{"S":"UPPER"}}],"Count":1,"ScannedCount":1,
                 "LastEvaluatedKey":{"matchId":{"S":"match-002"},"tournamentId":{"S":"WINTER2024"},"region":{"S":"NA-EAST"},
                  "round":{"S":"SEMIFINALS"},"bracket":{"S":"UPPER"}}}"""));
        var query = ReadRequest.Query.of("TournamentMatches", List.of(
                        new ReadRequest.KeyEquality("tournamentId", AttributeValue.s("WINTER2024")),
                        new ReadRequest.KeyEquality("region", AttributeValue.s("NA-EAST"))))
                .onIndex("TournamentRegionIndex")
                .withSort(List.of(new ReadRequest.SortPart("round", SortKeyCondition.of(
                                SortKeyCondition.Operator.EQ, AttributeValue.s("SEMIFINALS"))),
                        new ReadRequest.SortPart("bracket", SortKeyCondition.of(
                                SortKeyCondition.Operator.BEGINS_WITH, AttributeValue.s("UP")))));

        var page = session.read(query).get(20, TimeUnit.SECONDS);

        assertThat(targets).containsExactly("DynamoDB_20120810.Query");
        var sent = requests.getFirst();
        assertThat(sent.path("IndexName").asText()).isEqualTo("TournamentRegionIndex");
        assertThat(sent.path("KeyConditionExpression").asText())
                .isEqualTo("#pk1 = :pk1 AND #pk2 = :pk2 AND #sk1 = :sk1 AND begins_with(#sk2, :sk2)");
        assertThat(sent.path("ExpressionAttributeNames")).isEqualTo(JSON.readTree(
                "{\"#pk1\":\"tournamentId\",\"#pk2\":\"region\",\"#sk1\":\"round\",\"#sk2\":\"bracket\"}"));
        assertThat(sent.path("ExpressionAttributeValues")).isEqualTo(JSON.readTree(
                "{\":pk1\":{\"S\":\"WINTER2024\"},\":pk2\":{\"S\":\"NA-EAST\"},\":sk1\":{\"S\":\"SEMIFINALS\"},\":sk2\":{\"S\":\"UP\"}}"));
        assertThat(page.items()).hasSize(1);
        assertThat(page.lastEvaluatedKey().keySet()).containsExactlyInAnyOrder("matchId", "tournamentId", "region", "round", "bracket");
    }

    /** dynalite 4.0.0's two answers (probed on loopback, docs/expressions.md) and DynamoDB Local's (as reported). */
    @ParameterizedTest
    @ValueSource(strings = {
            "1 validation error detected: Value '[KeySchemaElement(attributeName=tournamentId, keyType=HASH)]' at "
                    + "'globalSecondaryIndexes.1.member.keySchema' failed to satisfy constraint: Member must have length less than or equal to 2",
            "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type",
            "Key Schema too big.  Key Schema must at most consist of the hash and range key of a table"})
    void anEndpointThatKnowsOneHashAndOneRangeOnly_saysItDoesNotSupportMultiAttributeKeys(String refusal) {
        answer.set(new Answer(400, "{\"__type\":\"com.amazon.coral.validate#ValidationException\",\"message\":" + quoted(refusal) + "}"));

        assertThatThrownBy(() -> session.createTable(spec()).get(20, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(DynamoAccessException.class)
                .hasMessage("The endpoint " + endpoint.uri() + " refused the keys of indexes TournamentRegionIndex (tournamentId, region | "
                        + "round, bracket, matchId), ScoreIndex (tournamentId, season | score, replay): this endpoint does not support "
                        + "multi-attribute GSI keys. It said: " + refusal);
    }

    @Test
    void theSameRefusal_ofATableWithoutMultiAttributeKeys_isTheEndpointsOwnWords() {
        var refusal = "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type";
        answer.set(new Answer(400, "{\"__type\":\"com.amazon.coral.validate#ValidationException\",\"message\":" + quoted(refusal) + "}"));
        var single = new CreateTableSpec("T", KeySchema.of("PK", "SK"), List.of(global("GSI1", KeySchema.of("GSI1PK", "GSI1SK").asIndexKey(),
                IndexDescription.Projection.ALL)));

        assertThatThrownBy(() -> session.createTable(single).get(20, TimeUnit.SECONDS))
                .cause().isInstanceOf(DynamoAccessException.class).hasMessage(refusal);
    }

    private static String quoted(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
