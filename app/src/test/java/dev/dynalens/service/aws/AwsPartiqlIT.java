package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlUnsupportedException;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * PartiQL for real, on an endpoint that has it (run with {@code -Ddynamodb.endpoint=URL}: a test account, a DynamoDB
 * Local of your own). On dynalite, which answers UnknownOperationException, the tests say so and are skipped; the wire
 * tests ({@link AwsPartiqlWireTest}) and the engine path ({@code SqlDifferentialIT}) cover what runs there.
 */
@ExtendWith(DynamoEndpointExtension.class)
class AwsPartiqlIT {
    private static final String BIG = "12345678901234567890123456789012345678";

    private static void assumePartiql(DynamoSession dynamo, String table, TestEndpoint endpoint) throws Exception {
        try {
            dynamo.executeStatement(PartiqlStatement.of("SELECT * FROM \"" + table + "\" WHERE PK = 'none'"), false, null, null)
                    .get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Assumptions.assumeFalse(Problems.unwrap(e) instanceof PartiqlUnsupportedException,
                    "The endpoint (" + endpoint + ") has no PartiQL (UnknownOperationException): run with -Ddynamodb.endpoint=URL "
                            + "of one that has it");
            throw e;
        }
    }

    @Test
    void aWrittenItem_isReadBackExactly_pageByPage(TestEndpoint endpoint, DynamoSession dynamo) throws Exception {
        var table = endpoint.uniqueTableName("partiql");
        dynamo.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(60, TimeUnit.SECONDS);
        assumePartiql(dynamo, table, endpoint);

        for (int i = 0; i < 3; i++) {
            dynamo.executeStatement(PartiqlStatement.of("INSERT INTO \"" + table + "\" VALUE {'PK': ?, 'SK': ?, 'n': ?}",
                    List.of(AttributeValue.s("P"), AttributeValue.s("S" + i), AttributeValue.n(BIG))), false, null, null).get(30, TimeUnit.SECONDS);
        }
        var select = PartiqlStatement.of("SELECT * FROM \"" + table + "\" WHERE PK = ?", List.of(AttributeValue.s("P")));
        var items = new java.util.ArrayList<Item>();
        String next = null;
        do {
            var page = dynamo.executeStatement(select, true, 1, next).get(30, TimeUnit.SECONDS);
            items.addAll(page.items());
            next = page.nextToken();
        } while (next != null);

        assertThat(items).hasSize(3).allSatisfy(item -> assertThat(item.attributes().get("n")).isEqualTo(AttributeValue.n(BIG)));
    }

    @Test
    void aTransactionWithAFailedCondition_isCancelledWithOneReasonPerStatement(TestEndpoint endpoint, DynamoSession dynamo) throws Exception {
        var table = endpoint.uniqueTableName("partiql-tx");
        dynamo.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(60, TimeUnit.SECONDS);
        assumePartiql(dynamo, table, endpoint);
        dynamo.putItem(table, Item.of(Map.of("PK", AttributeValue.s("A"), "SK", AttributeValue.s("1")))).get(30, TimeUnit.SECONDS);

        var result = dynamo.executeTransaction(List.of(
                PartiqlStatement.of("INSERT INTO \"" + table + "\" VALUE {'PK': 'A', 'SK': '1'}"),
                PartiqlStatement.of("INSERT INTO \"" + table + "\" VALUE {'PK': 'B', 'SK': '1'}")), null).get(30, TimeUnit.SECONDS);

        assertThat(result.outcome().status()).isEqualTo(TransactionResult.Status.CANCELLED);
        assertThat(result.outcome().reasons()).hasSize(2);
    }
}
