package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.QueryForm;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.service.transfer.ExportProgress;
import dev.dynalens.service.transfer.ExportReport;
import dev.dynalens.service.transfer.ExportRequest;
import dev.dynalens.service.transfer.TableExporter;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/** The export use case on the calling thread: the real exporter over a fake session. */
class ExportTableTest {
    @TempDir
    Path dir;

    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("local", URI.create("http://localhost:1")));
    private final List<ExportProgress> progress = new ArrayList<>();
    private ExportTable exports;

    @BeforeEach
    void setUp() {
        // Orders are keyed by a number: the partition's value is typed by the key schema.
        session.description.complete(new TableDescription("Orders", new KeySchema(new KeySchema.KeyAttribute("customer", KeySchema.ScalarType.N),
                new KeySchema.KeyAttribute("order", KeySchema.ScalarType.S)), List.of(), List.of(), 3, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        exports = new ExportTable(session, new TableExporter(session, Runnable::run, Clock.fixed(Instant.parse("2026-12-01T08:00:00Z"), ZoneOffset.UTC)));
    }

    private static Item order(int customer, String order) {
        return new Item(Map.of("customer", AttributeValue.n(Integer.toString(customer)), "order", AttributeValue.s(order),
                "total", AttributeValue.n("0.10")));
    }

    private static Page page(List<Item> items, boolean more) {
        return new Page(items, more ? items.getLast().key("customer", "order") : null, items.size(), ConsumedCapacity.NOT_REPORTED);
    }

    @Test
    void start_exportsEveryPageOfTheScan() throws Exception {
        var file = dir.resolve("orders.jsonl");
        var job = exports.start(ExportRequest.scan("Orders", TransferFormat.JSONL, file), progress::add);

        session.pendingReads.get(0).complete(page(List.of(order(1, "A"), order(1, "B")), true));
        session.pendingReads.get(1).complete(page(List.of(order(2, "A")), false));

        var report = job.result().get(1, TimeUnit.SECONDS);
        assertThat(report.outcome()).isEqualTo(ExportReport.Outcome.COMPLETED);
        assertThat(report.items()).isEqualTo(3);
        assertThat(Files.readAllLines(file)).hasSize(3).allSatisfy(line -> assertThat(line).contains("\"total\":{\"N\":\"0.10\"}"));
        assertThat(progress.getLast().fraction()).isEqualTo(1.0);
    }

    @Test
    void startPartition_queriesThePartition_withItsValueTypedByTheKeySchema() throws Exception {
        var file = dir.resolve("customer-42.json");
        var form = new QueryForm(null, "42", SortKeyCondition.Operator.BEGINS_WITH, "2026-", null, true, null);

        var job = exports.startPartition("Orders", form, TransferFormat.JSON, file, progress::add);
        session.pendingReads.get(0).complete(page(List.of(order(42, "2026-01")), false));

        assertThat(job.result().get(1, TimeUnit.SECONDS).items()).isEqualTo(1);
        var query = (ReadRequest.Query) session.reads.getFirst();
        assertThat(query.partitionKeyValue()).isEqualTo(AttributeValue.n("42"));
        assertThat(query.sortKeyCondition()).isEqualTo(SortKeyCondition.of(SortKeyCondition.Operator.BEGINS_WITH, AttributeValue.s("2026-")));
        assertThat(Files.readString(file)).contains("\"customer\"").contains("42");
    }

    @Test
    void startPartition_withAValueThatDoesNotFitTheKey_failsInWords_beforeAnythingIsRead() {
        var form = new QueryForm(null, "forty-two", null, null, null, true, null);

        var job = exports.startPartition("Orders", form, TransferFormat.JSONL, dir.resolve("x.jsonl"), progress::add);

        var thrown = catchThrowable(() -> job.result().get(1, TimeUnit.SECONDS));
        assertThat(thrown).isInstanceOf(ExecutionException.class).cause().isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("customer is a number key");
        assertThat(session.reads).isEmpty();
        assertThat(dir.resolve("x.jsonl")).doesNotExist();
    }

    @Test
    void cancel_isTheExportersCancel_andTheFileIsNotWritten() throws Exception {
        var file = dir.resolve("orders.csv");
        var job = exports.start(ExportRequest.scan("Orders", TransferFormat.CSV, file), progress::add);
        session.pendingReads.get(0).complete(page(List.of(order(1, "A")), true));

        job.cancel();

        assertThat(session.pendingReads.get(1)).isCancelled();
        var report = job.result().get(1, TimeUnit.SECONDS);
        assertThat(report.outcome()).isEqualTo(ExportReport.Outcome.CANCELLED);
        assertThat(report.items()).isEqualTo(1);
        assertThat(file).doesNotExist();
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            shop.csv,         CSV
            shop.CSV.gz,      CSV
            shop.json,        JSON
            shop.model.json,  JSON
            shop.jsonl,       JSONL
            shop.jsonl.gz,    JSONL
            shop,             JSONL
            """)
    void formatOf_readsTheFileName(String name, TransferFormat format) {
        assertThat(ExportTable.formatOf(Path.of(name))).isEqualTo(format);
    }
}
