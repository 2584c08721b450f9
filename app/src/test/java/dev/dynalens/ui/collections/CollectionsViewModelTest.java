package dev.dynalens.ui.collections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.service.LensStore;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CollectionsViewModelTest {
    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("t", URI.create("http://127.0.0.1:9")));
    private final InMemoryLenses lenses = new InMemoryLenses();
    private final CollectionsViewModel model = new CollectionsViewModel(session, "Shop", Runnable::run, Runnable::run, lenses, "conn-1");

    /** Lenses kept in a map, keyed like the real store. */
    static final class InMemoryLenses implements LensStore {
        final Map<String, Lens> saved = new java.util.HashMap<>();

        @Override public Loaded load(String scope, String table) {
            return new Loaded(saved.getOrDefault(scope + "/" + table, Lens.NONE), java.util.Optional.empty());
        }
        @Override public void save(String scope, String table, Lens lens) { saved.put(scope + "/" + table, lens); }
        @Override public void export(Lens lens, java.nio.file.Path file) { throw new UnsupportedOperationException(); }
        @Override public java.nio.file.Path location(String scope, String table) { return java.nio.file.Path.of(scope, table); }
    }

    private static final TableDescription SHOP = new TableDescription("Shop", KeySchema.of("PK", "SK"),
            List.of(new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
                    IndexDescription.Projection.ALL, List.of(), null, null, "ACTIVE")),
            List.of(), 0, 0, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE",
            TableDescription.TimeToLive.unsupported());

    private static Item item(String pk, String sk, String... more) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s(sk));
        for (int i = 0; i < more.length; i += 2) attributes.put(more[i], AttributeValue.s(more[i + 1]));
        return new Item(attributes);
    }

    private static final List<Item> SHOP_ITEMS = List.of(
            item("CUSTOMER#1", "PROFILE", "name", "Ada"),
            item("CUSTOMER#1", "ORDER#2024-001", "GSI1PK", "STATUS#OPEN", "GSI1SK", "2024-01-01T10:00:00Z", "status", "OPEN"),
            item("CUSTOMER#1", "ORDER#2024-002", "GSI1PK", "STATUS#SHIPPED", "GSI1SK", "2024-02-01T10:00:00Z", "status", "SHIPPED"),
            item("CUSTOMER#2", "PROFILE", "name", "Grace"),
            item("CUSTOMER#2", "ORDER#2024-003", "GSI1PK", "STATUS#OPEN", "GSI1SK", "2024-03-01T10:00:00Z", "status", "OPEN"),
            item("PRODUCT#B1", "METADATA", "GSI1PK", "CATEGORY#books", "GSI1SK", "Dune", "title", "Dune"),
            item("PRODUCT#G1", "METADATA", "GSI1PK", "CATEGORY#games", "GSI1SK", "Go", "title", "Go"));

    @BeforeEach
    void describe() {
        session.description.complete(SHOP);
        model.loadDescription();
    }

    @Test
    void collection_groupsItsItemsByEntity_withOnlyThatEntitysColumns_inSortKeyOrder() {
        session.responder = request -> new Page(SHOP_ITEMS.subList(0, 3), null, 3, new ConsumedCapacity(0.5, null, null));
        model.partitionValueProperty().set("CUSTOMER#1");
        model.runCollection();

        var query = (ReadRequest.Query) session.reads.get(0);
        assertThat(query.partitionKeyValue()).isEqualTo(AttributeValue.s("CUSTOMER#1"));
        assertThat(model.groups()).extracting(EntityGroup::entity).containsExactly("CUSTOMER", "ORDER");
        var orders = model.groups().get(1);
        assertThat(orders.columns()).containsExactly("PK", "SK", "GSI1PK", "GSI1SK", "status");
        assertThat(orders.items()).extracting(i -> i.get("SK").orElseThrow()).containsExactly(
                AttributeValue.s("ORDER#2024-001"), AttributeValue.s("ORDER#2024-002"));
        assertThat(model.groups().get(0).columns()).containsExactly("PK", "SK", "name");
        assertThat(model.collectionStatusProperty().get()).isEqualTo("3 item(s) in 2 entity type(s) · 0.5 RCU");
        assertThat(model.requestSummaryProperty().get()).startsWith("Query Shop · PK = \"CUSTOMER#1\"");
    }

    @Test
    void overview_readsEveryPage_andShowsEntitiesIndexMeaningsAndColours() {
        session.responder = request -> {
            var start = request.exclusiveStartKey() == null ? 0 : 4;
            var end = start == 0 ? 4 : SHOP_ITEMS.size();
            Map<String, AttributeValue> last = start == 0 ? Map.of("PK", AttributeValue.s("x"), "SK", AttributeValue.s("y")) : null;
            return new Page(SHOP_ITEMS.subList(start, end), last, end - start, ConsumedCapacity.NOT_REPORTED);
        };
        model.runOverview().join();

        assertThat(session.reads).hasSize(2).allMatch(r -> r instanceof ReadRequest.Scan);
        assertThat(model.entities()).extracting(EntityRow::name, EntityRow::count)
                .contains(org.assertj.core.groups.Tuple.tuple("CUSTOMER", 2L), org.assertj.core.groups.Tuple.tuple("ORDER", 3L),
                        org.assertj.core.groups.Tuple.tuple("PRODUCT", 2L));
        assertThat(model.entities()).extracting(EntityRow::colour).doesNotHaveDuplicates();
        assertThat(model.indexMeanings()).extracting(CollectionsViewModel.IndexMeaningRow::pkTemplate,
                CollectionsViewModel.IndexMeaningRow::entity).contains(
                org.assertj.core.groups.Tuple.tuple("STATUS#{}", "ORDER"), org.assertj.core.groups.Tuple.tuple("CATEGORY#{}", "PRODUCT"));
        assertThat(model.overviewStatusProperty().get()).isEqualTo("7 items · 3 entity type(s) · 2 page(s)");
        assertThat(model.examplePartitionProperty().get()).isEqualTo("CUSTOMER#1");
        assertThat(model.overviewRunningProperty().get()).isFalse();
    }

    /**
     * An in-memory workspace answers pages faster than the analysis takes them: the overview reads at most one page
     * ahead of the analysis instead of queueing every page (a million-item workspace filled a 1 GB heap that way).
     */
    @Test
    void aSourceFasterThanTheAnalysis_isReadAtMostOnePageAhead() {
        var analysisQueue = new java.util.ArrayDeque<Runnable>();
        var slow = new CollectionsViewModel(session, "Shop", Runnable::run, analysisQueue::add, lenses, "conn-1");
        slow.loadDescription();
        while (!analysisQueue.isEmpty()) analysisQueue.poll().run();
        session.responder = request -> {
            int index = request.exclusiveStartKey() == null ? 0
                    : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("SK")).value()) + 1;
            Map<String, AttributeValue> last = index < SHOP_ITEMS.size() - 1
                    ? Map.of("PK", AttributeValue.s("x"), "SK", AttributeValue.s(String.valueOf(index))) : null;
            return new Page(List.of(SHOP_ITEMS.get(index)), last, 1, ConsumedCapacity.NOT_REPORTED);
        };

        var done = slow.runOverview();
        int mostQueued = 0;
        while (!analysisQueue.isEmpty()) {
            mostQueued = Math.max(mostQueued, analysisQueue.size());
            assertThat(session.reads.size()).isLessThanOrEqualTo(SHOP_ITEMS.size());
            analysisQueue.poll().run();
        }

        assertThat(done).isCompleted();
        assertThat(session.reads).hasSize(SHOP_ITEMS.size());
        assertThat(mostQueued).isLessThanOrEqualTo(2);
        assertThat(slow.overviewStatusProperty().get()).isEqualTo("7 items · 3 entity type(s) · 7 page(s)");
    }

    @Test
    void openPartition_queriesTheIndex() {
        session.responder = request -> new Page(List.of(SHOP_ITEMS.get(1), SHOP_ITEMS.get(4)), null, 2, ConsumedCapacity.NOT_REPORTED);
        model.openPartition("GSI1", "STATUS#OPEN");
        var query = (ReadRequest.Query) session.reads.get(0);
        assertThat(query.indexName()).isEqualTo("GSI1");
        assertThat(query.partitionKeyName()).isEqualTo("GSI1PK");
        assertThat(model.groups()).singleElement().extracting(EntityGroup::entity).isEqualTo("ORDER");
    }

    @Test
    void anIndexTemplate_fillsTheFormWithItsIndexAndTheTemplatesFixedStart_readingNothing() {
        model.prepareCollection(new CollectionsViewModel.IndexMeaningRow("GSI1", "STATUS#{}", "ORDER", 3, "#d62728"));
        assertThat(model.indexProperty().get()).isEqualTo("GSI1");
        assertThat(model.partitionValueProperty().get()).isEqualTo("STATUS#");

        model.prepareCollection(new CollectionsViewModel.IndexMeaningRow("GSI2", "CATEGORY#books#{}#{}", "PRODUCT", 1, "#9467bd"));
        assertThat(model.partitionValueProperty().get()).as("up to the first placeholder").isEqualTo("CATEGORY#books#");

        model.prepareCollection(new CollectionsViewModel.IndexMeaningRow("GSI1", "ALL_ORDERS", "ORDER", 5, "#d62728"));
        assertThat(model.partitionValueProperty().get()).as("a template without a placeholder, whole").isEqualTo("ALL_ORDERS");
        assertThat(session.reads).isEmpty();
    }

    @Test
    void cancellingTheOverview_keepsWhatWasRead() {
        model.runOverview();
        session.lastRead().complete(new Page(SHOP_ITEMS.subList(0, 3), Map.of("PK", AttributeValue.s("x"), "SK", AttributeValue.s("y")),
                3, ConsumedCapacity.NOT_REPORTED));
        var second = session.lastRead();
        model.cancelOverview();
        assertThat(second.isCancelled()).isTrue();
        assertThat(model.overviewRunningProperty().get()).isFalse();
        assertThat(model.overviewStatusProperty().get()).startsWith("Overview cancelled after 1 page(s)");
        assertThat(model.entities()).extracting(EntityRow::name).contains("CUSTOMER", "ORDER");
    }

    @Test
    void renameAndMerge_areSavedWithTheTable_andRelabelTheLoadedCollection() {
        session.responder = request -> request instanceof ReadRequest.Query
                ? new Page(SHOP_ITEMS.subList(0, 3), null, 3, ConsumedCapacity.NOT_REPORTED)
                : new Page(SHOP_ITEMS, null, SHOP_ITEMS.size(), ConsumedCapacity.NOT_REPORTED);
        model.partitionValueProperty().set("CUSTOMER#1");
        model.runCollection();

        model.renameEntity("ORDER", "Purchase").join();
        assertThat(model.groups()).extracting(EntityGroup::entity).containsExactly("CUSTOMER", "Purchase");
        model.renameEntity("Purchase", "Sale").join();
        assertThat(lenses.saved.get("conn-1/Shop").renames()).containsExactly(Map.entry("ORDER", "Sale"));

        model.runOverview().join();
        model.mergeEntities(List.of("CUSTOMER", "Sale"), "Account").join();
        assertThat(model.groups()).extracting(EntityGroup::entity).containsExactly("Account");
        assertThat(model.entities()).extracting(EntityRow::name).contains("Account", "PRODUCT").doesNotContain("CUSTOMER", "Sale");

        var reopened = new CollectionsViewModel(session, "Shop", Runnable::run, Runnable::run, lenses, "conn-1");
        reopened.loadDescription();
        reopened.runOverview().join();
        assertThat(reopened.entities()).extracting(EntityRow::name).contains("Account");

        model.resetLens().join();
        assertThat(lenses.saved.get("conn-1/Shop").isEmpty()).isTrue();
    }

    /** An overview still reading would finish with the old names: a lens change starts it over with the new ones. */
    @Test
    void aLensChangeWhileTheOverviewRuns_startsItOverWithTheNewNames() {
        model.runOverview();
        var first = session.lastRead();

        model.renameEntity("ORDER", "Purchase").join();

        assertThat(first.isCancelled()).isTrue();
        assertThat(session.reads).hasSize(2).allMatch(r -> r instanceof ReadRequest.Scan);
        session.lastRead().complete(new Page(SHOP_ITEMS, null, SHOP_ITEMS.size(), ConsumedCapacity.NOT_REPORTED));
        assertThat(model.entities()).extracting(EntityRow::name).contains("Purchase", "CUSTOMER").doesNotContain("ORDER");
        assertThat(model.overviewStatusProperty().get()).isEqualTo("7 items · 3 entity type(s) · 1 page(s)");
        assertThat(model.overviewRunningProperty().get()).isFalse();
    }

    @Test
    void split_byAttributeValueOrKeyTemplate_isSavedAndTakesItemsOutOfTheirEntity() {
        session.responder = request -> request instanceof ReadRequest.Query
                ? new Page(SHOP_ITEMS.subList(0, 3), null, 3, ConsumedCapacity.NOT_REPORTED)
                : new Page(SHOP_ITEMS, null, SHOP_ITEMS.size(), ConsumedCapacity.NOT_REPORTED);
        model.partitionValueProperty().set("CUSTOMER#1");
        model.runCollection();
        model.renameEntity("ORDER", "Purchase").join();

        model.splitEntity("Purchase", "status", "SHIPPED", "ShippedOrder").join();

        assertThat(model.groups()).extracting(EntityGroup::entity).containsExactly("CUSTOMER", "Purchase", "ShippedOrder");
        assertThat(lenses.saved.get("conn-1/Shop").splits()).containsExactly(
                new Lens.Split("ORDER", new Lens.AttributeEquals("status", "SHIPPED"), "ShippedOrder"));

        model.resetLens().join();
        model.splitEntityByKeyTemplate("CUSTOMER", true, "PROFILE", "Profile").join();
        assertThat(model.groups()).extracting(EntityGroup::entity).contains("Profile").doesNotContain("CUSTOMER");
        assertThat(lenses.saved.get("conn-1/Shop").splits().getFirst().when()).isEqualTo(new Lens.SkTemplate("PROFILE"));
    }

    @Test
    void theOverview_measuresEachEntitysAverageAndLargestItem_asDynamoDbCountsThem() {
        session.responder = request -> new Page(SHOP_ITEMS, null, SHOP_ITEMS.size(), ConsumedCapacity.NOT_REPORTED);
        model.loadDescription();

        model.runOverview().join();

        var customer = model.entities().stream().filter(r -> r.name().equals("CUSTOMER")).findFirst().orElseThrow();
        var profiles = SHOP_ITEMS.stream().filter(i -> i.attributes().get("SK").equals(AttributeValue.s("PROFILE"))).toList();
        var sizes = profiles.stream().mapToLong(dev.dynalens.domain.capacity.ItemSizeCalculator::sizeOf).toArray();
        assertThat(customer.sizes().items()).isEqualTo(profiles.size());
        assertThat(customer.sizes().largestBytes()).isEqualTo(java.util.Arrays.stream(sizes).max().orElseThrow());
        assertThat(customer.sizes().totalBytes()).isEqualTo(java.util.Arrays.stream(sizes).sum());
        assertThat(customer.largestSizeText()).isEqualTo(java.util.Arrays.stream(sizes).max().orElseThrow() + " B");
    }

    @Test
    void aCollectionWithoutAPartitionValue_explains() {
        model.runCollection();
        assertThat(session.reads).isEmpty();
        assertThat(model.errorProperty().get()).contains("partition key value (PK)");
    }
}
