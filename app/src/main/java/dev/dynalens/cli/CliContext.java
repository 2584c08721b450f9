package dev.dynalens.cli;

import dev.dynalens.service.AwsEnvironment;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.service.DynamoSessionFactory;
import dev.dynalens.service.ExportSources;
import dev.dynalens.service.guard.WriteGuard;
import java.io.PrintWriter;
import java.util.Map;

/**
 * What the commands need from the outside world; the composition root builds it, tests build their own. Every session
 * the commands open is {@link WriteGuard#protect protected}: a writing command confirms its table with
 * {@code --confirm-table} on a production-tagged connection.
 */
public record CliContext(DynamoSessionFactory sessions, ConnectionStore connections, AwsEnvironment environment,
                         Map<String, String> env, PrintWriter out, PrintWriter err, ExportSources exports) {
    public CliContext {
        sessions = WriteGuard.protect(sessions);
        exports = exports == null ? ExportSources.localOnly() : exports;
    }

    /** A context that reads exports from local folders only. */
    public CliContext(DynamoSessionFactory sessions, ConnectionStore connections, AwsEnvironment environment, Map<String, String> env,
                      PrintWriter out, PrintWriter err) {
        this(sessions, connections, environment, env, out, err, null);
    }
}
