package dev.dynalens.cli;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.transfer.CsvStyle;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.transfer.ExportProgress;
import dev.dynalens.service.transfer.ExportReport;
import dev.dynalens.usecase.ExportTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * Every item of a table, index or partition into a file, page by page; the file appears only when the export is
 * complete. A Scan of a table or index on a connection tagged production reads only with {@code --confirm-read}, its
 * cost said first.
 */
@Command(name = "export", sortOptions = false,
        description = {"Export every item of a table or index (or, with --pk, of one partition) to a file: DynamoDB JSON lines, plain JSON, CSV with a typed header, "
                + "or a NoSQL Workbench model with one facet per inferred entity type. Every format keeps every type.",
                "Also reads a workspace file (--file) instead of a live table."},
        footer = {"", "Examples:",
                "  dynalens export Shop --endpoint http://localhost:8000 --out shop.jsonl",
                "  dynalens export Shop --profile dev --format csv --out shop.csv --json",
                "  dynalens export Shop --connection prod --confirm-read --out shop.jsonl",
                "  dynalens export Shop --endpoint http://localhost:8000 --pk CUSTOMER#42 --sk-begins-with ORDER# --out orders.json",
                "  dynalens export --file model.json --format jsonl --out items.jsonl.gz"})
final class ExportCommand implements Callable<Integer> {
    @ParentCommand
    DynaLensCli root;

    @Mixin
    SourceOptions source;

