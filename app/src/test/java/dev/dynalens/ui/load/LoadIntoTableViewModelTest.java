package dev.dynalens.ui.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.load.LoadProgress;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.RecordedNotices;
import dev.dynalens.usecase.LoadIntoTable;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The load dialog's model without a toolkit: the notice a load leaves when it ends without writing (cancelled while
 * reading the source, or failed), the production confirmation, and the progress text.
 */
class LoadIntoTableViewModelTest {
    private final ConnectionProfile local = ConnectionProfile.local("local", URI.create("http://localhost:1"));
    private final FakeDynamoSession source = new FakeDynamoSession(local);
    private final RecordedNotices notices = new RecordedNotices();

    /** Every write of this target is unsupported: nothing may be written. */
    private final FakeDynamoSession target = new FakeDynamoSession(local);

    private LoadIntoTableViewModel model() {
        var model = new LoadIntoTableViewModel(new LoadIntoTable(), source, "Shop", List.of(local), profile -> target, Runnable::run);
        model.targetTableProperty().set("ShopCopy");
        model.notifyWith(notices);
        return model;
    }

    @Test
    void cancelledWhileReadingTheSource_notifiesThatNothingWasWritten() {
        source.description.complete(new TableDescription("Shop", KeySchema.of("PK", null), List.of(), List.of(), 2, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        var model = model();
        var result = model.start();

        model.cancel();
        source.pendingReads.getFirst().complete(new Page(List.of(new Item(Map.of("PK", AttributeValue.s("a")))), null, 1,
                ConsumedCapacity.NOT_REPORTED));

        assertThat(result.join()).isNull();
        assertThat(notices.lines()).containsExactly("Load cancelled | Load of Shop into ShopCopy on local cancelled before anything was written. | failed");
    }

    @Test
    void aSourceThatCannotBeRead_notifiesWithTheReason() {
        source.description.completeExceptionally(new DynamoAccessException(
                new ConnectionProblem(ConnectionProblem.Kind.ACCESS_DENIED, "Not allowed to DescribeTable Shop", null), null));

        model().start().join();

        assertThat(notices.lines()).containsExactly("Load failed | Load of Shop into ShopCopy on local failed: Not allowed to DescribeTable Shop | failed");
    }

    // ---- production targets ----

    private final ConnectionProfile production = ConnectionProfile.create("prod", new CredentialsSource.DefaultChain(), "eu-west-1", null,
            false, ConnectionTag.PRODUCTION);
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T08:00:00Z"), ZoneOffset.UTC);

    /** The use case, loader and property changes on the calling thread, over a source that answers at once. */
    private LoadIntoTableViewModel model(ConnectionProfile targetProfile, FakeDynamoSession targetSession) {
        var loads = new LoadIntoTable(guard -> new TableLoader(guard, LoadSettings.DEFAULTS, Runnable::run,
                delay -> CompletableFuture.completedFuture(null), () -> 0.5, CLOCK), CLOCK);
        var model = new LoadIntoTableViewModel(loads, source, "Shop", List.of(targetProfile), profile -> targetSession, Runnable::run);
        model.targetTableProperty().set(" ShopCopy ");
        model.createTableProperty().set(false);
        model.notifyWith(notices);
        return model;
    }

    private void sourceOfThreeItems(long itemCount) {
        source.description.complete(new TableDescription("Shop", KeySchema.of("PK", null), List.of(), List.of(), itemCount, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        source.responder = request -> request.exclusiveStartKey() == null
                ? new Page(List.of(item("a"), item("b")), Map.of("PK", AttributeValue.s("b")), 2, ConsumedCapacity.NOT_REPORTED)
                : new Page(List.of(item("c")), null, 1, ConsumedCapacity.NOT_REPORTED);
    }

    private static Item item(String pk) {
        return new Item(Map.of("PK", AttributeValue.s(pk), "n", AttributeValue.n("12345678901234567890.5")));
    }

    @Test
    void onlyAWritableProductionTarget_needsTheTableNameTyped() {
        var readOnlyProduction = ConnectionProfile.create("prod-ro", new CredentialsSource.DefaultChain(), "eu-west-1", null,
                true, ConnectionTag.PRODUCTION);
        var model = new LoadIntoTableViewModel(new LoadIntoTable(), source, "Shop", List.of(local, production, readOnlyProduction),
                profile -> target, Runnable::run);

        model.targetProperty().set(local);
        assertThat(model.needsConfirmation()).isFalse();
        model.targetProperty().set(production);
        assertThat(model.needsConfirmation()).isTrue();
        model.targetProperty().set(readOnlyProduction);
        assertThat(model.needsConfirmation()).isFalse();
    }

    @Test
    void aProductionTarget_withoutTheTypedName_isRefused_beforeTheSourceIsRead() {
        var prodTarget = new FakeDynamoSession(production);
        var model = model(production, prodTarget);

        assertThat(model.start().join()).isNull();

        assertThat(source.reads).isEmpty();
        assertThat(prodTarget.batches).isEmpty();
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.statusProperty().get())
                .isEqualTo("Load failed: Connection 'prod' is tagged production: type the table name ShopCopy to load into it");
        assertThat(notices.lines()).containsExactly("Load failed | Load of Shop into ShopCopy on prod failed: Connection 'prod' is tagged "
                + "production: type the table name ShopCopy to load into it | failed");
    }

    @Test
    void aProductionTarget_withTheTypedName_isLoaded_itemForItem() {
        sourceOfThreeItems(3);
        var prodTarget = new FakeDynamoSession(production);
        prodTarget.batchWriter = items -> CompletableFuture.completedFuture(List.of());
        var model = model(production, prodTarget);

        var report = model.start("ShopCopy").join();

        assertThat(report.written()).isEqualTo(3);
        assertThat(prodTarget.batches).singleElement().isEqualTo(List.of(item("a"), item("b"), item("c")));
        assertThat(model.statusProperty().get()).isEqualTo("Done: 3 of 3 item(s) written in 0.0 s");
        assertThat(model.progressProperty().get()).isEqualTo(1.0);
        assertThat(notices.lines()).containsExactly("Load finished | Load of Shop into ShopCopy on prod: 3 of 3 items written, 0 rejected. | ok");
    }

    @Test
    void aSourceWithoutAnItemCount_endsWithTheCountItHad() {
        sourceOfThreeItems(0);
        target.batchWriter = items -> CompletableFuture.completedFuture(List.of());
        var model = model(local, target);

        model.start().join();

        assertThat(model.statusProperty().get()).isEqualTo("Done: 3 of 3 item(s) written in 0.0 s");
    }

    @Test
    void theProgressText_countsAgainstTheTotal_onlyWhileThereIsOneNotYetPassed() {
        assertThat(LoadIntoTableViewModel.progressText(new LoadProgress(1200, 5000, 1, 2, 4)))
                .isEqualTo("Written 1,200 of 5,000 · 1 rejected · 2 retries");
        assertThat(LoadIntoTableViewModel.progressText(new LoadProgress(1200, -1, 0, 0, 4))).isEqualTo("Written 1,200 · 0 rejected · 0 retries");
        // DynamoDB's count is approximate: a load may go past it.
        assertThat(LoadIntoTableViewModel.progressText(new LoadProgress(1200, 1000, 0, 0, 4))).isEqualTo("Written 1,200 · 0 rejected · 0 retries");
    }

    @Test
    void aCancelledLoad_withoutACount_saysHowManyWereWritten_withoutAnOf() {
        var report = new LoadReport(LoadReport.Outcome.CANCELLED, 75, 50, -1, List.of(), 0, java.time.Duration.ofMillis(1500));

        assertThat(LoadIntoTableViewModel.describe(report)).isEqualTo("Cancelled: 50 item(s) written in 1.5 s");
    }
}
