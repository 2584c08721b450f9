package dev.dynalens.service.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.history.RequestRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * The request history as JSON lines in {@code history.jsonl}: one request per line, appended as requests complete and
 * compacted to the newest {@code keep} lines when the file has grown to twice that. A line that cannot be read is
 * skipped and counted; the rest loads. The records name connections, never credentials.
 */
public final class JsonLinesHistoryLog {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Path file;
    private final int keep;
    private final Executor writer;
    private int linesOnDisk = -1;

    /** @param writer runs the file writes in order, off the network threads (a single-thread executor) */
    public JsonLinesHistoryLog(Path configDirectory, int keep, Executor writer) {
        this.file = configDirectory.resolve("history.jsonl");
        this.keep = keep;
        this.writer = writer;
    }

    public Path location() {
        return file;
    }

    /** The records on disk, the newest {@code keep}; {@code skipped} counts lines that could not be read. */
    public record Loaded(List<RequestRecord> records, int skipped, String problem) {
    }

    public synchronized Loaded load() {
        if (!Files.exists(file)) {
            linesOnDisk = 0;
            return new Loaded(List.of(), 0, "");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            return new Loaded(List.of(), 0, "Could not read the request history " + file + ": " + e.getMessage());
        }
        linesOnDisk = lines.size();
        var records = new ArrayList<RequestRecord>();
        var skipped = 0;
        for (var line : lines.subList(Math.max(0, lines.size() - keep), lines.size())) {
            if (line.isBlank()) continue;
            try {
                records.add(read(line));
            } catch (JsonProcessingException | IllegalArgumentException | NullPointerException | DateTimeParseException e) {
                skipped++;
            }
        }
        return new Loaded(records, skipped, skipped == 0 ? "" : skipped + " line(s) of " + file + " could not be read and were skipped.");
    }

    /** Queues one record for appending; a failed write is reported to {@code onError}, never thrown. */
    public void append(RequestRecord record, java.util.function.Consumer<String> onError) {
        var line = write(record);
        writer.execute(() -> {
            try {
                appendLine(line);
            } catch (IOException | UncheckedIOException e) {
                onError.accept("Could not append to the request history " + file + ": " + e.getMessage());
            }
        });
    }

    private synchronized void appendLine(String line) throws IOException {
        if (linesOnDisk < 0) {
            linesOnDisk = Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8).size() : 0;
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        linesOnDisk++;
        if (linesOnDisk >= 2 * keep) {
            var lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            var newest = lines.subList(Math.max(0, lines.size() - keep), lines.size());
            AtomicFiles.writeString(file, String.join("\n", newest) + "\n");
            linesOnDisk = newest.size();
        }
    }

    static String write(RequestRecord r) {
        var node = MAPPER.createObjectNode();
        node.put("time", r.time().toString());
        node.put("connectionId", r.connectionId());
        node.put("connection", r.connectionName());
        node.put("operation", r.operation());
        node.put("table", r.table());
        if (r.index() != null) node.put("index", r.index());
        node.put("condition", r.condition());
        if (r.capacity() != null) node.put("capacity", r.capacity());
        if (r.itemCount() != null) node.put("items", r.itemCount());
        node.put("millis", r.durationMillis());
        if (r.failed()) node.put("error", r.error());
        return node.toString();
    }

    static RequestRecord read(String line) throws JsonProcessingException {
        var node = MAPPER.readTree(line);
        if (node == null || !node.isObject() || !node.path("time").isTextual() || !node.path("operation").isTextual()) {
            throw new IllegalArgumentException("not a history record");
        }
        return new RequestRecord(Instant.parse(node.get("time").asText()), text(node, "connectionId"), text(node, "connection"),
                node.get("operation").asText(), text(node, "table"), node.hasNonNull("index") ? node.get("index").asText() : null,
                text(node, "condition"), node.path("capacity").isNumber() ? node.get("capacity").asDouble() : null,
                node.path("items").isInt() ? node.get("items").asInt() : null, node.path("millis").asLong(0),
                text(node, "error"));
    }

    private static String text(JsonNode node, String field) {
        return node.path(field).isTextual() ? node.get(field).asText() : "";
    }
}
