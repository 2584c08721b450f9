package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.AwsEnvironment;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Command-line parsing, paging and error reporting, over a fake session (the real endpoint is in DynaLensCliIT). */
class DynaLensCliTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<FakeDynamoSession> sessions = new ArrayList<>();
    private final List<ConnectionProfile> saved = new ArrayList<>();
    private java.util.function.Consumer<FakeDynamoSession> setUp = s -> { };

    private int run(String... args) {
        var store = new ConnectionStore() {
            @Override public LoadResult load() { return new LoadResult(saved, Optional.empty()); }
            @Override public void save(List<ConnectionProfile> connections) { throw new AssertionError("the CLI must not save"); }
            @Override public Path location() { return Path.of("connections.json"); }
        };
        var environment = new AwsEnvironment() {
            @Override public List<AwsProfileSummary> profiles() {
                return List.of(new AwsProfileSummary("dev", AwsProfileSummary.Kind.SSO, "eu-central-1"));
            }
            @Override public List<String> regions() { return List.of("eu-central-1", "us-east-1"); }
            @Override public boolean isKnownRegion(String r) { return regions().contains(r); }
        };
        var context = new CliContext(profile -> {
            var session = new FakeDynamoSession(profile);
            setUp.accept(session);
            sessions.add(session);
            return session;
        }, store, environment, Map.of(), new PrintWriter(out), new PrintWriter(err));
        return DynaLensCli.execute(context, args);
    }

    private static final TableDescription SHOP = new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(), List.of(),
            0, 0, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE",
            new TableDescription.TimeToLive(TableDescription.TimeToLive.Status.ENABLED, "expiresAt"));

    @Test
    void tables_json_listsEveryTable_andClosesTheSession() {
        setUp = s -> s.tables = CompletableFuture.completedFuture(List.of("A", "B"));
        assertThat(run("tables", "--endpoint", "http://localhost:8000", "--json")).isZero();
        assertThat(out.toString().strip()).isEqualTo("{\"tables\":[\"A\",\"B\"]}");
        assertThat(sessions).singleElement().satisfies(s -> {
            assertThat(s.closed).isTrue();
            assertThat(s.profile().credentials()).isInstanceOf(CredentialsSource.LocalPlaceholder.class);
        });
    }

    @Test
    void profile_takesItsRegionFromTheAwsConfig() {
        run("tables", "--profile", "dev");
        var profile = sessions.get(0).profile();
        assertThat(profile.credentials()).isEqualTo(new CredentialsSource.Profile("dev"));
        assertThat(profile.region()).isEqualTo("eu-central-1");
    }

    @Test
    void scan_followsEveryPage_untilTheLimit() {
        setUp = s -> s.responder = request -> {
            var start = request.exclusiveStartKey() == null ? 0 : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("PK")).value());
            var items = List.of(item(start), item(start + 1));
            return new Page(items, Map.of("PK", AttributeValue.s(Integer.toString(start + 2))), 2, new ConsumedCapacity(0.5, null, null));
        };
        assertThat(run("scan", "Shop", "--endpoint", "http://127.0.0.1:1", "--limit", "5", "--stats")).isZero();
        var lines = out.toString().lines().toList();
        assertThat(lines).hasSize(5);
        assertThat(lines.get(4)).isEqualTo("{\"PK\":{\"S\":\"4\"},\"n\":{\"N\":\"12345678901234567890123456789012345678\"}}");
        assertThat(sessions.get(0).reads).hasSize(3);
        assertThat(err.toString()).contains("5 item(s), 3 request(s), 1.5 RCU");
    }

    @Test
    void query_buildsTheKeyConditionFromTheKeySchema() {
        setUp = s -> {
            s.description.complete(SHOP);
            s.responder = request -> new Page(List.of(), null, 0, ConsumedCapacity.NOT_REPORTED);
        };
        assertThat(run("query", "Shop", "--endpoint", "http://localhost:1", "--pk", "CUSTOMER#42", "--sk-begins-with", "ORDER#",
                "--descending")).isZero();
        var query = (ReadRequest.Query) sessions.get(0).reads.get(0);
        assertThat(query.partitionKeyValue()).isEqualTo(AttributeValue.s("CUSTOMER#42"));
        assertThat(query.sortKeyCondition()).isEqualTo(SortKeyCondition.of(SortKeyCondition.Operator.BEGINS_WITH, AttributeValue.s("ORDER#")));
        assertThat(query.scanIndexForward()).isFalse();
    }

    @Test
    void twoSortKeyConditions_areAUsageError() {
        assertThat(run("query", "Shop", "--pk", "A", "--sk", "1", "--sk-gt", "2")).isEqualTo(2);
        assertThat(err.toString()).contains("mutually exclusive");
    }

    @Test
    void aFailedRequest_printsOneLineOnStderr_andExitsWithOne() {
        setUp = s -> s.tables = CompletableFuture.failedFuture(new DynamoAccessException(new ConnectionProblem(
                ConnectionProblem.Kind.ENDPOINT_UNREACHABLE, "Cannot reach http://127.0.0.1:1: connection refused", null), null));
        assertThat(run("tables", "--endpoint", "http://127.0.0.1:1")).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("dynalens: Cannot reach http://127.0.0.1:1: connection refused" + System.lineSeparator());
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void unknownSavedConnection_namesTheSavedOnes() {
        saved.add(ConnectionProfile.local("local", URI.create("http://localhost:8000")));
        assertThat(run("tables", "--connection", "prod")).isEqualTo(2);
        assertThat(err.toString()).contains("No saved connection named 'prod'").contains("saved: local");
        assertThat(sessions).isEmpty();
    }

    @Test
    void savedConnection_isUsedAsSaved() {
        var local = ConnectionProfile.local("local", URI.create("http://localhost:8000"));
        saved.add(local);
        assertThat(run("tables", "--connection", "local")).isZero();
        assertThat(sessions.get(0).profile()).isEqualTo(local);
    }

    @Test
    void noSubcommand_isAUsageError() {
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString()).contains("Missing subcommand");
    }

    private static Item item(int i) {
        var attributes = new java.util.LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(Integer.toString(i)));
        attributes.put("n", AttributeValue.n("12345678901234567890123456789012345678"));
        return new Item(attributes);
    }
}
