package dev.dynalens.service.transfer;

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
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.service.workspace.WorkspaceFiles;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The export's page loop, cancel and failure, on the calling thread with a fake session. */
class TableExporterTest {
    @TempDir
    Path dir;

    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("fake", URI.create("http://localhost:1")));
    private final List<ExportProgress> progress = new ArrayList<>();
    private TableExporter exporter;

    @BeforeEach
    void setUp() {
        session.description.complete(new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(), List.of(), 5, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        exporter = new TableExporter(session, Runnable::run, Clock.fixed(Instant.parse("2026-11-30T09:00:00Z"), ZoneOffset.UTC));
    }

    private static Item item(int i) {
        return new Item(Map.of("PK", AttributeValue.s("P#" + i), "SK", AttributeValue.s("S"), "n", AttributeValue.n("0.10")));
    }

    private static Page page(List<Item> items, Integer next) {
        return new Page(items, next == null ? null : Map.of("PK", AttributeValue.s("P#" + next), "SK", AttributeValue.s("S")), items.size(),
                ConsumedCapacity.NOT_REPORTED);
    }

    @Test
    void export_followsEveryPage_asksForTheNextBeforeWritingThisOne_andMovesTheFileIntoPlaceAtTheEnd() throws Exception {
        var file = dir.resolve("shop.jsonl");
        var handle = exporter.start(ExportRequest.scan("Shop", TransferFormat.JSONL, file), progress::add);

        session.pendingReads.get(0).complete(page(List.of(item(1), item(2)), 2));
        assertThat(session.reads).hasSize(2);
        assertThat(session.reads.get(1).exclusiveStartKey()).containsEntry("PK", AttributeValue.s("P#2"));
        assertThat(Files.exists(file)).isFalse();
        assertThat(Files.exists(dir.resolve("shop.jsonl.part"))).isTrue();

        session.pendingReads.get(1).complete(page(List.of(item(3), item(4), item(5)), null));

        var report = handle.result().join();
        assertThat(report.outcome()).isEqualTo(ExportReport.Outcome.COMPLETED);
        assertThat(report.items()).isEqualTo(5);
        assertThat(report.pages()).isEqualTo(2);
        assertThat(progress).extracting(ExportProgress::items).containsExactly(0L, 2L, 5L);
        assertThat(progress.get(1).fraction()).isEqualTo(0.4);
        assertThat(Files.readAllLines(file)).hasSize(5).first()
                .isEqualTo("{\"Item\":" + dev.dynalens.domain.codec.DynamoJsonCodec.writeItem(item(1)) + "}");
        assertThat(Files.list(dir)).containsExactly(file);
    }

    @Test
    void cancel_abortsTheReadInFlight_deletesThePartialFile_andLeavesAnExistingFileAlone() throws Exception {
        var file = dir.resolve("shop.csv");
        Files.writeString(file, "older export");
        var handle = exporter.start(ExportRequest.scan("Shop", TransferFormat.CSV, file), progress::add);
        session.pendingReads.get(0).complete(page(List.of(item(1)), 1));

        handle.cancel();

        var report = handle.result().join();
        assertThat(report.outcome()).isEqualTo(ExportReport.Outcome.CANCELLED);
        assertThat(report.items()).isEqualTo(1);
        assertThat(session.pendingReads.get(1).isCancelled()).isTrue();
        assertThat(Files.readString(file)).isEqualTo("older export");
        assertThat(Files.list(dir)).containsExactly(file);
    }

    @Test
    void aFailedRead_failsTheExport_withTheSessionsProblem_andLeavesNoPartialFile() throws Exception {
        var file = dir.resolve("shop.model.json");
        var handle = exporter.start(ExportRequest.scan("Shop", TransferFormat.WORKBENCH, file), progress::add);
        session.pendingReads.get(0).complete(page(List.of(item(1)), 1));

        var denied = new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.ACCESS_DENIED, "Not allowed to Scan Shop", null), null);
        session.pendingReads.get(1).completeExceptionally(denied);

        assertThat(handle.result()).isCompletedExceptionally();
        assertThat(handle.result().exceptionNow()).isSameAs(denied);
        assertThat(Files.list(dir)).isEmpty();
    }

    @Test
    void aWorkbenchExport_groupsTheItemsIntoOneFacetPerEntity() throws Exception {
        var file = dir.resolve("shop.model.json");
        var handle = exporter.start(ExportRequest.scan("Shop", TransferFormat.WORKBENCH, file), progress::add);
        session.pendingReads.get(0).complete(page(List.of(
                new Item(Map.of("PK", AttributeValue.s("CUSTOMER#1"), "SK", AttributeValue.s("PROFILE"), "name", AttributeValue.s("Ada"))),
                new Item(Map.of("PK", AttributeValue.s("CUSTOMER#1"), "SK", AttributeValue.s("ORDER#2026-01"), "total", AttributeValue.n("9.90"))),
                new Item(Map.of("PK", AttributeValue.s("CUSTOMER#2"), "SK", AttributeValue.s("PROFILE"), "name", AttributeValue.s("Bo"))),
                new Item(Map.of("PK", AttributeValue.s("CUSTOMER#2"), "SK", AttributeValue.s("ORDER#2026-02"), "total", AttributeValue.n("1")))), null));

        assertThat(handle.result().join().items()).isEqualTo(4);
        var model = WorkspaceFiles.read(file, dev.dynalens.domain.workspace.WorkspaceOptions.NONE);
        assertThat(model.report().hasErrors()).isFalse();
        var table = model.tables().getFirst();
        assertThat(table.name()).isEqualTo("Shop");
        assertThat(table.items()).hasSize(4);
        assertThat(table.facets()).extracting(dev.dynalens.domain.workspace.Facet::name).hasSize(2);
        assertThat(table.facets()).extracting(dev.dynalens.domain.workspace.Facet::partitionKeyAlias).containsOnly("CUSTOMER#{}");
        assertThat(table.facets()).extracting(dev.dynalens.domain.workspace.Facet::sortKeyAlias).containsExactlyInAnyOrder("PROFILE", "ORDER#{}");
        assertThat(Files.readString(file)).contains("\"Version\": \"3.0\"").contains("\"TableFacets\"").contains("\"NonKeyAttributes\"");
    }
}