    @Option(names = "--out", required = true, paramLabel = "FILE",
            description = "The file to write (replaced only when the export completes; gzip when it ends in .gz).")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "jsonl (DynamoDB JSON lines, as DynamoDB's export to S3), json (plain JSON array), csv (typed header) "
                    + "or workbench (NoSQL Workbench model). Default: from the --out name (.csv, .json), else jsonl.")
    String format;

    @Option(names = "--index", paramLabel = "INDEX", description = "Export a global or local secondary index instead of the table.")
    String index;

    @Option(names = "--pk", paramLabel = "VALUE",
            description = "Export one partition with Query instead of a Scan (typed by the key schema); the sort-key options narrow it.")
    String partitionValue;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    QueryCommand.SortKeyOptions sortKey;

    @Option(names = "--page-size", paramLabel = "N", description = "Items per Scan request (DynamoDB's Limit; default: 1 MB pages).")
    Integer pageSize;

    @Option(names = "--spreadsheet-safe", description = "CSV only: guard cells a spreadsheet would run as formulas (=, +, -, @, tab, "
            + "carriage return) with a leading apostrophe, as OWASP advises; the header records it, so import restores every value.")
    boolean spreadsheetSafe;

    @Option(names = "--json", description = "Print the summary as JSON.")
    boolean json;

    @Mixin
    ConfirmReadOption readConfirmation;

    @Override
    public Integer call() throws Exception {
        var chosen = format(format, out);
        if (spreadsheetSafe && chosen != TransferFormat.CSV) {
            throw new CliException("--spreadsheet-safe is a choice of CSV exports (--format csv), not of " + chosen.cliName());
        }
        if (out.getParent() != null && !Files.isDirectory(out.getParent())) {
            throw new CliException("No such folder: " + out.getParent());
        }
        var context = root.context;
        var opened = source.open(context, false);
        try (var session = opened.session()) {
            if (partitionValue == null) {
                readConfirmation.confirmWholeRead(context, session, opened.tableName(), index);
            }
            var bar = new ProgressLine(context.err(), json);
            var handle = start(new ExportTable(session), opened.tableName(), chosen, p -> bar.show(progressText(p)));
            var stopOnInterrupt = new Thread(() -> {
                handle.cancel();
                try {
                    handle.result().get(5, TimeUnit.SECONDS);
                } catch (Exception ignored) {
                    // Exiting anyway; the cancel deletes the partial file.
                }
            }, "export-cancel");
            Runtime.getRuntime().addShutdownHook(stopOnInterrupt);
            ExportReport report;
            try {
                report = handle.result().join();
            } catch (CompletionException e) {
                failedAsJson(Problems.unwrap(e), opened.tableName());
                if (Problems.unwrap(e) instanceof IllegalArgumentException badKey) {
                    throw new CliException(badKey.getMessage());
                }
                throw e;
            } finally {
                bar.clear();
                removeHook(stopOnInterrupt);
            }
            print(report, opened.tableName());
            return report.outcome() == ExportReport.Outcome.COMPLETED ? 0 : DynaLensCli.FAILED;
        }
    }

    /** A Scan of the table or index, or with --pk a Query of one partition. */
    private Job<ExportProgress, ExportReport> start(ExportTable exports, String tableName, TransferFormat format,
                                                    Consumer<ExportProgress> progress) {
        if (partitionValue == null) {
            if (sortKey != null) throw new CliException("The sort-key options go with --pk");
            return exports.startScan(tableName, index, pageSize, format, csvStyle(), out, progress);
        }
        return exports.startPartition(tableName, QueryCommand.SortKeyOptions.form(sortKey, index, partitionValue, true, pageSize),
                format, csvStyle(), out, progress);
    }

    private CsvStyle csvStyle() {
        return spreadsheetSafe ? CsvStyle.SPREADSHEET_SAFE : CsvStyle.TYPED;
    }

    static TransferFormat format(String given, Path out) {
        if (given != null) {
            return TransferFormat.fromCliName(given).orElseThrow(() ->
                    new CliException("--format must be jsonl, json, csv or workbench, not '" + given + "'"));
        }
        return ExportTable.formatOf(out);
    }

    private static String progressText(ExportProgress p) {
        return p.fraction() < 0 ? String.format(Locale.ROOT, "Exported %,d items (%d pages)", p.items(), p.pages())
                : String.format(Locale.ROOT, "Exported %,d of ≈%,d items (%d pages) %s", p.items(), p.estimatedTotal(), p.pages(),
                ProgressLine.bar(p.fraction()));
    }

    private void print(ExportReport report, String table) throws IOException {
        var output = root.context.out();
        if (json) {
            try (var gen = JsonOutput.generator(output)) {
                gen.writeStartObject();
                gen.writeStringField("table", table);
                if (index != null) gen.writeStringField("index", index);
                gen.writeStringField("format", report.format().cliName());
                gen.writeStringField("file", report.file().toString());
                gen.writeStringField("outcome", report.outcome().name());
                gen.writeNumberField("items", report.items());
                gen.writeNumberField("pages", report.pages());
                gen.writeNumberField("elapsedMillis", report.elapsed().toMillis());
                gen.writeEndObject();
            }
            output.println();
        } else if (report.outcome() == ExportReport.Outcome.COMPLETED) {
            output.printf(Locale.ROOT, "Exported %,d items from %s to %s (%s) in %.1f s, %d pages%n", report.items(), table,
                    report.file(), report.format().label(), report.elapsed().toMillis() / 1000.0, report.pages());
        } else {
            output.printf(Locale.ROOT, "Cancelled after %,d items; %s was not written%n", report.items(), report.file());
        }
        output.flush();
    }

    /** With --json a failed export prints JSON too: its outcome and the error (the file was not written). */
    private void failedAsJson(Throwable cause, String table) {
        if (!json) {
            return;
        }
        var output = root.context.out();
        try (var gen = JsonOutput.generator(output)) {
            gen.writeStartObject();
            gen.writeStringField("table", table);
            if (index != null) gen.writeStringField("index", index);
            gen.writeStringField("file", out.toString());
            gen.writeStringField("outcome", "FAILED");
            gen.writeStringField("error", Problems.describe(cause));
            if (cause instanceof dev.dynalens.domain.connection.DynamoAccessException access) {
                gen.writeStringField("kind", access.problem().kind().name());
            }
            gen.writeEndObject();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        output.println();
        output.flush();
    }

    static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // The JVM is shutting down and the hook is running.
        }
    }
}
