package dev.dynalens.ui.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.RecordedNotices;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.usecase.LoadIntoTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** "Load into table" as the dialog drives it: a sample workspace into a new dynalite table, and a read-only refusal. */
@ExtendWith(DynamoEndpointExtension.class)
class LoadIntoTableViewModelIT {

    @Test
    void loadsTheShopSampleIntoANewTable_withItsGsi_andEveryItemComesBackIdentical(TestEndpoint endpoint, DynamoSession target)
            throws Exception {
        var workspace = WorkspaceSession.open(Path.of("samples/online-shop.json"), WorkspaceOptions.NONE);
        var fx = Executors.newSingleThreadExecutor();
        var local = ConnectionProfile.local("dynalite", endpoint.endpoint());
        var table = endpoint.uniqueTableName("shop");
        var model = new LoadIntoTableViewModel(new LoadIntoTable(), workspace, "OnlineShop", List.of(local), profile -> target, fx);
        model.targetTableProperty().set(table);
        var notices = new RecordedNotices();
        model.notifyWith(notices);

        LoadReport report = model.start().get(60, TimeUnit.SECONDS);

        assertThat(report.outcome()).isEqualTo(LoadReport.Outcome.COMPLETED);
        assertThat(report.written()).isEqualTo(108);
        fx.submit(() -> { }).get();
        assertThat(model.statusProperty().get()).startsWith("Done: 108 of 108 item(s) written");
        assertThat(notices.lines()).containsExactly("Load finished | Load of OnlineShop into " + table + " on dynalite: 108 of 108 items written, 0 rejected. | ok");
        var description = target.describeTable(table).get(10, TimeUnit.SECONDS);
        assertThat(description.index("GSI1")).isPresent();
        assertThat(new HashSet<>(scanAll(target, table))).isEqualTo(new HashSet<>(scanAll(workspace, "OnlineShop")));
        fx.shutdown();
    }

    @Test
    void aReadOnlyTarget_isRefused_andNothingIsWritten(TestEndpoint endpoint) throws Exception {
        var workspace = WorkspaceSession.open(Path.of("samples/teams.json"), WorkspaceOptions.NONE);
        var readOnly = ConnectionProfile.create("prod", new CredentialsSource.LocalPlaceholder(), "us-east-1", endpoint.endpoint(),
                true, ConnectionTag.PRODUCTION);
        try (var session = new AwsDynamoSessionFactory().open(readOnly)) {
            var table = endpoint.uniqueTableName("teams");
            var model = new LoadIntoTableViewModel(new LoadIntoTable(), workspace, "Teams", List.of(readOnly), profile -> session, Runnable::run);
            model.targetTableProperty().set(table);

            assertThat(model.start().get(10, TimeUnit.SECONDS)).isNull();
            assertThat(model.statusProperty().get()).contains("read-only").contains("nothing was written");
            assertThat(session.listTables().get(10, TimeUnit.SECONDS)).doesNotContain(table);
        }
    }

    private static List<Item> scanAll(DynamoSession session, String table) throws Exception {
        var items = new ArrayList<Item>();
        ReadRequest request = new ReadRequest.Scan(table, null, null, null);
        while (request != null) {
            var page = session.read(request).get(10, TimeUnit.SECONDS);
            items.addAll(page.items());
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return items;
    }
}
