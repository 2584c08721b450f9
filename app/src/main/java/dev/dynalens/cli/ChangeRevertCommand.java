package dev.dynalens.cli;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.change.UndoFile;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.usecase.RevertChange;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code dynalens change revert UNDO_FILE}: puts back every item a change wrote, where it still holds what the change wrote. */
@Command(name = "revert", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Revert a change from its undo file: each item put back as it was, conditional on it still holding what the "
                + "change wrote (an item changed since is reported and left). Running it again writes nothing twice."},
        footer = {"", "Exit status: 0 when every item is settled, 4 when items failed or are still pending.",
                "", "Example:", "  dynalens change revert backfill.undo-20261203-193000.jsonl --connection dev"})
final class ChangeRevertCommand implements Callable<Integer> {
    @ParentCommand
    ChangeCommand parent;

    @Parameters(index = "0", paramLabel = "UNDO_FILE", description = "The undo file a change apply wrote.")
    Path undoFile;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--max-wcu-per-second", paramLabel = "N", description = "The write budget: write units per second at most (default: none).")
    BigDecimal budget;

    @Option(names = "--concurrency", paramLabel = "N", description = "Items in flight at most (default: ${DEFAULT-VALUE}).")
    int concurrency = FanoutSettings.DEFAULTS.maxConcurrency();

    @Option(names = "--json", description = "The report as JSON.")
    boolean json;

    @Mixin
    ConfirmTableOption confirmation;

    @Override
    public Integer call() throws IOException {
        var context = parent.root.context;
        if (!connection.given()) {
            throw new CliException("A revert writes on a connection: give --connection, or --endpoint, --region, --profile");
        }
        UndoFile.Contents undo;
        try {
            undo = RevertChange.readUndo(undoFile);
        } catch (IOException e) {
            throw new CliException(e instanceof java.nio.file.NoSuchFileException ? "No such file: " + undoFile : e.getMessage());
        }
        ChangeSettings settings;
        try {
            settings = new ChangeSettings(FanoutSettings.DEFAULTS.withMaxConcurrency(concurrency), budget);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        var opened = TableSource.open(context, undo.table(), connection, null, null, null, java.util.List.of());
        try (var session = opened.session()) {
            var table = session.describeTable(opened.tableName()).join();
            var revert = new RevertChange(session, settings, confirmation.confirmer("revert the change"));
            try {
                revert.confirm(table.name()).join();
            } catch (CompletionException e) {
                throw new CliException(Problems.describe(e) + (session.profile().readOnly() ? "; nothing was written" : ""));
            }
            context.err().printf(Locale.ROOT, "dynalens: putting back %,d items of %s (the change %s)%n", undo.entries().size(), table.name(),
                    undo.changeFile());
            context.err().flush();
            var report = ChangeRunOutput.await(revert.start(undo, table, ChangeRunOutput.progressTo(context)));
            if (json) {
                try (var gen = JsonOutput.generator(context.out())) {
                    gen.writeStartObject();
                    gen.writeStringField("table", table.name());
                    ChangeRunOutput.json(gen, report);
                    gen.writeEndObject();
                }
                context.out().println();
                context.out().flush();
            } else {
                ChangeRunOutput.text(context, "Reverted", report);
            }
            return report.complete() ? 0 : ChangeApplyCommand.INCOMPLETE;
        }
    }
}
