package dev.dynalens.ui.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.appstate.BrowserForm;
import dev.dynalens.domain.appstate.SavedQuery;
import dev.dynalens.service.config.JsonAppStateStore;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class SavedQueriesViewModelTest {
    @TempDir
    Path dir;

    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("t", URI.create("http://127.0.0.1:9")));
    private TableBrowserViewModel orders;
    private TableBrowserViewModel users;

    public static final TableDescription ORDERS = new TableDescription("Orders",
            new KeySchema(new KeySchema.KeyAttribute("PK", KeySchema.ScalarType.S), new KeySchema.KeyAttribute("SK", KeySchema.ScalarType.N)),
            List.of(new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
                    IndexDescription.Projection.ALL, List.of(), 0L, 0L, "ACTIVE")),
            List.of(), 3, 600, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE",
            new TableDescription.TimeToLive(TableDescription.TimeToLive.Status.DISABLED, null));

    @BeforeEach
    void browsers() {
        session.description.complete(ORDERS);
        orders = new TableBrowserViewModel(session, "Orders", Runnable::run);
        orders.loadDescription();
        users = new TableBrowserViewModel(session, "Users", Runnable::run);
    }

    private void fillQuery(TableBrowserViewModel browser) {
        browser.modeProperty().set(TableBrowserViewModel.Mode.QUERY);
        browser.partitionValueProperty().set("CUST#1");
        browser.sortOperatorProperty().set(SortKeyCondition.Operator.BETWEEN);
        browser.sortValueProperty().set("10");
        browser.sortUpperValueProperty().set("12345678901234567890.25");
        browser.descendingProperty().set(true);
        browser.pageSizeProperty().set(25);
    }

    @Test
    void savedForm_comesBackIntoTheBrowser_andRunsTheSameQuery() {
        var library = new SavedQueriesViewModel(new JsonAppStateStore(dir));
        var forOrders = library.forTable("profile:dev", orders);
        fillQuery(orders);
        forOrders.saveCurrent("Customer 1, newest");
        orders.modeProperty().set(TableBrowserViewModel.Mode.SCAN);
        orders.partitionValueProperty().set("");
        orders.sortOperatorProperty().set(null);

        forOrders.apply(forOrders.queries().getFirst());
        orders.run();
        var sent = (ReadRequest.Query) session.reads.getLast();
        assertThat(sent.partitionKeyValue()).isEqualTo(dev.dynalens.domain.item.AttributeValue.s("CUST#1"));
        assertThat(sent.sortKeyCondition().operator()).isEqualTo(SortKeyCondition.Operator.BETWEEN);
        assertThat(sent.sortKeyCondition().upperBound()).isEqualTo(dev.dynalens.domain.item.AttributeValue.n("12345678901234567890.25"));
        assertThat(sent.scanIndexForward()).isFalse();
        assertThat(sent.limit()).isEqualTo(25);
    }

    @Test
    void sqlStatements_areSavedBesideTheForms_neverMixedWithThem_andSurviveARestartAndAnExport() throws Exception {
        var library = new SavedQueriesViewModel(new JsonAppStateStore(dir));
        var forms = library.forTable("profile:dev", orders);
        var statements = library.forSql("profile:dev", "Orders");
        fillQuery(orders);
        forms.saveCurrent("same name");
        var join = new dev.dynalens.domain.appstate.SavedStatement("SELECT o.total\nFROM ORDER o WHERE o.PK = 'CUST#1' AND o.total > 12345678901234567890.25", false);
        statements.save("same name", join);
        statements.save("by key", new dev.dynalens.domain.appstate.SavedStatement("SELECT * FROM \"Orders\" WHERE PK = 'CUST#1'", true));

        assertThat(forms.queries()).extracting(SavedQuery::name).containsExactly("same name");
        assertThat(forms.queries().getFirst().isStatement()).isFalse();
        assertThat(statements.queries()).extracting(SavedQuery::name).containsExactly("same name", "by key");
        assertThat(statements.suggestedName(join)).isEqualTo("SQL · SELECT o.total");
        var restarted = new SavedQueriesViewModel(new JsonAppStateStore(dir));
        restarted.load();
        assertThat(restarted.forSql("profile:dev", "Orders").queries()).extracting(SavedQuery::statement)
                .containsExactly(join, new dev.dynalens.domain.appstate.SavedStatement("SELECT * FROM \"Orders\" WHERE PK = 'CUST#1'", true));
        assertThat(restarted.forTable("profile:dev", orders).queries()).extracting(SavedQuery::form).doesNotContainNull().hasSize(1);
        assertThat(restarted.forSql("profile:dev", "Users").queries()).isEmpty();

        var shared = dir.resolve("shared.json");
        assertThat(statements.exportTo(shared)).isTrue();
        var elsewhere = new SavedQueriesViewModel(new JsonAppStateStore(dir.resolve("other"))).forSql("profile:prod", "Orders");
        assertThat(elsewhere.importFrom(shared)).isEqualTo(2);
        assertThat(elsewhere.queries()).extracting(SavedQuery::connectionId).containsOnly("profile:prod");
        assertThat(elsewhere.queries().getFirst().statement()).isEqualTo(join);
    }

    @Test
    void queries_arePerConnectionAndTable_andSurviveARestart() {
        var library = new SavedQueriesViewModel(new JsonAppStateStore(dir));
        fillQuery(orders);
        library.forTable("profile:dev", orders).saveCurrent("one");
        library.forTable("profile:prod", orders).saveCurrent("two");
        library.forTable("profile:dev", users).saveCurrent("three");

        var restarted = new SavedQueriesViewModel(new JsonAppStateStore(dir));
        restarted.load();
        assertThat(restarted.forTable("profile:dev", orders).queries()).extracting(SavedQuery::name).containsExactly("one");
        assertThat(restarted.forTable("profile:prod", orders).queries()).extracting(SavedQuery::name).containsExactly("two");
        assertThat(restarted.forTable("profile:dev", users).queries()).extracting(SavedQuery::name).containsExactly("three");
    }

    @Test
    void savingUnderAnExistingName_replacesIt_ignoringCase() {
        var forOrders = new SavedQueriesViewModel(new JsonAppStateStore(dir)).forTable("c", orders);
        forOrders.saveCurrent("Mine");
        fillQuery(orders);
        forOrders.saveCurrent("mine ");
        assertThat(forOrders.queries()).singleElement().satisfies(q -> {
            assertThat(q.name()).isEqualTo("mine");
            assertThat(q.form().mode()).isEqualTo(BrowserForm.Mode.QUERY);
        });
    }

    @Test
    void aBlankName_isRefusedWithAMessage() {
        var forOrders = new SavedQueriesViewModel(new JsonAppStateStore(dir)).forTable("c", orders);
        forOrders.saveCurrent("  ");
        assertThat(forOrders.queries()).isEmpty();
        assertThat(forOrders.statusProperty().get()).contains("needs a name");
    }

    @Test
    void suggestedName_describesTheForm_andIsNumberedWhenTaken() {
        var forOrders = new SavedQueriesViewModel(new JsonAppStateStore(dir)).forTable("c", orders);
        assertThat(forOrders.suggestedName()).isEqualTo("Scan");
        forOrders.saveCurrent("Scan");
        assertThat(forOrders.suggestedName()).isEqualTo("Scan (2)");
    }

    @Test
    void exportedFile_importsOnAnotherConnection_forTheTableOfThatName() {
        var mine = new SavedQueriesViewModel(new JsonAppStateStore(dir.resolve("mine")));
        fillQuery(orders);
        mine.forTable("profile:mine", orders).saveCurrent("shared");
        var file = dir.resolve("orders-queries.json");
        assertThat(mine.forTable("profile:mine", orders).exportTo(file)).isTrue();

        var theirs = new SavedQueriesViewModel(new JsonAppStateStore(dir.resolve("theirs")));
        var theirOrders = theirs.forTable("profile:theirs", orders);
        assertThat(theirOrders.importFrom(file)).isEqualTo(1);
        assertThat(theirOrders.queries()).singleElement().satisfies(q -> {
            assertThat(q.connectionId()).isEqualTo("profile:theirs");
            assertThat(q.form()).isEqualTo(mine.all().getFirst().form());
        });
        assertThat(theirs.forTable("profile:theirs", users).importFrom(file)).isZero();
        assertThat(theirs.statusProperty().get()).contains("none for table Users").contains("Orders");
    }

    @Test
    void importingABrokenFile_changesNothing_andSaysWhere() throws Exception {
        var forOrders = new SavedQueriesViewModel(new JsonAppStateStore(dir)).forTable("c", orders);
        forOrders.saveCurrent("kept");
        var file = dir.resolve("broken.json");
        Files.writeString(file, "{\"format\": \"dynalens-saved-queries\",\n \"queries\": [,]}");
        assertThat(forOrders.importFrom(file)).isZero();
        assertThat(forOrders.queries()).extracting(SavedQuery::name).containsExactly("kept");
        assertThat(forOrders.statusProperty().get()).startsWith("Import failed").contains("line 2");
    }

    @Test
    void delete_removesItFromTheFileToo() {
        var forOrders = new SavedQueriesViewModel(new JsonAppStateStore(dir)).forTable("c", orders);
        forOrders.saveCurrent("gone");
        forOrders.delete(forOrders.queries().getFirst());
        var restarted = new SavedQueriesViewModel(new JsonAppStateStore(dir));
        restarted.load();
        assertThat(restarted.all()).isEmpty();
    }
}
