package dev.dynalens.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.appstate.OpenTab;
import dev.dynalens.domain.appstate.TableTabId;
import dev.dynalens.domain.appstate.TableTabView;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.AppStateStore;
import dev.dynalens.service.WorkspaceOpener;
import dev.dynalens.service.config.JsonAppStateStore;
import dev.dynalens.service.config.JsonConnectionStore;
import dev.dynalens.service.config.JsonLensStore;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.ui.browser.TableBrowserViewModel;
import dev.dynalens.ui.capacity.CapacityViewModel;
import dev.dynalens.ui.collections.CollectionsViewModel;
import dev.dynalens.ui.connections.ConnectionsViewModel;
import dev.dynalens.ui.editor.StagedEditsViewModel;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel;
import dev.dynalens.ui.staleness.StalenessViewModel;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell's model without a toolkit: tabs by identity, their restore, and what the shortcuts decide. */
class ShellViewModelTest {
    @TempDir
    Path dir;

    private final ConnectionProfile dev = ConnectionProfile.local("dev", URI.create("http://127.0.0.1:9"));
    private final ConnectionProfile archive = ConnectionProfile.create("archive", new CredentialsSource.LocalPlaceholder(),
            "us-east-1", URI.create("http://127.0.0.1:10"), true, ConnectionTag.LOCAL);
    private final Map<String, FakeDynamoSession> sessions = new HashMap<>();
    private final List<ExecutorService> executors = new ArrayList<>();
    private final List<String> clipboard = new ArrayList<>();
    private final List<Path> filesOpened = new ArrayList<>();
    private ConnectionsViewModel connections;
    private ShellViewModel shell;

    @BeforeEach
    void connections() {
        WorkspaceOpener files = (file, keys, indexes) -> {
            filesOpened.add(file);
            return CompletableFuture.completedFuture(new WorkspaceOpener.OpenedWorkspace(file.getFileName().toString(), file,
                    new FakeDynamoSession(dev), "a workspace", List.of(), false));
        };
        connections = new ConnectionsViewModel(new JsonConnectionStore(dir), profile -> session(profile), files,
                Runnable::run, Runnable::run);
        connections.connections().addAll(dev, archive);
        shell = newShell();
    }

    @AfterEach
    void stopExecutors() {
        executors.forEach(ExecutorService::shutdownNow);
    }

    private ShellViewModel newShell() {
        return new ShellViewModel(connections, new OpenTabsViewModel(new JsonAppStateStore(dir)), new NotificationsViewModel(),
                Runnable::run, clipboard::add);
    }

    private FakeDynamoSession session(ConnectionProfile profile) {
        return sessions.computeIfAbsent(profile.id(), id -> new FakeDynamoSession(profile));
    }

    /** What TableTabs builds, without the views. */
    private TableTabViewModel tab(ConnectionProfile profile, String table) {
        var session = connections.sessionFor(profile);
        var analysis = Executors.newSingleThreadExecutor(Thread.ofVirtual().factory());
        var staleAnalysis = Executors.newSingleThreadExecutor(Thread.ofVirtual().factory());
        executors.addAll(List.of(analysis, staleAnalysis));
        var lenses = new JsonLensStore(dir);
        return new TableTabViewModel(profile, table, new TableBrowserViewModel(session, table, Runnable::run),
                new StagedEditsViewModel(session, table, Runnable::run),
                new CollectionsViewModel(session, table, Runnable::run, analysis, lenses, profile.id()),
                new StalenessViewModel(session, table, Runnable::run, staleAnalysis, lenses, profile.id()),
                new CapacityViewModel(analysis, Runnable::run), new ExpressionBuilderViewModel(session, table, Runnable::run),
                List.of(analysis, staleAnalysis));
    }

    /** As MainView.openTable: the tab of an open table comes to front, another is built and handed to the shell. */
    private Optional<TableTabViewModel> open(ShellViewModel into, ConnectionProfile profile, String table) {
        var open = into.showIfOpen(new TableTabId(profile.id(), table));
        if (open.isPresent()) return open;
        var tab = tab(profile, table);
        into.opened(tab);
        return Optional.of(tab);
    }

    private TableTabViewModel open(ConnectionProfile profile, String table) {
        return open(shell, profile, table).orElseThrow();
    }

    private String status() {
        return connections.statusProperty().get();
    }

    private AppStateStore.OpenTabs saved() {
        return new JsonAppStateStore(dir).loadOpenTabs();
    }

    // --- open, select, close ---

