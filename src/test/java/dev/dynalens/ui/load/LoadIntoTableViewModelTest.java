package dev.dynalens.ui.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.RecordedNotices;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The notice a load leaves when it ends without writing: cancelled while reading the source, or failed. */
class LoadIntoTableViewModelTest {
    private final ConnectionProfile local = ConnectionProfile.local("local", URI.create("http://localhost:1"));
    private final FakeDynamoSession source = new FakeDynamoSession(local);
    private final RecordedNotices notices = new RecordedNotices();

    private LoadIntoTableViewModel model() {
        var model = new LoadIntoTableViewModel(source, "Shop", List.of(local), profile -> {
            throw new AssertionError("nothing may be written");
        }, Runnable::run);
        model.targetTableProperty().set("ShopCopy");
        model.notifyWith(notices);
        return model;
    }

    @Test
    void cancelledWhileReadingTheSource_notifiesThatNothingWasWritten() {
        source.description.complete(new TableDescription("Shop", KeySchema.of("PK", null), List.of(), List.of(), 2, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        var model = model();
        var result = model.start();

        model.cancel();
        source.pendingReads.getFirst().complete(new Page(List.of(new Item(Map.of("PK", AttributeValue.s("a")))), null, 1,
                ConsumedCapacity.NOT_REPORTED));

        assertThat(result.join()).isNull();
        assertThat(notices.lines()).containsExactly("Load cancelled | Load of Shop into ShopCopy on local cancelled before anything was written. | failed");
    }

    @Test
    void aSourceThatCannotBeRead_notifiesWithTheReason() {
        source.description.completeExceptionally(new DynamoAccessException(
                new ConnectionProblem(ConnectionProblem.Kind.ACCESS_DENIED, "Not allowed to DescribeTable Shop", null), null));

        model().start().join();

        assertThat(notices.lines()).containsExactly("Load failed | Load of Shop into ShopCopy on local failed: Not allowed to DescribeTable Shop | failed");
    }
}
