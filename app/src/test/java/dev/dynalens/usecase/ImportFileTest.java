package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteIntent;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.service.transfer.ImportProgress;
import dev.dynalens.service.transfer.ImportReport;
import dev.dynalens.service.transfer.ImportRequest;
import dev.dynalens.service.transfer.TableImporter;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The import use case on the calling thread: the real importer and loader over a fake session. */
class ImportFileTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T08:00:00Z"), ZoneOffset.UTC);
    private static final String CLI_WORDS = "repeat the table name with --confirm-table %s to import";
    private static final TableDescription SHOP = new TableDescription("Shop", KeySchema.of("PK", null), List.of(), List.of(), 0, 0,
            TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());

    @TempDir
    Path dir;

    private Path file;
    private final List<ImportProgress> progress = new ArrayList<>();
    /** The importer's file work, run when the test says (or at once, when it does not hold it). */
    private final ArrayDeque<Runnable> fileWork = new ArrayDeque<>();
    private boolean holdFileWork;

    @BeforeEach
    void writeFile() throws Exception {
        file = dir.resolve("shop.jsonl");
        Files.writeString(file, """
                {"Item": {"PK": {"S": "a"}, "n": {"N": "98765432109876543210.000000000000000001"}}}
                {"Item": {"PK": {"S": "b"}}}
                {"Item": {"n": {"N": "1"}}}
                """);
    }

    private static FakeDynamoSession session(boolean readOnly, ConnectionTag tag) {
        return new FakeDynamoSession(ConnectionProfile.create(tag == ConnectionTag.PRODUCTION ? "prod" : "local",
                new CredentialsSource.LocalPlaceholder(), "us-east-1", URI.create("http://localhost:1"), readOnly, tag));
    }

    private static void writesAll(FakeDynamoSession session) {
        session.description.complete(SHOP);
        session.batchWriter = items -> CompletableFuture.completedFuture(List.of());
    }

    private ImportFile imports(DynamoSession session) {
        Executor files = task -> {
            if (holdFileWork) fileWork.add(task); else task.run();
        };
        return new ImportFile(session, guard -> new TableImporter(guard, new TableLoader(guard, LoadSettings.DEFAULTS, Runnable::run,
                delay -> CompletableFuture.completedFuture(null), () -> 0.5, CLOCK), files, CLOCK));
    }

    private Job<ImportProgress, ImportReport> start(DynamoSession session, WriteConfirmer confirmer) {
        return imports(session).start(new ImportRequest("Shop", file, null), confirmer, progress::add);
    }

    private static Throwable failure(Job<?, ?> job) {
        var thrown = catchThrowable(() -> job.result().get(1, TimeUnit.SECONDS));
        assertThat(thrown).isInstanceOf(ExecutionException.class);
        return thrown.getCause();
    }

    @Test
    void importsTheFile_writingTheGoodItems_andReportingTheBadLine() throws Exception {
        var session = session(false, ConnectionTag.LOCAL);
        writesAll(session);

        var report = start(session, WriteConfirmer.NONE).result().get(1, TimeUnit.SECONDS);

        assertThat(report.outcome()).isEqualTo(ImportReport.Outcome.COMPLETED);
        assertThat(report.written()).isEqualTo(2);
        assertThat(report.rejected()).extracting(ImportReport.Rejection::toString).containsExactly("line 3: The item has no partition key PK (S)");
        assertThat(session.batches).singleElement().satisfies(batch -> assertThat(batch.getFirst().get("n"))
                .contains(AttributeValue.n("98765432109876543210.000000000000000001")));
        assertThat(progress).isNotEmpty();
    }

    @Test
    void aReadOnlyConnection_isRefused_beforeTheTableOrTheFileIsRead() {
        var session = session(true, ConnectionTag.NONE);

        var job = start(session, WriteConfirmer.NONE);

        // The table's DescribeTable is never answered here: the importer never started.
        assertThat(job.result()).isCompletedExceptionally();
        assertThat(failure(job)).isInstanceOf(ReadOnlyConnectionException.class)
                .hasMessage("Connection 'local' is read-only: an import of shop.jsonl on Shop was refused");
    }

    @Test
    void anUnconfirmedProductionConnection_isRefusedInTheWordsOfTheCaller_withNothingReadOrSent() throws Exception {
        var session = session(false, ConnectionTag.PRODUCTION);
        session.batchWriter = items -> CompletableFuture.completedFuture(List.of());
        Files.delete(file); // were the file read, the import would fail with "No such file" instead

        var job = start(session, WriteConfirmer.typed("Shpo", CLI_WORDS));

        assertThat(job.result()).isCompletedExceptionally();
        assertThat(failure(job)).isInstanceOf(WriteNotConfirmedException.class)
                .hasMessage("Connection 'prod' is tagged production: repeat the table name with --confirm-table Shop to import");
        assertThat(session.batches).isEmpty();
    }

    @Test
    void aConfirmedProductionConnection_isAskedOnce_andImports() throws Exception {
        var session = session(false, ConnectionTag.PRODUCTION);
        writesAll(session);
        var asked = new ArrayList<WriteIntent>();
        var typed = WriteConfirmer.typed(" Shop ", CLI_WORDS);

        var report = start(session, intent -> {
            asked.add(intent);
            return typed.confirm(intent);
        }).result().get(1, TimeUnit.SECONDS);

        assertThat(report.written()).isEqualTo(2);
        assertThat(asked).containsExactly(new WriteIntent(session.profile(), "Shop", "an import of shop.jsonl"));
    }

    @Test
    void cancel_isTheImportersCancel_andEndsWithItsReport() throws Exception {
        var session = session(false, ConnectionTag.LOCAL);
        writesAll(session);
        holdFileWork = true;
        var job = start(session, WriteConfirmer.NONE);

        job.cancel(); // before the file is opened
        while (!fileWork.isEmpty()) fileWork.poll().run();

        var report = job.result().get(1, TimeUnit.SECONDS);
        assertThat(report.outcome()).isEqualTo(ImportReport.Outcome.CANCELLED);
        assertThat(report.written()).isZero();
        assertThat(session.batches).isEmpty();
    }

    @Test
    void aCancelAskedBeforeTheConfirmationCame_isPassedOnWhenTheImportStarts() throws Exception {
        var session = session(false, ConnectionTag.PRODUCTION);
        writesAll(session);
        var answer = new CompletableFuture<Void>();
        holdFileWork = true;
        var job = start(session, intent -> answer);

        job.cancel();
        answer.complete(null);
        while (!fileWork.isEmpty()) fileWork.poll().run();

        assertThat(job.result().get(1, TimeUnit.SECONDS).outcome()).isEqualTo(ImportReport.Outcome.CANCELLED);
        assertThat(session.batches).isEmpty();
    }
}
