package dev.dynalens.service.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.CallTimeouts;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 16: a hand-edited connections.json weakened safety silently ("readOnly": "yes" and "readonly": true gave a
 * writable connection, "tag": "PROD" no tag). Each such mistake is now a problem naming the connection, and the
 * connection opens read-only until the file is fixed.
 */
class ConnectionsFileMistakesTest {
    @TempDir
    Path dir;

    private final Clock clock = Clock.fixed(Instant.parse("2026-12-01T10:15:30Z"), ZoneOffset.UTC);

    private JsonConnectionStore storeWith(String connection) throws Exception {
        var store = new JsonConnectionStore(dir, clock);
        Files.writeString(store.location(), """
                {"version": 1, "connections": [
                  {"id": "1", "name": "fine", "credentials": {"type": "default"}, "region": "us-east-1", "readOnly": false, "tag": "DEV"},
                  %s
                ]}
                """.formatted(connection));
        return store;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            "readOnly": "yes"             | "readOnly" is "yes", not true or false
            "readOnly": 1                 | "readOnly" is 1, not true or false
            "readonly": true              | unknown field "readonly" (did you mean "readOnly"?)
            "tag": "PROD"                 | "tag" is "PROD", not one of NONE, LOCAL, DEV, TEST, STAGING, PRODUCTION
            "tag": "FILE"                 | "tag" is "FILE", not one of NONE, LOCAL, DEV, TEST, STAGING, PRODUCTION
            "confirm": false              | unknown field "confirm"
            "timeouts": {"attempt": 5}    | unknown field "timeouts.attempt"
            """)
    void aMistake_isAProblemNamingTheConnection_andItOpensReadOnly(String field, String said) throws Exception {
        var store = storeWith("{\"id\": \"2\", \"name\": \"Prod\", \"credentials\": {\"type\": \"profile\", \"profile\": \"p\"},"
                + " \"region\": \"eu-west-1\", " + field + "}");

        var result = store.load();

        assertThat(result.connections()).extracting(ConnectionProfile::name).containsExactly("fine", "Prod");
        assertThat(result.connections().get(0).readOnly()).isFalse();
        assertThat(result.connections().get(1).readOnly()).isTrue();
        assertThat(result.problem()).get().asString()
                .contains("open read-only until connections.json is fixed: connection #2 (Prod): " + said)
                .contains("A copy of the file was kept at");
    }

    @Test
    void aWellFormedFile_hasNoProblem_andTagsAreReadWhateverTheirCase() throws Exception {
        var store = storeWith("{\"id\": \"2\", \"name\": \"Prod\", \"credentials\": {\"type\": \"default\"}, \"region\": \"eu-west-1\","
                + " \"readOnly\": false, \"tag\": \"production\", \"timeouts\": {\"attemptSeconds\": 3, \"totalSeconds\": \"7.5\"}}");

        var result = store.load();

        assertThat(result.problem()).isEmpty();
        var prod = result.connections().get(1);
        assertThat(prod.tag()).isEqualTo(ConnectionTag.PRODUCTION);
        assertThat(prod.readOnly()).isFalse();
        assertThat(prod.timeouts()).isEqualTo(CallTimeouts.ofSeconds(3, 7.5));
    }

    @Test
    void timeouts_areSavedOnlyWhenTheyAreNotTheDefaults_andReadBack() throws Exception {
        var store = new JsonConnectionStore(dir, clock);
        var slow = ConnectionProfile.local("slow", java.net.URI.create("http://localhost:8000")).withTimeouts(CallTimeouts.ofSeconds(2.5, 60));
        var plain = ConnectionProfile.local("plain", java.net.URI.create("http://localhost:8001"));

        store.save(List.of(slow, plain));

        var text = Files.readString(store.location());
        assertThat(text).containsOnlyOnce("\"timeouts\"").contains("\"attemptSeconds\" : 2.5").contains("\"totalSeconds\" : 60");
        assertThat(store.load().connections()).containsExactly(slow, plain);
    }

    @Test
    void badTimeouts_areAMistakeToo() throws Exception {
        var store = storeWith("{\"id\": \"2\", \"name\": \"Odd\", \"credentials\": {\"type\": \"default\"}, \"region\": \"eu-west-1\","
                + " \"timeouts\": {\"attemptSeconds\": 30, \"totalSeconds\": 5}}");

        var result = store.load();

        assertThat(result.connections().get(1).readOnly()).isTrue();
        assertThat(result.connections().get(1).timeouts()).isEqualTo(CallTimeouts.DEFAULT);
        assertThat(result.problem()).get().asString().contains("connection #2 (Odd): \"timeouts\": The total timeout (5 s) is shorter"
                + " than one attempt's (30 s) (the defaults are used: 10 s an attempt, 20 s a call)");
    }
}
