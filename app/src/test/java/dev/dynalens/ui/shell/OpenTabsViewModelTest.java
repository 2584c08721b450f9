package dev.dynalens.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.appstate.BrowserForm;
import dev.dynalens.domain.appstate.OpenTab;
import dev.dynalens.domain.appstate.TableTabView;
import dev.dynalens.service.config.JsonAppStateStore;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.ui.browser.SavedQueriesViewModelTest;
import dev.dynalens.ui.browser.TableBrowserViewModel;
import dev.dynalens.ui.common.IndexChoices;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenTabsViewModelTest {
    @TempDir
    Path dir;

    private final ConnectionProfile dev = ConnectionProfile.local("dev", URI.create("http://127.0.0.1:9"));
    private final ConnectionProfile prod = ConnectionProfile.local("prod", URI.create("http://127.0.0.1:10"));
    private final FakeDynamoSession session = new FakeDynamoSession(dev);

    private TableBrowserViewModel browser(String table) {
        return new TableBrowserViewModel(session, table, Runnable::run);
    }

    @Test
    void openTabs_comeBackAfterARestart_withTheirViewFormAndSelection() {
        var before = new OpenTabsViewModel(new JsonAppStateStore(dir));
        var orders = browser("Orders");
        var ordersTab = before.track(dev.id(), "Orders", orders);
        orders.modeProperty().set(TableBrowserViewModel.Mode.QUERY);
        orders.indexProperty().set("GSI1");
        orders.partitionValueProperty().set("CUST#1");
        orders.sortOperatorProperty().set(SortKeyCondition.Operator.BEGINS_WITH);
        orders.sortValueProperty().set("2024-");
        orders.pageSizeProperty().set(50);
        ordersTab.viewProperty().set(TableTabView.SCAN_QUERY);
        before.track(prod.id(), "Users", browser("Users"));
        before.selectedProperty().set(0);
        assertThat(before.save()).isTrue();

        var after = new OpenTabsViewModel(new JsonAppStateStore(dir));
        var restored = after.toRestore(List.of(dev, prod));
        assertThat(restored).extracting(OpenTab::table).containsExactly("Orders", "Users");
        assertThat(after.restoredSelection()).isZero();

        var reopened = browser("Orders");
        var tracked = after.track(dev.id(), "Orders", reopened);
        OpenTabsViewModel.restoreInto(restored.getFirst(), tracked, reopened);
        assertThat(reopened.modeProperty().get()).isEqualTo(TableBrowserViewModel.Mode.QUERY);
        assertThat(reopened.indexProperty().get()).isEqualTo("GSI1");
        assertThat(reopened.partitionValueProperty().get()).isEqualTo("CUST#1");
        assertThat(reopened.sortOperatorProperty().get()).isEqualTo(SortKeyCondition.Operator.BEGINS_WITH);
        assertThat(reopened.sortValueProperty().get()).isEqualTo("2024-");
        assertThat(reopened.pageSizeProperty().get()).isEqualTo(50);
        assertThat(tracked.viewProperty().get()).isEqualTo(TableTabView.SCAN_QUERY);
    }

    @Test
    void tabsSavedByThePreviousVersion_withTheirViewsAsTitles_comeBackOnTheirViews() throws Exception {
        Files.writeString(dir.resolve("open-tabs.json"), """
                {"format": "dynalens-open-tabs", "version": 1, "selected": 1, "tabs": [
                  {"connectionId": "%s", "table": "Orders", "view": "Scan / Query",
                   "form": {"mode": "QUERY", "partitionValue": "CUST#1", "pageSize": 100}},
                  {"connectionId": "%s", "table": "Users", "view": "Staged (2)", "form": {"mode": "SCAN", "pageSize": 100}}
                ]}""".formatted(dev.id(), dev.id()));
        var model = new OpenTabsViewModel(new JsonAppStateStore(dir));
        var restored = model.toRestore(List.of(dev));
        assertThat(restored).extracting(OpenTab::view).containsExactly(TableTabView.SCAN_QUERY, TableTabView.STAGED);
        assertThat(model.restoredSelection()).isEqualTo(1);

        var orders = browser("Orders");
        var tracked = model.track(dev.id(), "Orders", orders);
        OpenTabsViewModel.restoreInto(restored.getFirst(), tracked, orders);
        assertThat(tracked.viewProperty().get()).isEqualTo(TableTabView.SCAN_QUERY);
        assertThat(orders.partitionValueProperty().get()).isEqualTo("CUST#1");
        model.save(); // written again with the views' ids
        assertThat(Files.readString(dir.resolve("open-tabs.json"))).contains("\"scan-query\"").doesNotContain("Scan / Query");
    }

    @Test
    void aRestoredIndex_survivesTheDescriptionArrivingLater() {
        var model = new OpenTabsViewModel(new JsonAppStateStore(dir));
        var saved = new OpenTab(dev.id(), "Orders", TableTabView.SCAN_QUERY, new BrowserForm(BrowserForm.Mode.QUERY, "GSI1", "STATUS#OPEN",
                null, "", "", false, 100));
        var reopened = browser("Orders");
        OpenTabsViewModel.restoreInto(saved, model.track(dev.id(), "Orders", reopened), reopened);
        reopened.indexProperty().set(null); // what the picker does when its choices are replaced
        session.description.complete(SavedQueriesViewModelTest.ORDERS);
        reopened.loadDescription();
        assertThat(reopened.indexProperty().get()).isEqualTo("GSI1");
    }

    @Test
    void theLatestForm_isWhatIsSaved_notTheOneAtOpening() {
        var model = new OpenTabsViewModel(new JsonAppStateStore(dir));
        var orders = browser("Orders");
        model.track(dev.id(), "Orders", orders);
        orders.partitionValueProperty().set("typed later");
        assertThat(model.snapshot()).singleElement().satisfies(t -> assertThat(t.form().partitionValue()).isEqualTo("typed later"));
    }

    @Test
    void aClosedTab_isNotReopened() {
        var model = new OpenTabsViewModel(new JsonAppStateStore(dir));
        var closed = model.track(dev.id(), "Orders", browser("Orders"));
        model.track(dev.id(), "Users", browser("Users"));
        model.untrack(closed);
        model.selectedProperty().set(0);
        model.save();
        assertThat(new OpenTabsViewModel(new JsonAppStateStore(dir)).toRestore(List.of(dev)))
                .extracting(OpenTab::table).containsExactly("Users");
    }

    @Test
    void tabsOfARemovedConnection_areDroppedAndCounted_andTheSelectionFollows() {
        var model = new OpenTabsViewModel(new JsonAppStateStore(dir));
        model.track(prod.id(), "Gone", browser("Gone"));
        model.track(dev.id(), "Orders", browser("Orders"));
        model.selectedProperty().set(1);
        model.save();

        var after = new OpenTabsViewModel(new JsonAppStateStore(dir));
        assertThat(after.toRestore(List.of(dev))).extracting(OpenTab::table).containsExactly("Orders");
        assertThat(after.restoredSelection()).isZero();
        assertThat(after.statusProperty().get()).contains("1 tab(s) were not reopened");
    }

    @Test
    void aTabOfAReopenableConnection_isKept_evenThoughItIsNotOpenYet() {
        var model = new OpenTabsViewModel(new JsonAppStateStore(dir));
        model.track("file:/models/shop.json", "Shop", browser("Shop"));
        model.track("file:/models/gone.json", "Gone", browser("Gone"));
        model.save();
        var after = new OpenTabsViewModel(new JsonAppStateStore(dir));
        assertThat(after.toRestore(List.of(dev), id -> id.endsWith("shop.json"))).extracting(OpenTab::table).containsExactly("Shop");
        assertThat(after.statusProperty().get()).contains("1 tab(s)");
    }

    @Test
    void noSavedTabs_orABrokenFile_restoresNothing_andSaysWhy() throws Exception {
        assertThat(new OpenTabsViewModel(new JsonAppStateStore(dir)).toRestore(List.of(dev))).isEmpty();
        Files.writeString(dir.resolve("open-tabs.json"), "[1, 2");
        var model = new OpenTabsViewModel(new JsonAppStateStore(dir));
        assertThat(model.toRestore(List.of(dev))).isEmpty();
        assertThat(model.statusProperty().get()).contains("open-tabs.json").contains("not valid JSON");
    }

    @Test
    void aSaveThatFails_isReported_notThrown() throws Exception {
        var blocker = dir.resolve("file-not-folder");
        Files.writeString(blocker, "x");
        var model = new OpenTabsViewModel(new JsonAppStateStore(blocker));
        model.track(dev.id(), "Orders", browser("Orders"));
        assertThat(model.save()).isFalse();
        assertThat(model.statusProperty().get()).contains("could not be saved");
    }

    @Test
    void theBaseTable_isSavedAsNoIndex_andComesBackAsTheTableChoice() {
        var model = new OpenTabsViewModel(new JsonAppStateStore(dir));
        var orders = browser("Orders");
        model.track(dev.id(), "Orders", orders);
        assertThat(model.snapshot().getFirst().form()).isEqualTo(BrowserForm.DEFAULT);
        var other = browser("Orders");
        other.indexProperty().set("GSI9");
        OpenTabsViewModel.restoreInto(model.snapshot().getFirst(), model.track(dev.id(), "Orders", other), other);
        assertThat(other.indexProperty().get()).isEqualTo(IndexChoices.BASE_TABLE);
    }
}
