package dev.dynalens.cli;

import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "scan", description = "Scan a table or index; items as JSON lines on stdout.")
final class ScanCommand extends ReadCommand {
    @Parameters(index = "0", paramLabel = "TABLE")
    String table;

    @Override
    ReadRequest firstRequest(DynamoSession session) {
        return new ReadRequest.Scan(table, index, requestLimit(), null);
    }
}
