package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoEndpointExtension.class)
class AwsDynamoSessionBatchIT {

    @Test
    void batchPut_writesEveryItemExactly_andReportsNoneUnprocessed(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("batch");
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
        var items = new ArrayList<Item>();
        for (int i = 0; i < 25; i++) {
            var attributes = new LinkedHashMap<String, AttributeValue>();
            attributes.put("PK", AttributeValue.s("P"));
            attributes.put("SK", AttributeValue.s(String.format("%02d", i)));
            attributes.put("n", AttributeValue.n("-1.000000000000000000000000000000000001E-100"));
            attributes.put("bin", AttributeValue.b(new byte[] {(byte) i, 0, (byte) 255}));
            items.add(new Item(attributes));
        }

        assertThat(session.batchPut(table, items).get(10, TimeUnit.SECONDS)).isEmpty();

        var page = session.read(new ReadRequest.Scan(table, null, null, null)).get(10, TimeUnit.SECONDS);
        assertThat(page.items()).hasSize(25);
        assertThat(page.items()).containsExactlyInAnyOrderElementsOf(items);
    }

    @Test
    void batchPut_onAReadOnlyConnection_isRefusedBeforeSending(TestEndpoint endpoint) {
        var readOnly = ConnectionProfile.create("mirror", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                endpoint.endpoint(), true, ConnectionTag.PRODUCTION);
        try (var session = new AwsDynamoSessionFactory().open(readOnly)) {
            var item = new Item(java.util.Map.of("PK", AttributeValue.s("x")));
            assertThatThrownBy(() -> session.batchPut("any", List.of(item)).get(5, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).cause().isInstanceOf(ReadOnlyConnectionException.class)
                    .hasMessageContaining("read-only").hasMessageContaining("BatchWriteItem");
        }
    }
}
