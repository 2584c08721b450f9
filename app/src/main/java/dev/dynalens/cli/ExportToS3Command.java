package dev.dynalens.cli;

import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.exports.ExportCost;
import dev.dynalens.domain.exports.ExportFormat;
import dev.dynalens.domain.exports.ExportPrices;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportViewType;
import dev.dynalens.domain.exports.IncrementalWindow;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.ExportFailedException;
import dev.dynalens.usecase.StartExport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Starts DynamoDB's export of a table to S3 and waits for it: the cost said first, point-in-time recovery turned on only
 * with {@code --enable-pitr}, the progress on stderr, the export's URI on stdout.
 */
@Command(name = "export-to-s3", sortOptions = false,
        description = {"Start DynamoDB's export of a table to S3 (ExportTableToPointInTime) and wait until it completed. It reads "
                + "nothing from the table (it is made from point-in-time recovery) and is billed per GB of the table's size, which is "
                + "said first; progress goes to stderr. Prints the export's URI, the folder holding manifest-summary.json:",
                "  s3://BUCKET/PREFIX/AWSDynamoDB/EXPORT_ID",
                "The same command again within eight hours gives back the export the first one started (its ClientToken is "
                        + "made from the table, bucket, prefix, format and times)."},
        footer = {"", "Times are ISO-8601 with their offset, such as 2026-11-30T08:00:00Z.", "", "Examples:",
                "  dynalens export-to-s3 Shop --bucket my-exports --prefix shop --profile prod",
                "  dynalens export-to-s3 Shop --bucket my-exports --format ION --enable-pitr --confirm-table Shop --connection prod",
                "  dynalens export-to-s3 Shop --bucket my-exports --incremental-from 2026-11-30T08:00:00Z --incremental-to 2026-11-30T09:00:00Z",
                "  dynalens export-to-s3 Shop --bucket my-exports --no-wait --json"})
final class ExportToS3Command extends SessionCommand {
    @Parameters(index = "0", paramLabel = "TABLE")
    String table;

    @Option(names = "--bucket", required = true, paramLabel = "BUCKET", description = "The S3 bucket to export to.")
    String bucket;

    @Option(names = "--prefix", paramLabel = "PREFIX", description = "The S3 prefix the export's folder goes under (default: none).")
    String prefix;

    @Option(names = "--format", paramLabel = "FORMAT", description = "DYNAMODB_JSON (the default) or ION.")
    String format;

    @Option(names = "--export-time", paramLabel = "TIME",
            description = "A full export of the table as it was then, within point-in-time recovery's window (default: now).")
    String exportTime;

    @Option(names = "--incremental-from", paramLabel = "TIME",
            description = "An incremental export instead: what changed from TIME (inclusive).")
    String incrementalFrom;

    @Option(names = "--incremental-to", paramLabel = "TIME",
            description = "The end of the incremental export's window (exclusive; default: the latest time with data).")
    String incrementalTo;

    @Option(names = "--incremental-view", paramLabel = "VIEW",
            description = "NEW_AND_OLD_IMAGES (the default) or NEW_IMAGE: what an incremental export writes of each changed item.")
    String incrementalView;

    @Option(names = "--enable-pitr", description = "Turn on the table's point-in-time recovery if it is off (a change to the table, "
            + "billed monthly by its size); without it an export of a table without recovery is refused.")
    boolean enablePitr;

    @Mixin
    ConfirmTableOption confirmation;

    @Option(names = "--no-wait", description = "End once DynamoDB started the export; `dynalens exports TABLE` shows when it completed.")
    boolean noWait;

    @Option(names = "--json", description = "Print the outcome, the cost and the export's description as JSON.")
    boolean json;

    @Override
    int execute(DynamoSession session) throws Exception {
        var context = root.context;
        var useCase = new StartExport(session);
        var plan = useCase.plan(request()).join();
        context.err().println("dynalens: " + plan.cost().text());
        if (plan.needsRecovery()) {
            context.err().println("dynalens: " + plan.recoveryText());
        }
        context.err().flush();
        if (plan.problem().isPresent()) {
            throw new CliException(plan.problem().get() + " Nothing was started.");
        }
        if (plan.needsRecovery() && !enablePitr) {
            throw new CliException("Point-in-time recovery is off for " + table + ", and an export is made from it: run again with "
                    + "--enable-pitr to turn it on (nothing was started)");
        }
        var bar = new ProgressLine(context.err(), json);
        var job = useCase.start(plan, enablePitr, confirmation.confirmer("turn on point-in-time recovery"), !noWait,
                progress -> bar.show(progress.text()));
        var told = new Telling();
        var stopOnInterrupt = new Thread(() -> {
            job.cancel();
            try {
                var outcome = job.result().get(10, TimeUnit.SECONDS);
                if (told.claim()) {
                    bar.clear();
                    print(plan, outcome);
                    told.done();
                }
            } catch (TimeoutException | InterruptedException | java.util.concurrent.ExecutionException e) {
                // nothing more is known than what progress said; the command's thread or the failure says the rest
            }
            told.awaitSaid(10);
        }, "export-to-s3-cancel");
        Runtime.getRuntime().addShutdownHook(stopOnInterrupt);
        StartExport.Outcome outcome;
        try {
            outcome = job.result().join();
        } catch (CompletionException e) {
            var cause = Problems.unwrap(e);
            if (!told.claim()) {
                return DynaLensCli.FAILED; // the hook said it
            }
            if (cause instanceof WriteNotConfirmedException notConfirmed) {
                throw new CliException(notConfirmed.getMessage() + " (nothing was started)");
            }
            failedAsJson(plan, cause);
            throw e;
        } finally {
            bar.clear();
            ExportCommand.removeHook(stopOnInterrupt);
        }
        if (told.claim()) {
            try {
                print(plan, outcome);
            } finally {
                told.done();
            }
        }
        return outcome.ending() == StartExport.Ending.STOPPED_WAITING ? DynaLensCli.FAILED : 0;
    }

