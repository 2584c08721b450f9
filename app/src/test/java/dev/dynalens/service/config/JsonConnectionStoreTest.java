package dev.dynalens.service.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonConnectionStoreTest {
    @TempDir
    Path dir;

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-30T10:15:30Z"), ZoneOffset.UTC);

    @Test
    void missingFile_loadsAsEmptyWithoutProblem() {
        var result = new JsonConnectionStore(dir, clock).load();
        assertThat(result.connections()).isEmpty();
        assertThat(result.problem()).isEmpty();
    }

    @Test
    void saveThenLoad_keepsEveryField() {
        var store = new JsonConnectionStore(dir, clock);
        var prod = ConnectionProfile.create("Production", new CredentialsSource.Profile("prod-admin"), "eu-west-1", null,
                true, ConnectionTag.PRODUCTION);
        var local = ConnectionProfile.local("dynalite", URI.create("http://127.0.0.1:4567"));
        var chain = ConnectionProfile.create("Default", new CredentialsSource.DefaultChain(), "us-east-2", null, false,
                ConnectionTag.DEV);

        store.save(List.of(prod, local, chain));
        var loaded = store.load();

        assertThat(loaded.problem()).isEmpty();
        assertThat(loaded.connections()).containsExactly(prod, local, chain);
    }

    @Test
    void savedFile_holdsNoSecretAndOnlyKnownFields() throws Exception {
        var awsDir = Files.createDirectories(dir.resolve(".aws"));
        var secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
        var sessionToken = "IQoJb3JpZ2luX2VjEXAMPLETOKEN";
        Files.writeString(awsDir.resolve("credentials"), """
                [dev]
                aws_access_key_id = AKIAIOSFODNN7EXAMPLE
                aws_secret_access_key = %s
                aws_session_token = %s
                """.formatted(secret, sessionToken));
        var store = new JsonConnectionStore(dir.resolve("config"), clock);

        store.save(List.of(
                ConnectionProfile.create("Dev", new CredentialsSource.Profile("dev"), "us-east-1", null, false, ConnectionTag.DEV),
                ConnectionProfile.local("local", URI.create("http://localhost:8000"))));

        var text = Files.readString(store.location());
        assertThat(text).doesNotContain(secret, sessionToken, "AKIAIOSFODNN7EXAMPLE", CredentialsSource.LocalPlaceholder.SECRET_ACCESS_KEY)
                .doesNotContainIgnoringCase("secret").doesNotContainIgnoringCase("token");
        assertThat(fieldNames(new ObjectMapper().readTree(text))).isSubsetOf(
                "version", "connections", "id", "name", "credentials", "type", "profile", "region", "endpoint", "readOnly", "tag");
    }

    @Test
    void malformedFile_isReportedWithPosition_keptAside_andNotOverwrittenByLoad() throws Exception {
        var store = new JsonConnectionStore(dir, clock);
        var broken = "{\n  \"connections\": [\n    {\"name\": \"a\",, }\n  ]\n}\n";
        Files.writeString(store.location(), broken);

        var result = store.load();

        assertThat(result.connections()).isEmpty();
        assertThat(result.problem()).get().asString()
                .contains("not valid JSON").contains("line 3").contains("connections.json.unreadable-20261130-101530");
        assertThat(Files.readString(store.location())).isEqualTo(broken);
        assertThat(Files.readString(dir.resolve("connections.json.unreadable-20261130-101530"))).isEqualTo(broken);
    }

    @Test
    void invalidEntry_isSkippedAndNamed_whileTheOthersLoad() throws Exception {
        var store = new JsonConnectionStore(dir, clock);
        Files.writeString(store.location(), """
                {"version": 1, "connections": [
                  {"id": "1", "name": "good", "credentials": {"type": "default"}, "region": "us-east-1", "tag": "DEV"},
                  {"id": "2", "name": "bad endpoint", "credentials": {"type": "local"}, "region": "us-east-1", "endpoint": "ftp://x"},
                  {"id": "3", "name": "no region", "credentials": {"type": "profile", "profile": "p"}}
                ]}
                """);

        var result = store.load();

        assertThat(result.connections()).extracting(ConnectionProfile::name).containsExactly("good");
        assertThat(result.problem()).get().asString().contains("bad endpoint").contains("http://")
                .contains("no region").contains("missing \"region\"");
    }

    @Test
    void fileWithoutConnectionsList_isReported() throws Exception {
        var store = new JsonConnectionStore(dir, clock);
        Files.writeString(store.location(), "[1, 2, 3]");
        assertThat(store.load().problem()).get().asString().contains("no \"connections\" list");
    }

    private static Set<String> fieldNames(JsonNode node) {
        var names = new HashSet<String>();
        collect(node, names);
        return names;
    }

    private static void collect(JsonNode node, Set<String> names) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            var name = it.next();
            names.add(name);
            collect(node.get(name), names);
        }
        node.elements().forEachRemaining(child -> collect(child, names));
    }
}
