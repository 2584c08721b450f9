package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codec.JsonProblems;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.load.LoadFailedException;
import dev.dynalens.service.load.LoadSettings;
import dev.dynalens.service.transfer.ImportProgress;
import dev.dynalens.service.transfer.ImportReport;
import dev.dynalens.service.transfer.ImportRequest;
import dev.dynalens.usecase.ImportFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** A file into an existing table with BatchWriteItem; bad lines and refused items are listed with their line. */
@Command(name = "import", sortOptions = false,
        description = {"Import a file into an existing table: DynamoDB JSON lines (as DynamoDB's export to S3 writes them, also .gz), "
                + "plain JSON, CSV with a typed header, or a NoSQL Workbench model. The format is told from the content.",
                "Items go in BatchWriteItem requests of 25; unprocessed items are retried with backoff. A malformed line, an item "
                        + "without the table's key and an item DynamoDB refuses are reported with their line, and the rest is written. "
                        + "Refused on read-only connections; on a connection tagged production, confirm with --confirm-table."},
        footer = {"", "Exit code 1 also when some items were rejected.", "", "Examples:",
                "  dynalens import Shop --endpoint http://localhost:8000 --in shop.jsonl",
                "  dynalens import Shop --connection local --in shop.csv --json",
                "  dynalens import Shop --connection prod --in shop.jsonl --confirm-table Shop"})
final class ImportCommand extends SessionCommand {
    private static final int REJECTIONS_PRINTED = 50;

    @Parameters(index = "0", paramLabel = "TABLE", description = "An existing table on the connection.")
    String table;

    @Option(names = "--in", required = true, paramLabel = "FILE", description = "The file to import.")
    Path in;

    @Option(names = "--format", paramLabel = "FORMAT", description = "jsonl, json, csv or workbench (default: told from the content).")
    String format;

    @Mixin
    ConfirmTableOption confirmation;

    @Option(names = "--json", description = "Print the summary and every rejected item (line, reason, key) as JSON.")
    boolean json;

    @Override
    int execute(DynamoSession session) throws Exception {
        TransferFormat given = null;
        if (format != null) {
            given = TransferFormat.fromCliName(format).orElseThrow(() ->
                    new CliException("--format must be jsonl, json, csv or workbench, not '" + format + "'"));
        }
        if (!Files.isRegularFile(in)) {
            throw new CliException("No such file: " + in);
        }
        var context = root.context;
        var bar = new ProgressLine(context.err(), json);
        var last = new AtomicReference<ImportProgress>();
        var handle = new ImportFile(session).start(new ImportRequest(table, in, given), confirmation.confirmer("import"), p -> {
            last.set(p);
            bar.show(progressText(p));
        });
        // Whoever ends first says how it ended, once: the command, or the shutdown hook of a Ctrl-C (the JVM does not wait
        // for the command's thread once the hooks are done, so the hook prints the report itself).
        var told = new Telling();
        var stopOnInterrupt = new Thread(() -> {
            handle.cancel();
            try {
                var report = handle.result().get(10, TimeUnit.SECONDS);
                if (told.claim()) {
                    bar.clear();
                    print(report);
                    told.done();
                }
            } catch (TimeoutException e) {
                if (told.claim()) {
                    bar.clear();
                    interrupted(last.get());
                    told.done();
                }
            } catch (Exception e) {
                if (told.claim()) {
                    bar.clear();
                    failed(Problems.unwrap(e));
                    told.done();
                }
            }
            // the command's thread claimed it: the JVM stops when this hook ends, so wait until it has said it
            told.awaitSaid(10);
        }, "import-cancel");
        Runtime.getRuntime().addShutdownHook(stopOnInterrupt);
        ImportReport report;
        try {
            report = handle.result().join();
        } catch (CompletionException e) {
            var cause = Problems.unwrap(e);
            if (!told.claim()) {
                return DynaLensCli.FAILED; // the hook said it
            }
            if (cause instanceof WriteNotConfirmedException notConfirmed) {
                // A usage mistake, found before anything was read: said on stderr like any other, no report.
                throw new CliException(notConfirmed.getMessage());
            }
            failedAsJson(cause);
            throw e;
        } finally {
            bar.clear();
            ExportCommand.removeHook(stopOnInterrupt);
        }
        if (told.claim()) {
            try {
                print(report);
            } finally {
                told.done();
            }
        }
        return report.outcome() == ImportReport.Outcome.COMPLETED && report.rejected().isEmpty() ? 0 : DynaLensCli.FAILED;
    }

    /** The hook gave up waiting: what DynamoDB confirmed is known, what was in flight is not. */
    private void interrupted(ImportProgress progress) {
        long confirmed = progress == null ? 0 : progress.written();
        long inFlight = progress == null ? 0 : (long) progress.inFlight() * LoadSettings.MAX_BATCH_SIZE;
        var out = root.context.out();
        if (json) {
            try (var gen = JsonOutput.generator(out)) {
                gen.writeStartObject();
                gen.writeStringField("table", table);
                gen.writeStringField("file", in.toString());
                gen.writeStringField("outcome", "INTERRUPTED");
                gen.writeNumberField("written", confirmed);
                gen.writeNumberField("inFlightAtMost", inFlight);
                gen.writeEndObject();
            } catch (IOException e) {
                // the terminal is going away with the process
            }
            out.println();
        } else {
            out.printf(Locale.ROOT, "Interrupted: %,d items confirmed written into %s%s%n", confirmed, table, inFlight == 0 ? ""
                    : String.format(Locale.ROOT, "; up to %,d more were in flight and may have landed", inFlight));
        }
        out.flush();
    }

