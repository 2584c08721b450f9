package dev.dynalens.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
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
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A table tab's overview on open: a workspace file is analysed at once, a live table waits to be asked. */
class TableTabViewModelTest {
    private static final TableDescription SHOP = new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(), List.of(), 2, 120,
            TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    private static final ConnectionProfile WORKSPACE = new ConnectionProfile(ConnectionsViewModel.WORKSPACE_ID_PREFIX + "/tmp/shop.json",
            "shop.json", new CredentialsSource.LocalPlaceholder(), "local", null, true, ConnectionTag.FILE);
    private static final ConnectionProfile LIVE = ConnectionProfile.local("dev", URI.create("http://127.0.0.1:9"));

    @TempDir
    Path dir;

    /** What TableTabs builds, without the views, every executor the calling thread. */
    private TableTabViewModel tab(ConnectionProfile profile, FakeDynamoSession session) {
        var lenses = new JsonLensStore(dir);
        return new TableTabViewModel(profile, "Shop", new TableBrowserViewModel(session, "Shop", Runnable::run),
                new StagedEditsViewModel(session, "Shop", Runnable::run),
                new CollectionsViewModel(session, "Shop", Runnable::run, Runnable::run, lenses, profile.id()),
                new StalenessViewModel(session, "Shop", Runnable::run, Runnable::run, lenses, profile.id()),
                new CapacityViewModel(Runnable::run, Runnable::run), new ExpressionBuilderViewModel(session, "Shop", Runnable::run),
                List.of());
    }

    private static FakeDynamoSession answering(ConnectionProfile profile) {
        var session = new FakeDynamoSession(profile);
        session.description.complete(SHOP);
        session.responder = request -> new Page(List.of(
                new Item(Map.of("PK", AttributeValue.s("CUSTOMER#1"), "SK", AttributeValue.s("PROFILE"))),
                new Item(Map.of("PK", AttributeValue.s("CUSTOMER#1"), "SK", AttributeValue.s("ORDER#1")))), null, 2,
                new ConsumedCapacity(0.5, null, null));
        return session;
    }

    @Test
    void aWorkspaceTable_isAnalysedAsItsTabOpens_once() {
        var session = answering(WORKSPACE);
        var tab = tab(WORKSPACE, session);

        var analysed = tab.analyseOnOpen();

        assertThat(analysed).hasValueSatisfying(future -> assertThat(future).isCompleted());
        assertThat(session.reads).singleElement().isInstanceOf(ReadRequest.Scan.class);
        assertThat(tab.collections().entities()).extracting(row -> row.name()).contains("CUSTOMER", "ORDER");
        assertThat(tab.collections().overviewStatusProperty().get()).contains("entity type(s)");
        assertThat(tab.analyseOnOpen().orElseThrow()).isSameAs(analysed.orElseThrow());
        assertThat(session.reads).hasSize(1);
    }

    @Test
    void aLiveTable_readsNothingUntilAsked() {
        var session = answering(LIVE);
        var tab = tab(LIVE, session);

        assertThat(tab.analyseOnOpen()).isEmpty();
        assertThat(session.reads).isEmpty();
        assertThat(tab.collections().entities()).isEmpty();
    }
}
