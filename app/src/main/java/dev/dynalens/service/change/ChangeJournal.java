package dev.dynalens.service.change;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.change.ChangeOutcome;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.Item;
import dev.dynalens.service.fanout.JournalLines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The journal of a bulk change ({@code dynalens change apply --journal J}): the plan, as JSON lines of each changing item's
 * key and before image, then one line per item settled.
 *
 * <pre>
 * {"journal":"dynalens-change","version":1,"table":"Orders","change":"backfill.yaml","sha256":"…","items":2,"undo":"…","run":"…","created":"…"}
 * {"item":0,"key":{"PK":{"S":"CUSTOMER#42"},…},"before":{…}}
 * {"item":1,…}
 * {"done":0,"outcome":"APPLIED","at":"…"}
 * </pre>
 *
 * <p>The plan is written and forced to disk before the first write is sent. A resumed run checks that the change file
 * still has the hash it had, plans each before image again (the planner is a pure function of the file, the table's keys
 * and the image, so it plans the same writes) and sends only the items not settled: each item is written once. The lines
 * are {@link JournalLines}, so a run killed at any point keeps every line it wrote.
 */
public final class ChangeJournal implements AutoCloseable {
    static final String MAGIC = "dynalens-change";
    static final int FORMAT_VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final JournalLines lines;
    private final Clock clock;

    private ChangeJournal(JournalLines lines, Clock clock) {
        this.lines = lines;
        this.clock = clock;
    }

    /** What a journal's first line says. */
    public record Header(String table, String changeFile, String sha256, int items, String undoFile, String run, Instant created) {
    }

    /** A journal read back: its header, each item's before image in plan order, and the last outcome recorded for each. */
    public record State(Path file, Header header, List<Item> befores, Map<Integer, Outcome> outcomes) {
        public long settled() {
            return outcomes.values().stream().filter(outcome -> outcome.outcome().settled()).count();
        }

        public boolean complete() {
            return settled() == befores.size();
        }
    }

    /** One item's outcome; {@code detail} says why it was skipped or failed (null otherwise). */
    public record Outcome(ChangeOutcome outcome, String detail) {
    }

    /** A journal that cannot be read back: which line, and why. */
    public static final class JournalException extends IOException {
        private static final long serialVersionUID = 1L;

        public JournalException(Path file, int line, String message) {
            super(file + (line > 0 ? ":" + line : "") + ": " + message);
        }
    }

    /** Writes a new journal holding the plan, forced to disk, and keeps it open for outcomes. Never overwrites a file. */
    public static ChangeJournal create(Path file, Header header, List<Map.Entry<Map<String, dev.dynalens.domain.item.AttributeValue>, Item>> plan,
                                       Clock clock) throws IOException {
        var text = new StringBuilder();
        var head = JSON.createObjectNode();
        head.put("journal", MAGIC).put("version", FORMAT_VERSION).put("table", header.table()).put("change", header.changeFile())
                .put("sha256", header.sha256()).put("items", plan.size()).put("undo", header.undoFile()).put("run", header.run())
                .put("created", header.created().toString());
        text.append(head).append('\n');
        for (int i = 0; i < plan.size(); i++) {
            text.append("{\"item\":").append(i).append(",\"key\":").append(DynamoJsonCodec.writeItem(new Item(plan.get(i).getKey())))
                    .append(",\"before\":").append(DynamoJsonCodec.writeItem(plan.get(i).getValue())).append("}\n");
        }
        return new ChangeJournal(JournalLines.create(file, text.toString(),
                "a journal already exists there; give it to resume that run, or choose another file"), clock);
    }

    /** Opens an existing journal to append outcomes to it. */
    public static ChangeJournal append(Path file) throws IOException {
        return new ChangeJournal(JournalLines.append(file), Clock.systemUTC());
    }

    /** Reads a journal; empty when the file does not exist. */
    public static Optional<State> read(Path file) throws IOException {
        String raw;
        try {
            raw = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        var lines = raw.lines().toList();
        boolean lastLineTorn = !raw.isEmpty() && !raw.endsWith("\n");
        if (lines.isEmpty()) {
            throw new JournalException(file, 0, "the file is empty, not a DynaLens change journal");
        }
        var head = parse(file, 1, lines.getFirst());
        if (!MAGIC.equals(head.path("journal").asText()) || head.path("version").asInt() != FORMAT_VERSION) {
            throw new JournalException(file, 1, "not a DynaLens change journal (version " + FORMAT_VERSION + ")");
        }
        int items = head.path("items").asInt(-1);
        if (items < 0 || lines.size() < 1 + items) {
            throw new JournalException(file, lines.size(), "the plan is incomplete: the header announces " + items
                    + " items; the file was cut short while the plan was written, so nothing was sent yet — delete it and apply again");
        }
        Instant created;
        try {
            created = Instant.parse(head.path("created").asText());
        } catch (java.time.format.DateTimeParseException e) {
            throw new JournalException(file, 1, "bad creation time " + head.path("created"));
        }
        var header = new Header(head.path("table").asText(), head.path("change").asText(), head.path("sha256").asText(), items,
                head.path("undo").asText(), head.path("run").asText(), created);
        var befores = new ArrayList<Item>(items);
        for (int i = 0; i < items; i++) {
            var node = parse(file, i + 2, lines.get(i + 1));
            if (node.path("item").asInt(-1) != i || !node.has("before")) {
                throw new JournalException(file, i + 2, "expected the before image of item " + i);
            }
            try {
                befores.add(DynamoJsonCodec.readItem(node.get("before").toString()));
            } catch (CodecException e) {
                throw new JournalException(file, i + 2, "unreadable item: " + e.getMessage());
            }
        }
        var outcomes = new LinkedHashMap<Integer, Outcome>();
        for (int i = 1 + items; i < lines.size(); i++) {
            var line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                if (i == lines.size() - 1 && lastLineTorn || line.startsWith("{\"done\"")) {
                    continue;   // torn by a process that died inside the write
                }
                throw new JournalException(file, i + 1, "not JSON: " + e.getOriginalMessage());
            }
            int item = node.path("done").asInt(-1);
            if (item < 0 || item >= items) {
                throw new JournalException(file, i + 1, "outcome for item " + item + ", which the plan does not have");
            }
            ChangeOutcome outcome;
            try {
                outcome = ChangeOutcome.valueOf(node.path("outcome").asText());
            } catch (IllegalArgumentException e) {
                throw new JournalException(file, i + 1, "unknown outcome " + node.path("outcome"));
            }
            outcomes.put(item, new Outcome(outcome, node.hasNonNull("detail") ? node.get("detail").asText() : null));
        }
        return Optional.of(new State(file, header, befores, outcomes));
    }

    public Path file() {
        return lines.file();
    }

    /** Appends one item's outcome as one line. */
    public void record(int item, ChangeOutcome outcome, String detail) throws IOException {
        lines.outcome(item, outcome.name(), detail, clock.instant());
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }

    private static JsonNode parse(Path file, int line, String text) throws JournalException {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new JournalException(file, line, "not JSON: " + e.getOriginalMessage());
        }
    }
}
