package dev.dynalens.cli;

import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.service.AwsEnvironment;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Runs the CLI in-process over the real AWS adapter, with no saved connections and no AWS profiles; and those two stubs. */
final class RealCli {
    private RealCli() {
    }

    record Run(int exitCode, String out, String err) {
    }

    static Run run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var code = DynaLensCli.execute(new CliContext(new AwsDynamoSessionFactory(), noSavedConnections(), noProfiles(), Map.of(),
                new PrintWriter(out), new PrintWriter(err)), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** As {@link #run}, with one saved connection (a production-tagged one, say) for {@code --connection}. */
    static Run runWithSaved(ConnectionProfile saved, String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var store = new ConnectionStore() {
            @Override public LoadResult load() { return new LoadResult(List.of(saved), Optional.empty()); }
            @Override public void save(List<ConnectionProfile> connections) { throw new AssertionError("the CLI must not save"); }
            @Override public Path location() { return Path.of("connections.json"); }
        };
        var code = DynaLensCli.execute(new CliContext(new AwsDynamoSessionFactory(), store, noProfiles(), Map.of(),
                new PrintWriter(out), new PrintWriter(err)), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** A store with nothing saved, which the CLI must never write to. */
    static ConnectionStore noSavedConnections() {
        return new ConnectionStore() {
            @Override public LoadResult load() { return new LoadResult(List.of(), Optional.empty()); }
            @Override public void save(List<ConnectionProfile> connections) { throw new AssertionError("the CLI must not save"); }
            @Override public Path location() { return Path.of("connections.json"); }
        };
    }

    /** No AWS profiles; every region is accepted. */
    static AwsEnvironment noProfiles() {
        return new AwsEnvironment() {
            @Override public List<AwsProfileSummary> profiles() { return List.of(); }
            @Override public List<String> regions() { return List.of("us-east-1"); }
            @Override public boolean isKnownRegion(String region) { return true; }
        };
    }
}
