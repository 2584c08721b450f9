package dev.dynalens.cli;

import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.RunQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * A Scan of a table or index, every page or up to {@code --limit} items. A Scan of all of it on a connection tagged
 * production reads only with {@code --confirm-read}, its cost said first; one bounded by {@code --limit} reads what it
 * asked for.
 */
@Command(name = "scan", description = "Scan a table or index; items as JSON lines on stdout.")
final class ScanCommand extends ReadCommand {
    @Parameters(index = "0", paramLabel = "TABLE")
    String table;

    @Mixin
    ConfirmReadOption readConfirmation;

    @Override
    String table() {
        return table;
    }

    @Override
    ReadRequest firstRequest(RunQuery query, DynamoSession session) {
        if (limit == null) {
            readConfirmation.confirmWholeRead(root.context, session, table, index);
        }
        return query.request(new RunQuery.Form.Scan(index, requestLimit()), null);
    }
}
