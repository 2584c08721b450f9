package dev.dynalens.cli;

import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.staleness.DenormalizationRule;
import dev.dynalens.domain.staleness.RuleSpec;
import dev.dynalens.domain.staleness.StalenessReport;
import dev.dynalens.usecase.StaleDetection;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;

/** What `dynalens stale` found, as JSON for scripts or as a short text for a person. */
final class StaleOutput {
    private static final int FINDINGS_IN_TEXT = 50;

    private StaleOutput() {
    }

    /**
     * {@code {"rules": [...], "staleCopies": [...], "orphanCopies": [...], "read": {...}}}: the first three as issue 5
     * specifies (keys and values are plain JSON values, attribute paths are dotted, {@code author.name}), and what the
     * one read was estimated to cost and consumed (issue 14).
     */
    static void writeJson(PrintWriter out, StaleDetection detection) throws IOException {
        var report = detection.report();
        boolean inferred = detection.inferred();
        try (var gen = JsonOutput.prettyGenerator(out)) {
            gen.writeStartObject();
            gen.writeArrayFieldStart("rules");
            for (var counts : report.rules()) {
                var rule = counts.rule();
                gen.writeStartObject();
                gen.writeObjectFieldStart("source");
                gen.writeStringField("entity", rule.source().entity());
                gen.writeStringField("attribute", rule.source().attribute().render());
                gen.writeEndObject();
                gen.writeObjectFieldStart("copy");
                gen.writeStringField("entity", rule.copy().entity());
                gen.writeStringField("attribute", rule.copy().attribute().render());
                gen.writeEndObject();
                gen.writeStringField("reference", reference(rule.reference()));
                gen.writeNumberField("copies", counts.copies());
                gen.writeNumberField("stale", counts.stale());
                gen.writeNumberField("orphans", counts.orphans());
                if (counts.recordsHistory()) {
                    // records of an earlier value of the source (a time-ordered sort key, the latest agreeing): not repaired
                    gen.writeNumberField("history", counts.history());
                }
                gen.writeNumberField("confidence", counts.confidence());
                gen.writeBooleanField("inferred", inferred);
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.writeArrayFieldStart("staleCopies");
            for (var stale : report.staleCopies()) {
                gen.writeStartObject();
                gen.writeFieldName("key");
                AnalysisOutput.writeKey(gen, stale.key());
                gen.writeStringField("attribute", stale.attribute().render());
                gen.writeFieldName("copyValue");
                PlainJsonCodec.writeValue(gen, stale.copyValue());
                gen.writeFieldName("sourceKey");
                AnalysisOutput.writeKey(gen, stale.sourceKey());
                gen.writeFieldName("sourceValue");
                if (stale.sourceValue() == null) {
                    gen.writeNull();
                } else {
                    PlainJsonCodec.writeValue(gen, stale.sourceValue());
                }
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.writeArrayFieldStart("orphanCopies");
            for (var orphan : report.orphanCopies()) {
                gen.writeStartObject();
                gen.writeFieldName("key");
                AnalysisOutput.writeKey(gen, orphan.key());
                gen.writeStringField("attribute", orphan.attribute().render());
                gen.writeFieldName("reference");
                PlainJsonCodec.writeValue(gen, orphan.reference());
                gen.writeEndObject();
            }
            gen.writeEndArray();
            writeRead(gen, detection);
            gen.writeEndObject();
        }
        out.println();
    }

    /**
     * {@code "read": {"reused": false, "segments": 1, "estimate": {"tableBytes": …, "itemCount": …, "readUnits": 12.5,
     * "requests": 3, "sizeKnown": true}, "requests": 3, "consumedReadUnits": 12.5}}; the estimate is null for a file read
     * straight through, the consumed units null when the endpoint reports none.
     */
    private static void writeRead(JsonGenerator gen, StaleDetection detection) throws IOException {
        gen.writeObjectFieldStart("read");
        var read = detection.read();
        gen.writeBooleanField("reused", read != null && read.reused());
        gen.writeNumberField("segments", read == null ? 1 : read.segments());
        gen.writeFieldName("estimate");
        var plan = detection.plan();
        if (plan == null) {
            gen.writeNull();
        } else {
            var estimate = plan.estimate();
            gen.writeStartObject();
            gen.writeNumberField("tableBytes", estimate.tableBytes());
            gen.writeNumberField("itemCount", estimate.itemCount());
            gen.writeNumberField("readUnits", estimate.capacity().toBigDecimal());
            gen.writeNumberField("requests", estimate.requests());
            gen.writeBooleanField("sizeKnown", estimate.sizeKnown());
            gen.writeEndObject();
        }
        gen.writeNumberField("requests", read == null ? 0 : read.requests());
        gen.writeFieldName("consumedReadUnits");
        if (read == null || read.consumed() == null) {
            gen.writeNull();
        } else {
            gen.writeNumber(read.consumed().toBigDecimal());
        }
        gen.writeEndObject();
    }

    /** The reference part of the rule's SPEC: {@code authorId}, {@code SK:key}, {@code key}, {@code SK:2} or {@code PK=SK}. */
    static String reference(DenormalizationRule.Reference reference) {
        return switch (reference) {
            case DenormalizationRule.Reference.ByOwnKey ignored -> "key";
            case DenormalizationRule.Reference.ByAttribute byAttribute -> byAttribute.attribute().render()
                    + (byAttribute.variable() > 0 ? ":" + byAttribute.variable() : "")
                    + (byAttribute.shape() == DenormalizationRule.IdShape.KEY ? ":key" : "");
            case DenormalizationRule.Reference.ByKeyPart byKeyPart -> RuleSpec.renderReference(byKeyPart);
        };
    }

    /** @param source what was read, for a file; null for a live table */
    static void writeText(PrintWriter out, String table, long itemCount, String source, StalenessReport report, boolean inferred) {
        out.println("Table " + table + ": " + String.format(Locale.ROOT, "%,d", itemCount) + " items · " + report.rules().size()
                + (report.rules().size() == 1 ? " rule" : " rules") + (inferred ? " inferred from the data" : " given with --rule"));
        if (source != null) {
            out.println("Read from " + source);
        }
        if (report.rules().isEmpty()) {
            out.println("No denormalized copies found" + (inferred ? " (give rules with --rule SPEC)" : ""));
            return;
        }
        out.println();
        out.println("Rules");
        for (var counts : report.rules()) {
            out.println(String.format(Locale.ROOT, "  %s  %d copies, %d stale, %d orphans, confidence %.2f", counts.rule().toSpec(),
                    counts.copies(), counts.stale(), counts.orphans(), counts.confidence())
                    + (counts.recordsHistory() ? String.format(Locale.ROOT, "; %d record an earlier value along a time-ordered sort key "
                    + "(history, not stale: never repaired)", counts.history()) : ""));
        }
        long staleTotal = report.rules().stream().mapToLong(StalenessReport.RuleCounts::stale).sum();
        long orphanTotal = report.rules().stream().mapToLong(StalenessReport.RuleCounts::orphans).sum();
        out.println();
        out.println("Stale copies (" + staleTotal + ")");
        report.staleCopies().stream().limit(FINDINGS_IN_TEXT).forEach(s -> out.println("  " + AnalysisOutput.keyText(s.key()) + "  "
                + s.attribute().render() + " = " + PlainJsonCodec.writeValue(s.copyValue()) + ", source "
                + AnalysisOutput.keyText(s.sourceKey()) + " has " + (s.sourceValue() == null ? "no value" : PlainJsonCodec.writeValue(s.sourceValue()))));
        more(out, staleTotal);
        out.println();
        out.println("Orphan copies (" + orphanTotal + ")");
        report.orphanCopies().stream().limit(FINDINGS_IN_TEXT).forEach(o -> out.println("  " + AnalysisOutput.keyText(o.key()) + "  "
                + o.attribute().render() + ": no source for " + PlainJsonCodec.writeValue(o.reference())));
        more(out, orphanTotal);
    }

    private static void more(PrintWriter out, long total) {
        if (total > FINDINGS_IN_TEXT) {
            out.println("  … and " + (total - FINDINGS_IN_TEXT) + " more (--json lists them)");
        }
    }
}