    /** A failure the hook saw (the command's thread may be gone): said on stderr, and as JSON with --json. */
    private void failed(Throwable cause) {
        failedAsJson(cause);
        var err = root.context.err();
        err.println("dynalens: " + JsonProblems.printable(Problems.describe(cause)));
        err.flush();
    }

    /** With --json a failed import prints JSON too: its outcome, the error, and what was written before it stopped. */
    private void failedAsJson(Throwable cause) {
        if (!json) {
            return;
        }
        var out = root.context.out();
        try (var gen = JsonOutput.generator(out)) {
            gen.writeStartObject();
            gen.writeStringField("table", table);
            gen.writeStringField("file", in.toString());
            gen.writeStringField("outcome", "FAILED");
            gen.writeStringField("error", Problems.describe(cause));
            if (cause instanceof dev.dynalens.domain.connection.DynamoAccessException access) {
                gen.writeStringField("kind", access.problem().kind().name());
            }
            if (cause instanceof LoadFailedException stopped && stopped.report() != null) {
                gen.writeNumberField("read", stopped.report().read());
                gen.writeNumberField("written", stopped.report().written());
                gen.writeNumberField("uncertain", stopped.report().uncertain());
            }
            gen.writeEndObject();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        out.println();
        out.flush();
    }

    private static String progressText(ImportProgress p) {
        return String.format(Locale.ROOT, "Imported %,d items, %,d rejected %s", p.written(), p.rejected(), ProgressLine.bar(p.fraction()));
    }

    private void print(ImportReport report) {
        try {
            printReport(report);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void printReport(ImportReport report) throws IOException {
        var out = root.context.out();
        if (json) {
            try (var gen = JsonOutput.generator(out)) {
                writeJson(gen, report);
            }
            out.println();
            out.flush();
            return;
        }
        out.printf(Locale.ROOT, "%s %,d of %,d items into %s from %s (%s) in %.1f s; %,d rejected%s%n",
                report.outcome() == ImportReport.Outcome.COMPLETED ? "Imported" : "Cancelled:", report.written(), report.read(),
                table, in, report.format().label(), report.elapsed().toMillis() / 1000.0, report.rejected().size(),
                report.retries() > 0 ? ", " + report.retries() + " retries" : "");
        out.flush();
        var err = root.context.err();
        // Reasons quote the file (a cell, a key): its control characters are shown by code, never sent to the terminal.
        report.rejected().stream().limit(REJECTIONS_PRINTED).forEach(r -> err.println("dynalens: rejected: " + in + ":"
                + (r.line() > 0 ? r.position() + ": " : " ") + JsonProblems.printable(r.reason())));
        if (report.rejected().size() > REJECTIONS_PRINTED) {
            err.println("dynalens: … and " + (report.rejected().size() - REJECTIONS_PRINTED) + " more (--json lists them all)");
        }
        report.notes().stream().limit(REJECTIONS_PRINTED).forEach(n -> err.println("dynalens: note: " + in + ":"
                + (n.line() > 0 ? n.position() + ": " : " ") + JsonProblems.printable(n.message())));
        if (report.notes().size() > REJECTIONS_PRINTED) {
            err.println("dynalens: … and " + (report.notes().size() - REJECTIONS_PRINTED) + " more notes (--json lists them all)");
        }
        err.flush();
    }

    private void writeJson(JsonGenerator gen, ImportReport report) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("table", table);
        gen.writeStringField("file", in.toString());
        gen.writeStringField("format", report.format().cliName());
        gen.writeStringField("outcome", report.outcome().name());
        gen.writeNumberField("read", report.read());
        gen.writeNumberField("written", report.written());
        gen.writeNumberField("retries", report.retries());
        gen.writeNumberField("elapsedMillis", report.elapsed().toMillis());
        gen.writeArrayFieldStart("rejected");
        for (var rejection : report.rejected()) {
            gen.writeStartObject();
            if (rejection.line() > 0) gen.writeNumberField("line", rejection.line());
            if (rejection.column() > 0) gen.writeNumberField("column", rejection.column());
            gen.writeStringField("reason", rejection.reason());
            if (rejection.item() != null) {
                var keys = report.keys();
                gen.writeFieldName("key");
                gen.writeRawValue(DynamoJsonCodec.writeItem(new dev.dynalens.domain.item.Item(
                        rejection.item().key(keys.partitionKeyName(), keys.sortKeyName()))));
            }
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeArrayFieldStart("notes");
        for (var note : report.notes()) {
            gen.writeStartObject();
            if (note.line() > 0) gen.writeNumberField("line", note.line());
            if (note.column() > 0) gen.writeNumberField("column", note.column());
            gen.writeStringField("message", note.message());
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeEndObject();
    }
}
