package dev.dynalens.ui.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.RecordedNotices;
import dev.dynalens.usecase.support.TableReads;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StalenessViewModelTest {
    private static final int PAGE = 25;
    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("t", URI.create("http://127.0.0.1:9")));
    private final StalenessViewModel model = new StalenessViewModel(session, "Blog", Runnable::run, Runnable::run);
    private final SampleModels.Sample blog = SampleModels.load(SampleModels.BLOG);

    @BeforeEach
    void describe() {
        var keys = blog.keys();
        var indexes = keys.indexes().entrySet().stream().map(e -> new IndexDescription(e.getKey(), IndexDescription.Kind.GLOBAL,
                e.getValue(), IndexDescription.Projection.ALL, List.of(), null, null, "ACTIVE")).toList();
        // DescribeTable's figures of the sample: a table that fits one page reads in one segment.
        session.description.complete(new TableDescription("Blog", keys.keySchema(), indexes, List.of(), 88, 30_000,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
    }

    /** The blog's items in pages of {@value #PAGE}; the start key carries the offset. */
    private Page page(ReadRequest request) {
        var start = request.exclusiveStartKey() == null ? 0 : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("at")).value());
        var end = Math.min(blog.items().size(), start + PAGE);
        Map<String, AttributeValue> last = end < blog.items().size() ? Map.of("at", AttributeValue.s(Integer.toString(end))) : null;
        return new Page(blog.items().subList(start, end), last, end - start, ConsumedCapacity.NOT_REPORTED);
    }

    private int pagesPerPass() {
        return (blog.items().size() + PAGE - 1) / PAGE;
    }

    @Test
    void run_infersTheRules_andListsExactlyTheSixStaleCopiesAndTwoOrphans() {
        session.responder = this::page;
        model.run().join();

        // One read of the table (issue 14; five before), and the tag entries' copies of their post among the rules.
        assertThat(session.reads).hasSize(pagesPerPass()).allMatch(r -> r instanceof ReadRequest.Scan);
        assertThat(model.rules()).extracting(r -> r.spec() + " " + r.copies() + "/" + r.stale() + "/" + r.orphans())
                .containsExactlyInAnyOrder("POST.authorName=USER.name@authorId 16/3/0", "COMMENT.commenterName=USER.name@commenterId 40/2/2",
                        "TAG→POST.author.name=USER.name@author.id 24/1/0", "TAG→POST.title=POST.title@SK:2 24/0/0",
                        "TAG→POST.author.id=POST.authorId@SK:2 24/0/0");
        assertThat(model.staleCopies()).hasSize(6).allSatisfy(row -> {
            assertThat(row.copyValue()).isEqualTo("Priya Raman");
            assertThat(row.sourceValue()).isEqualTo("Priya Natarajan");
            assertThat(row.sourceKey()).isEqualTo("USER#102 / PROFILE");
        });
        assertThat(model.staleCopies()).extracting(StaleRow::attribute)
                .containsOnly("authorName", "commenterName", "author.name");
        assertThat(model.orphans()).extracting(OrphanRow::copyKey).containsExactlyInAnyOrder(
                "POST#single-table-design-in-practice / COMMENT#2024-01-19T10:11:00Z#c0003",
                "POST#adjacency-lists-for-many-to-many / COMMENT#2024-03-29T07:55:00Z#c0013");
        assertThat(model.orphans()).extracting(OrphanRow::reference).containsOnly("109");
        assertThat(model.statusProperty().get()).isEqualTo("5 rule(s) · 6 stale copies · 2 orphan(s)");
        assertThat(model.costProperty().get()).isEqualTo("Read: 4 requests (the endpoint reports no consumed capacity)");
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.errorProperty().get()).isEmpty();
    }

    @Test
    void repairPlan_coversEveryStaleCopyOfACompleteDetection_andIsUnavailableBefore() {
        assertThat(model.repairPlan()).isEmpty();
        assertThat(model.repairUnavailableReason()).contains("Find stale copies first");
        session.responder = this::page;

        model.run().join();

        var plan = model.repairPlan().orElseThrow();
        assertThat(plan.tableName()).isEqualTo("Blog");
        assertThat(plan.steps()).hasSize(6);
        assertThat(plan.steps()).extracting(step -> step.copyPath().render()).containsOnly("authorName", "commenterName", "author.name");
        assertThat(model.repairUnavailableReason()).isEmpty();
        assertThat(model.newRepair(java.nio.file.Path.of("unused"))).get().extracting(f -> f.steps().size()).isEqualTo(6);
    }

    @Test
    void aRepairStartedHere_tellsTheNotifierWhenItEnds(@org.junit.jupiter.api.io.TempDir java.nio.file.Path journals) throws Exception {
        session.responder = this::page;
        session.writer = write -> java.util.concurrent.CompletableFuture.completedFuture(new dev.dynalens.domain.write.WriteResult(
                dev.dynalens.domain.write.WriteResult.Status.APPLIED, java.util.Optional.empty(), ConsumedCapacity.NOT_REPORTED));
        var notices = new RecordedNotices();
        model.notifyWith(notices);
        model.run().join();

        model.newRepair(journals).orElseThrow().apply().get(10, java.util.concurrent.TimeUnit.SECONDS);

        assertThat(session.writes).hasSize(6);
        assertThat(notices.lines()).containsExactly("Repair finished | Repair of Blog: 6 updated, 0 skipped (changed), 0 failed | ok");
    }

    /** A lens store in memory, as the collections view and this view share it. */
    private static final class MemoryLenses implements dev.dynalens.service.LensStore {
        final Map<String, dev.dynalens.domain.inference.Lens> saved = new java.util.HashMap<>();

        @Override public Loaded load(String scope, String table) {
            return new Loaded(saved.getOrDefault(scope + "/" + table, dev.dynalens.domain.inference.Lens.NONE), java.util.Optional.empty());
        }
        @Override public void save(String scope, String table, dev.dynalens.domain.inference.Lens lens) { saved.put(scope + "/" + table, lens); }
        @Override public void export(dev.dynalens.domain.inference.Lens lens, java.nio.file.Path file) { }
        @Override public java.nio.file.Path location(String scope, String table) { return java.nio.file.Path.of(table + ".json"); }
    }

    @Test
    void confirmedRules_areSavedWithTheLens_andTheNextRunChecksOnlyThem() {
        var lenses = new MemoryLenses();
        lenses.save("conn", "Blog", dev.dynalens.domain.inference.Lens.NONE.withRename("POST", "Post"));
        var withLens = new StalenessViewModel(session, "Blog", Runnable::run, Runnable::run, lenses, "conn");
        session.responder = this::page;
        withLens.run().join();
        assertThat(withLens.rules()).hasSize(5);
        int readsOfAFullRun = session.reads.size();

        withLens.confirmRule("COMMENT.commenterName=USER.name@commenterId");

        var stored = lenses.load("conn", "Blog").lens();
        assertThat(stored.rules().confirmed()).containsExactly("COMMENT.commenterName=USER.name@commenterId");
        assertThat(stored.renames()).containsEntry("POST", "Post");
        assertThat(withLens.isConfirmed("COMMENT.commenterName=USER.name@commenterId")).isTrue();
        session.reads.clear();
        withLens.run().join();
        assertThat(withLens.rules()).extracting(RuleRow::spec).containsExactly("COMMENT.commenterName=USER.name@commenterId");
        assertThat(withLens.staleCopies()).hasSize(2);
        // One read either way (issue 14): with no kept read to reuse, the table is read again, once.
        assertThat(session.reads.size()).isEqualTo(readsOfAFullRun);

        var reopened = new StalenessViewModel(session, "Blog", Runnable::run, Runnable::run, lenses, "conn");
        assertThat(reopened.ruleChoicesProperty().get().confirmed()).containsExactly("COMMENT.commenterName=USER.name@commenterId");
    }

    @Test
    void aRemovedRule_isNotInferredAgain_andAnInvalidSpecIsRefusedWithItsReason() {
        var lenses = new MemoryLenses();
        var withLens = new StalenessViewModel(session, "Blog", Runnable::run, Runnable::run, lenses, "conn");
        session.responder = this::page;

        withLens.removeRule("POST.authorName=USER.name@authorId");
        withLens.run().join();

        assertThat(withLens.rules()).extracting(RuleRow::spec).hasSize(4)
                .doesNotContain("POST.authorName=USER.name@authorId");
        assertThat(withLens.addRule("POST.authorName USER.name", null)).get().asString().isNotBlank();
        assertThat(withLens.addRule(" POST.authorName = USER.name @ authorId ", null)).isEmpty();
        assertThat(lenses.load("conn", "Blog").lens().rules()).isEqualTo(new dev.dynalens.domain.inference.Lens.RuleChoices(
                List.of("POST.authorName=USER.name@authorId"), List.of()));
        withLens.resetRules();
        assertThat(lenses.load("conn", "Blog").lens().rules().isEmpty()).isTrue();
    }

    @Test
    void staleSourceValue_marksTheStaleCellOfAnItem_byItsKeyAndTopLevelAttribute() {
        session.responder = this::page;
        model.run().join();

        var tagged = item("TAG#dynamodb", "POST#2024-01-18T14:30:00Z#single-table-design-in-practice");
        assertThat(model.staleSourceValue(tagged, "author")).contains("Priya Natarajan");
        assertThat(model.staleCellsProperty().get().find(tagged, "author")).get()
                .extracting(StaleRow::explanation).asString()
                .startsWith("Source USER#102 / PROFILE name is now Priya Natarajan");
        assertThat(model.staleSourceValue(tagged, "title")).isEmpty();
        assertThat(model.staleSourceValue(item("POST#choosing-sort-keys", "METADATA"), "authorName")).contains("Priya Natarajan");
        assertThat(model.staleSourceValue(item("POST#nope", "METADATA"), "authorName")).isEmpty();
    }

    @Test
    void progress_namesTheStepAndTheItemsRead() {
        model.run();
        session.lastRead().complete(page(session.reads.getLast()));
        assertThat(model.statusProperty().get()).isEqualTo("Reading the table · 25 items");
        assertThat(model.runningProperty().get()).isTrue();
    }

    @Test
    void cancel_duringTheRead_listsNothing_andSaysWhereItStopped() {
        model.run();
        for (int i = 0; i < pagesPerPass() - 1; i++) { // every page but the last
            session.lastRead().complete(page(session.reads.getLast()));
        }
        var pending = session.lastRead();
        model.cancel();

        assertThat(pending.isCancelled()).isTrue();
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).isEqualTo("Cancelled while reading the table · 75 items; no stale copies listed");
        assertThat(model.staleCopies()).isEmpty();
        assertThat(model.errorProperty().get()).isEmpty();
    }

    @Test
    void cancel_beforeDetection_keepsNoFindings_andSaysSo() {
        model.run();
        session.lastRead().complete(page(session.reads.getLast()));
        model.cancel();
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).isEqualTo("Cancelled while reading the table · 25 items; no stale copies listed");
        assertThat(model.staleCopies()).isEmpty();
    }

    @Test
    void aProductionTable_showsTheCost_andIsReadOnlyOnceConfirmed() {
        var production = new FakeDynamoSession(dev.dynalens.domain.connection.ConnectionProfile.create("prod",
                new dev.dynalens.domain.connection.CredentialsSource.LocalPlaceholder(), "us-east-1", URI.create("http://127.0.0.1:9"), false,
                dev.dynalens.domain.connection.ConnectionTag.PRODUCTION));
        production.description = session.description;
        production.responder = this::page;
        var guarded = new StalenessViewModel(production, "Blog", Runnable::run, Runnable::run);

        guarded.run().join();

        assertThat(production.reads).isEmpty();
        assertThat(guarded.awaitingConfirmationProperty().get()).isNotNull();
        assertThat(guarded.costProperty().get()).isEqualTo("Reads Blog once: about 4 read units (eventually consistent, 29.3 KB), 1 request");
        assertThat(guarded.statusProperty().get()).isEqualTo("Blog is on a production connection: confirm the read to find stale copies");
        assertThat(guarded.runningProperty().get()).isFalse();

        guarded.confirmRead().join();

        assertThat(guarded.awaitingConfirmationProperty().get()).isNull();
        assertThat(production.reads).hasSize(pagesPerPass());
        assertThat(guarded.staleCopies()).hasSize(6);
    }

    /**
     * A tab that reads its table from an export: DescribeTable gives the export's billed size, but its Scans read the
     * export's files, so the cost line says that instead of read units, before the read and after it.
     */
    @Test
    void aTableReadFromItsExport_saysItsReadCostsNoReadCapacity_beforeAndAfter() {
        session.responder = this::page;
        var costs = new java.util.ArrayList<String>();
        model.costProperty().addListener((obs, old, now) -> costs.add(now));
        model.readingExport();

        model.run().join();

        assertThat(model.staleCopies()).hasSize(6);
        assertThat(costs).containsExactly(
                "Reads Blog once from the export's files: no read capacity of the table (S3 bills its GET requests)",
                "Read: 4 requests answered from the export's files, no read capacity of the table");
    }

    @Test
    void aProductionReadDeclined_sendsNothing() {
        var production = new FakeDynamoSession(dev.dynalens.domain.connection.ConnectionProfile.create("prod",
                new dev.dynalens.domain.connection.CredentialsSource.LocalPlaceholder(), "us-east-1", URI.create("http://127.0.0.1:9"), false,
                dev.dynalens.domain.connection.ConnectionTag.PRODUCTION));
        production.description = session.description;
        production.responder = this::page;
        var guarded = new StalenessViewModel(production, "Blog", Runnable::run, Runnable::run);
        guarded.run().join();

        guarded.declineRead();

        assertThat(guarded.awaitingConfirmationProperty().get()).isNull();
        assertThat(guarded.statusProperty().get()).isEqualTo("Not read: nothing was sent");
        assertThat(production.reads).isEmpty();
    }

    @Test
    void aReadKeptForTheTable_isReused_untilReadAgain() {
        var reads = new TableReads();
        var keeping = new StalenessViewModel(session, "Blog", Runnable::run, Runnable::run, null, null, reads);
        session.responder = this::page;
        keeping.run().join();
        int oneRead = session.reads.size();

        keeping.run().join();

        assertThat(session.reads).hasSize(oneRead);
        assertThat(keeping.staleCopies()).hasSize(6);
        assertThat(keeping.costProperty().get()).isEqualTo("Read: nothing read (an earlier read reused)");

        keeping.readAgain().join();
        assertThat(session.reads).hasSize(2 * oneRead);
        keeping.close();
        assertThat(reads.describeCurrent()).isEmpty();
    }

    @Test
    void aFailedRead_isShown() {
        session.responder = request -> {
            throw new IllegalStateException("throttled");
        };
        model.run().join();
        assertThat(model.errorProperty().get()).isEqualTo("Finding stale copies failed: throttled");
        assertThat(model.runningProperty().get()).isFalse();
    }

    private static Item item(String pk, String sk) {
        return new Item(Map.of("PK", AttributeValue.s(pk), "SK", AttributeValue.s(sk)));
    }
}
