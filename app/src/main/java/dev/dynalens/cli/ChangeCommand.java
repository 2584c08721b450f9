package dev.dynalens.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code dynalens change}: bulk changes as code (docs/changes.md). */
@Command(name = "change", description = {"Bulk changes as code: backfills, reshapes and deletes, written as a change file (docs/changes.md).",
        "plan: the dry run (what changes, per action, with samples and the read and write costs)."},
        subcommands = {ChangePlanCommand.class}, mixinStandardHelpOptions = true)
final class ChangeCommand implements Runnable {
    @ParentCommand
    DynaLensCli root;

    @Override
    public void run() {
        throw new CliException("Give a subcommand: change plan FILE");
    }
}
