package dev.dynalens.ui.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.change.UndoFile;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.RecordedNotices;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Change items… without a toolkit, on the blog sample: the fake session answers the Scan with the sample and each write
 * as written (or, for the keys in {@link #changedSince}, as changed by someone else); use cases run on the same thread.
 */
class ChangeViewModelTest {
    private static final String BACKFILL = """
            table: Blog
            where:
              entity: POST
              condition: "readingMinutes > 5"
            set: {GSI9PK: "AUTHOR#{authorId}"}
            """;

    @TempDir
    Path dir;

    private List<Item> blog;
    private dev.dynalens.domain.table.TableDescription table;
    /** Keys (as {@link KeyText#values}) whose item someone changed since the plan: their conditional writes fail. */
    private final Set<String> changedSince = ConcurrentHashMap.newKeySet();
    private final RecordedNotices notices = new RecordedNotices();

    @BeforeEach
    void blog() throws Exception {
        var workspace = WorkspaceFiles.read(Path.of("samples/blog.json"), WorkspaceOptions.NONE);
        blog = workspace.tables().get(0).items();
        table = new WorkspaceSession(workspace, Runnable::run).describeTable("Blog").join();
    }

    private FakeDynamoSession session(boolean readOnly, ConnectionTag tag) {
        var session = new FakeDynamoSession(ConnectionProfile.create("conn", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://127.0.0.1:9"), readOnly, tag));
        session.description.complete(table);
        session.responder = request -> new Page(blog, null, blog.size(), ConsumedCapacity.NOT_REPORTED);
        session.writer = write -> CompletableFuture.completedFuture(new WriteResult(changedSince.contains(keyOf(write))
                ? WriteResult.Status.CONDITION_FAILED : WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED));
        session.getter = key -> CompletableFuture.completedFuture(new GetResult(blog.stream()
                .filter(item -> item.key("PK", "SK").equals(key)).findFirst(), ConsumedCapacity.NOT_REPORTED));
        return session;
    }

    private static String keyOf(ItemWrite write) {
        return KeyText.values(switch (write) {
            case ItemWrite.Update update -> update.key();
            case ItemWrite.Delete delete -> delete.key();
            case ItemWrite.Put put -> put.item().key("PK", "SK");
            default -> Map.of();
        });
    }

    private ChangeViewModel model(FakeDynamoSession session, String text) {
        var model = new ChangeViewModel(session, "Blog", Runnable::run, Runnable::run, dir, () -> Lens.NONE, text);
        model.run().notifyWith(notices);
        return model;
    }

    private long postsOver5() {
        return blog.stream().filter(item -> item.get("SK").equals(Optional.of(AttributeValue.s("METADATA")))
                && ((AttributeValue.Str) item.get("PK").orElseThrow()).value().startsWith("POST#")
                && ((AttributeValue.Num) item.get("readingMinutes").orElseThrow()).value().toBigDecimal().intValue() > 5).count();
    }

    @Test
    void aBadChangeFile_listsEveryProblemAtItsLineAndColumn_andReadsNothing() {
        var session = session(false, ConnectionTag.LOCAL);
        var model = model(session, """
                table: Blog
                where: {entity: POST}
                set: {GSI9PK: "AUTHOR#{authorId", flag: "x"}
                remove: [flag]
                """);

        model.plan();

        assertThat(model.problems()).extracting(ChangeRows.Problem::text).anySatisfy(text -> assertThat(text).startsWith("line 3, column ")
                .contains("Unclosed '{'")).anySatisfy(text -> assertThat(text).startsWith("line 4, column 10: 'flag' is both set"));
        assertThat(model.statusProperty().get()).isEqualTo("The change file has 2 problems: nothing was read.");
        assertThat(session.reads).isEmpty();
        assertThat(model.plannedProperty().get()).isNull();
        assertThat(model.run().readyToApplyProperty().get()).isFalse();
    }

    @Test
    void theDryRun_showsTheCountsTheCostsAndEachSampleSideBySide_andWritesNothing() {
        var session = session(false, ConnectionTag.LOCAL);
        var model = model(session, BACKFILL);

        model.plan();

        var posts = postsOver5();
        assertThat(model.counts()).containsExactly(new ChangeRows.Count("updated in place", posts, false));
        assertThat(model.readCostProperty().get()).startsWith("Reads Blog once: ");
        // each post: its own write (1 KB) and GSI1's entry (ALL projection) rewritten: 2 units
        assertThat(model.writeCostProperty().get()).startsWith("Writes " + posts + " items: " + 2 * posts + " WCU");
        assertThat(model.samples()).hasSize((int) posts).allSatisfy(sample -> {
            assertThat(sample.action()).isEqualTo("updated in place");
            assertThat(sample.attributes()).filteredOn(d -> !d.mark().isEmpty()).singleElement().satisfies(d -> {
                assertThat(d.attribute()).isEqualTo("GSI9PK");
                assertThat(d.mark()).isEqualTo("+");
                assertThat(d.before()).isEmpty();
                assertThat(d.after()).startsWith("\"AUTHOR#");
            });
            assertThat(sample.attributes().getFirst().attribute()).as("what changes comes first").isEqualTo("GSI9PK");
            assertThat(sample.attributes()).filteredOn(d -> d.attribute().equals("title"))
                    .allSatisfy(d -> assertThat(d.before()).isEqualTo(d.after()).isNotEmpty());
        });
        assertThat(model.statusProperty().get()).contains(posts + " change; nothing was written");
        assertThat(session.reads).hasSize(1);
        assertThat(session.writes).isEmpty();
        assertThat(model.run().readyToApplyProperty().get()).isTrue();
    }

    @Test
    void anEditAfterThePlan_takesApplyAway_untilPlannedAgain() {
        var model = model(session(false, ConnectionTag.LOCAL), BACKFILL);
        model.plan();

        model.textProperty().set(BACKFILL.replace("> 5", "> 6"));

        assertThat(model.plannedProperty().get()).isNull();
        assertThat(model.run().readyToApplyProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).contains("edited since the plan");
    }

    @Test
    void onProduction_theReadsCostIsSaidFirst_andApplyWritesOnlyWithTheTypedTableName() throws Exception {
        var session = session(false, ConnectionTag.PRODUCTION);
        var model = model(session, BACKFILL);

        model.plan();
        assertThat(model.readQuestionProperty().get()).startsWith("Blog is on a production connection. Reads Blog once: ").endsWith("Read it to plan the change?");
        assertThat(session.reads).as("nothing is read before the yes").isEmpty();
        model.confirmRead();
        assertThat(model.plannedProperty().get()).isNotNull();

        var run = model.run();
        assertThat(run.needsTypedConfirmation()).isTrue();
        assertThat(run.readyToApplyProperty().get()).isTrue();
        assertThat(run.apply()).isCompletedExceptionally();
        assertThat(session.writes).isEmpty();
        assertThat(dir).isEmptyDirectory();

        run.confirmationProperty().set("Blog");
        var report = run.apply().get(10, TimeUnit.SECONDS);
        assertThat(report.counts().applied()).isEqualTo((int) postsOver5());
    }

    @Test
    void onAReadOnlyConnection_theChangeIsPlannedButNotApplied() {
        var session = session(true, ConnectionTag.NONE);
        var model = model(session, BACKFILL);
        assertThat(model.statusProperty().get()).contains("read-only");

        model.plan();

        assertThat(model.plannedProperty().get()).isNotNull();
        assertThat(model.run().readyToApplyProperty().get()).isFalse();
        assertThat(model.run().apply()).isCompletedExceptionally();
        assertThat(session.writes).isEmpty();
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void aBudgetThatIsNotANumberAboveZero_isSaid_andNothingIsWritten() {
        var session = session(false, ConnectionTag.LOCAL);
        var model = model(session, BACKFILL);
        model.plan();

        model.run().budgetProperty().set("fast");
        assertThat(model.run().apply()).isCompletedExceptionally();
        assertThat(model.run().errorProperty().get()).isEqualTo("The write budget is write units per second above 0, such as 200 (empty: none), not 'fast'.");
        model.run().budgetProperty().set("0");
        assertThat(model.run().apply()).isCompletedExceptionally();
        assertThat(session.writes).isEmpty();
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void apply_keepsTheChangeItsJournalAndUndoFile_reportsTheSkipped_andUndoPutsTheWrittenBack() throws Exception {
        var session = session(false, ConnectionTag.LOCAL);
        var model = model(session, BACKFILL);
        model.plan();
        var posts = (int) postsOver5();
        var edited = KeyText.values(model.plannedProperty().get().plan().changes().get(0).key());
        changedSince.add(edited);
        model.run().budgetProperty().set("500");

        var report = model.run().apply().get(10, TimeUnit.SECONDS);

        assertThat(report.counts().applied()).isEqualTo(posts - 1);
        assertThat(report.counts().skippedChanged()).isEqualTo(1);
        assertThat(model.run().countsProperty().get()).startsWith(posts + " of " + posts + " · " + (posts - 1) + " written · 0 already so · 1 skipped");
        assertThat(model.run().notable()).singleElement().satisfies(line -> assertThat(line).startsWith("skipped changed "));
        assertThat(model.run().statusProperty().get()).startsWith("Done in ");
        assertThat(notices.lines()).containsExactly("Change done | Change of Blog: " + (posts - 1) + " written, 0 already so, 1 skipped (changed since), 0 failed | ok");
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString()).sorted().toList()).satisfiesExactly(
                    f -> assertThat(f).matches("Blog-\\d{8}-\\d{6}\\.journal\\.jsonl"),
                    f -> assertThat(f).matches("Blog-\\d{8}-\\d{6}\\.undo\\.jsonl"),
                    f -> assertThat(f).matches("Blog-\\d{8}-\\d{6}\\.yaml"));
        }
        var undoFile = model.run().undoFileProperty().get();
        assertThat(UndoFile.read(undoFile).entries()).hasSize(posts - 1);
        assertThat(model.run().readyToApplyProperty().get()).as("a plan is applied once").isFalse();

        int before = session.writes.size();
        var undone = model.run().undo().get(10, TimeUnit.SECONDS);

        assertThat(undone.counts().total()).isEqualTo(posts - 1);
        assertThat(session.writes.subList(before, session.writes.size())).hasSize(posts - 1)
                .allSatisfy(write -> assertThat(keyOf(write)).isNotEqualTo(edited));
        assertThat(model.run().undoFileProperty().get()).isNull();
    }

    @Test
    void aRunStoppedHalfway_isOfferedToResume_whichWritesOnlyThePendingItems() throws Exception {
        var session = session(false, ConnectionTag.LOCAL);
        var answer = session.writer;
        var sent = new AtomicInteger();
        Function<ItemWrite, CompletableFuture<WriteResult>> stopAfterTwo = write -> sent.incrementAndGet() <= 2 ? answer.apply(write)
                : CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(ConnectionProblem.Kind.ACCESS_DENIED,
                "Not allowed to UpdateItem on Blog", null), null));
        session.writer = stopAfterTwo;
        var first = model(session, BACKFILL);
        first.plan();
        var stopped = first.run().apply().get(10, TimeUnit.SECONDS);
        assertThat(stopped.complete()).isFalse();
        assertThat(first.run().statusProperty().get()).startsWith("Stopped in ").contains("reopen Change items… to resume");
        assertThat(first.run().resumableProperty().get()).isNotNull();

        session.writer = answer;
        var reopened = model(session, "table: Blog\n");
        reopened.run().findUnfinished();
        var state = reopened.run().resumableProperty().get();
        assertThat(state.settled()).isEqualTo(2);
        assertThat(reopened.run().statusProperty().get()).contains("2 of " + postsOver5() + " items settled");
        int before = session.writes.size();

        var resumed = reopened.run().resume().get(10, TimeUnit.SECONDS);

        assertThat(resumed.complete()).isTrue();
        assertThat(session.writes.size() - before).isEqualTo((int) postsOver5() - 2);
        assertThat(reopened.textProperty().get()).isEqualTo(BACKFILL);
        assertThat(reopened.run().resumableProperty().get()).isNull();
    }

    @Test
    void theEntityTypeIsNamedAsTheAppShowsIt_withTheTablesLens() {
        var session = session(false, ConnectionTag.LOCAL);
        var model = new ChangeViewModel(session, "Blog", Runnable::run, Runnable::run, dir,
                () -> Lens.NONE.withRename("POST", "ARTICLE"), BACKFILL.replace("entity: POST", "entity: ARTICLE"));

        model.plan();

        assertThat(model.problems()).isEmpty();
        assertThat(model.counts()).containsExactly(new ChangeRows.Count("updated in place", postsOver5(), false));
    }

    @Test
    void theStartingText_fromAnEntityTypeOrASqlWhere_readsAsAChangeFile() {
        var fromEntity = ChangeText.starting("Blog", "POST", null, "title, authorId");
        assertThat(fromEntity).contains("# POST items have: title, authorId");
        var spec = ChangeFileReader.read(fromEntity + "set: {GSI9PK: \"{authorId}\"}\n");
        assertThat(spec.entity()).isEqualTo("POST");

        var fromSql = ChangeText.fromStatement("Blog", "SELECT p.title FROM POST p WHERE p.title = 'It''s \"here\"' AND readingMinutes > 5");
        var read = ChangeFileReader.read(fromSql + "remove: [legacy]\n");
        assertThat(read.entity()).isEqualTo("POST");
        assertThat(read.condition()).isEqualTo("title = 'It''s \"here\"' AND readingMinutes > 5");
        assertThat(ChangeFileReader.read(ChangeText.fromStatement("Blog", "SELECT * FROM Blog WHERE begins_with(PK, 'POST#')")
                + "remove: [legacy]\n").entity()).isNull();
        assertThat(ChangeText.fromStatement("Blog", "SELECT * FROM A JOIN B ON A.x = B.y")).startsWith("# the SQL tab's statement is not");
        assertThat(ChangeText.offset("ab\ncdef\n", 2, 3)).isEqualTo(5);
        assertThat(ChangeText.offset("ab\ncd", 9, 1)).isEqualTo(5);
    }

    @Test
    void aConditionThatDoesNotRead_isAProblemAtItsCharacter() {
        var model = model(session(false, ConnectionTag.LOCAL), ChangeText.fromStatement("Blog", "SELECT * FROM POST WHERE lower(title) = 'x'")
                + "remove: [legacy]\n");

        model.plan();

        assertThat(model.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.line()).isEqualTo(4);
            assertThat(problem.column()).isEqualTo(15); // "  condition: \"" is 14 characters
            assertThat(problem.message()).contains("lower");
        });
    }
}
