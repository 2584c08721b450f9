package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.change.ChangeFileException;
import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.change.ChangeSpec;
import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ItemDiff;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.usecase.PlanChange;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynalens change plan FILE}: the dry run of a change file. The table (named in the file) is read once, on its
 * connection or from a file or an export; nothing is written.
 */
@Command(name = "plan", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"The dry run of a change file: the exact number of items that change, per action, samples of before and after, "
                + "the read's cost and the writes' (the table's and every index's). Reads the table once; writes nothing.",
                "The table is the file's; read it on a connection, or from --file or --export."},
        footerHeading = "%nExamples:%n",
        footer = {"  dynalens change plan backfill.yaml --connection dev",
                "  dynalens change plan backfill.yaml --export s3://b/p/AWSDynamoDB/0176…-abcd --connection prod --json"})
final class ChangePlanCommand implements Callable<Integer> {
    static final int SAMPLES = 5;

    @ParentCommand
    ChangeCommand parent;

    @Parameters(index = "0", paramLabel = "FILE", description = "The change file (YAML or JSON).")
    Path changeFile;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--file", paramLabel = "FILE", description = "Read the table from a file instead (a model, JSON lines, aws CLI output).")
    Path file;

    @Option(names = "--export", paramLabel = "URI", description = "Read the table from its export to S3 (repeat for incremental exports).")
    List<String> exports = new ArrayList<>();

    @Option(names = "--s3-endpoint", paramLabel = "URL", description = "With --export: an S3-compatible endpoint.")
    java.net.URI s3Endpoint;

    @Option(names = "--key-schema", paramLabel = "PK[,SK]", description = "With --file or --export: the key schema, when not known otherwise.")
    String keySchema;

    @Option(names = "--gsi", paramLabel = "NAME=PK[,SK]", description = "With --file or --export: a global secondary index (repeatable).")
    List<String> indexes = new ArrayList<>();

    @Option(names = "--out", paramLabel = "PLAN", description = "Also write the plan as JSON lines: each changing item's key and before image.")
    Path out;

    @Option(names = "--samples", paramLabel = "N", description = "Before and after of the first N changing items (default: ${DEFAULT-VALUE}).",
            defaultValue = "5")
    int samples = SAMPLES;

    @Option(names = "--json", description = "The plan as JSON, for a CI job.")
    boolean json;

    @Mixin
    ConfirmReadOption readConfirmation;

