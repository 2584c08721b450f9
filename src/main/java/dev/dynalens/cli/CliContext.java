package dev.dynalens.cli;

import dev.dynalens.service.AwsEnvironment;
import dev.dynalens.service.ConnectionStore;
import dev.dynalens.service.DynamoSessionFactory;
import java.io.PrintWriter;
import java.util.Map;

/** What the commands need from the outside world; the composition root builds it, tests build their own. */
public record CliContext(DynamoSessionFactory sessions, ConnectionStore connections, AwsEnvironment environment,
                         Map<String, String> env, PrintWriter out, PrintWriter err) {
}