    @Test
    void anOpenedTab_comesToFront_andIsSavedWithItsIdentity() {
        var orders = open(dev, "Orders");
        var users = open(dev, "Users");

        assertThat(shell.tabs()).containsExactly(orders, users);
        assertThat(shell.selectedProperty().get()).isSameAs(users);
        assertThat(users.id()).isEqualTo(new TableTabId(dev.id(), "Users"));
        assertThat(saved().tabs()).extracting(OpenTab::id)
                .containsExactly(new TableTabId(dev.id(), "Orders"), new TableTabId(dev.id(), "Users"));
        assertThat(saved().selected()).isEqualTo(1);
    }

    @Test
    void aTableHasOneTab_openingItAgainBringsItsTabToFront() {
        var orders = open(dev, "Orders");
        open(dev, "Users");

        assertThat(open(shell, dev, "Orders")).containsSame(orders);
        assertThat(shell.tabs()).hasSize(2);
        assertThat(shell.selectedProperty().get()).isSameAs(orders);
        assertThat(open(shell, archive, "Orders")).get().isNotSameAs(orders); // the same name on another connection is another table
        assertThatThrownBy(() -> shell.opened(tab(dev, "Orders"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Orders · dev");
    }

    @Test
    void theSelectedTabsViewAndTheTabInFront_areSavedAsTheyChange() {
        var orders = open(dev, "Orders");
        open(dev, "Users");
        orders.viewProperty().set(TableTabView.EXPRESSIONS);
        shell.select(orders);

        assertThat(saved().selected()).isZero();
        assertThat(saved().tabs().getFirst().view()).isEqualTo(TableTabView.EXPRESSIONS);
    }

    @Test
    void aTabReadFromAnExport_isNotSaved_theFrontIsCountedAmongTheSavedOnes_andClosingItClosesTheExportOnly() {
        var orders = open(dev, "Orders");
        var closedExports = new ArrayList<String>();
        var exportProfile = new ConnectionProfile("export:" + dev.id() + "/01764496800000-full0001@2026-11-30T10:00:00Z",
                "export as of 2026-11-30 10:00 UTC", new CredentialsSource.LocalPlaceholder(), "us-east-1", null, true, dev.tag());
        var fromExport = tab(exportProfile, "Users").readingExport("Read from export 01764496800000-full0001 as of 2026-11-30 10:00 UTC",
                () -> closedExports.add("Users"));
        shell.opened(fromExport);
        var users = open(dev, "Users"); // the live table of the same name is another tab

        assertThat(shell.tabs()).containsExactly(orders, fromExport, users);
        assertThat(fromExport.title()).isEqualTo("Users · export as of 2026-11-30 10:00 UTC");
        assertThat(saved().tabs()).extracting(OpenTab::id).containsExactly(new TableTabId(dev.id(), "Orders"),
                new TableTabId(dev.id(), "Users"));
        assertThat(saved().selected()).as("Users is the second tab saved").isEqualTo(1);
        shell.select(fromExport);
        assertThat(saved().selected()).isEqualTo(-1);

        shell.close(fromExport);

        assertThat(closedExports).containsExactly("Users");
        assertThat(session(dev).closed).as("the connection's session stays open").isFalse();
        assertThat(saved().tabs()).hasSize(2);
        assertThat(saved().selected()).as("Orders, on the left of the closed tab, comes to front").isZero();
    }

    @Test
    void nextAndPrevious_goRoundTheTabs() {
        var a = open(dev, "A");
        var b = open(dev, "B");
        var c = open(dev, "C");

        shell.selectNext();
        assertThat(shell.selectedProperty().get()).isSameAs(a);
        shell.selectPrevious();
        assertThat(shell.selectedProperty().get()).isSameAs(c);
        shell.selectPrevious();
        assertThat(shell.selectedProperty().get()).isSameAs(b);
    }

    @Test
    void closingTheTabInFront_bringsTheOneOnItsLeft_cancelsItsWork_andStopsItsExecutors() {
        var a = open(dev, "A");
        var b = open(dev, "B");
        open(dev, "C");
        shell.select(b);
        b.browser().run();
        var read = session(dev).lastRead();

        shell.closeSelected();

        assertThat(shell.tabs()).extracting(TableTabViewModel::table).containsExactly("A", "C");
        assertThat(shell.selectedProperty().get()).isSameAs(a);
        assertThat(b.isClosed()).isTrue();
        assertThat(read.isCancelled()).isTrue();
        assertThat(executors.subList(2, 4)).allSatisfy(executor -> assertThat(executor.isShutdown()).isTrue());
        assertThat(executors.subList(0, 2)).noneSatisfy(executor -> assertThat(executor.isShutdown()).isTrue());
        assertThat(saved().tabs()).extracting(OpenTab::table).containsExactly("A", "C");
        assertThat(saved().selected()).isZero();
    }

    @Test
    void closingTheFirstTabInFront_bringsTheNext_andClosingTheLast_leavesNoneInFront() {
        var a = open(dev, "A");
        var b = open(dev, "B");
        shell.select(a);

        shell.close(a);
        assertThat(shell.selectedProperty().get()).isSameAs(b);
        shell.close(b);
        assertThat(shell.selectedProperty().get()).isNull();
        assertThat(saved().tabs()).isEmpty();
        assertThat(saved().selected()).isEqualTo(-1);
        shell.closeSelected(); // nothing open: nothing happens
        shell.close(a); // closed already: ignored
    }

    @Test
    void aTabOutOfFront_isClosedWithoutMovingTheFront() {
        var a = open(dev, "A");
        var b = open(dev, "B");

        shell.close(a);

        assertThat(shell.selectedProperty().get()).isSameAs(b);
        assertThat(a.isClosed()).isTrue();
    }

    @Test
    void aListenerOnTheTabs_keepsHearingOfClosedTabs() {
        var a = open(dev, "A");
        var removed = new ArrayList<TableTabViewModel>();
        shell.tabs().addListener((javafx.collections.ListChangeListener<TableTabViewModel>) change -> {
            while (change.next()) removed.addAll(change.getRemoved());
        });
        System.gc(); // a read-only view made per call listens weakly: it would go, and its listeners with it

        shell.close(a);

        assertThat(removed).containsExactly(a);
        assertThat(shell.tabs()).isSameAs(shell.tabs());
    }

    @Test
    void aViewIsShowing_onlyInTheTabInFront_inAFocusedWindow() {
        var orders = open(dev, "Orders");
        var users = open(dev, "Users");
        shell.windowFocusedProperty().set(true);

        assertThat(shell.isShowing(users, TableTabView.COLLECTIONS)).isTrue();
        assertThat(shell.isShowing(users, TableTabView.STALE_COPIES)).isFalse();
        assertThat(shell.isShowing(orders, TableTabView.COLLECTIONS)).isFalse();
        shell.windowFocusedProperty().set(false);
        assertThat(shell.isShowing(users, TableTabView.COLLECTIONS)).isFalse();
    }

    // --- restore ---

    @Test
    void savedTabs_comeBackByIdentity_withTheirViewsAndForms_andTheOneThatWasInFront() {
        var orders = open(dev, "Orders");
        orders.browser().modeProperty().set(TableBrowserViewModel.Mode.QUERY);
        orders.browser().partitionValueProperty().set("CUST#1");
        orders.viewProperty().set(TableTabView.SCAN_QUERY);
        var users = open(archive, "Users");
        users.viewProperty().set(TableTabView.STAGED);
        shell.select(orders);
        shell.saveTabs();

        var restarted = newShell();
        connections.selectedProperty().set(null);
        assertThat(restarted.restoreTabs((profile, table) -> open(restarted, profile, table))).isEqualTo(2);

        assertThat(restarted.tabs()).extracting(TableTabViewModel::id).containsExactly(orders.id(), users.id());
        var reopened = restarted.tabs().getFirst();
        assertThat(reopened).isNotSameAs(orders);
        assertThat(reopened.viewProperty().get()).isEqualTo(TableTabView.SCAN_QUERY);
        assertThat(reopened.browser().modeProperty().get()).isEqualTo(TableBrowserViewModel.Mode.QUERY);
        assertThat(reopened.browser().partitionValueProperty().get()).isEqualTo("CUST#1");
        assertThat(restarted.tabs().get(1).viewProperty().get()).isEqualTo(TableTabView.STAGED);
        assertThat(restarted.selectedProperty().get()).isSameAs(reopened);
        assertThat(connections.selectedProperty().get()).isEqualTo(dev); // the sidebar shows the front tab's connection
        assertThat(saved().selected()).isZero();
    }

    @Test
    void tabsSavedByThePreviousVersion_withTitlesForViews_comeBackOnThoseViews() throws Exception {
        Files.writeString(dir.resolve("open-tabs.json"), """
                {"format": "dynalens-open-tabs", "version": 1, "selected": 1, "tabs": [
                  {"connectionId": "%1$s", "table": "Orders", "view": "Scan / Query", "form": {"mode": "SCAN", "pageSize": 100}},
                  {"connectionId": "%1$s", "table": "Users", "view": "Size & cost", "form": {"mode": "SCAN", "pageSize": 100}},
                  {"connectionId": "%1$s", "table": "Items", "view": "Staged (4)", "form": {"mode": "SCAN", "pageSize": 100}}
                ]}""".formatted(dev.id()));

        shell.restoreTabs((profile, table) -> open(shell, profile, table));

        assertThat(shell.tabs()).extracting(tab -> tab.viewProperty().get())
                .containsExactly(TableTabView.SCAN_QUERY, TableTabView.SIZE_AND_COST, TableTabView.STAGED);
        assertThat(shell.selectedProperty().get().table()).isEqualTo("Users");
        assertThat(Files.readString(dir.resolve("open-tabs.json"))).contains("\"size-and-cost\"").doesNotContain("Size & cost");
    }

    @Test
    void aTabOnAWorkspaceFile_isRestoredAfterTheFileReopens_andATabOfARemovedConnectionIsDroppedAndCounted() throws Exception {
        var file = Files.writeString(dir.resolve("shop.json"), "{}").toAbsolutePath();
        var fileId = ConnectionsViewModel.WORKSPACE_ID_PREFIX + file;
        Files.writeString(dir.resolve("open-tabs.json"), """
                {"format": "dynalens-open-tabs", "version": 2, "selected": 0, "tabs": [
                  {"connectionId": "%s", "table": "Shop", "view": "collections", "form": {"mode": "SCAN", "pageSize": 100}},
                  {"connectionId": "profile:removed", "table": "Gone", "view": "scan-query", "form": {"mode": "SCAN", "pageSize": 100}}
                ]}""".formatted(fileId));

        assertThat(shell.restoreTabs((profile, table) -> open(shell, profile, table))).isEqualTo(1);

        assertThat(filesOpened).containsExactly(file);
        assertThat(shell.tabs()).extracting(TableTabViewModel::id).containsExactly(new TableTabId(fileId, "Shop"));
        assertThat(shell.notifications().notes()).singleElement().satisfies(note -> {
            assertThat(note.title()).isEqualTo("Tabs");
            assertThat(note.message()).contains("1 tab(s) were not reopened");
        });
    }

    @Test
    void aTableSavedTwice_isRestoredOnce_andATabThatCannotOpenIsLeftOut() throws Exception {
        Files.writeString(dir.resolve("open-tabs.json"), """
                {"format": "dynalens-open-tabs", "version": 2, "selected": 2, "tabs": [
                  {"connectionId": "%1$s", "table": "Orders", "view": "expressions", "form": {"mode": "SCAN", "pageSize": 100}},
                  {"connectionId": "%1$s", "table": "Broken", "view": "collections", "form": {"mode": "SCAN", "pageSize": 100}},
                  {"connectionId": "%1$s", "table": "Orders", "view": "staged", "form": {"mode": "SCAN", "pageSize": 100}}
                ]}""".formatted(dev.id()));

        shell.restoreTabs((profile, table) -> table.equals("Broken") ? Optional.empty() : open(shell, profile, table));

        assertThat(shell.tabs()).singleElement().satisfies(tab -> assertThat(tab.viewProperty().get()).isEqualTo(TableTabView.EXPRESSIONS));
        assertThat(shell.selectedProperty().get()).isSameAs(shell.tabs().getFirst());
        assertThat(saved().tabs()).hasSize(1);
    }

    @Test
    void nothingSaved_restoresNothing() {
        assertThat(shell.restoreTabs((profile, table) -> open(shell, profile, table))).isZero();
        assertThat(shell.tabs()).isEmpty();
        assertThat(shell.notifications().notes()).isEmpty();
    }

    @Test
    void aStartupProblem_isANotice_andABlankOneIsNot() {
        shell.reportProblem("history.jsonl is not valid JSON at line 3");
        shell.reportProblem("");
        shell.reportProblem(null);
        assertThat(shell.notifications().notes()).extracting(NotificationsViewModel.Note::message)
                .containsExactly("history.jsonl is not valid JSON at line 3");
    }

    // --- the shortcuts' decisions ---

    @Test
    void withNoTableOpen_theShortcutsSayWhyNothingHappens() {
        assertThat(shell.shortcuts().commitStaged()).isEmpty();
        assertThat(status()).isEqualTo("Nothing to commit: open a table first.");
        shell.shortcuts().copySelectedItem(ShellShortcuts.ItemFormat.PLAIN_JSON);
        assertThat(status()).isEqualTo("Nothing to copy: open a table first.");
        shell.shortcuts().copyCode();
        assertThat(status()).isEqualTo("Nothing to copy as code: open a table first.");
        shell.shortcuts().run();
        shell.shortcuts().loadMore();
        shell.shortcuts().cancelWork();
        assertThat(shell.shortcuts().showScanQuery()).isEmpty();
        assertThat(clipboard).isEmpty();
    }

    @Test
    void run_showsScanQuery_andRunsItsForm_andCancelStopsIt() {
        var orders = open(dev, "Orders");

        shell.shortcuts().run();

        assertThat(orders.viewProperty().get()).isEqualTo(TableTabView.SCAN_QUERY);
        assertThat(session(dev).reads).singleElement().satisfies(read -> assertThat(read.operation()).isEqualTo("Scan"));
        assertThat(orders.browser().runningProperty().get()).isTrue();
        shell.shortcuts().cancelWork();
        assertThat(session(dev).lastRead().isCancelled()).isTrue();
    }

    @Test
    void theShortcutsThatActInScanQuery_bringItToFront() {
        var orders = open(dev, "Orders");
        orders.viewProperty().set(TableTabView.SIZE_AND_COST);

        assertThat(shell.shortcuts().showScanQuery()).containsSame(orders);
        assertThat(orders.viewProperty().get()).isEqualTo(TableTabView.SCAN_QUERY);
    }

    @Test
    void commit_onAReadOnlyConnection_orWithNothingStaged_saysWhy() {
        open(archive, "Orders");
        assertThat(shell.shortcuts().commitStaged()).isEmpty();
        assertThat(status()).isEqualTo("Nothing to commit: the connection of Orders is read-only.");

        var users = open(dev, "Users");
        assertThat(shell.shortcuts().commitStaged()).isEmpty();
        assertThat(status()).isEqualTo("Nothing staged in Users to commit: edit a cell or an item first.");
        assertThat(users.viewProperty().get()).isEqualTo(TableTabView.FIRST);
    }

    @Test
    void commit_withChangesStaged_showsThemAndHandsTheTabToTheView_butNotWhileACommitRuns() {
        var orders = open(dev, "Orders");
        var staged = orders.staged();
        staged.useKeySchema(KeySchema.of("PK", null));
        staged.stageCellEdit(Item.of(Map.of("PK", AttributeValue.s("1"), "total", AttributeValue.n("10"))), "total", "10.50");

        assertThat(shell.shortcuts().commitStaged()).containsSame(orders);
        assertThat(orders.viewProperty().get()).isEqualTo(TableTabView.STAGED);
        assertThat(status()).isEqualTo("Committing 1 staged change(s) to Orders…");

        session(dev).writer = write -> new CompletableFuture<>(); // the commit goes on
        session(dev).getter = key -> new CompletableFuture<>();
        staged.commit("");
        assertThat(staged.committingProperty().get()).isTrue();
        assertThat(shell.shortcuts().commitStaged()).isEmpty();
        assertThat(status()).isEqualTo("A commit of Orders is already running.");
    }

    @Test
    void copy_putsTheSelectedItemOnTheClipboard_numbersAsWritten_orSaysThereIsNone() {
        var orders = open(dev, "Orders");
        shell.shortcuts().copySelectedItem(ShellShortcuts.ItemFormat.DYNAMO_JSON);
        assertThat(status()).isEqualTo("Nothing copied: select an item in Scan / Query first.");
        assertThat(clipboard).isEmpty();

        orders.browser().selectedItemProperty().set(Item.of(Map.of("PK", AttributeValue.s("1"), "total", AttributeValue.n("10.50"))));
        shell.shortcuts().copySelectedItem(ShellShortcuts.ItemFormat.PLAIN_JSON);
        assertThat(status()).isEqualTo("Copied the selected item as JSON.");
        shell.shortcuts().copySelectedItem(ShellShortcuts.ItemFormat.DYNAMO_JSON);
        assertThat(status()).isEqualTo("Copied the selected item as DynamoDB JSON.");

        assertThat(clipboard).hasSize(2);
        assertThat(clipboard.get(0)).contains("10.50").doesNotContain("\"N\"");
        assertThat(clipboard.get(1)).contains("\"N\"").contains("\"10.50\"");
    }

    @Test
    void copyAsCode_withoutAValidUpdate_saysWhyNothingWasCopied() {
        open(dev, "Orders");
        shell.shortcuts().copyCode();
        assertThat(status()).startsWith("Nothing copied as code: ").hasSizeGreaterThan("Nothing copied as code: ".length());
        assertThat(clipboard).isEmpty();
    }
}
