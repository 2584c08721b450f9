package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.Page;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.service.config.ConfigDirectory;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.SqlTrackerData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `dynalens sql` on a live table (a fake answering from the tracker items) before its entity types are known: what the
 * sample read that learns them costs, that --explain never sends it, and that a production connection sends it only
 * with --confirm-read.
 */
class SqlCommandEntityTypesTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ConnectionProfile PROD = ConnectionProfile.create("prod", new CredentialsSource.LocalPlaceholder(), "us-east-1",
            null, false, ConnectionTag.PRODUCTION);
    private static final ConnectionProfile DEV = ConnectionProfile.create("dev", new CredentialsSource.LocalPlaceholder(), "us-east-1",
            null, false, ConnectionTag.DEV);

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    /** Every session the command opened, with what was read through it. */
    private final List<FakeDynamoSession> sessions = new ArrayList<>();

    @TempDir
    Path config;

    @BeforeEach
    void keepEntityTypesInATemporaryConfigFolder() {
        System.setProperty(ConfigDirectory.OVERRIDE_PROPERTY, config.toString());
    }

    @AfterEach
    void clearConfigFolder() {
        System.clearProperty(ConfigDirectory.OVERRIDE_PROPERTY);
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        var saved = new ConnectionStore() {
            @Override public LoadResult load() { return new LoadResult(List.of(PROD, DEV), Optional.empty()); }
            @Override public void save(List<ConnectionProfile> connections) { throw new AssertionError("the CLI must not save"); }
            @Override public Path location() { return Path.of("connections.json"); }
        };
        var context = new CliContext(this::tracker, saved, RealCli.noProfiles(), Map.of(), new PrintWriter(out), new PrintWriter(err));
        return DynaLensCli.execute(context, args);
    }

    /** A session on the tracker items: DescribeTable and every read answered from them. */
    private FakeDynamoSession tracker(ConnectionProfile profile) {
        var items = SqlTrackerData.items();
        var workspace = SqlTrackerData.session(items);
        var session = new FakeDynamoSession(profile);
        session.description = CompletableFuture.completedFuture(SqlTrackerData.table(items).description());
        session.responder = request -> {
            var page = workspace.read(request).join();
            return new Page(page.items(), page.lastEvaluatedKey(), page.scannedCount(), new ConsumedCapacity(0.5, 0.5, null));
        };
        session.getter = key -> workspace.getItem(SqlTrackerData.TABLE, key, false);
        sessions.add(session);
        return session;
    }

    private long reads() {
        return sessions.stream().mapToLong(s -> s.reads.size()).sum();
    }

    private JsonNode json() throws IOException {
        return MAPPER.readTree(out.toString());
    }

    /**
     * Issue 28: {@code --explain} ran the sample read when no entity types were kept, though it reads nothing. It plans
     * against what DescribeTable gives (the whole table and its key attributes) and says what learning them would cost.
     */
    @Test
    void explain_withoutKeptEntityTypes_readsNothing_andPlansAgainstTheWholeTable_sayingWhatTheSampleCosts() throws IOException {
        var code = run("sql", "Tracker", "--endpoint", "http://localhost:1", "--explain", "--json",
                "SELECT PK, SK FROM \"Tracker\" WHERE PK = 'ORG#acme'");

        assertThat(code).as(err.toString()).isZero();
        assertThat(reads()).as("requests read").isZero();
        assertThat(err.toString()).contains("Tracker's entity types are not known here (none are kept) and --explain reads nothing")
                .contains("learning the entity types takes a sample read, the first 9 items, about");
        var json = json();
        assertThat(json.path("plan").get(0).path("operation").asText()).isEqualTo("Query");
        var entityTypes = json.path("entityTypes");
        assertThat(entityTypes.path("source").asText()).isEqualTo("table description only");
        assertThat(entityTypes.path("requests").asLong()).isZero();
        assertThat(entityTypes.path("sampleRead").path("read").asBoolean()).isFalse();
        assertThat(entityTypes.path("sampleRead").path("items").asLong()).isEqualTo(9);
        assertThat(entityTypes.path("sampleRead").path("estimatedRcu").isNumber()).isTrue();
    }

    /** A statement that needs the entity types is refused under --explain in a sentence saying so, with exit code 2: nothing read. */
    @Test
    void explain_ofAStatementThatNeedsTheEntityTypes_saysSo_andReadsNothing() {
        var code = run("sql", "Tracker", "--endpoint", "http://localhost:1", "--explain", "SELECT title FROM PROJECT WHERE PK = 'ORG#acme'");

        assertThat(code).isEqualTo(DynaLensCli.USAGE);
        assertThat(reads()).as("requests read").isZero();
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).contains("Object 'PROJECT' not found")
                .contains("planned against the whole table Tracker and its key attributes only")
                .contains("run the statement without --explain to learn them");
    }

    @Test
    void explain_withRefreshEntityTypes_isAUsageError() {
        var code = run("sql", "Tracker", "--endpoint", "http://localhost:1", "--explain", "--refresh-entity-types",
                "SELECT PK FROM \"Tracker\" WHERE PK = 'ORG#acme'");

        assertThat(code).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("--refresh-entity-types reads a sample and --explain reads nothing");
        assertThat(reads()).isZero();
    }

    /** Once learnt, the entity types are kept for the connection: --explain then plans over them, still reading nothing. */
    @Test
    void explain_afterARunThatLearntTheEntityTypes_plansOverThem() throws IOException {
        assertThat(run("sql", "Tracker", "--connection", "dev", "SELECT title FROM PROJECT WHERE PK = 'ORG#acme'"))
                .as(err.toString()).isZero();
        assertThat(err.toString()).contains("Knowing the entity types of Tracker takes a sample read");
        var before = reads();

        var code = run("sql", "Tracker", "--connection", "dev", "--explain", "--json",
                "SELECT title FROM PROJECT WHERE PK = 'ORG#acme'");

        assertThat(code).as(err.toString()).isZero();
        assertThat(reads()).isEqualTo(before);
        assertThat(json().path("entityTypes").path("source").asText()).isEqualTo("kept sample read");
        assertThat(json().path("entityTypes").has("sampleRead")).isFalse();
    }

    /**
     * Issue 28: on a production connection the sample read went out without asking. It is a usage error now, saying what
     * the sample costs, with nothing read; --confirm-read reads it.
     */
    @Test
    void onProduction_theSampleRead_needsConfirmRead_andTheRefusalSaysWhatItCosts() throws IOException {
        var refused = run("sql", "Tracker", "--connection", "prod", "SELECT title FROM PROJECT WHERE PK = 'ORG#acme'");

        assertThat(refused).isEqualTo(DynaLensCli.USAGE);
        assertThat(reads()).as("requests read").isZero();
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).contains("Tracker is on a connection tagged production: run again with --confirm-read to read a sample "
                + "of it (nothing was read); the sample read costs the first 9 items, about");

        var confirmed = run("sql", "Tracker", "--connection", "prod", "--confirm-read", "--json",
                "SELECT title FROM PROJECT WHERE PK = 'ORG#acme'");

        assertThat(confirmed).as(err.toString()).isZero();
        assertThat(json().path("entityTypes").path("source").asText()).isEqualTo("sample read");
        assertThat(json().path("rows").size()).isPositive();
    }
}
