package dev.dynalens.service.fanout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.staleness.RepairOutcome;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RepairStep;
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
import java.util.Optional;

/**
 * An append-only JSON-lines file that holds a repair plan and, as the run goes, the outcome of each step.
 *
 * <pre>
 * {"journal":"dynalens-fanout","version":1,"table":"Blog","fingerprint":"…","steps":2,"created":"…"}
 * {"step":0,"rule":"POST.authorName=USER.name@authorId","key":{"M":{…}},"path":"authorName","old":{"S":"Ann"},"new":{"S":"Ann Lee"}}
 * {"step":1,…}
 * {"done":0,"outcome":"UPDATED","at":"…"}
 * </pre>
 *
 * <p>The plan is written and forced to disk before the first update is sent, so a resumed run executes exactly the
 * reviewed plan, not a new scan. Outcomes are {@link JournalLines}: when the process dies (even by {@code kill -9})
 * every line it wrote survives; a power cut can lose the last unforced lines, which only means those steps are sent
 * again — their condition ({@code copy = :old}) then fails and the re-read tells they are already repaired. A torn last
 * line (the process died inside a write) is ignored.
 */
public final class FanoutJournal implements AutoCloseable {
    static final int FORMAT_VERSION = 1;
    static final String MAGIC = "dynalens-fanout";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final JournalLines lines;
    private final Clock clock;

    private FanoutJournal(JournalLines lines, Clock clock) {
        this.lines = lines;
        this.clock = clock;
    }

    /** A journal that cannot be read back: which line, and why. */
    public static final class JournalException extends IOException {
        private static final long serialVersionUID = 1L;

        JournalException(Path file, int line, String message) {
            super(file + (line > 0 ? ":" + line : "") + ": " + message);
        }
    }

    /** Writes a new journal holding {@code plan}, forced to disk, and keeps it open for outcomes. Never overwrites. */
    public static FanoutJournal create(Path file, RepairPlan plan) throws IOException {
        return create(file, plan, Clock.systemUTC());
    }

    /** {@link #create(Path, RepairPlan)}, with the times written in it read from {@code clock}. */
    public static FanoutJournal create(Path file, RepairPlan plan, Clock clock) throws IOException {
        var text = new StringBuilder();
        var header = JSON.createObjectNode();
        header.put("journal", MAGIC).put("version", FORMAT_VERSION).put("table", plan.tableName())
                .put("fingerprint", plan.fingerprint()).put("steps", plan.steps().size()).put("created", clock.instant().toString());
        text.append(header).append('\n');
        for (int i = 0; i < plan.steps().size(); i++) {
            var step = plan.steps().get(i);
            var line = JSON.createObjectNode();
            line.put("step", i).put("rule", step.rule());
            line.set("key", tree(new AttributeValue.MapValue(step.key())));
            line.put("path", step.copyPath().render());
            line.set("old", tree(step.oldValue()));
            line.set("new", tree(step.newValue()));
            text.append(line).append('\n');
        }
        return new FanoutJournal(JournalLines.create(file, text.toString(), "a journal already exists there; resume it or choose another file"),
                clock);
    }

    /** Opens an existing journal to append outcomes to it. */
    public static FanoutJournal append(Path file) throws IOException {
        return new FanoutJournal(JournalLines.append(file), Clock.systemUTC());
    }

    /** Reads a journal; empty when the file does not exist. */
    public static Optional<JournalState> read(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        var raw = Files.readString(file, StandardCharsets.UTF_8);
        boolean lastLineTorn = !raw.isEmpty() && !raw.endsWith("\n");
        if (lines.isEmpty()) {
            throw new JournalException(file, 0, "the file is empty, not a DynaLens fan-out journal");
        }
        var header = parse(file, 1, lines.getFirst());
        if (!MAGIC.equals(header.path("journal").asText()) || header.path("version").asInt() != FORMAT_VERSION) {
            throw new JournalException(file, 1, "not a DynaLens fan-out journal (version " + FORMAT_VERSION + ")");
        }
        var table = header.path("table").asText();
        int stepCount = header.path("steps").asInt(-1);
        if (stepCount < 0 || lines.size() < 1 + stepCount) {
            throw new JournalException(file, lines.size(), "the plan is incomplete: the header announces " + stepCount
                    + " steps; the file was cut short while the plan was written, so nothing was sent yet — delete it and plan again");
        }
        var steps = new ArrayList<RepairStep>(stepCount);
        for (int i = 0; i < stepCount; i++) {
            int lineNumber = i + 2;
            var node = parse(file, lineNumber, lines.get(i + 1));
            if (node.path("step").asInt(-1) != i) {
                throw new JournalException(file, lineNumber, "expected step " + i);
            }
            try {
                var key = ((AttributeValue.MapValue) value(node, "key")).values();
                steps.add(new RepairStep(key, AttributePath.parse(node.path("path").asText()), value(node, "old"), value(node, "new"),
                        node.path("rule").asText()));
            } catch (CodecException | ClassCastException | IllegalArgumentException e) {
                throw new JournalException(file, lineNumber, "unreadable step: " + e.getMessage());
            }
        }
        var plan = new RepairPlan(table, steps, List.of());
        var fingerprint = header.path("fingerprint").asText();
        if (!plan.fingerprint().equals(fingerprint)) {
            throw new JournalException(file, 1, "the plan's steps do not match its fingerprint; the file was edited or damaged");
        }
        var outcomes = new LinkedHashMap<Integer, JournalEntry>();
        for (int i = 1 + stepCount; i < lines.size(); i++) {
            var line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                if (i == lines.size() - 1 && lastLineTorn) {
                    break;
                }
                // A torn line followed by more lines: the process died mid-write and a later run appended after it.
                if (!line.startsWith("{\"done\"")) {
                    throw new JournalException(file, i + 1, "not JSON: " + e.getOriginalMessage());
                }
                continue;
            }
            int step = node.path("done").asInt(-1);
            RepairOutcome outcome;
            try {
                outcome = RepairOutcome.valueOf(node.path("outcome").asText());
            } catch (IllegalArgumentException e) {
                throw new JournalException(file, i + 1, "unknown outcome " + node.path("outcome"));
            }
            if (step < 0 || step >= stepCount) {
                throw new JournalException(file, i + 1, "outcome for step " + step + ", which the plan does not have");
            }
            outcomes.put(step, new JournalEntry(outcome, node.hasNonNull("detail") ? node.get("detail").asText() : null));
        }
        Instant created;
        try {
            created = Instant.parse(header.path("created").asText());
        } catch (java.time.format.DateTimeParseException e) {
            throw new JournalException(file, 1, "bad creation time " + header.path("created"));
        }
        return Optional.of(new JournalState(file, plan, fingerprint, created, outcomes));
    }

    public Path file() {
        return lines.file();
    }

    /** Appends one step's outcome as one line. */
    public void record(int step, RepairOutcome outcome, String detail) throws IOException {
        lines.outcome(step, outcome.name(), detail, clock.instant());
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }

    private static JsonNode tree(AttributeValue value) {
        try {
            return JSON.readTree(DynamoJsonCodec.writeValue(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("DynamoJsonCodec wrote JSON Jackson cannot read", e);
        }
    }

    private static AttributeValue value(JsonNode node, String field) {
        var child = node.get(field);
        if (child == null) {
            throw new IllegalArgumentException("missing \"" + field + "\"");
        }
        return DynamoJsonCodec.readValue(child.toString());
    }

    private static JsonNode parse(Path file, int line, String text) throws JournalException {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new JournalException(file, line, "not JSON: " + e.getOriginalMessage());
        }
    }
}
