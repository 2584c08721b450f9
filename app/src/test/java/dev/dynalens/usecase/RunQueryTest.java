package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.QueryForm;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class RunQueryTest {
    private static WorkspaceSession shop;

    private final FakeDynamoSession fake = new FakeDynamoSession(ConnectionProfile.local("local", URI.create("http://localhost:1")));

    @BeforeAll
    static void openTheShopSample() throws IOException {
        shop = new WorkspaceSession(WorkspaceFiles.read(Path.of("samples/online-shop.json"), WorkspaceOptions.NONE), Runnable::run);
    }

    private static String text(Item item, String attribute) {
        return ((AttributeValue.Str) item.get(attribute).orElseThrow()).value();
    }

    /** Pages of two items each, numbered from the start key, without end: only a limit stops a read. */
    private static Page endless(ReadRequest request) {
        int start = request.exclusiveStartKey() == null ? 0
                : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("PK")).value());
        var items = List.of(Item.of(Map.of("PK", AttributeValue.s(Integer.toString(start)))),
                Item.of(Map.of("PK", AttributeValue.s(Integer.toString(start + 1)))));
        return new Page(items, Map.of("PK", AttributeValue.s(Integer.toString(start + 2))), 2, new ConsumedCapacity(0.5, null, null));
    }

    @Test
    void aScanForm_isAScanOfTheTableOrIndex_withItsPageSize() {
        var query = new RunQuery(fake, "Shop");

        assertThat(query.request(new RunQuery.Form.Scan("GSI1", 25), null)).isEqualTo(new ReadRequest.Scan("Shop", "GSI1", 25, null));
        assertThat(query.scanAll()).isEqualTo(new ReadRequest.Scan("Shop", null, null, null));
    }

    @Test
    void aQueryForm_isTypedByTheKeySchemaOfTheIndexItNames() {
        var query = new RunQuery(shop, "OnlineShop");
        var description = shop.describeTable("OnlineShop").join();

        var request = (ReadRequest.Query) query.request(new RunQuery.Form.Query(new QueryForm("GSI1", "STATUS#OPEN",
                SortKeyCondition.Operator.BEGINS_WITH, "2024-0", "", false, 10)), description);

        assertThat(request.partitionKeyName()).isEqualTo("GSI1PK");
        assertThat(request.partitionKeyValue()).isEqualTo(AttributeValue.s("STATUS#OPEN"));
        assertThat(request.sortKeyCondition()).isEqualTo(SortKeyCondition.of(SortKeyCondition.Operator.BEGINS_WITH, AttributeValue.s("2024-0")));
        assertThat(request.scanIndexForward()).isFalse();
        assertThat(request.limit()).isEqualTo(10);
    }

    @Test
    void aQueryWithoutTheDescription_orWithoutItsPartitionValue_saysWhatIsMissing() {
        var query = new RunQuery(shop, "OnlineShop");
        var description = shop.describeTable("OnlineShop").join();
        var noValue = new RunQuery.Form.Query(new QueryForm(null, "", null, "", "", true, 100));

        assertThatThrownBy(() -> query.request(noValue, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("The table description is not loaded yet; a Query needs the key schema.");
        assertThatThrownBy(() -> query.request(noValue, description))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("A Query needs a value for the partition key PK.");
    }

    @Test
    void onePage_andTheRequestForTheNext_followLastEvaluatedKey() {
        var query = new RunQuery(shop, "OnlineShop");
        var first = query.request(new RunQuery.Form.Scan(null, 10), null);

        var page = query.page(first).join();
        var next = RunQuery.next(first, page).orElseThrow();
        var second = query.page(next).join();

        assertThat(page.items()).hasSize(10);
        assertThat(next.exclusiveStartKey()).isEqualTo(page.lastEvaluatedKey());
        assertThat(second.items()).hasSize(10).doesNotContainAnyElementsOf(page.items());
        assertThat(RunQuery.next(first, new Page(List.of(), null, 0, ConsumedCapacity.NOT_REPORTED))).isEmpty();
    }

    @Test
    void cancellingAPage_abortsItsRequest() {
        var query = new RunQuery(fake, "Shop");

        var page = query.page(query.scanAll());
        page.cancel(true);

        assertThat(fake.lastRead()).isCancelled();
    }

    @Test
    void readAll_handsOnEveryItemOfEveryPage_inOrder() {
        var query = new RunQuery(shop, "OnlineShop");
        var keys = new ArrayList<String>();

        var read = query.readAll(query.request(new RunQuery.Form.Scan(null, 7), null), null, item -> keys.add(text(item, "PK") + "/" + text(item, "SK")))
                .result().join();

        var oneScan = new ArrayList<String>();
        query.page(query.scanAll()).join().items().forEach(item -> oneScan.add(text(item, "PK") + "/" + text(item, "SK")));
        assertThat(keys).hasSize(108).containsExactlyElementsOf(oneScan);
        assertThat(read.items()).isEqualTo(108);
        assertThat(read.pages()).isEqualTo(16);   // 15 full pages of 7 and the last 3
        assertThat(read.complete()).isTrue();
    }

    @Test
    void readAll_upToALimit_readsNoPagePastTheOneThatReachesIt_andLeavesOutItsRest() {
        fake.responder = RunQueryTest::endless;
        var query = new RunQuery(fake, "Shop");
        var handed = new ArrayList<Item>();

        var read = query.readAll(query.scanAll(), 5L, handed::add).result().join();

        assertThat(fake.reads).hasSize(3);
        assertThat(handed).extracting(item -> text(item, "PK")).containsExactly("0", "1", "2", "3", "4");
        assertThat(read).isEqualTo(new RunQuery.Read(5, 3, new ConsumedCapacity(1.5, null, null), true));
    }

    @Test
    void readAll_readsOnePageAhead_andNoFurtherWhileTheHandlerIsBehind() {
        var handlerTasks = new ArrayDeque<Runnable>();
        var progress = new ArrayList<RunQuery.Read>();
        var query = new RunQuery(fake, "Shop");
        var job = query.readAll(query.scanAll(), null, handlerTasks::add, item -> { }, progress::add);

        fake.lastRead().complete(endless(fake.reads.getLast()));
        fake.lastRead().complete(endless(fake.reads.getLast()));
        assertThat(fake.reads).as("page 3 waits until page 1 is handled").hasSize(2);

        handlerTasks.poll().run(); // the lane hands on what arrived: pages 1 and 2
        assertThat(fake.reads).as("page 3 is asked for once page 1 is handled").hasSize(3);
        assertThat(progress).extracting(RunQuery.Read::items).containsExactly(2L, 4L);
        fake.lastRead().complete(endless(fake.reads.getLast()));
        assertThat(fake.reads).as("page 3 waits for the handler, page 4 is on its way").hasSize(4);
        fake.lastRead().complete(endless(fake.reads.getLast()));
        assertThat(fake.reads).as("page 5 waits until page 3 is handled").hasSize(4);
        assertThat(handlerTasks).hasSize(1);
        handlerTasks.poll().run();
        assertThat(fake.reads).hasSize(5);
        assertThat(progress).extracting(RunQuery.Read::items).containsExactly(2L, 4L, 6L, 8L);
        assertThat(job.progress()).contains(new RunQuery.Read(8, 4, new ConsumedCapacity(2.0, null, null), false));
    }

    @Test
    void cancel_abortsTheReadInFlight_andEndsWithWhatWasHandedOn() {
        var query = new RunQuery(fake, "Shop");
        var handed = new ArrayList<Item>();
        var job = query.readAll(query.scanAll(), null, handed::add);
        fake.lastRead().complete(endless(fake.reads.getLast()));
        var second = fake.lastRead();

        job.cancel();

        assertThat(second).isCancelled();
        var read = job.result().join();
        assertThat(read.complete()).isFalse();
        assertThat(read.items()).isEqualTo(2);
        assertThat(handed).hasSize(2);
    }

    @Test
    void aFailedPage_failsTheRead() {
        var query = new RunQuery(fake, "Shop");
        var job = query.readAll(query.scanAll(), null, item -> { });

        fake.lastRead().completeExceptionally(new IllegalStateException("Table 'Shop' was not found"));

        assertThat(job.result()).isCompletedExceptionally();
        assertThat(job.result().handle((ok, failure) -> failure.getMessage()).join()).contains("Table 'Shop' was not found");
    }
}
