package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportType;
import java.io.IOException;
import java.time.Instant;
import java.util.Locale;

/** An export to S3 as the commands print it: one line of text, or a JSON object with every field DynamoDB gave. */
final class ExportsOutput {
    private ExportsOutput() {
    }

    /** "01796025600000-1a2b3c4d  COMPLETED  FULL of 2026-11-30T08:00:00Z  ION  1,000 items  s3://…". */
    static String line(ExportDescription export) {
        var when = export.type() == ExportType.INCREMENTAL && export.incremental() != null
                ? "INCREMENTAL from " + export.incremental().from() + " to " + orDash(export.incremental().to())
                : "FULL of " + orDash(export.exportTime());
        var items = export.itemCount() == null ? "" : String.format(Locale.ROOT, "  %,d items", export.itemCount());
        var failure = export.failureText().isEmpty() ? "" : "  " + export.failureText();
        return export.exportId() + "  " + export.status() + "  " + when + "  " + export.format() + items + "  " + export.uri() + failure;
    }

    static void write(JsonGenerator gen, ExportDescription export) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("exportArn", export.exportArn());
        gen.writeStringField("exportId", export.exportId());
        gen.writeStringField("status", export.status().name());
        if (export.tableName().isPresent()) gen.writeStringField("table", export.tableName().get());
        text(gen, "tableArn", export.tableArn());
        gen.writeStringField("type", export.type().name());
        gen.writeStringField("format", export.format().name());
        time(gen, "exportTime", export.exportTime());
        if (export.incremental() != null) {
            gen.writeObjectFieldStart("incremental");
            time(gen, "from", export.incremental().from());
            time(gen, "to", export.incremental().to());
            gen.writeStringField("viewType", export.incremental().viewType().name());
            gen.writeEndObject();
        }
        time(gen, "startTime", export.startTime());
        time(gen, "endTime", export.endTime());
        text(gen, "bucket", export.bucket());
        text(gen, "prefix", export.prefix());
        gen.writeStringField("uri", export.uri());
        text(gen, "manifest", export.manifestKey());
        if (export.itemCount() != null) gen.writeNumberField("itemCount", export.itemCount());
        if (export.billedSizeBytes() != null) gen.writeNumberField("billedSizeBytes", export.billedSizeBytes());
        text(gen, "failureCode", export.failureCode());
        text(gen, "failureMessage", export.failureMessage());
        text(gen, "clientToken", export.clientToken());
        gen.writeEndObject();
    }

    private static void text(JsonGenerator gen, String field, String value) throws IOException {
        if (value != null) gen.writeStringField(field, value);
    }

    private static void time(JsonGenerator gen, String field, Instant value) throws IOException {
        if (value != null) gen.writeStringField(field, value.toString());
    }

    private static String orDash(Instant time) {
        return time == null ? "—" : time.toString();
    }
}
