package dev.dynalens.service.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.service.ConnectionStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Connections as JSON in {@code connections.json}. The file holds names, profile names, regions and
 * endpoints: the credentials model has no field for a secret, so none can be written.
 *
 * <p>A file that cannot be read is never overwritten: it is copied aside first, and the problem is
 * reported with the line and column, so nothing the person had is lost.
 */
public final class JsonConnectionStore implements ConnectionStore {
    static final int FORMAT_VERSION = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;
    private final Clock clock;

    public JsonConnectionStore(Path configDirectory) {
        this(configDirectory, Clock.systemUTC());
    }

    JsonConnectionStore(Path configDirectory, Clock clock) {
        this.file = configDirectory.resolve("connections.json");
        this.clock = clock;
    }

    @Override
    public Path location() {
        return file;
    }

    @Override
    public LoadResult load() {
        if (!Files.exists(file)) {
            return new LoadResult(List.of(), Optional.empty());
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            return new LoadResult(List.of(), Optional.of("Could not read " + file + ": " + e.getMessage()));
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            var where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            return new LoadResult(List.of(), Optional.of("The connections file " + file + " is not valid JSON" + where
                    + " (" + e.getOriginalMessage() + "). " + keepCopy()));
        }
        if (root == null || !root.isObject() || !root.path("connections").isArray()) {
            return new LoadResult(List.of(), Optional.of("The connections file " + file
                    + " has no \"connections\" list. " + keepCopy()));
        }
        var connections = new ArrayList<ConnectionProfile>();
        var problems = new ArrayList<String>();
        var index = 0;
        for (var node : root.path("connections")) {
            index++;
            try {
                connections.add(fromJson(node));
            } catch (RuntimeException e) {
                problems.add("connection #" + index + " (" + node.path("name").asText("unnamed") + "): " + e.getMessage());
            }
        }
        if (problems.isEmpty()) {
            return new LoadResult(connections, Optional.empty());
        }
        return new LoadResult(connections, Optional.of("Some saved connections could not be read and were skipped: "
                + String.join("; ", problems) + ". " + keepCopy()));
    }

    private String keepCopy() {
        try {
            var stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT).withZone(ZoneOffset.UTC).format(clock.instant());
            var copy = file.resolveSibling(file.getFileName() + ".unreadable-" + stamp);
            Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
            return "A copy of the file was kept at " + copy + ".";
        } catch (IOException e) {
            return "Could not keep a copy of it (" + e.getMessage() + ").";
        }
    }

    @Override
    public void save(List<ConnectionProfile> connections) {
        var root = MAPPER.createObjectNode();
        root.put("version", FORMAT_VERSION);
        ArrayNode list = root.putArray("connections");
        connections.forEach(c -> list.add(toJson(c)));
        try {
            AtomicFiles.writeString(file, MAPPER.writeValueAsString(root));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not save connections to " + file + ": " + e.getMessage(), e);
        }
    }

    static ObjectNode toJson(ConnectionProfile c) {
        var node = MAPPER.createObjectNode();
        node.put("id", c.id());
        node.put("name", c.name());
        var credentials = node.putObject("credentials");
        switch (c.credentials()) {
            case CredentialsSource.DefaultChain d -> credentials.put("type", "default");
            case CredentialsSource.Profile p -> credentials.put("type", "profile").put("profile", p.profileName());
            case CredentialsSource.LocalPlaceholder l -> credentials.put("type", "local");
        }
        node.put("region", c.region());
        if (c.endpointOverride() != null) {
            node.put("endpoint", c.endpointOverride().toString());
        }
        node.put("readOnly", c.readOnly());
        node.put("tag", c.tag().name());
        return node;
    }

    static ConnectionProfile fromJson(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("expected an object");
        }
        var credentialsNode = node.path("credentials");
        var type = credentialsNode.path("type").asText("default");
        CredentialsSource credentials = switch (type) {
            case "default" -> new CredentialsSource.DefaultChain();
            case "profile" -> new CredentialsSource.Profile(required(credentialsNode, "profile"));
            case "local" -> new CredentialsSource.LocalPlaceholder();
            default -> throw new IllegalArgumentException("unknown credentials type '" + type + "'");
        };
        var endpoint = node.path("endpoint").asText("");
        ConnectionTag tag;
        try {
            tag = ConnectionTag.valueOf(node.path("tag").asText("NONE").toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            tag = ConnectionTag.NONE;
        }
        URI uri;
        try {
            uri = endpoint.isBlank() ? null : new URI(endpoint);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("endpoint '" + endpoint + "' is not a URL");
        }
        var id = node.path("id").asText("");
        return new ConnectionProfile(id.isBlank() ? java.util.UUID.randomUUID().toString() : id,
                required(node, "name"), credentials, required(node, "region"), uri,
                node.path("readOnly").asBoolean(false), tag);
    }

    private static String required(JsonNode node, String field) {
        var value = node.path(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new IllegalArgumentException("missing \"" + field + "\"");
        }
        return value.asText();
    }
}
