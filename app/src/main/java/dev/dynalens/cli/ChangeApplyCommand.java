package dev.dynalens.cli;

import dev.dynalens.domain.change.ChangeFileException;
import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.change.ChangeSpec;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.service.change.ChangeJournal;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.usecase.ApplyChange;
import dev.dynalens.usecase.PlanChange;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynalens change apply FILE}: the change, on a connection. The plan of a complete read goes to the journal first;
 * each changing item is then written conditionally on still holding what was read, within the write budget, every item
 * written recorded in the undo file. The same journal resumes a run that was stopped or killed.
 */
@Command(name = "apply", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Apply a change file: each changing item written conditionally on still holding what the plan read (an item "
                + "changed since is skipped and reported), within the write budget, every item written recorded in the undo file.",
                "The plan goes to the --journal file first; running again with the same journal resumes it, writing each item once."},
        footer = {"", "Exit status: 0 when every item is settled, 4 when items failed or are still pending (run again with the journal).",
                "", "Examples:",
                "  dynalens change apply backfill.yaml --connection dev --max-wcu-per-second 200",
                "  dynalens change apply backfill.yaml --connection prod --confirm-table Orders --confirm-read --journal j.jsonl --undo u.jsonl"})
final class ChangeApplyCommand implements Callable<Integer> {
    static final int INCOMPLETE = 4;

    @ParentCommand
    ChangeCommand parent;

    @Parameters(index = "0", paramLabel = "FILE", description = "The change file (YAML or JSON).")
    Path changeFile;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--journal", paramLabel = "J", description = "The plan and every outcome (default: beside the change file). "
            + "A journal that holds a plan is resumed.")
    Path journalFile;

    @Option(names = "--undo", paramLabel = "U", description = "Where the before image of every item written goes (default: beside the change file).")
    Path undoFile;

    @Option(names = "--max-wcu-per-second", paramLabel = "N", description = "The write budget: write units per second at most, the table's "
            + "and its indexes' (default: none; the run adapts to throttling).")
    BigDecimal budget;

    @Option(names = "--concurrency", paramLabel = "N", description = "Items in flight at most (default: ${DEFAULT-VALUE}).")
    int concurrency = FanoutSettings.DEFAULTS.maxConcurrency();

    @Option(names = "--json", description = "The report as JSON, for a CI job.")
    boolean json;

    @Mixin
    ConfirmTableOption confirmation;

    @Mixin
    ConfirmReadOption readConfirmation;

    @Override
    public Integer call() throws IOException {
        var context = parent.root.context;
        if (!connection.given()) {
            throw new CliException("A change is applied on a connection: give --connection, or --endpoint, --region, --profile");
        }
        String text;
        ChangeSpec spec;
        try {
            text = Files.readString(changeFile, StandardCharsets.UTF_8);
            spec = ChangeFileReader.read(text);
        } catch (NoSuchFileException e) {
            throw new CliException("No such file: " + changeFile);
        } catch (ChangeFileException e) {
            throw new CliException(changeFile + ": " + e.getMessage());
        }
        ChangeSettings settings;
        try {
            settings = new ChangeSettings(FanoutSettings.DEFAULTS.withMaxConcurrency(concurrency), budget);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        ChangeJournal.State existing = null;
        if (journalFile != null) {
            try {
                existing = ApplyChange.readJournal(journalFile).orElse(null);
            } catch (IOException e) {
                throw new CliException("--journal: " + e.getMessage());
            }
        }
        var opened = TableSource.open(context, spec.table(), connection, null, null, null, java.util.List.of());
        var analysis = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("dynalens-change-apply").daemon().factory());
        try (var session = opened.session()) {
            var table = session.describeTable(opened.tableName()).join();
            var apply = new ApplyChange(session, settings, confirmation.confirmer("apply the change"));
            try {
                apply.confirm(table.name()).join();
            } catch (CompletionException e) {
                throw new CliException(Problems.describe(e) + (session.profile().readOnly() ? "; nothing was read or written" : ""));
            }
            ApplyChange.Prepared prepared;
            if (existing != null) {
                try {
                    prepared = apply.resume(spec, text, table, existing);
                } catch (ChangeJournal.JournalException e) {
                    throw new CliException("--journal: " + e.getMessage());
                } catch (ChangeFileException e) {
                    throw new CliException(changeFile + ": " + e.getMessage());
                }
                context.err().printf(Locale.ROOT, "dynalens: resuming the change in %s from %s: %,d of %,d items settled%n", journalFile,
                        existing.header().created(), existing.settled(), existing.befores().size());
            } else {
                var planner = new PlanChange(session, analysis);
                var read = planner.read(spec, table).confirmedBy(whole -> readConfirmation.confirm(context, whole));
                context.err().println("dynalens: " + read.text());
                context.err().flush();
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
                var now = LocalDateTime.now();
                var journal = journalFile != null ? journalFile : ApplyChange.fileBeside(changeFile, "journal", now);
                var undo = undoFile != null ? undoFile : ApplyChange.fileBeside(changeFile, "undo", now);
                prepared = apply.fresh(plan, changeFile.toString(), text, journal, undo);
            }
            context.err().printf(Locale.ROOT, "dynalens: writing %,d items (%s WCU%s); journal %s; undo file %s%n", prepared.toWrite(),
                    prepared.writeUnits(), budget == null ? "" : ", at most " + budget.toPlainString() + " WCU/s", prepared.journal(),
                    prepared.undo());
            context.err().flush();
            var report = ChangeRunOutput.await(apply.start(prepared, ChangeRunOutput.progressTo(context)));
            if (json) {
                try (var gen = JsonOutput.generator(context.out())) {
                    gen.writeStartObject();
                    gen.writeStringField("table", table.name());
                    gen.writeStringField("journal", prepared.journal().toString());
                    gen.writeStringField("undo", prepared.undo().toString());
                    ChangeRunOutput.json(gen, report);
                    gen.writeEndObject();
                }
                context.out().println();
                context.out().flush();
                if (report.fatal() != null) {
                    context.err().println("dynalens: stopped: " + report.fatal().getMessage());
                }
            } else {
                ChangeRunOutput.text(context, "Changed", report);
                context.out().println("Undo file: " + prepared.undo() + " (dynalens change revert " + prepared.undo() + ")");
                context.out().flush();
            }
            return report.complete() ? 0 : INCOMPLETE;
        } finally {
            analysis.shutdownNow();
        }
    }
}
