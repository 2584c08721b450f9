package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.design.DesignJson;
import dev.dynalens.domain.design.KeyDerivation;
import dev.dynalens.domain.design.PatternDesign;
import dev.dynalens.domain.design.TableDesign;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableSummaries;
import dev.dynalens.usecase.CheckExistingTable;
import dev.dynalens.usecase.ProveDesign;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** What {@code dynalens design} prints: a design, its proof, or a check, as text for people or as JSON for scripts. */
final class DesignOutput {
    private DesignOutput() {
    }

    static void writeJson(PrintWriter out, TableDesign design) throws IOException {
        try (var gen = JsonOutput.prettyGenerator(out)) {
            DesignJson.write(gen, design, Map.of());
        }
        out.println();
    }

    /** The design in its JSON shape, each pattern with what the proof found, and the proof's summary. */
    static void writeProofJson(PrintWriter out, TableDesign design, ProveDesign.DesignProof proof) throws IOException {
        var found = new LinkedHashMap<String, DesignJson.PatternCheck>();
        for (var pattern : proof.patterns()) {
            found.put(pattern.pattern(), new DesignJson.PatternCheck(pattern.operation().label(), pattern.items(), pattern.passed(),
                    pattern.problem()));
        }
        try (var gen = JsonOutput.prettyGenerator(out)) {
            var summary = new DesignJson.ProofSummary(proof.engine(), proof.inMemory(), proof.table(), proof.valid(), proof.passedCount(),
                    proof.patterns().size());
            DesignJson.write(gen, design, found, summary);
        }
        out.println();
    }

    /** The design as text, then each pattern's outcome and whether the design is valid, naming the engine that proved it. */
    static void writeProofText(PrintWriter out, TableDesign design, ProveDesign.DesignProof proof) {
        writeText(out, design);
        out.println();
        out.println("Proof " + proof.engine() + ", table " + proof.table());
        for (var pattern : proof.patterns()) {
            out.println("  " + pattern.pattern() + "  " + (pattern.passed() ? "passed · " + pattern.items() + " item(s)"
                    : "failed: " + pattern.problem()));
        }
        out.println(proof.valid() ? "Design valid: all " + proof.patterns().size() + " patterns passed " + proof.engine()
                : proof.patterns().isEmpty() ? "Not proved: the samples could not be loaded into " + proof.table()
                : "Not valid: " + proof.passedCount() + " of " + proof.patterns().size() + " patterns passed " + proof.engine());
    }

