package dev.dynalens.service.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.connection.ConnectionProblem.Kind;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.FaultInjectingProxy;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Issue 16: BatchWriteItem is paced by its caller (the loader), so the SDK does not retry it behind the loader's back: a
 * throttle reaches the loader at once, in one request, and so do unprocessed items.
 */
@ExtendWith(DynamoEndpointExtension.class)
class BatchPutPacingIT {

    @Test
    void aThrottledBatchPut_isOneRequest_notTheSdksThree(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("batch-paced");
        session.createTable(new CreateTableSpec(table, KeySchema.of("PK", null), List.of())).get(30, TimeUnit.SECONDS);
        try (var proxy = new FaultInjectingProxy(endpoint.endpoint()).faults(1.0, 0).onlyFor("BatchWriteItem");
             var throughProxy = new AwsDynamoSessionFactory().open(ConnectionProfile.local("proxied", proxy.endpoint()))) {
            var items = List.of(new Item(Map.of("PK", AttributeValue.s("a"))));

            var failure = catchThrowable(() -> throughProxy.batchPut(table, items).get(10, TimeUnit.SECONDS));

            assertThat(failure).isInstanceOf(ExecutionException.class).cause().isInstanceOf(DynamoAccessException.class);
            assertThat(((DynamoAccessException) failure.getCause()).problem().kind()).isEqualTo(Kind.THROTTLED);
            assertThat(proxy.throttled()).isEqualTo(1);

            proxy.faults(0, 0).unprocessed(1.0);
            assertThat(throughProxy.batchPut(table, items).get(10, TimeUnit.SECONDS)).containsExactlyElementsOf(items);
            assertThat(proxy.leftUnprocessed()).isEqualTo(1);
            // Other calls keep the SDK's retries: throttled, DescribeTable and its DescribeTimeToLive are tried three times each.
            proxy.unprocessed(0).faults(1.0, 0).onlyFor(null);
            catchThrowable(() -> throughProxy.describeTable(table).get(30, TimeUnit.SECONDS));
            assertThat(proxy.throttled() - 1).isEqualTo(2 * 3);
        }
    }
}
