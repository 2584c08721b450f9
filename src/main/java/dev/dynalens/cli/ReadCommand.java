package dev.dynalens.cli;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequests;
import dev.dynalens.service.DynamoSession;
import java.io.IOException;
import java.util.Locale;
import picocli.CommandLine.Option;

/** Scan and Query: follow every page (or stop at --limit items) and print one item per line. */
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

    abstract ReadRequest firstRequest(DynamoSession session);

    @Override
    int execute(DynamoSession session) throws IOException {
        if (limit != null && limit < 1) throw new CliException("--limit must be at least 1");
        if (pageSize != null && pageSize < 1) throw new CliException("--page-size must be at least 1");
        ReadRequest request = firstRequest(session);
        var out = root.context.out();
        long written = 0;
        int requests = 0;
        var capacity = ConsumedCapacity.NOT_REPORTED;
        while (request != null) {
            var page = session.read(request).join();
            requests++;
            capacity = capacity.plus(page.consumedCapacity());
            for (Item item : page.items()) {
                if (limit != null && written >= limit) break;
                out.println(format == Format.plain ? PlainJsonCodec.writeItem(item) : DynamoJsonCodec.writeItem(item));
                written++;
            }
            var reachedLimit = limit != null && written >= limit;
            request = reachedLimit ? null : page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        out.flush();
        if (stats) {
            var err = root.context.err();
            err.println(ReadRequests.describe(firstRequest(session)) + ": " + written + " item(s), " + requests + " request(s)"
                    + (capacity.reported() ? String.format(Locale.ROOT, ", %s RCU", capacity.capacityUnits()) : ""));
            err.flush();
        }
        return 0;
    }

    Integer requestLimit() {
        if (pageSize != null) return pageSize;
        return limit != null && limit < 1000 ? limit : null;
    }
}
