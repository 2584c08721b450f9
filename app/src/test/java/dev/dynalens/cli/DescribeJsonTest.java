package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import dev.dynalens.domain.table.TableDescription;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** describe --json: every key attribute of an index, in the KeySchema's order (issue 27). */
class DescribeJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String json(TableDescription table) throws Exception {
        var text = new StringWriter();
        try (var gen = JsonOutput.prettyGenerator(new PrintWriter(text))) {
            DescribeCommand.write(gen, table);
        }
        return text.toString();
    }

    @Test
    void aMultiAttributeIndex_listsEveryElement_inOrder_withItsType_andNoSingleKeyFields() throws Exception {
        var key = new IndexKey(List.of(new KeyAttribute("tournamentId", ScalarType.S), new KeyAttribute("season", ScalarType.N)),
                List.of(new KeyAttribute("score", ScalarType.N), new KeyAttribute("replay", ScalarType.B)));
        var table = new TableDescription("TournamentMatches", KeySchema.of("matchId", null),
                List.of(new IndexDescription("ScoreIndex", IndexDescription.Kind.GLOBAL, key, IndexDescription.Projection.ALL, List.of(),
                        null, null, "ACTIVE")), List.of(), 0, 0, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE",
                TableDescription.TimeToLive.unsupported());

        var json = JSON.readTree(json(table));

        assertThat(json.path("keySchema")).isEqualTo(JSON.readTree("""
                {"partitionKey": "matchId", "partitionKeyType": "S",
                 "elements": [{"attributeName": "matchId", "keyType": "HASH", "attributeType": "S"}]}"""));
        assertThat(json.path("globalSecondaryIndexes").get(0).path("keySchema")).isEqualTo(JSON.readTree("""
                {"elements": [
                  {"attributeName": "tournamentId", "keyType": "HASH", "attributeType": "S"},
                  {"attributeName": "season", "keyType": "HASH", "attributeType": "N"},
                  {"attributeName": "score", "keyType": "RANGE", "attributeType": "N"},
                  {"attributeName": "replay", "keyType": "RANGE", "attributeType": "B"}]}"""));
    }
}
