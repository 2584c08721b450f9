package dev.dynalens.ui.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.service.transfer.TableImporter;
import dev.dynalens.testsupport.RecordedNotices;
import dev.dynalens.usecase.ImportFile;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The import dialog's model without a toolkit: an in-memory session, the real importer and loader on the calling thread. */
class ImportViewModelTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T09:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    /** Writes into a list; an item with an attribute "refuse" fails as DynamoDB fails an invalid item. */
    private static final class MemorySession implements DynamoSession {
        private final ConnectionProfile profile;
        final List<Item> written = new ArrayList<>();
        int described;

        MemorySession(ConnectionProfile profile) {
            this.profile = profile;
        }

        private static CompletableFuture<Void> refusal() {
            return CompletableFuture.failedFuture(new DynamoAccessException(
                    new ConnectionProblem(ConnectionProblem.Kind.VALIDATION, "Item size has exceeded the maximum allowed size", null), null));
        }

        @Override public ConnectionProfile profile() { return profile; }
        @Override public CompletableFuture<Void> testConnection() { return CompletableFuture.completedFuture(null); }
        @Override public CompletableFuture<List<String>> listTables() { return CompletableFuture.completedFuture(List.of("Shop")); }
        @Override public CompletableFuture<TableDescription> describeTable(String tableName) {
            described++;
            return CompletableFuture.completedFuture(new TableDescription(tableName, KeySchema.of("PK", null), List.of(), List.of(), 0, 0,
                    TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        }
        @Override public CompletableFuture<Page> read(ReadRequest request) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<Void> createTable(CreateTableSpec spec) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<Void> deleteTable(String tableName) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<Void> putItem(String tableName, Item item) {
            if (profile.readOnly()) return CompletableFuture.failedFuture(new ReadOnlyConnectionException(profile.name(), "PutItem"));
            if (item.has("refuse")) return refusal();
            written.add(item);
            return CompletableFuture.completedFuture(null);
        }
        @Override public CompletableFuture<Void> deleteItem(String tableName, Map<String, AttributeValue> key) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<List<Item>> batchPut(String tableName, List<Item> items) {
            if (profile.readOnly()) return CompletableFuture.failedFuture(new ReadOnlyConnectionException(profile.name(), "BatchWriteItem"));
            if (items.stream().anyMatch(i -> i.has("refuse"))) return refusal().thenApply(v -> List.of());
            written.addAll(items);
            return CompletableFuture.completedFuture(List.of());
        }
        @Override public CompletableFuture<GetResult> getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<WriteResult> write(ItemWrite write) { throw new UnsupportedOperationException(); }
        @Override public CompletableFuture<dev.dynalens.domain.write.TransactionResult> transactWrite(List<ItemWrite> writes, String token) {
            throw new UnsupportedOperationException();
        }

    @Override
    public CompletableFuture<dev.dynalens.domain.partiql.PartiqlPage> executeStatement(dev.dynalens.domain.partiql.PartiqlStatement statement,
            boolean consistentRead, Integer limit, String nextToken) {
        throw new UnsupportedOperationException("an import writes with BatchWriteItem");
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.partiql.PartiqlBatchResult> batchExecuteStatement(
            List<dev.dynalens.domain.partiql.PartiqlStatement> statements) {
        throw new UnsupportedOperationException("an import writes with BatchWriteItem");
    }

    @Override
    public CompletableFuture<dev.dynalens.domain.partiql.PartiqlTransactionResult> executeTransaction(
            List<dev.dynalens.domain.partiql.PartiqlStatement> statements, String clientRequestToken) {
        throw new UnsupportedOperationException("an import writes with BatchWriteItem");
    }
        @Override public void close() { }
    }

    private static ImportViewModel model(MemorySession session) {
        return model(session, Runnable::run);
    }

    /** The real use case, importer and loader on the calling thread; {@code files} runs the importer's file work. */
    private static ImportViewModel model(MemorySession session, java.util.concurrent.Executor files) {
        return new ImportViewModel(new ImportFile(session, guard -> new TableImporter(guard, new TableLoader(guard, LoadSettings.DEFAULTS,
                Runnable::run, d -> CompletableFuture.completedFuture(null), () -> 0.5, CLOCK), files, CLOCK)), "Shop", Runnable::run);
    }

    @Test
    void import_writesTheGoodRows_andListsEveryRejectedLineWithItsReason() throws Exception {
        var session = new MemorySession(ConnectionProfile.local("local", URI.create("http://localhost:1")));
        var model = model(session);
        var file = dir.resolve("shop.csv");
        Files.writeString(file, "PK:S,n:N,refuse:BOOL\na,1,\nb,one,\nc,3,true\n,4,\nd,5,\n");
        model.fileProperty().set(file);

        var report = model.start().join();

        assertThat(report.written()).isEqualTo(2);
        assertThat(session.written).extracting(item -> item.get("PK").orElseThrow()).containsExactlyInAnyOrder(AttributeValue.s("a"), AttributeValue.s("d"));
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.progressProperty().get()).isEqualTo(1.0);
        assertThat(model.statusProperty().get()).startsWith("Done: 2 of 4 items written (CSV with typed header)").endsWith("3 rejected (listed below).");
        assertThat(model.rejected()).hasSize(3);
        assertThat(model.rejected().get(0)).startsWith("line 3: Column n:N").contains("one");
        assertThat(model.rejected().get(1)).isEqualTo("line 4: Item size has exceeded the maximum allowed size");
        assertThat(model.rejected().get(2)).isEqualTo("line 5: The item has no partition key PK (S)");
    }

    @Test
    void onAReadOnlyConnection_theDialogSaysSoAtOnce_andTheServiceRefuses() throws Exception {
        var readOnly = ConnectionProfile.create("prod", new CredentialsSource.DefaultChain(), "eu-west-1", null, true, ConnectionTag.PRODUCTION);
        var session = new MemorySession(readOnly);
        var model = model(session);
        assertThat(model.readOnly()).isTrue();
        assertThat(model.statusProperty().get()).isEqualTo("Connection 'prod' is read-only: importing is refused.");
        var file = dir.resolve("one.jsonl");
        Files.writeString(file, "{\"Item\": {\"PK\": {\"S\": \"a\"}}}\n");
        model.fileProperty().set(file);

        assertThat(model.start().join()).isNull();

        assertThat(session.written).isEmpty();
        assertThat(model.statusProperty().get()).startsWith("Import failed: ").contains("read-only");
    }

    @Test
    void theFormatChoicesStartWithTellingFromTheContent() {
        var model = model(new MemorySession(ConnectionProfile.local("local", URI.create("http://localhost:1"))));

        assertThat(model.formats()).first().isNull();
        assertThat(ImportViewModel.describe(model.formats().getFirst())).isEqualTo("Tell from the content");
        assertThat(model.formats()).hasSize(5);
    }

    @Test
    void aFinishedImport_notifiesWithWrittenAndRejectedCounts() throws Exception {
        var session = new MemorySession(ConnectionProfile.local("local", URI.create("http://localhost:1")));
        var model = model(session);
        var notices = new RecordedNotices();
        model.notifyWith(notices);
        var file = dir.resolve("shop.csv");
        Files.writeString(file, "PK:S,n:N\na,1\nb,one\nc,3\n");
        model.fileProperty().set(file);

        model.start().join();

        assertThat(notices.lines()).containsExactly("Import finished | Import of shop.csv into Shop: 2 items written, 1 rejected. | ok");
    }

    @Test
    void aRefusedImport_notifiesWithTheReason() throws Exception {
        var readOnly = ConnectionProfile.create("prod", new CredentialsSource.DefaultChain(), "eu-west-1", null, true, ConnectionTag.PRODUCTION);
        var model = model(new MemorySession(readOnly));
        var notices = new RecordedNotices();
        model.notifyWith(notices);
        var file = dir.resolve("one.jsonl");
        Files.writeString(file, "{\"Item\": {\"PK\": {\"S\": \"a\"}}}\n");
        model.fileProperty().set(file);

        model.start().join();

        assertThat(notices.lines()).singleElement().asString().startsWith("Import failed | Import of one.jsonl into Shop failed: ")
                .contains("read-only").endsWith(" | failed");
    }

    @Test
    void aCancelledImport_notifiesWithWhatWasWritten() throws Exception {
        var session = new MemorySession(ConnectionProfile.local("local", URI.create("http://localhost:1")));
        var held = new java.util.ArrayDeque<Runnable>();
        var model = model(session, held::add);
        var notices = new RecordedNotices();
        model.notifyWith(notices);
        var file = dir.resolve("two.jsonl");
        Files.writeString(file, "{\"Item\": {\"PK\": {\"S\": \"a\"}}}\n{\"Item\": {\"PK\": {\"S\": \"b\"}}}\n");
        model.fileProperty().set(file);

        var result = model.start();
        model.cancel(); // before the file is opened
        while (!held.isEmpty()) held.poll().run();

        assertThat(result.join().outcome()).isEqualTo(dev.dynalens.service.transfer.ImportReport.Outcome.CANCELLED);
        assertThat(session.written).isEmpty();
        assertThat(notices.lines()).containsExactly("Import cancelled | Import of two.jsonl into Shop cancelled: 0 items written, 0 rejected. | failed");
    }

    // ---- production connections ----

    private static final ConnectionProfile PRODUCTION = ConnectionProfile.create("prod", new CredentialsSource.DefaultChain(), "eu-west-1", null,
            false, ConnectionTag.PRODUCTION);

    @Test
    void onlyAWritableProductionConnection_needsTheTableNameTyped() {
        assertThat(model(new MemorySession(PRODUCTION)).needsConfirmation()).isTrue();
        assertThat(model(new MemorySession(ConnectionProfile.local("local", URI.create("http://localhost:1")))).needsConfirmation()).isFalse();
        assertThat(model(new MemorySession(ConnectionProfile.create("prod", new CredentialsSource.DefaultChain(), "eu-west-1", null, true,
                ConnectionTag.PRODUCTION))).needsConfirmation()).isFalse();
    }

    @Test
    void onAProductionConnection_startWithoutTheTypedName_isRefused_beforeTheTableOrTheFileIsRead() throws Exception {
        var session = new MemorySession(PRODUCTION);
        var model = model(session);
        var notices = new RecordedNotices();
        model.notifyWith(notices);
        var file = dir.resolve("one.jsonl");
        Files.writeString(file, "{\"Item\": {\"PK\": {\"S\": \"a\"}}}\n");
        model.fileProperty().set(file);

        assertThat(model.start().join()).isNull();

        assertThat(session.described).isZero();
        assertThat(session.written).isEmpty();
        assertThat(model.statusProperty().get())
                .isEqualTo("Import failed: Connection 'prod' is tagged production: type the table name Shop to import into it");
        assertThat(notices.lines()).containsExactly("Import failed | Import of one.jsonl into Shop failed: Connection 'prod' is tagged "
                + "production: type the table name Shop to import into it | failed");
    }

    @Test
    void onAProductionConnection_theTypedNameConfirms_andTheFileIsImported() throws Exception {
        var session = new MemorySession(PRODUCTION);
        var model = model(session);
        var file = dir.resolve("one.jsonl");
        Files.writeString(file, "{\"Item\": {\"PK\": {\"S\": \"a\"}}}\n");
        model.fileProperty().set(file);

        var report = model.start("Shop").join();

        assertThat(report.written()).isEqualTo(1);
        assertThat(session.written).containsExactly(new Item(Map.of("PK", AttributeValue.s("a"))));
        assertThat(model.statusProperty().get()).startsWith("Done: 1 of 1 items written");
    }
}
