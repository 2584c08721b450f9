package dev.dynalens.cli;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequests;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.RunQuery;
import java.util.Locale;
import picocli.CommandLine.Option;

/** Scan and Query: follow every page (or stop at --limit items) and print one item per line ({@link RunQuery}). */
abstract class ReadCommand extends SessionCommand {
    enum Format { dynamodb, plain }

    @Option(names = "--index", paramLabel = "INDEX", description = "Read a global or local secondary index.")
    String index;

    @Option(names = "--limit", paramLabel = "N", description = "Stop after N items (default: read every page).")
    Integer limit;

    @Option(names = "--page-size", paramLabel = "N", description = "Items per request (DynamoDB's Limit).")
    Integer pageSize;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "dynamodb",
            description = "dynamodb (typed, lossless; default) or plain (JSON with exact numbers; sets and binary marked).")
    Format format;

    @Option(names = "--stats", description = "Print the request, item count and consumed capacity on stderr at the end.")
    boolean stats;

    abstract String table();

    /** The first request, from the options; a usage mistake (a key value of the wrong type) is a {@link CliException}. */
    abstract ReadRequest firstRequest(RunQuery query, DynamoSession session);

    @Override
    int execute(DynamoSession session) {
        var query = new RunQuery(session, table());
        var first = firstRequest(query, session);
        var out = root.context.out();
        var read = query.readAll(first, limit == null ? null : limit.longValue(),
                item -> out.println(format == Format.plain ? PlainJsonCodec.writeItem(item) : DynamoJsonCodec.writeItem(item)))
                .result().join();
        out.flush();
        if (stats) {
            var err = root.context.err();
            var capacity = read.capacity();
            err.println(ReadRequests.describe(first) + ": " + read.items() + " item(s), " + read.pages() + " request(s)"
                    + (capacity.reported() ? String.format(Locale.ROOT, ", %s RCU", capacity.capacityUnits()) : ""));
            err.flush();
        }
        return 0;
    }

    /** DynamoDB's Limit per request: the page size asked for, or a small --limit (one request then reads it all). */
    Integer requestLimit() {
        if (pageSize != null) return pageSize;
        return limit != null && limit < 1000 ? limit : null;
    }
}
