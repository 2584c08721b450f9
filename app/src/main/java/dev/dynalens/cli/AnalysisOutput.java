package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.inference.AnalysisJson;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.item.AttributeValue;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The analysis as JSON for scripts, or as a short text for a person. */
final class AnalysisOutput {
    private static final int MISSING_REVERSE_IN_TEXT = 10;
    private static final int ATTRIBUTES_IN_TEXT = 6;

    /** An item's key and the entity type it was given. */
    record Assignment(Map<String, AttributeValue> key, String entity) {
    }

    private AnalysisOutput() {
    }

    /**
     * {@code {"table", "itemCount", "keySchema", "entities", "indexes", "relationships"[, "assignments"]}}: the fields
     * as {@link AnalysisJson} writes them (the Spark job's shape too), then the assignments.
     *
     * @param assignments null to leave them out
     */
    static void writeJson(PrintWriter out, TableAnalysis analysis, List<Assignment> assignments) throws IOException {
        try (var gen = JsonOutput.prettyGenerator(out)) {
            gen.writeStartObject();
            AnalysisJson.writeFields(gen, analysis, true);
            if (assignments != null) {
                gen.writeArrayFieldStart("assignments");
                for (var assignment : assignments) {
                    gen.writeStartObject();
                    gen.writeFieldName("key");
                    writeKey(gen, assignment.key());
                    gen.writeStringField("entity", assignment.entity());
                    gen.writeEndObject();
                }
                gen.writeEndArray();
            }
            gen.writeEndObject();
        }
        out.println();
    }

    private static boolean isTableKey(TableAnalysis analysis, String attribute) {
        return attribute.equals(analysis.keySchema().partitionKeyName()) || attribute.equals(analysis.keySchema().sortKeyName());
    }

    static void writeKey(JsonGenerator gen, Map<String, AttributeValue> key) throws IOException {
        AnalysisJson.writeKey(gen, key);
    }

    /**
     * @param source what was read, for a file; null for a live table
     */
    static void writeText(PrintWriter out, TableAnalysis analysis, String source, List<Assignment> assignments) {
        var keys = analysis.keySchema();
        out.println("Table " + analysis.table() + ": " + String.format(Locale.ROOT, "%,d", analysis.itemCount()) + " items · key "
                + keys.partitionKeyName() + (!keys.hasSortKey() ? "" : ", " + keys.sortKeyName()));
        if (source != null) {
            out.println("Read from " + source);
        }
        analysis.typeAttribute().ifPresent(attribute -> out.println("Entity types from the attribute " + attribute));
        out.println();
        out.println("Entities");
        int nameWidth = analysis.entities().stream().mapToInt(e -> e.name().length()).max().orElse(0);
        for (var entity : analysis.entities()) {
            var templates = entity.pkTemplate() + entity.skTemplate().map(sk -> " / " + sk).orElse("");
            var attributes = entity.attributes().stream().filter(a -> !isTableKey(analysis, a.name())).toList();
            var shown = attributes.stream().limit(ATTRIBUTES_IN_TEXT).map(a -> a.name() + " " + a.typeLabel()).collect(Collectors.joining(", "));
            var more = attributes.size() > ATTRIBUTES_IN_TEXT ? " (+" + (attributes.size() - ATTRIBUTES_IN_TEXT) + " more)" : "";
            out.println(String.format(Locale.ROOT, "  %-" + Math.max(nameWidth, 1) + "s %8d  %s%s", entity.name(), entity.count(), templates,
                    shown.isEmpty() ? "" : "  · " + shown + more));
        }
        if (!analysis.indexes().isEmpty()) {
            out.println();
            out.println("Indexes");
            for (var index : analysis.indexes()) {
                out.println("  " + index.name() + " (" + index.itemCount() + " items)" + (index.meanings().isEmpty() ? ": empty" : ""));
                index.meanings().forEach(m -> out.println("    " + m.pkTemplate() + " → " + m.entity() + " (" + m.count() + ")"));
            }
        }
        if (!analysis.relationships().isEmpty()) {
            out.println();
            out.println("Adjacency lists");
            for (var relationship : analysis.relationships()) {
                out.println("  " + relationship.entity() + " ⇄ " + relationship.reverseEntity() + ": " + relationship.edgeCount() + " edges, "
                        + relationship.mirrored() + " mirrored, " + relationship.missingReverseCount() + " without the reverse edge");
                relationship.missingReverse().stream().limit(MISSING_REVERSE_IN_TEXT)
                        .forEach(key -> out.println("    missing the reverse of " + keyText(key)));
                if (relationship.missingReverseCount() > MISSING_REVERSE_IN_TEXT) {
                    out.println("    … and " + (relationship.missingReverseCount() - MISSING_REVERSE_IN_TEXT) + " more");
                }
            }
        }
        if (assignments != null) {
            out.println();
            out.println("Items");
            assignments.forEach(a -> out.println("  " + keyText(a.key()) + " → " + a.entity()));
        }
    }

    static String keyText(Map<String, AttributeValue> key) {
        return PlainJsonCodec.writeKey(key);
    }
}
