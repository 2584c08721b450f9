package dev.dynalens.cli;

import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.ListTableExports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "exports", description = {"List a table's exports to S3 of the past 90 days (ListExports), newest first, each with its "
        + "status, time, format and the URI a read of it is given:", "  s3://BUCKET/PREFIX/AWSDynamoDB/EXPORT_ID"},
        footer = {"", "Examples:", "  dynalens exports Shop --profile prod", "  dynalens exports Shop --region eu-west-1 --json"})
final class ExportsCommand extends SessionCommand {
    @Parameters(index = "0", paramLabel = "TABLE")
    String table;

    @Option(names = "--json", description = "Print {\"table\": …, \"exports\": [...]} with every field DynamoDB gives.")
    boolean json;

    @Override
    int execute(DynamoSession session) throws Exception {
        var exports = new ListTableExports(session).list(table).join();
        var out = root.context.out();
        if (json) {
            try (var gen = JsonOutput.generator(out)) {
                gen.writeStartObject();
                gen.writeStringField("table", table);
                gen.writeArrayFieldStart("exports");
                for (var export : exports) ExportsOutput.write(gen, export);
                gen.writeEndArray();
                gen.writeEndObject();
            }
            out.println();
        } else if (exports.isEmpty()) {
            out.println("No exports of " + table + " in the past 90 days");
        } else {
            exports.forEach(export -> out.println(ExportsOutput.line(export)));
        }
        return 0;
    }
}
