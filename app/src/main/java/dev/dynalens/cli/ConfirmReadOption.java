package dev.dynalens.cli;

import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.StaleReadPlan;
import dev.dynalens.usecase.WholeTableRead;
import picocli.CommandLine.Option;

/**
 * The {@code --confirm-read} option of the commands that read a table (picocli mixin): on a connection tagged
 * production they say what the read will cost and read only with it, whatever else was confirmed ({@code fanout --apply
 * --confirm-table} confirms the writes, not the read). Without it the command is a usage error that says the cost, and
 * nothing is read.
 */
final class ConfirmReadOption {
    @Option(names = "--confirm-read", description = "On a connection tagged production, read the table although the read costs read "
            + "capacity (what it costs is printed on stderr first).")
    boolean confirmRead;

    /** The plan, confirmed by --confirm-read where it needs that; without it a usage error saying what the read costs. */
    StaleReadPlan confirm(StaleReadPlan plan) {
        if (!plan.needsConfirmation()) {
            return plan;
        }
        require(plan.tableName(), "read it", "the read costs " + plan.estimate().text());
        return plan.confirm();
    }

    /**
     * The read, confirmed by --confirm-read where it needs that: on a connection tagged production what it costs goes to
     * stderr first, and without --confirm-read the command is a usage error saying so. Elsewhere nothing is said.
     */
    WholeTableRead confirm(CliContext context, WholeTableRead read) {
        if (!read.production()) {
            return read;
        }
        context.err().println("dynalens: " + read.text());
        context.err().flush();
        require(read.tableName(), read.indexName() == null ? "read it" : "read its index " + read.indexName(),
                "the read costs " + read.estimate().text());
        return read.confirm();
    }

    /**
     * A read of all of {@code tableName} (or of its index {@code indexName}, null for the table) on {@code session}:
     * on a connection tagged production the table is described, what the read costs goes to stderr and the command goes
     * on only with --confirm-read ({@link #confirm(CliContext, WholeTableRead)}); elsewhere nothing is sent or said.
     */
    void confirmWholeRead(CliContext context, DynamoSession session, String tableName, String indexName) {
        if (WholeTableRead.asksFirst(session)) {
            confirm(context, WholeTableRead.of(session, session.describeTable(tableName).join(), indexName));
        }
    }

    /**
     * Nothing when --confirm-read was given; otherwise a usage error saying what the read of a table on a production
     * connection costs, before anything was read.
     *
     * @param toRead what the command would do: "read it", "read a sample of it"
     * @param cost   what that costs, as a clause: "the read costs about 12 read units (…), 3 requests"
     */
    void require(String tableName, String toRead, String cost) {
        if (!confirmRead) {
            throw new CliException(tableName + " is on a connection tagged production: run again with --confirm-read to " + toRead
                    + " (nothing was read); " + cost);
        }
    }
}
