package dev.dynalens.service.change;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.change.UndoEntry;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.service.fanout.JournalLines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The undo file of a bulk change: the before image (and the after image, none for a deleted item) of every item the
 * change wrote, one JSON line each, appended before the item's outcome is journaled, so no item a run wrote is missing
 * from it, even after a {@code kill -9}. {@code dynalens change revert} reads it.
 *
 * <pre>
 * {"undo":"dynalens-change","version":1,"table":"Orders","change":"backfill.yaml","sha256":"…","created":"…"}
 * {"key":{…},"before":{…},"after":{…}}
 * </pre>
 */
public final class UndoFile implements AutoCloseable {
    static final String MAGIC = "dynalens-change";
    private static final ObjectMapper JSON = new ObjectMapper();
    private final JournalLines lines;

    private UndoFile(JournalLines lines) {
        this.lines = lines;
    }

    /** What an undo file holds: the table, the change it undoes, and one entry per item (the last one recorded for a key). */
    public record Contents(Path file, String table, String changeFile, String sha256, Instant created, List<UndoEntry> entries) {
    }

    /** Creates an undo file; never overwrites one. */
    public static UndoFile create(Path file, String table, String changeFile, String sha256, Instant created) throws IOException {
        var head = JSON.createObjectNode();
        head.put("undo", MAGIC).put("version", 1).put("table", table).put("change", changeFile).put("sha256", sha256)
                .put("created", created.toString());
        return new UndoFile(JournalLines.create(file, head + "\n", "an undo file already exists there; choose another file"));
    }

    /** Opens an existing undo file (of a run being resumed) to append entries. */
    public static UndoFile append(Path file) throws IOException {
        return new UndoFile(JournalLines.append(file));
    }

    public Path file() {
        return lines.file();
    }

    public void record(UndoEntry entry) throws IOException {
        var line = new StringBuilder("{\"key\":").append(DynamoJsonCodec.writeItem(new Item(entry.key())))
                .append(",\"before\":").append(DynamoJsonCodec.writeItem(entry.before()));
        if (entry.after() != null) {
            line.append(",\"after\":").append(DynamoJsonCodec.writeItem(entry.after()));
        }
        lines.line(line.append('}').toString());
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }

    /** Reads an undo file: an error names the line when it is not one. A torn last line is passed over. */
    public static Contents read(Path file) throws IOException {
        String raw;
        try {
            raw = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no such undo file");
        }
        var lines = raw.lines().toList();
        boolean lastLineTorn = !raw.isEmpty() && !raw.endsWith("\n");
        if (lines.isEmpty()) {
            throw new ChangeJournal.JournalException(file, 0, "the file is empty, not a DynaLens undo file");
        }
        var head = node(file, 1, lines.getFirst());
        if (!MAGIC.equals(head.path("undo").asText())) {
            throw new ChangeJournal.JournalException(file, 1, "not a DynaLens undo file (it starts with no \"undo\":\"" + MAGIC + "\")");
        }
        var byKey = new LinkedHashMap<Map<String, AttributeValue>, UndoEntry>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(lines.get(i));
            } catch (JsonProcessingException e) {
                if (i == lines.size() - 1 && lastLineTorn || lines.get(i).startsWith("{\"key\"")) {
                    continue;   // torn by a process that died inside the write; the item's outcome was not journaled either
                }
                throw new ChangeJournal.JournalException(file, i + 1, "not JSON: " + e.getOriginalMessage());
            }
            try {
                var key = DynamoJsonCodec.readItem(field(file, i + 1, node, "key").toString()).attributes();
                var before = DynamoJsonCodec.readItem(field(file, i + 1, node, "before").toString());
                var after = node.hasNonNull("after") ? DynamoJsonCodec.readItem(node.get("after").toString()) : null;
                byKey.put(key, new UndoEntry(key, before, after));
            } catch (CodecException e) {
                throw new ChangeJournal.JournalException(file, i + 1, "unreadable entry: " + e.getMessage());
            }
        }
        Instant created;
        try {
            created = Instant.parse(head.path("created").asText());
        } catch (java.time.format.DateTimeParseException e) {
            throw new ChangeJournal.JournalException(file, 1, "bad creation time " + head.path("created"));
        }
        return new Contents(file, head.path("table").asText(), head.path("change").asText(), head.path("sha256").asText(), created,
                new ArrayList<>(byKey.values()));
    }

    private static JsonNode field(Path file, int line, JsonNode node, String name) throws ChangeJournal.JournalException {
        var child = node.get(name);
        if (child == null || !child.isObject()) {
            throw new ChangeJournal.JournalException(file, line, "an entry without \"" + name + "\"");
        }
        return child;
    }

    private static JsonNode node(Path file, int line, String text) throws ChangeJournal.JournalException {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new ChangeJournal.JournalException(file, line, "not JSON: " + e.getOriginalMessage());
        }
    }
}
