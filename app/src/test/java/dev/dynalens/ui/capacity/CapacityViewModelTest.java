package dev.dynalens.ui.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.ui.capacity.CapacityViewModel.AttributeBar;
import dev.dynalens.ui.capacity.CapacityViewModel.EntitySize;
import dev.dynalens.ui.capacity.CapacityViewModel.OperationCost;
import dev.dynalens.ui.collections.EntityGroup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class CapacityViewModelTest {
    private final List<Runnable> fxQueue = new ArrayList<>();
    private final Executor fx = fxQueue::add;
    private final CapacityViewModel model = new CapacityViewModel(Runnable::run, fx);

    private void runFx() {
        while (!fxQueue.isEmpty()) fxQueue.removeFirst().run();
    }

    private static Item item(String pk, String sk, String payload) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s(sk));
        attributes.put("body", AttributeValue.s(payload));
        return new Item(attributes);
    }

    @Test
    void withoutASelection_nothingIsShown() {
        assertThat(model.hasItemProperty().get()).isFalse();
        assertThat(model.bars()).isEmpty();
        assertThat(model.costs()).isEmpty();
        assertThat(model.collectionSummaryProperty().get()).startsWith("Open a collection");
    }

    /** 2 + 6 (PK) + 2 + 7 (SK) + 4 + 5,000 (body) = 5,021 bytes: two 4 KB read units, five 1 KB write units. */
    @Test
    void aSelectedItem_showsItsSizeBarsCostsAndDistanceToTheLimit() {
        model.keySchemaProperty().set(KeySchema.of("PK", "SK"));
        model.itemProperty().set(item("USER#1", "PROFILE", "x".repeat(5_000)));

        assertThat(model.hasItemProperty().get()).isTrue();
        assertThat(model.titleProperty().get()).isEqualTo("PK = USER#1 · SK = PROFILE");
        assertThat(model.sizeSummaryProperty().get()).isEqualTo("5,021 bytes (4.9 KB) in 3 attribute(s)");
        assertThat(model.limitSummaryProperty().get()).isEqualTo("1.2 % of the 400 KB item limit · 404,579 bytes (395.1 KB) to spare");
        assertThat(model.limitShareProperty().get()).isEqualTo(5_021 / 409_600.0);
        assertThat(model.bars()).extracting(AttributeBar::name, AttributeBar::bytes).containsExactly(
                org.assertj.core.groups.Tuple.tuple("body", 5_004L), org.assertj.core.groups.Tuple.tuple("SK", 9L),
                org.assertj.core.groups.Tuple.tuple("PK", 8L));
        assertThat(model.bars().getFirst().share()).isEqualTo(5_004 / 5_021.0);
        assertThat(model.bars().getFirst().label()).isEqualTo("5,004 B · 99.7 %");
        assertThat(model.costs()).extracting(OperationCost::operation, OperationCost::units).containsExactly(
                org.assertj.core.groups.Tuple.tuple("GetItem, eventually consistent", "1 RCU"),
                org.assertj.core.groups.Tuple.tuple("GetItem, strongly consistent", "2 RCU"),
                org.assertj.core.groups.Tuple.tuple("TransactGetItems", "4 RCU"),
                org.assertj.core.groups.Tuple.tuple("Query or Scan reading only this item", "1 RCU"),
                org.assertj.core.groups.Tuple.tuple("PutItem (new item)", "5 WCU"),
                org.assertj.core.groups.Tuple.tuple("UpdateItem (same size after)", "5 WCU"),
                org.assertj.core.groups.Tuple.tuple("DeleteItem", "5 WCU"),
                org.assertj.core.groups.Tuple.tuple("TransactWriteItems (Put)", "10 WCU"),
                org.assertj.core.groups.Tuple.tuple("Conditional write that fails", "5 WCU"));
        assertThat(model.warnings()).isEmpty();
    }

    /**
     * In a tab that reads its table from an export a Scan reads the export's files: no read capacity of the table. What pins
     * a key (GetItem, Query) and writes still go to the live table, at the units shown.
     */
    @Test
    void inATabReadFromAnExport_aScanCostsNoReadCapacity_andAQueryIsTheLiveTables() {
        model.readingExport();
        model.keySchemaProperty().set(KeySchema.of("PK", "SK"));
        model.itemProperty().set(item("USER#1", "PROFILE", "x".repeat(5_000)));

        assertThat(model.costs()).extracting(OperationCost::operation, OperationCost::units, OperationCost::rule).contains(
                org.assertj.core.groups.Tuple.tuple("Query reading only this item (the live table)", "1 RCU",
                        "items read are summed, then rounded up to 4 KB"),
                org.assertj.core.groups.Tuple.tuple("Scan in this tab", "no RCU",
                        "reads the export's files: no read capacity of the table"));
        assertThat(model.costs()).extracting(OperationCost::operation).doesNotContain("Query or Scan reading only this item");
    }

    @Test
    void anItemOverTheLimit_orWithAnOversizedKey_isWarnedAbout() {
        model.keySchemaProperty().set(KeySchema.of("PK", "SK"));
        model.itemProperty().set(item("P".repeat(2_100), "S", "x".repeat(409_600)));   // 2 + 2,100 + 2 + 1 + 4 + 409,600 = 411,709 bytes

        assertThat(model.limitShareProperty().get()).isEqualTo(1.0);
        assertThat(model.limitSummaryProperty().get()).isEqualTo("Over the 400 KB item limit by 2,109 bytes: DynamoDB refuses to write it");
        assertThat(model.warnings()).hasSize(2);
        assertThat(model.warnings().get(0)).contains("over DynamoDB's 400 KB");
        assertThat(model.warnings().get(1)).isEqualTo("The partition key PK is 2,100 bytes; DynamoDB allows at most 2,048");
    }

    @Test
    void theKeySchemaArrivingLater_updatesTheTitleAndKeyChecks() {
        model.itemProperty().set(item("P".repeat(2_100), "S", "x"));
        assertThat(model.titleProperty().get()).isEqualTo("Selected item");
        assertThat(model.warnings()).isEmpty();

        model.keySchemaProperty().set(KeySchema.of("PK", "SK"));

        assertThat(model.titleProperty().get()).startsWith("PK = PPP");
        assertThat(model.warnings()).hasSize(1);
    }

    @Test
    void clearingTheSelection_clearsTheCalculator() {
        model.itemProperty().set(item("A", "B", "c"));
        model.itemProperty().set(null);
        assertThat(model.hasItemProperty().get()).isFalse();
        assertThat(model.bars()).isEmpty();
        assertThat(model.sizeSummaryProperty().get()).isEmpty();
    }

    /**
     * Users of 1,000 bytes and orders of 3,000: a Query of the whole collection sums 2 × 1,000 + 3 × 3,000 =
     * 11,000 bytes (3 units of 4 KB), while reading them one by one rounds each (2 + 3 × 1 units).
     */
    @Test
    void aCollection_isSummarisedByEntityType_onTheFxExecutor() {
        var users = List.of(sized("USER#1", "A", 1_000), sized("USER#1", "B", 1_000));
        var orders = List.of(sized("USER#1", "O1", 3_000), sized("USER#1", "O2", 3_000), sized("USER#1", "O3", 3_000));

        model.showCollection(List.of(group("USER", users), group("ORDER", orders)), true);
        assertThat(model.entities()).isEmpty();
        runFx();

        assertThat(model.entities()).extracting(EntitySize::entity, EntitySize::items, EntitySize::averageBytes, EntitySize::largestBytes,
                EntitySize::queryCost).containsExactly(
                org.assertj.core.groups.Tuple.tuple("USER", 2, 1_000L, 1_000L, "0.5 RCU / 1 RCU"),
                org.assertj.core.groups.Tuple.tuple("ORDER", 3, 3_000L, 3_000L, "1.5 RCU / 3 RCU"));
        assertThat(model.collectionSummaryProperty().get()).isEqualTo("Whole collection: 5 item(s), 11,000 bytes (10.7 KB). One Query reading "
                + "all of it: 1.5 RCU eventually consistent, 3 RCU strongly consistent. The same items one by one (BatchGetItem): 2.5 RCU / 5 RCU.");
    }

    @Test
    void aLaterCollection_winsOverAnEarlierOneStillInFlight() {
        model.showCollection(List.of(group("USER", List.of(sized("U", "1", 100)))), false);
        model.showCollection(List.of(group("ORDER", List.of(sized("O", "1", 100)))), false);
        runFx();
        assertThat(model.entities()).extracting(EntitySize::entity).containsExactly("ORDER");
        assertThat(model.collectionSummaryProperty().get()).startsWith("Whole collection (pages loaded so far): 1 item(s)");

        model.showCollection(List.of(), true);
        runFx();
        assertThat(model.entities()).isEmpty();
        assertThat(model.collectionSummaryProperty().get()).startsWith("Open a collection");
    }

    /** An item of exactly {@code bytes}: PK and SK, and a body filling the rest. */
    private static Item sized(String pk, String sk, int bytes) {
        int overhead = 2 + pk.length() + 2 + sk.length() + 4;
        return item(pk, sk, "x".repeat(bytes - overhead));
    }

    private static EntityGroup group(String entity, List<Item> items) {
        return new EntityGroup(entity, "#336699", "", List.of("PK", "SK", "body"), items);
    }
}
