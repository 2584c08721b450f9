package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A connection given inline is the same connection from one run to the next (issue 28, noticed while making the SQL
 * sample ask on production: a random id each run meant the entity types kept for it were never found again, and each
 * run left a new folder in the config directory).
 */
class ConnectionOptionsTest {
    private static final CliContext CONTEXT = new CliContext(new AwsDynamoSessionFactory(), RealCli.noSavedConnections(), RealCli.noProfiles(),
            Map.of(), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));

    private static ConnectionOptions options(String endpoint, String region, String profile) {
        var options = new ConnectionOptions();
        options.endpoint = endpoint;
        options.region = region;
        options.profile = profile;
        return options;
    }

    @Test
    void theSameOptions_nameTheSameConnection_andOthersAnother() {
        var first = options("http://localhost:8000", null, null).resolve(CONTEXT);
        var again = options("http://localhost:8000", null, null).resolve(CONTEXT);

        assertThat(again.id()).isEqualTo(first.id()).startsWith("command-line-");
        assertThat(options("http://localhost:8001", null, null).resolve(CONTEXT).id()).isNotEqualTo(first.id());
        assertThat(options("http://localhost:8000", "eu-west-1", null).resolve(CONTEXT).id()).isNotEqualTo(first.id());
        assertThat(options(null, "eu-west-1", "prod").resolve(CONTEXT).id())
                .isNotEqualTo(options(null, "eu-west-1", "dev").resolve(CONTEXT).id());
    }
}
