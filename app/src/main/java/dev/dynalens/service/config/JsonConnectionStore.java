package dev.dynalens.service.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dynalens.domain.connection.CallTimeouts;
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
                    + " (" + dev.dynalens.domain.codec.JsonProblems.message(e) + "). " + keepCopy()));
        }
        if (root == null || !root.isObject() || !root.path("connections").isArray()) {
            return new LoadResult(List.of(), Optional.of("The connections file " + file
                    + " has no \"connections\" list. " + keepCopy()));
        }
        var connections = new ArrayList<ConnectionProfile>();
        var problems = new ArrayList<String>();
        var weakened = new ArrayList<String>();
        var index = 0;
        for (var node : root.path("connections")) {
            index++;
            var label = "connection #" + index + " (" + node.path("name").asText("unnamed") + ")";
            try {
                var read = read(node);
                connections.add(read.profile());
                if (!read.mistakes().isEmpty()) {
                    weakened.add(label + ": " + String.join(", ", read.mistakes()));
                }
            } catch (RuntimeException e) {
                problems.add(label + ": " + e.getMessage());
            }
        }
        if (problems.isEmpty() && weakened.isEmpty()) {
            return new LoadResult(connections, Optional.empty());
        }
        var message = new StringBuilder();
        if (!problems.isEmpty()) {
            message.append("Some saved connections could not be read and were skipped: ").append(String.join("; ", problems)).append(". ");
        }
        if (!weakened.isEmpty()) {
            message.append("Some saved connections have values DynaLens does not know, so they open read-only until ")
                    .append(file.getFileName()).append(" is fixed: ").append(String.join("; ", weakened)).append(". ");
        }
        return new LoadResult(connections, Optional.of(message + keepCopy()));
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
        if (!c.timeouts().isDefault()) {
            node.putObject("timeouts").put("attemptSeconds", new java.math.BigDecimal(CallTimeouts.seconds(c.timeouts().attempt())))
                    .put("totalSeconds", new java.math.BigDecimal(CallTimeouts.seconds(c.timeouts().total())));
        }
        return node;
    }

    /** The names a saved connection may have; anything else is a mistake (a hand-edited "readonly" would be ignored). */
    private static final List<String> FIELDS = List.of("id", "name", "credentials", "region", "endpoint", "readOnly", "tag", "timeouts");
    private static final List<String> CREDENTIAL_FIELDS = List.of("type", "profile");
    private static final List<String> TIMEOUT_FIELDS = List.of("attemptSeconds", "totalSeconds");

    /**
     * A connection read from the file, and the mistakes that made it read-only: a safety setting that is not what the
     * app writes must never weaken a connection silently ({@code "readOnly": "yes"} read as false, {@code "tag": "PROD"}
     * as no tag, {@code "readonly": true} ignored). Such a connection is kept, read-only, so the person still sees it.
     */
    record Read(ConnectionProfile profile, List<String> mistakes) {
    }

    static Read read(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("expected an object");
        }
        var mistakes = new ArrayList<String>();
        unknownFields(node, FIELDS, "", mistakes);
        unknownFields(node.path("credentials"), CREDENTIAL_FIELDS, "credentials.", mistakes);
        var readOnlyNode = node.path("readOnly");
        boolean readOnly = readOnlyNode.asBoolean(false);
        if (!readOnlyNode.isMissingNode() && !readOnlyNode.isBoolean()) {
            mistakes.add("\"readOnly\" is " + readOnlyNode + ", not true or false");
        }
        var tag = ConnectionTag.NONE;
        var tagNode = node.path("tag");
        if (!tagNode.isMissingNode()) {
            var known = tagNode.isTextual() ? tagOf(tagNode.asText()) : Optional.<ConnectionTag>empty();
            if (known.isPresent()) {
                tag = known.get();
            } else {
                mistakes.add("\"tag\" is " + tagNode + ", not one of " + java.util.Arrays.stream(ConnectionTag.values())
                        .filter(t -> t != ConnectionTag.FILE).map(Enum::name).collect(java.util.stream.Collectors.joining(", ")));
            }
        }
        var timeouts = CallTimeouts.DEFAULT;
        var timeoutsNode = node.path("timeouts");
        if (!timeoutsNode.isMissingNode()) {
            unknownFields(timeoutsNode, TIMEOUT_FIELDS, "timeouts.", mistakes);
            try {
                timeouts = timeouts(timeoutsNode);
            } catch (IllegalArgumentException e) {
                mistakes.add("\"timeouts\": " + e.getMessage() + " (the defaults are used: " + CallTimeouts.DEFAULT + ")");
            }
        }
        var profile = fromJson(node, readOnly || !mistakes.isEmpty(), tag, timeouts);
        return new Read(profile, mistakes);
    }

    private static void unknownFields(JsonNode node, List<String> known, String prefix, List<String> mistakes) {
        for (var names = node.fieldNames(); names.hasNext(); ) {
            var name = names.next();
            if (!known.contains(name)) {
                var near = known.stream().filter(k -> k.equalsIgnoreCase(name)).findFirst();
                mistakes.add("unknown field \"" + prefix + name + "\"" + near.map(k -> " (did you mean \"" + k + "\"?)").orElse(""));
            }
        }
    }

    private static Optional<ConnectionTag> tagOf(String text) {
        try {
            var tag = ConnectionTag.valueOf(text.strip().toUpperCase(Locale.ROOT));
            return tag == ConnectionTag.FILE ? Optional.empty() : Optional.of(tag);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static CallTimeouts timeouts(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("expected {\"attemptSeconds\": 10, \"totalSeconds\": 20}");
        }
        return CallTimeouts.ofSeconds(seconds(node, "attemptSeconds", CallTimeouts.DEFAULT.attempt()),
                seconds(node, "totalSeconds", CallTimeouts.DEFAULT.total()));
    }

    private static double seconds(JsonNode node, String field, java.time.Duration otherwise) {
        var value = node.path(field);
        if (value.isMissingNode()) {
            return otherwise.toMillis() / 1000.0;
        }
        if (value.isNumber()) {
            return value.asDouble();
        }
        if (value.isTextual()) {
            try {
                return Double.parseDouble(value.asText());
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        throw new IllegalArgumentException("\"" + field + "\" is " + value + ", not a number of seconds");
    }

    private static ConnectionProfile fromJson(JsonNode node, boolean readOnly, ConnectionTag tag, CallTimeouts timeouts) {
        var credentialsNode = node.path("credentials");
        var type = credentialsNode.path("type").asText("default");
        CredentialsSource credentials = switch (type) {
            case "default" -> new CredentialsSource.DefaultChain();
            case "profile" -> new CredentialsSource.Profile(required(credentialsNode, "profile"));
            case "local" -> new CredentialsSource.LocalPlaceholder();
            default -> throw new IllegalArgumentException("unknown credentials type '" + type + "'");
        };
        var endpoint = node.path("endpoint").asText("");
        URI uri;
        try {
            uri = endpoint.isBlank() ? null : new URI(endpoint);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("endpoint '" + endpoint + "' is not a URL");
        }
        var id = node.path("id").asText("");
        return new ConnectionProfile(id.isBlank() ? java.util.UUID.randomUUID().toString() : id,
                required(node, "name"), credentials, required(node, "region"), uri, readOnly, tag, timeouts);
    }

    private static String required(JsonNode node, String field) {
        var value = node.path(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new IllegalArgumentException("missing \"" + field + "\"");
        }
        return value.asText();
    }
}
