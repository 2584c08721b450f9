package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnalyzeTableTest {
    private static final Duration INTERVAL = Duration.ofMillis(250);
    private static final TableDescription SHOP = new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(), List.of(), 0, 0,
            TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());

    private final FakeDynamoSession fake = new FakeDynamoSession(ConnectionProfile.local("local", URI.create("http://localhost:1")));
    /** The clock the snapshots are timed by; a test moves it. */
    private final long[] now = {0};

    private static Item item(String pk, String sk) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s(sk));
        return new Item(attributes);
    }

    /** Two customers with two orders each, and four products. */
    private static final List<Item> ITEMS = List.of(item("CUSTOMER#1", "PROFILE"), item("CUSTOMER#1", "ORDER#1"),
            item("CUSTOMER#1", "ORDER#2"), item("CUSTOMER#2", "PROFILE"), item("CUSTOMER#2", "ORDER#3"), item("CUSTOMER#2", "ORDER#4"),
            item("PRODUCT#1", "METADATA"), item("PRODUCT#2", "METADATA"), item("PRODUCT#3", "METADATA"), item("PRODUCT#4", "METADATA"));

    /** ITEMS in pages of two, continued by the index of the next item. */
    private static Page inPagesOfTwo(ReadRequest request) {
        int start = request.exclusiveStartKey() == null ? 0 : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("i")).value());
        int end = Math.min(start + 2, ITEMS.size());
        return new Page(ITEMS.subList(start, end), end < ITEMS.size() ? Map.of("i", AttributeValue.s(Integer.toString(end))) : null,
                end - start, ConsumedCapacity.NOT_REPORTED);
    }

    private AnalyzeTable analyzeOn(java.util.concurrent.Executor analysis) {
        return new AnalyzeTable(fake, analysis, () -> now[0], INTERVAL);
    }

    @Test
    void aWorkspace_isAnalysedWholly_throughItsScanPages() throws IOException {
        var workspace = new WorkspaceSession(WorkspaceFiles.read(Path.of("samples/online-shop.json"), WorkspaceOptions.NONE), Runnable::run);
        var description = workspace.describeTable("OnlineShop").join();

        var analysed = new AnalyzeTable(workspace, Runnable::run).start(description, Lens.NONE, progress -> { }).result().join();

        assertThat(analysed.complete()).isTrue();
        assertThat(analysed.itemCount()).isEqualTo(108);
        assertThat(analysed.analysis().entityCounts()).containsExactly(Map.entry("ITEM", 60L), Map.entry("ORDER", 25L),
                Map.entry("PRODUCT", 15L), Map.entry("CUSTOMER", 8L));
        assertThat(analysed.analysis().index("GSI1").orElseThrow().meanings()).containsExactly(
                new TableAnalysis.Meaning("STATUS#{}", "ORDER", 25), new TableAnalysis.Meaning("CATEGORY#{}", "PRODUCT", 15));
        assertThat(analysed.analysis().entity("ORDER").orElseThrow().sizes().measured()).as("sizes are measured when asked").isFalse();
    }

    @Test
    void snapshots_comeAfterTheFirstPage_andThenAtMostOncePerInterval() {
        fake.responder = AnalyzeTableTest::inPagesOfTwo;
        var progress = new ArrayList<AnalyzeTable.Progress>();
        // Each page takes 100 ms to analyse: with a 250 ms interval, snapshots after pages 1 and 4.
        AnalyzeTable.PageObserver slow = (items, analyzer) -> now[0] += Duration.ofMillis(100).toNanos();

        var analysed = analyzeOn(Runnable::run).start(SHOP, Lens.NONE, slow, progress::add).result().join();

        assertThat(progress).extracting(AnalyzeTable.Progress::pages).containsExactly(1L, 4L);
        assertThat(progress).extracting(AnalyzeTable.Progress::items).containsExactly(2L, 8L);
        assertThat(progress.get(1).snapshot().entityCounts()).containsEntry("ORDER", 4L).containsEntry("PRODUCT", 2L);
        assertThat(analysed.pages()).isEqualTo(5);
        assertThat(analysed.itemCount()).isEqualTo(10);
        assertThat(analysed.analysis().entityCounts()).containsEntry("CUSTOMER", 2L).containsEntry("ORDER", 4L).containsEntry("PRODUCT", 4L);
    }

    @Test
    void theLens_namesTheEntities_andTheObserverSeesEachPageWithTheAnalyzer() {
        fake.responder = AnalyzeTableTest::inPagesOfTwo;
        var named = new ArrayList<String>();
        var lens = new Lens(Map.of("ORDER", "Purchase"), List.of(), List.of());

        var analysed = analyzeOn(Runnable::run).measuringItemSizes()
                .start(SHOP, lens, (items, analyzer) -> items.forEach(item -> named.add(analyzer.entityOf(item))), progress -> { })
                .result().join();

        assertThat(named).hasSize(10).containsSubsequence("CUSTOMER", "Purchase", "Purchase");
        assertThat(analysed.analysis().entityCounts()).containsEntry("Purchase", 4L).doesNotContainKey("ORDER");
        assertThat(analysed.analysis().entity("Purchase").orElseThrow().sizes().items()).isEqualTo(4);
        assertThat(analysed.naming().entityOf(item("CUSTOMER#9", "ORDER#9"))).isEqualTo("Purchase");
    }

    /** An in-memory workspace answers at once: the analysis is at most one page behind the reads, however slow it is. */
    @Test
    void aSourceFasterThanTheAnalysis_isReadAtMostOnePageAhead() {
        fake.responder = AnalyzeTableTest::inPagesOfTwo;
        var analysis = new ArrayDeque<Runnable>();
        var analysedPages = new int[1];

        var job = analyzeOn(analysis::add).start(SHOP, Lens.NONE, (items, analyzer) -> analysedPages[0]++, progress -> { });
        while (!analysis.isEmpty()) {
            assertThat(fake.reads.size()).isLessThanOrEqualTo(analysedPages[0] + 2);
            var task = analysis.poll();
            task.run();
        }

        assertThat(job.result().join().itemCount()).isEqualTo(10);
        assertThat(fake.reads).hasSize(5);
    }

    @Test
    void cancel_abortsTheReadInFlight_andEndsWithTheAnalysisOfWhatWasRead() {
        var job = analyzeOn(Runnable::run).start(SHOP, Lens.NONE, progress -> { });
        fake.lastRead().complete(inPagesOfTwo(fake.reads.getFirst()));
        var second = fake.lastRead();

        job.cancel();

        assertThat(second).isCancelled();
        var analysed = job.result().join();
        assertThat(analysed.complete()).isFalse();
        assertThat(analysed.pages()).isEqualTo(1);
        assertThat(analysed.analysis().entityCounts()).containsExactly(Map.entry("CUSTOMER", 1L), Map.entry("ORDER", 1L));
    }

    @Test
    void aFailedRead_failsTheAnalysis() {
        var job = analyzeOn(Runnable::run).start(SHOP, Lens.NONE, progress -> { });
        fake.lastRead().complete(inPagesOfTwo(fake.reads.getFirst()));

        fake.lastRead().completeExceptionally(new IllegalStateException("Throughput exceeds the current capacity"));

        assertThat(job.result()).isCompletedExceptionally();
        assertThat(job.result().handle((ok, failure) -> failure.getMessage()).join()).contains("Throughput exceeds");
    }

    @Test
    void anObserverThatThrows_failsTheAnalysis_andStopsReading() {
        var job = analyzeOn(Runnable::run).start(SHOP, Lens.NONE, (items, analyzer) -> {
            throw new IllegalStateException("out of room for the keys");
        }, progress -> { });

        fake.lastRead().complete(inPagesOfTwo(fake.reads.getFirst()));

        assertThat(job.result().handle((ok, failure) -> failure.getMessage()).join()).contains("out of room for the keys");
        assertThat(fake.lastRead()).isCancelled();
        assertThat(fake.reads).hasSize(2);
    }
}
