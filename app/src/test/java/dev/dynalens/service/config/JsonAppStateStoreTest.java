package dev.dynalens.service.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.appstate.BrowserForm;
import dev.dynalens.domain.appstate.OpenTab;
import dev.dynalens.domain.appstate.SavedQuery;
import dev.dynalens.domain.appstate.TableTabView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

class JsonAppStateStoreTest {
    @TempDir
    Path dir;

    static final BrowserForm QUERY = new BrowserForm(BrowserForm.Mode.QUERY, "GSI1", "CUST#ü \"1\"",
            SortKeyCondition.Operator.BETWEEN, "2024-01", "2024-12", true, 25);

    @Test
    void savedQueries_roundTrip() {
        var store = new JsonAppStateStore(dir);
        var queries = List.of(new SavedQuery("Orders of 1", "profile:dev", "Orders", QUERY),
                new SavedQuery("All", "profile:dev", "Orders", BrowserForm.DEFAULT));
        store.saveSavedQueries(queries);
        var loaded = new JsonAppStateStore(dir).loadSavedQueries();
        assertThat(loaded.queries()).containsExactlyElementsOf(queries);
        assertThat(loaded.problem()).isEmpty();
    }

    @Test
    void openTabs_roundTrip_withTheSelectedOne() {
        var store = new JsonAppStateStore(dir);
        var tabs = List.of(new OpenTab("profile:a", "Orders", TableTabView.SCAN_QUERY, QUERY),
                new OpenTab("profile:b", "Users", TableTabView.COLLECTIONS, BrowserForm.DEFAULT));
        store.saveOpenTabs(tabs, 1);
        var loaded = store.loadOpenTabs();
        assertThat(loaded.tabs()).containsExactlyElementsOf(tabs);
        assertThat(loaded.selected()).isEqualTo(1);
    }

    @Test
    void aTabsView_isSavedByItsStableId_notByTheTitleItShows() throws Exception {
        var store = new JsonAppStateStore(dir);
        store.saveOpenTabs(List.of(new OpenTab("profile:a", "Orders", TableTabView.SIZE_AND_COST, QUERY)), 0);
        var json = Files.readString(dir.resolve("open-tabs.json"));
        assertThat(json).contains("\"view\" : \"size-and-cost\"").doesNotContain("Size & cost").contains("\"version\" : 2");
    }

    @ParameterizedTest(name = "\"{0}\" is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            scan-query     | SCAN_QUERY
            staged         | STAGED
            Collections    | COLLECTIONS
            Scan / Query   | SCAN_QUERY
            Stale copies   | STALE_COPIES
            Size & cost    | SIZE_AND_COST
            Expressions    | EXPRESSIONS
            Staged (3)     | STAGED
            Staged (0)     | STAGED
            ''             | COLLECTIONS
            a view to come | COLLECTIONS
            """)
    void aTabWrittenByTheVersionThatSavedTitles_comesBackOnTheSameView(String saved, TableTabView expected) throws Exception {
        Files.writeString(dir.resolve("open-tabs.json"), """
                {"format": "dynalens-open-tabs", "version": 1, "selected": 0, "tabs": [
                  {"connectionId": "profile:a", "table": "Orders", "view": "%s", "form": {"mode": "SCAN", "pageSize": 100}}
                ]}""".formatted(saved));
        var loaded = new JsonAppStateStore(dir).loadOpenTabs();
        assertThat(loaded.problem()).isEmpty();
        assertThat(loaded.tabs()).singleElement().satisfies(tab -> assertThat(tab.view()).isEqualTo(expected));
    }

    @Test
    void importingBrokenJson_namesTheFileLineAndColumn() throws Exception {
        var file = dir.resolve("shared.json");
        Files.writeString(file, "{\n  \"format\": \"dynalens-saved-queries\",\n  \"queries\": [ { \"name\": }\n]}");
        assertThatThrownBy(() -> new JsonAppStateStore(dir).importQueries(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shared.json").hasMessageContaining("line 3");
    }

    @Test
    void importingAnotherKindOfFile_isRefusedWithTheReason() throws Exception {
        var file = dir.resolve("connections.json");
        Files.writeString(file, "{\"connections\": []}");
        assertThatThrownBy(() -> new JsonAppStateStore(dir).importQueries(file))
                .hasMessageContaining("not a dynalens-saved-queries file");
    }

    @Test
    void aBadEntry_isSkippedAndNamed_theOthersLoad() throws Exception {
        Files.writeString(dir.resolve("saved-queries.json"), """
                {"format": "dynalens-saved-queries", "version": 1, "queries": [
                  {"name": "good", "connectionId": "c", "table": "T", "form": {"mode": "SCAN", "pageSize": 10}},
                  {"name": "bad", "connectionId": "c", "table": "T", "form": {"mode": "SCAN", "sortOperator": "LIKE"}}
                ]}""");
        var loaded = new JsonAppStateStore(dir).loadSavedQueries();
        assertThat(loaded.queries()).extracting(SavedQuery::name).containsExactly("good");
        assertThat(loaded.problem()).get().asString().contains("query 2").contains("LIKE");
    }

    @Test
    void anUnreadableFile_isCopiedAside_beforeAnythingReplacesIt() throws Exception {
        var file = dir.resolve("saved-queries.json");
        Files.writeString(file, "{ broken");
        var loaded = new JsonAppStateStore(dir).loadSavedQueries();
        assertThat(loaded.queries()).isEmpty();
        assertThat(loaded.problem()).get().asString().contains("line 1").contains("copy was kept");
        try (var files = Files.list(dir)) {
            var copies = files.filter(p -> p.getFileName().toString().startsWith("saved-queries.json.unreadable-")).toList();
            assertThat(copies).singleElement().satisfies(copy -> assertThat(Files.readString(copy)).isEqualTo("{ broken"));
        }
    }
}