    static void writeText(PrintWriter out, TableDesign design) {
        out.println("Table " + design.tableName() + ": " + TableSummaries.keys(design.keySchema()));
        design.indexes().forEach(index -> out.println("  " + index.name() + ": " + TableSummaries.keys(index.key())
                + " · projection ALL · " + String.join(", ", index.entities())));
        out.println();
        out.println("Entities");
        for (var entity : design.entities()) {
            out.println("  " + entity.name() + "  " + entity.keys().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining("  ")) + "  · " + entity.wcuPerPut() + " WCU per put");
            entity.reasons().forEach(reason -> out.println("      " + reason));
        }
        out.println();
        out.println("Access patterns");
        for (var pattern : design.accessPatterns()) {
            writePattern(out, pattern, null);
        }
        writeWarnings(out, design.warnings());
    }

    private static void writePattern(PrintWriter out, PatternDesign pattern, CheckExistingTable.PatternResult result) {
        var where = pattern.index() == null ? "" : " " + pattern.index();
        out.println("  " + pattern.name() + "  " + pattern.operation().label() + where + (pattern.served() ? "  " + pattern.keyCondition() : "")
                + "  · " + pattern.rcuPerCall() + " RCU per call" + (result == null ? "" : " · " + result.items() + " item(s) in the check"));
        if (pattern.served()) {
            out.println("      " + pattern.values().entrySet().stream().map(e -> e.getKey() + " = " + e.getValue())
                    .collect(Collectors.joining(", ")) + (pattern.scanIndexForward() ? "" : " · ScanIndexForward false")
                    + (pattern.limit() > 0 ? " · Limit " + pattern.limit() : ""));
        }
        out.println("      " + pattern.reason());
        if (result != null && result.problem() != null) {
            out.println("      problem: " + result.problem());
        }
    }

    private static void writeWarnings(PrintWriter out, java.util.List<String> warnings) {
        if (!warnings.isEmpty()) {
            out.println();
            out.println("Warnings");
            warnings.forEach(w -> out.println("  - " + w));
        }
    }

    /** The check in the design's JSON shape: the table as it is, the entities with their learned keys, each pattern's request with servedBy and items. */
    static void writeCheckJson(PrintWriter out, CheckExistingTable.TableCheck check) throws IOException {
        var table = check.table();
        try (var gen = JsonOutput.prettyGenerator(out)) {
            gen.writeStartObject();
            gen.writeObjectFieldStart("table");
            gen.writeStringField("name", table.name());
            var types = new LinkedHashMap<String, KeySchema.ScalarType>();
            add(types, table.keySchema().asIndexKey());
            table.indexes().forEach(index -> add(types, index.key()));
            DesignJson.writeTable(gen, table.keySchema(), types, table.indexes().stream()
                    .map(i -> new DesignJson.IndexLine(i.name(), i.key(), i.projectionSummary())).toList());
            gen.writeNumberField("itemCount", check.items());
            gen.writeNumberField("sizeBytes", check.bytes());
            gen.writeEndObject();
            gen.writeArrayFieldStart("entities");
            for (var entity : check.entities()) {
                gen.writeStartObject();
                gen.writeStringField("name", entity.name());
                gen.writeNumberField("itemCount", entity.items());
                gen.writeObjectFieldStart("keys");
                for (var key : entity.keys().values()) {
                    gen.writeStringField(key.keyAttribute(), key.template().toString());
                }
                gen.writeEndObject();
                gen.writeArrayFieldStart("reasons");
                for (var key : entity.keys().values()) {
                    gen.writeString(reason(key));
                }
                gen.writeEndArray();
                writeBreaking(gen, entity);
                gen.writeNumberField("averageBytes", entity.averageBytes());
                gen.writeNumberField("largestBytes", entity.largestBytes());
                gen.writeNumberField("notFittingItems", entity.notFitting());
                gen.writeArrayFieldStart("notFitting");
                for (var key : entity.notFittingKeys()) {
                    gen.writeString(KeyText.named(key));
                }
                gen.writeEndArray();
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.writeArrayFieldStart("accessPatterns");
            for (var result : check.patterns()) {
                DesignJson.writePattern(gen, result.design(), new DesignJson.PatternCheck(result.servedBy(), result.items(),
                        null, result.problem()));
            }
            gen.writeEndArray();
            gen.writeArrayFieldStart("sampleItems");
            gen.writeEndArray();
            gen.writeArrayFieldStart("warnings");
            for (var warning : check.warnings()) {
                gen.writeString(warning);
            }
            gen.writeEndArray();
            gen.writeEndObject();
        }
        out.println();
    }

    private static void add(Map<String, KeySchema.ScalarType> types, IndexKey key) {
        key.partition().forEach(attribute -> types.put(attribute.name(), attribute.type()));
        key.sort().forEach(attribute -> types.put(attribute.name(), attribute.type()));
    }

    /**
     * The items each key's derivation breaks on, by key attribute: how many, and their keys (all of them up to
     * {@value KeyDerivation#MAX_BREAKING}, the first that many past it, which {@code keysListedAtMost} then says).
     */
    private static void writeBreaking(JsonGenerator gen, CheckExistingTable.EntityCheck entity) throws IOException {
        gen.writeObjectFieldStart("breaking");
        for (var key : entity.keys().values()) {
            if (key.breakingItems() == 0) {
                continue;
            }
            gen.writeObjectFieldStart(key.keyAttribute());
            gen.writeNumberField("items", key.breakingItems());
            gen.writeArrayFieldStart("keys");
            for (var broken : key.breaking()) {
                gen.writeString(KeyText.named(broken));
            }
            gen.writeEndArray();
            if (key.breaking().size() < key.breakingItems()) {
                gen.writeNumberField("keysListedAtMost", KeyDerivation.MAX_BREAKING);
            }
            gen.writeEndObject();
        }
        gen.writeEndObject();
    }

    /**
     * {@code GSI1PK = EMAIL#{email} for all 8 USER items}; where it breaks, how often and on which item first
     * ({@code breaks on 37 of 46 items, e.g. PK="USER#u1", SK="PROFILE"; --json lists them all}).
     */
    static String reason(KeyDerivation key) {
        if (key.breakingItems() == 0) {
            return key.describe();
        }
        var first = key.breaking().isEmpty() ? "" : KeyText.named(key.breaking().getFirst());
        if (key.breakingItems() == 1) {
            return key.describe() + "; breaks on 1 of " + key.items() + " items" + (first.isEmpty() ? "" : ": " + first);
        }
        var listed = key.breaking().size() < key.breakingItems() ? "--json lists the first " + KeyDerivation.MAX_BREAKING : "--json lists them all";
        return key.describe() + "; breaks on " + key.breakingItems() + " of " + key.items() + " items" + (first.isEmpty() ? "" : ", e.g. " + first)
                + "; " + listed;
    }

    static void writeCheckText(PrintWriter out, CheckExistingTable.TableCheck check, String label) {
        var table = check.table();
        out.println("Table " + label + ": " + TableSummaries.keys(table.keySchema()) + " · " + check.items() + " items");
        TableSummaries.indexLines(table).forEach(line -> out.println("  " + line));
        out.println();
        out.println("Entities and how their keys are built");
        for (var entity : check.entities()) {
            out.println("  " + entity.name() + "  " + entity.items() + " item(s), about " + entity.averageBytes() + " B each"
                    + (entity.notFitting() == 0 ? "" : " · " + entity.notFitting() + " do not fit its key templates: "
                    + entity.notFittingKeys().stream().map(KeyText::named).collect(Collectors.joining("; "))));
            entity.keys().values().forEach(key -> out.println("      " + reason(key)));
        }
        out.println();
        out.println("Access patterns");
        for (var result : check.patterns()) {
            writePattern(out, result.design(), result);
        }
        writeWarnings(out, check.warnings());
    }
}
