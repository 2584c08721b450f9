package dev.dynalens.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code dynalens change}: bulk changes as code (docs/changes.md). */
@Command(name = "change", description = {"Bulk changes as code: backfills, reshapes and deletes, written as a change file (docs/changes.md).",
        "plan: the dry run (what changes, per action, with samples and the read and write costs).",
        "apply: the change, within a write budget, journaled (resumable) and with an undo file.",
        "revert: puts back what a change wrote, from its undo file.",
        "add-index: a new global secondary index for an access pattern: proposed, backfilled, created until ACTIVE, proved."},
        subcommands = {ChangePlanCommand.class, ChangeApplyCommand.class, ChangeRevertCommand.class, ChangeAddIndexCommand.class}, mixinStandardHelpOptions = true)
final class ChangeCommand implements Runnable {
    @ParentCommand
    DynaLensCli root;

    @Override
    public void run() {
        throw new CliException("Give a subcommand: change plan FILE, change apply FILE, change revert UNDO_FILE or change add-index TABLE");
    }
}
