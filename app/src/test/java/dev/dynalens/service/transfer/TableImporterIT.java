package dev.dynalens.service.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.RealModels;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Import against a real DynamoDB-compatible server: bad lines and refused items are reported by line while the rest is written. */
@ExtendWith(DynamoEndpointExtension.class)
class TableImporterIT {
    @TempDir
    Path dir;

    private static ImportReport importFile(DynamoSession session, String table, Path file, List<ImportProgress> progress) throws Exception {
        return new TableImporter(session).start(new ImportRequest(table, file, null), progress::add).result().get(2, TimeUnit.MINUTES);
    }

    @Test
    void jsonLines_malformedLinesUnkeyedAndRefusedItems_areRejectedWithTheirLine_andTheOthersAreWritten(TestEndpoint endpoint,
                                                                                                      DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("import-problems");
        TransferItems.create(session, table);
        var tooLarge = "x".repeat(410 * 1024); // DynamoDB's item size limit is 400 KB
        var file = dir.resolve("items.jsonl");
        Files.writeString(file, String.join("\n",
                "{\"Item\": {\"PK\": {\"S\": \"a\"}, \"SK\": {\"N\": \"1\"}}}",
                "{\"Item\": {\"PK\": {\"S\": \"b\"}, \"SK\": {\"N\": \"1\"}",
                "{\"Item\": {\"PK\": {\"S\": \"c\"}}}",
                "{\"Item\": {\"PK\": {\"S\": \"d\"}, \"SK\": {\"S\": \"1\"}}}",
                "{\"Item\": {\"PK\": {\"S\": \"e\"}, \"SK\": {\"N\": \"1\"}, \"big\": {\"S\": \"" + tooLarge + "\"}}}",
                "",
                "{\"Item\": {\"PK\": {\"S\": \"f\"}, \"SK\": {\"N\": \"1E+2\"}, \"tags\": {\"SS\": [\"x\"]}}}") + "\n");
        var progress = new CopyOnWriteArrayList<ImportProgress>();

        var report = importFile(session, table, file, progress);

        assertThat(report.outcome()).isEqualTo(ImportReport.Outcome.COMPLETED);
        assertThat(report.format()).isEqualTo(TransferFormat.JSONL);
        assertThat(report.written()).isEqualTo(2);
        assertThat(report.read()).isEqualTo(5);
        assertThat(report.rejected()).extracting(ImportReport.Rejection::line).containsExactly(2L, 3L, 4L, 5L);
        assertThat(report.rejected().get(0).reason()).startsWith("Not valid JSON");
        assertThat(report.rejected().get(0).item()).isNull();
        assertThat(report.rejected().get(1).reason()).contains("no sort key SK (N)");
        assertThat(report.rejected().get(2).reason()).contains("sort key SK must be N, not S");
        assertThat(report.rejected().get(3).reason()).containsIgnoringCase("size");
        assertThat(report.rejected().get(3).item().get("PK")).contains(AttributeValue.s("e"));
        assertThat(progress.getLast().fraction()).isEqualTo(1.0);
        assertThat(TransferItems.scan(session, table).keySet()).extracting(key -> key.get("PK"))
                .containsExactlyInAnyOrder(AttributeValue.s("a"), AttributeValue.s("f"));
    }

    @Test
    void csv_aBadRowIsRejectedWithItsLine_andTheRestIsWritten(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("import-csv");
        TransferItems.create(session, table);
        var file = dir.resolve("rows.csv");
        Files.writeString(file, "PK:S,SK:N,price:N,tags:SS\r\na,1,1.50,\"[\"\"x\"\"]\"\r\nb,2,cheap,\r\nc,3,,\r\n");

        var report = importFile(session, table, file, new ArrayList<>());

        assertThat(report.format()).isEqualTo(TransferFormat.CSV);
        assertThat(report.written()).isEqualTo(2);
        assertThat(report.rejected()).singleElement().satisfies(r -> {
            assertThat(r.line()).isEqualTo(3);
            assertThat(r.reason()).contains("price:N").contains("cheap");
        });
        var written = TransferItems.scan(session, table);
        assertThat(written.values()).anySatisfy(item -> assertThat(item.get("price")).contains(AttributeValue.n("1.5")));
    }

    @Test
    void aReadOnlyConnection_refusesTheImport_beforeReadingTheFile(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("import-read-only");
        TransferItems.create(session, table);
        var readOnly = ConnectionProfile.create("mirror", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                endpoint.endpoint(), true, ConnectionTag.PRODUCTION);
        try (var guarded = new AwsDynamoSessionFactory().open(readOnly)) {
            var failure = catchThrowable(() -> new TableImporter(guarded).start(new ImportRequest(table, dir.resolve("absent.jsonl"), null),
                    p -> { }).result().get(30, TimeUnit.SECONDS));

            assertThat(failure).isInstanceOf(ExecutionException.class).cause().isInstanceOf(ReadOnlyConnectionException.class)
                    .hasMessageContaining("mirror");
        }
        assertThat(TransferItems.scan(session, table)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"ChatSystemSchema.json", "RecurringPaymentsSchema.json", "SocialNetworkSchema.json", "GamePlayerProfilesSchema.json"})
    void aRealWorkbenchModel_importsEveryItemItHolds(String name, TestEndpoint endpoint, DynamoSession session) throws Exception {
        var file = RealModels.awsModel(name);
        var model = WorkspaceFiles.read(file, WorkspaceOptions.NONE).tables().getFirst();
        var table = endpoint.uniqueTableName("import-model");
        session.createTable(new CreateTableSpec(table, model.keySchema(), List.of())).get(30, TimeUnit.SECONDS);

        var report = importFile(session, table, file, new ArrayList<>());

        assertThat(report.format()).isEqualTo(TransferFormat.WORKBENCH);
        assertThat(report.rejected()).isEmpty();
        assertThat(report.written()).isEqualTo(model.items().size()).isPositive();
        var written = TransferItems.scanItems(session, table);
        assertThat(written).hasSameSizeAs(model.items());
        assertThat(Set.copyOf(written)).isEqualTo(Set.copyOf(model.items()));
    }

    @Test
    void aMissingTable_failsWithTheTableProblem(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var file = dir.resolve("one.jsonl");
        Files.writeString(file, "{\"Item\": {\"PK\": {\"S\": \"a\"}, \"SK\": {\"N\": \"1\"}}}\n");

        var failure = catchThrowable(() -> importFile(session, endpoint.uniqueTableName("absent"), file, new ArrayList<>()));

        assertThat(failure).isInstanceOf(ExecutionException.class).cause().isInstanceOf(DynamoAccessException.class);
        assertThat(((DynamoAccessException) failure.getCause()).problem().kind()).isEqualTo(ConnectionProblem.Kind.TABLE_NOT_FOUND);
    }
}
