package dev.dynalens.testsupport;

import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The blog sample loaded into a table of the test endpoint, and a table read back whole, for the ITs that need them. */
public final class SampleTables {
    private SampleTables() {
    }

    /** Creates a table named from {@code prefix} with the blog sample's keys and GSIs and loads its items; returns its name. */
    public static String loadBlog(TestEndpoint endpoint, DynamoSession session, String prefix) throws Exception {
        return loadBlog(endpoint, session, prefix, List.of());
    }

    /** As {@link #loadBlog(TestEndpoint, DynamoSession, String)}, the table created with {@code more} indexes besides the sample's. */
    public static String loadBlog(TestEndpoint endpoint, DynamoSession session, String prefix, List<IndexDescription> more) throws Exception {
        var sample = SampleModels.load(SampleModels.BLOG);
        var table = endpoint.uniqueTableName(prefix);
        var indexes = new ArrayList<IndexDescription>(sample.keys().indexes().entrySet().stream().map(index -> new IndexDescription(index.getKey(),
                IndexDescription.Kind.GLOBAL, index.getValue(), IndexDescription.Projection.ALL, List.of(), null, null, null)).toList());
        indexes.addAll(more);
        var report = new TableLoader(session).start(LoadRequest.of(table, sample.items())
                .creatingTable(new CreateTableSpec(table, sample.keys().keySchema(), indexes)), p -> { }).result().get(2, TimeUnit.MINUTES);
        if (report.outcome() != LoadReport.Outcome.COMPLETED) {
            throw new AssertionError("The blog sample did not load into " + table + ": " + report.outcome());
        }
        return table;
    }

    /** Every item of the table, page after page of one Scan. */
    public static List<Item> scan(DynamoSession session, String table) {
        var items = new ArrayList<Item>();
        ReadRequest request = new ReadRequest.Scan(table, null, null, null);
        while (request != null) {
            var page = session.read(request).join();
            items.addAll(page.items());
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return items;
    }
}
