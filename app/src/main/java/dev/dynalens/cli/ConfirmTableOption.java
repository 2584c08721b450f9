package dev.dynalens.cli;

import dev.dynalens.service.guard.WriteConfirmer;
import picocli.CommandLine.Option;

/**
 * The one {@code --confirm-table TABLE} option of every command that writes into a table (picocli mixin): on a
 * connection tagged production the person repeats the table name, and the command's write guard checks it. Without it
 * such a write is refused before anything is read or sent.
 */
final class ConfirmTableOption {
    @Option(names = "--confirm-table", paramLabel = "NAME", description = "On a connection tagged production, the table name again, to confirm.")
    String confirmTable;

    /** The confirmer for the command's write guard; {@code verb} ends the refusal: "… --confirm-table Shop to import". */
    WriteConfirmer confirmer(String verb) {
        return WriteConfirmer.typed(confirmTable, "repeat the table name with --confirm-table %s to " + verb);
    }
}
