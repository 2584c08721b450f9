package dev.dynalens.ui.transfer;

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
import dev.dynalens.service.transfer.TableExporter;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.RecordedNotices;
import dev.dynalens.usecase.ExportTable;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The export dialog's model without a toolkit: a fake session, the exporter and property changes on the calling thread. */
class ExportViewModelTest {
    @TempDir
    Path dir;

    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("local", URI.create("http://localhost:1")));
    private ExportViewModel model;

    @BeforeEach
    void setUp() {
        session.description.complete(new TableDescription("Shop", KeySchema.of("PK", null), List.of(), List.of(), 4, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        var exporter = new TableExporter(session, Runnable::run, Clock.fixed(Instant.parse("2026-11-30T09:00:00Z"), ZoneOffset.UTC));
        model = new ExportViewModel(new ExportTable(session, exporter), "Shop", Runnable::run);
    }

    private static Page page(int from, int to, boolean more) {
        var items = java.util.stream.IntStream.range(from, to).mapToObj(i -> new Item(Map.of("PK", AttributeValue.s("P#" + i)))).toList();
        return new Page(items, more ? Map.of("PK", AttributeValue.s("P#" + (to - 1))) : null, items.size(), ConsumedCapacity.NOT_REPORTED);
    }

    @Test
    void withoutAFile_nothingStarts() {
        model.start();

        assertThat(session.reads).isEmpty();
        assertThat(model.statusProperty().get()).isEqualTo("Choose a format and a file.");
    }

    @Test
    void onAProductionConnection_theExportSaysWhatItsReadCosts_andReadsOnlyOnceThePersonAgrees() {
        var production = new FakeDynamoSession(ConnectionProfile.create("prod", new dev.dynalens.domain.connection.CredentialsSource.DefaultChain(),
                "eu-west-1", null, false, dev.dynalens.domain.connection.ConnectionTag.PRODUCTION));
        production.description.complete(new TableDescription("Shop", KeySchema.of("PK", null), List.of(), List.of(), 40_000,
                40_000_000, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        var exporter = new TableExporter(production, Runnable::run, Clock.fixed(Instant.parse("2026-11-30T09:00:00Z"), ZoneOffset.UTC));
        var asking = new ExportViewModel(new ExportTable(production, exporter), "Shop", Runnable::run);
        asking.fileProperty().set(dir.resolve("shop.jsonl"));

        // before: the Scan went out at once, whatever the connection
        asking.start();

        assertThat(production.reads).isEmpty();
        assertThat(asking.runningProperty().get()).isFalse();
        assertThat(asking.confirmationProperty().get()).startsWith("Reads Shop once: about").contains("read units")
                .endsWith("on a connection tagged production. Export it?");
        asking.dismissConfirmation();
        assertThat(production.reads).isEmpty();
        assertThat(asking.statusProperty().get()).isEqualTo("Not exported: nothing was read.");

        asking.start();
        asking.startConfirmed();

        assertThat(asking.runningProperty().get()).isTrue();
        assertThat(production.reads).hasSize(1);
        asking.cancel();
    }

    @Test
    void suggestsTheTableNameWithTheFormatsExtension() {
        model.formatProperty().set(TransferFormat.CSV);
        assertThat(model.suggestedFileName()).isEqualTo("Shop.csv");
        model.formatProperty().set(TransferFormat.WORKBENCH);
        assertThat(model.suggestedFileName()).isEqualTo("Shop.model.json");
    }

    @Test
    void export_showsProgressPageByPage_andTheCountAtTheEnd() throws Exception {
        var file = dir.resolve("shop.csv");
        model.formatProperty().set(TransferFormat.CSV);
        model.fileProperty().set(file);

        var result = model.start();
        assertThat(model.runningProperty().get()).isTrue();
        session.pendingReads.get(0).complete(page(0, 2, true));

        assertThat(model.itemsProperty().get()).isEqualTo(2);
        assertThat(model.progressProperty().get()).isEqualTo(0.5);
        assertThat(model.statusProperty().get()).isEqualTo("Exported 2 of about 4 items (1 pages)…");

        session.pendingReads.get(1).complete(page(2, 4, false));

        assertThat(result).isCompleted();
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.itemsProperty().get()).isEqualTo(4);
        assertThat(model.progressProperty().get()).isEqualTo(1.0);
        assertThat(model.statusProperty().get()).startsWith("Done: 4 items written to " + file);
        assertThat(Files.readAllLines(file)).containsExactly("PK:S", "P#0", "P#1", "P#2", "P#3");
    }

    @Test
    void spreadsheetSafe_guardsFormulaCells_andOnlyForCsv() throws Exception {
        var file = dir.resolve("shop.csv");
        model.formatProperty().set(TransferFormat.CSV);
        model.spreadsheetSafeProperty().set(true);
        model.fileProperty().set(file);

        model.start();
        session.pendingReads.get(0).complete(new Page(List.of(new Item(Map.of("PK", AttributeValue.s("=1+1")))), null, 1,
                ConsumedCapacity.NOT_REPORTED));

        assertThat(Files.readAllLines(file)).containsExactly("PK:S'", "\"'=1+1\"");

        // The choice belongs to CSV: another format with it still set exports as it always does.
        var json = dir.resolve("shop.jsonl");
        model.formatProperty().set(TransferFormat.JSONL);
        model.fileProperty().set(json);
        model.start();
        session.pendingReads.get(1).complete(new Page(List.of(new Item(Map.of("PK", AttributeValue.s("=1+1")))), null, 1,
                ConsumedCapacity.NOT_REPORTED));
        assertThat(Files.readString(json)).contains("\"=1+1\"");
    }

    @Test
    void cancel_stopsTheExport_andSaysTheFileWasNotWritten() {
        var file = dir.resolve("shop.jsonl");
        model.fileProperty().set(file);
        model.start();
        session.pendingReads.get(0).complete(page(0, 2, true));

        model.cancel();

        assertThat(session.pendingReads.get(1).isCancelled()).isTrue();
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).isEqualTo("Cancelled after 2 items; shop.jsonl was not written.");
        assertThat(Files.exists(file)).isFalse();
    }

    @Test
    void aFailedRead_isShownInWords() {
        model.fileProperty().set(dir.resolve("shop.jsonl"));
        model.start();

        session.pendingReads.get(0).completeExceptionally(new DynamoAccessException(
                new ConnectionProblem(ConnectionProblem.Kind.ACCESS_DENIED, "Not allowed to Scan Shop", null), null));

        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).startsWith("Export failed: Not allowed to Scan Shop").endsWith("shop.jsonl was not written.");
    }

    private final RecordedNotices notices = new RecordedNotices();

    private void recordNotices() {
        model.notifyWith(notices);
    }

    @Test
    void aFinishedExport_notifiesWithTheCountAndTheFile() {
        recordNotices();
        model.fileProperty().set(dir.resolve("shop.jsonl"));
        model.start();
        session.pendingReads.get(0).complete(page(0, 3, true));
        assertThat(notices.lines()).isEmpty();
        session.pendingReads.get(1).complete(page(3, 4, false));

        assertThat(notices.lines()).containsExactly("Export finished | Export of Shop: 4 items written to shop.jsonl (DynamoDB JSON lines). | ok");
    }

    @Test
    void aCancelledExport_notifiesThatTheFileWasNotWritten() {
        recordNotices();
        model.fileProperty().set(dir.resolve("shop.jsonl"));
        model.start();
        session.pendingReads.get(0).complete(page(0, 2, true));

        model.cancel();

        assertThat(notices.lines()).containsExactly("Export cancelled | Export of Shop cancelled after 2 items; shop.jsonl was not written. | failed");
    }

    @Test
    void aFailedExport_notifiesWithTheReason() {
        recordNotices();
        model.fileProperty().set(dir.resolve("shop.jsonl"));
        model.start();

        session.pendingReads.get(0).completeExceptionally(new DynamoAccessException(
                new ConnectionProblem(ConnectionProblem.Kind.ACCESS_DENIED, "Not allowed to Scan Shop", null), null));

        assertThat(notices.lines()).containsExactly("Export failed | Export of Shop failed: Not allowed to Scan Shop; shop.jsonl was not written. | failed");
    }
}
