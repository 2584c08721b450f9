package dev.dynalens.cli;

import dev.dynalens.usecase.StaleReadPlan;
import picocli.CommandLine.Option;

/**
 * The {@code --confirm-read} option of the commands that read a whole table to find stale copies (picocli mixin): on
 * a connection tagged production they say what the read will cost on stderr and read only with it, whatever else was
 * confirmed ({@code fanout --apply --confirm-table} confirms the writes, not the read).
 */
final class ConfirmReadOption {
    @Option(names = "--confirm-read", description = "On a connection tagged production, read the whole table although it costs read "
            + "capacity (the estimate is printed on stderr first).")
    boolean confirmRead;

    /** The plan, confirmed by --confirm-read where it needs that; without it a usage error saying what the read costs. */
    StaleReadPlan confirm(StaleReadPlan plan) {
        if (!plan.needsConfirmation()) {
            return plan;
        }
        if (!confirmRead) {
            throw new CliException(plan.tableName() + " is on a connection tagged production: run again with --confirm-read to read it "
                    + "(nothing was read); the read costs " + plan.estimate().text());
        }
        return plan.confirm();
    }
}
