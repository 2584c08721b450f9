package dev.dynalens.cli;

import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.RunQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "scan", description = "Scan a table or index; items as JSON lines on stdout.")
final class ScanCommand extends ReadCommand {
    @Parameters(index = "0", paramLabel = "TABLE")
    String table;

    @Override
    String table() {
        return table;
    }

    @Override
    ReadRequest firstRequest(RunQuery query, DynamoSession session) {
        return query.request(new RunQuery.Form.Scan(index, requestLimit()), null);
    }
}