    /** The request the options describe; a mistake in them is a usage error naming the option. */
    private ExportRequest request() {
        var exportFormat = ExportFormat.DYNAMODB_JSON;
        if (format != null) {
            try {
                exportFormat = ExportFormat.parse(format);
            } catch (IllegalArgumentException e) {
                throw new CliException("--format must be DYNAMODB_JSON or ION, not '" + format + "'");
            }
        }
        if (incrementalFrom == null && (incrementalTo != null || incrementalView != null)) {
            throw new CliException("--incremental-to and --incremental-view go with --incremental-from");
        }
        if (incrementalFrom != null && exportTime != null) {
            throw new CliException("--export-time is a full export's; an incremental one has --incremental-from and --incremental-to");
        }
        IncrementalWindow window = null;
        if (incrementalFrom != null) {
            ExportViewType view;
            try {
                view = incrementalView == null ? ExportViewType.NEW_AND_OLD_IMAGES : ExportViewType.ofWireName(incrementalView.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CliException("--incremental-view must be NEW_IMAGE or NEW_AND_OLD_IMAGES, not '" + incrementalView + "'");
            }
            window = new IncrementalWindow(time("--incremental-from", incrementalFrom),
                    incrementalTo == null ? null : time("--incremental-to", incrementalTo), view);
        }
        try {
            return new ExportRequest(table, bucket, prefix, exportFormat, exportTime == null ? null : time("--export-time", exportTime), window);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    static Instant time(String option, String text) {
        try {
            return OffsetDateTime.parse(text.strip()).toInstant();
        } catch (DateTimeParseException e) {
            throw new CliException(option + " '" + text + "' is not an ISO-8601 time with its offset, such as 2026-11-30T08:00:00Z");
        }
    }

    private void print(StartExport.Plan plan, StartExport.Outcome outcome) {
        var export = outcome.export();
        var err = root.context.err();
        if (outcome.startedEarlier()) {
            err.println("dynalens: DynamoDB answered with the export an earlier run of the same request started at " + export.startTime()
                    + " (same ClientToken, kept eight hours); give another --prefix or --export-time for a new one");
        }
        var name = "Export " + export.exportId() + " of " + table;
        switch (outcome.ending()) {
            case COMPLETED -> {
                var took = export.startTime() == null || export.endTime() == null ? ""
                        : " in " + StartExport.duration(Duration.between(export.startTime(), export.endTime()));
                var items = export.itemCount() == null ? "" : String.format(Locale.ROOT, ": %,d items", export.itemCount());
                var billed = ExportCost.billed(export, plan.cost().region())
                        .map(text -> ", " + text).orElse("");
                err.println("dynalens: " + name + " completed" + took + items + billed);
            }
            case STARTED -> err.println("dynalens: " + name + " started (" + export.status() + "); `dynalens exports " + table
                    + "` shows when it completed");
            case STOPPED_WAITING -> err.println("dynalens: Stopped waiting: " + name + " goes on in DynamoDB (" + export.status()
                    + "); `dynalens exports " + table + "` shows when it completed");
        }
        err.flush();
        var out = root.context.out();
        if (json) {
            writeJson(plan, outcome.ending().name(), outcome.startedEarlier(), export, null);
        } else {
            out.println(export.uri());
        }
        out.flush();
    }

    /** With --json a failure prints JSON too: the outcome FAILED, the error, and the export where one was started. */
    private void failedAsJson(StartExport.Plan plan, Throwable cause) {
        if (json) {
            writeJson(plan, "FAILED", false, cause instanceof ExportFailedException failed ? failed.export() : null, cause);
        }
    }

    private void writeJson(StartExport.Plan plan, String outcome, boolean startedEarlier, dev.dynalens.domain.exports.ExportDescription export,
                           Throwable failure) {
        var out = root.context.out();
        try (var gen = JsonOutput.generator(out)) {
            gen.writeStartObject();
            gen.writeStringField("table", table);
            gen.writeStringField("outcome", outcome);
            gen.writeBooleanField("startedEarlier", startedEarlier);
            gen.writeObjectFieldStart("cost");
            gen.writeStringField("text", plan.cost().text());
            gen.writeStringField("region", plan.cost().region());
            gen.writeNumberField("tableSizeBytes", plan.cost().tableSizeBytes());
            if (plan.cost().pricePerGb() != null) gen.writeNumberField("pricePerGb", plan.cost().pricePerGb());
            if (plan.cost().amount().isPresent()) gen.writeNumberField("amountUsd", plan.cost().amount().get());
            gen.writeStringField("pricesAsOf", ExportPrices.AS_OF.toString());
            gen.writeEndObject();
            gen.writeBooleanField("pointInTimeRecoveryWasOff", plan.needsRecovery());
            if (export != null) {
                gen.writeStringField("uri", export.uri());
                gen.writeFieldName("export");
                ExportsOutput.write(gen, export);
            }
            if (failure != null) {
                gen.writeStringField("error", Problems.describe(failure));
                if (failure instanceof DynamoAccessException access) gen.writeStringField("kind", access.problem().kind().name());
            }
            gen.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println();
        out.flush();
    }
}
