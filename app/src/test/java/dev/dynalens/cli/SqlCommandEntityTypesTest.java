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
 * `dynalens sql` on a live table (a fake answering from the tracker items) before its entity types are known: a
 * production connection sends the sample read that learns them only with --confirm-read.
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
