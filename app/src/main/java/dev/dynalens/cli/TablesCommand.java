package dev.dynalens.cli;

import dev.dynalens.service.DynamoSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "tables", description = "List every table (all pages of ListTables).")
final class TablesCommand extends SessionCommand {
    @Option(names = "--json", description = "Print {\"tables\": [...]}.")
    boolean json;

    @Override
    int execute(DynamoSession session) throws Exception {
        var tables = session.listTables().join();
        var out = root.context.out();
        if (json) {
            try (var gen = JsonOutput.generator(out)) {
                gen.writeStartObject();
                gen.writeArrayFieldStart("tables");
                for (var t : tables) gen.writeString(t);
                gen.writeEndArray();
                gen.writeEndObject();
            }
            out.println();
        } else {
            tables.forEach(out::println);
        }
        return 0;
    }
}
