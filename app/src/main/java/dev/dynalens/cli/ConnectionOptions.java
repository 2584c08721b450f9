package dev.dynalens.cli;

import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/** How a command reaches DynamoDB: a saved connection, or an endpoint / region / profile given inline. */
public final class ConnectionOptions {
    private static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1", "::1", "[::1]");

    @Option(names = "--connection", paramLabel = "NAME", description = "A connection saved in the app.")
    String connection;

    @Option(names = "--endpoint", paramLabel = "URL", description = "Endpoint override, e.g. http://localhost:8000 for dynalite or DynamoDB Local.")
    String endpoint;

    @Option(names = "--region", paramLabel = "REGION", description = "AWS region (default: $AWS_REGION, the profile's region, or us-east-1).")
    String region;

    @Option(names = "--profile", paramLabel = "PROFILE", description = "AWS profile from ~/.aws/config or ~/.aws/credentials.")
    String profile;

    /** Whether any connection option was given. */
    boolean given() {
        return connection != null || endpoint != null || region != null || profile != null;
    }

    /** The connection these options describe. */
    ConnectionProfile resolve(CliContext context) {
        if (connection != null) {
            if (endpoint != null || region != null || profile != null) {
                throw new CliException("--connection cannot be combined with --endpoint, --region or --profile");
            }
            var loaded = context.connections().load();
            // A hand-edited file's mistakes make connections read-only; say why before a write is refused for it.
            loaded.problem().ifPresent(problem -> {
                context.err().println("dynalens: " + context.connections().location() + ": " + problem);
                context.err().flush();
            });
            return loaded.connections().stream().filter(c -> c.name().equals(connection)).findFirst()
                    .orElseThrow(() -> new CliException("No saved connection named '" + connection + "'"
                            + loaded.problem().map(p -> " (" + p + ")").orElse("")
                            + (loaded.connections().isEmpty() ? "; there are no saved connections"
                            : "; saved: " + loaded.connections().stream().map(ConnectionProfile::name).collect(Collectors.joining(", ")))));
        }
        URI uri = null;
        if (endpoint != null) {
            try {
                uri = new URI(endpoint);
            } catch (URISyntaxException e) {
                throw new CliException("--endpoint '" + endpoint + "' is not a URL");
            }
        }
        CredentialsSource credentials;
        if (profile != null) {
            credentials = new CredentialsSource.Profile(profile);
        } else if (uri != null && uri.getHost() != null && LOOPBACK_HOSTS.contains(uri.getHost())) {
            credentials = new CredentialsSource.LocalPlaceholder();
        } else {
            credentials = new CredentialsSource.DefaultChain();
        }
        try {
            var region = resolveRegion(context);
            // the same options name the same connection from one run to the next: what is kept for it (the SQL
            // workbench's entity types) is found again, and no new folder is left behind each run
            var id = "command-line-" + UUID.nameUUIDFromBytes((String.valueOf(uri) + "\n" + region + "\n" + credentials)
                    .getBytes(StandardCharsets.UTF_8));
            return new ConnectionProfile(id, "command line", credentials, region, uri, false,
                    uri == null ? ConnectionTag.NONE : ConnectionTag.LOCAL);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    private String resolveRegion(CliContext context) {
        if (region != null) return region;
        for (var variable : new String[] {"AWS_REGION", "AWS_DEFAULT_REGION"}) {
            var value = context.env().get(variable);
            if (value != null && !value.isBlank()) return value;
        }
        var profileName = profile != null ? profile : context.env().getOrDefault("AWS_PROFILE", "default");
        return context.environment().profiles().stream().filter(p -> p.name().equals(profileName))
                .map(AwsProfileSummary::region).filter(r -> r != null && !r.isBlank()).findFirst().orElse("us-east-1");
    }
}