    @Override
    public Integer call() throws IOException {
        var context = parent.root.context;
        ChangeSpec spec;
        try {
            spec = ChangeFileReader.read(Files.readString(changeFile, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new CliException("No such file: " + changeFile);
        } catch (ChangeFileException e) {
            throw new CliException(changeFile + ": " + e.getMessage());
        }
        var opened = !exports.isEmpty()
                ? TableSource.openExport(context, connection.given() ? spec.table() : null, connection, file, exports, s3Endpoint, keySchema,
                indexes, !json)
                : TableSource.open(context, file == null ? spec.table() : null, connection, file, null, keySchema, indexes);
        var analysis = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("dynalens-change-plan").daemon().factory());
        try (var session = opened.session()) {
            var table = session.describeTable(opened.tableName()).join();
            var planner = new PlanChange(session, analysis);
            if (opened.label() != null && !spec.table().equals(table.name())) {
                // a file or an export names its table by the file: the change's table is that one
                spec = retabled(spec, table.name());
            }
            var read = planner.read(spec, table).confirmedBy(whole -> readConfirmation.confirm(context, whole));
            if (!json) {
                context.err().println("dynalens: " + (opened.label() == null ? read.text() : "reading " + opened.label()));
                context.err().flush();
            }
            PlanChange.Plan plan;
            try {
                plan = planner.start(spec, table, read, progress -> { }).result().join();
            } catch (ChangeFileException e) {
                throw new CliException(changeFile + ": " + e.getMessage());
            } catch (CompletionException e) {
                if (e.getCause() instanceof ChangeFileException problem) {
                    throw new CliException(changeFile + ": " + problem.getMessage());
                }
                throw new CliException(Problems.describe(e));
            }
            if (out != null) {
                writePlan(plan);
            }
            if (json) {
                writeJson(context, plan);
            } else {
                writeText(context, plan);
            }
        } finally {
            analysis.shutdownNow();
        }
        return 0;
    }

    private static ChangeSpec retabled(ChangeSpec spec, String table) {
        return new ChangeSpec(table, spec.entity(), spec.condition(), spec.set(), spec.remove(), spec.rename(), spec.delete(), Map.of());
    }

    private void writePlan(PlanChange.Plan plan) throws IOException {
        try (BufferedWriter writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            for (var change : plan.changes()) {
                if (change.writes().isEmpty()) {
                    continue;
                }
                writer.write("{\"key\":" + DynamoJsonCodec.writeItem(new Item(change.key())) + ",\"before\":"
                        + DynamoJsonCodec.writeItem(change.before()) + "}\n");
            }
        }
    }

    private static Item after(ItemChange change) {
        return switch (change) {
            case ItemChange.Update u -> u.after();
            case ItemChange.Move m -> m.after();
            case ItemChange.Restore r -> r.after();
            default -> null;
        };
    }

    private static String label(PlanChange.Action action) {
        return switch (action) {
            case UPDATE -> "updated in place";
            case MOVE -> "moved to a new key";
            case DELETE -> "deleted";
            case UNCHANGED_MISSING_ATTRIBUTE -> "left: lacking an attribute a template reads";
            case UNCHANGED_ALREADY_SO -> "left: already as the change makes it";
            case REFUSED -> "refused";
            case RESTORE -> "put back";
        };
    }

    private void writeText(CliContext context, PlanChange.Plan plan) {
        var out = context.out();
        var spec = plan.spec();
        out.printf(Locale.ROOT, "Change %s: %s%n", plan.table().name(), spec.describe());
        out.printf(Locale.ROOT, "Where: %s%n", where(spec));
        out.printf(Locale.ROOT, "Read %,d items; %,d selected; %,d change%n", plan.itemsRead(), plan.selected(), plan.changing());
        plan.counts().forEach((action, count) -> out.printf(Locale.ROOT, "  %,d %s%n", count, label(action)));
        missing(plan).forEach((attribute, count) -> out.printf(Locale.ROOT, "    %,d lack %s%n", count, attribute));
        out.printf(Locale.ROOT, "Writes: %s WCU (the table's and its indexes'), each conditional on the item still holding what was read%n",
                plan.writeUnits());
        int shown = 0;
        for (var change : plan.changes()) {
            if (change instanceof ItemChange.Refused refused) {
                out.printf(Locale.ROOT, "Refused %s: %s%n", KeyText.named(refused.key()), refused.reason());
            }
        }
        for (var change : plan.changes()) {
            if (shown >= samples || change.writes().isEmpty()) {
                continue;
            }
            shown++;
            out.printf(Locale.ROOT, "%s %s%n", PlanChange.action(change) == PlanChange.Action.DELETE ? "Delete" : "Change",
                    KeyText.named(change.key()));
            var after = after(change);
            if (after != null) {
                ItemDiff.lines(ItemDiff.between(change.before(), after)).forEach(line -> out.println("    " + line));
            }
        }
        out.flush();
    }

    private static String where(ChangeSpec spec) {
        var parts = new ArrayList<String>();
        if (spec.entity() != null) {
            parts.add("entity " + spec.entity());
        }
        if (spec.condition() != null) {
            parts.add(spec.condition());
        }
        return String.join(" and ", parts);
    }

    private static Map<String, Long> missing(PlanChange.Plan plan) {
        var missing = new TreeMap<String, Long>();
        for (var change : plan.changes()) {
            if (change instanceof ItemChange.Unchanged unchanged && unchanged.why() == ItemChange.Unchanged.Why.MISSING_ATTRIBUTE) {
                missing.merge(unchanged.detail(), 1L, Long::sum);
            }
        }
        return missing;
    }

    private void writeJson(CliContext context, PlanChange.Plan plan) throws IOException {
        try (JsonGenerator gen = JsonOutput.generator(context.out())) {
            gen.writeStartObject();
            gen.writeStringField("table", plan.table().name());
            gen.writeStringField("change", plan.spec().describe());
            gen.writeStringField("where", where(plan.spec()));
            gen.writeNumberField("itemsRead", plan.itemsRead());
            gen.writeNumberField("selected", plan.selected());
            gen.writeNumberField("changing", plan.changing());
            gen.writeObjectFieldStart("counts");
            for (var action : PlanChange.Action.values()) {
                gen.writeNumberField(action.name().toLowerCase(Locale.ROOT), plan.counts().getOrDefault(action, 0L));
            }
            gen.writeEndObject();
            gen.writeObjectFieldStart("missingAttributes");
            for (var entry : missing(plan).entrySet()) {
                gen.writeNumberField(entry.getKey(), entry.getValue());
            }
            gen.writeEndObject();
            gen.writeStringField("writeUnits", plan.writeUnits().toBigDecimal().toPlainString());
            gen.writeStringField("readCost", plan.read().text());
            gen.writeArrayFieldStart("refused");
            for (var change : plan.changes()) {
                if (change instanceof ItemChange.Refused refused) {
                    gen.writeStartObject();
                    gen.writeFieldName("key");
                    DynamoJsonCodec.writeItem(gen, new Item(refused.key()));
                    gen.writeStringField("reason", refused.reason());
                    gen.writeEndObject();
                }
            }
            gen.writeEndArray();
            gen.writeArrayFieldStart("samples");
            int shown = 0;
            for (var change : plan.changes()) {
                if (shown >= samples || change.writes().isEmpty()) {
                    continue;
                }
                shown++;
                gen.writeStartObject();
                gen.writeStringField("action", PlanChange.action(change).name().toLowerCase(Locale.ROOT));
                gen.writeFieldName("key");
                DynamoJsonCodec.writeItem(gen, new Item(change.key()));
                gen.writeFieldName("before");
                DynamoJsonCodec.writeItem(gen, change.before());
                var after = after(change);
                if (after != null) {
                    gen.writeFieldName("after");
                    DynamoJsonCodec.writeItem(gen, after);
                }
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.writeEndObject();
        }
        context.out().println();
        context.out().flush();
    }

}
