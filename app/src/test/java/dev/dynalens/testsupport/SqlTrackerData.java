package dev.dynalens.testsupport;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.WorkspaceTable;
import dev.dynalens.service.workspace.WorkspaceSession;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small issue tracker in one table, the example of the SQL workbench's docs: organisations own projects
 * ({@code ORG#acme} / {@code PROJECT#p1}), projects hold tasks ({@code PROJECT#p1} / {@code TASK#t1}), users have
 * profiles ({@code USER#u1} / {@code PROFILE}); GSI1 finds tasks by assignee.
 * Small and exact, for the planner and the engine; the generated tracker with planted stale copies (the
 * {@code samples/tracker.json} sample) is {@code domain.staleness.TrackerData}.
 */
public final class SqlTrackerData {
    public static final String TABLE = "Tracker";
    public static final KeySchema KEYS = KeySchema.of("PK", "SK");
    public static final IndexDescription GSI1 = new IndexDescription("GSI1", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI1PK", "GSI1SK"),
            IndexDescription.Projection.ALL, List.of(), null, null, null);
    public static final String BIG = "12345678901234567890123456789012345678";
    public static final String TINY = "1E-130";
    public static final String HUGE = "9.9999999999999999999999999999999999999E+125";

    private SqlTrackerData() {
    }

    public static Item item(Object... pairs) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        for (int i = 0; i < pairs.length; i += 2) {
            var value = pairs[i + 1];
            attributes.put((String) pairs[i], value instanceof AttributeValue a ? a : AttributeValue.s((String) value));
        }
        return new Item(attributes);
    }

    public static List<Item> items() {
        var items = new ArrayList<Item>();
        items.add(item("PK", "ORG#acme", "SK", "PROJECT#p1", "title", "Billing revamp", "ownerId", "u1", "status", "open",
                "budget", AttributeValue.n(BIG)));
        items.add(item("PK", "ORG#acme", "SK", "PROJECT#p2", "title", "Search", "ownerId", "u2", "status", "closed",
                "budget", AttributeValue.n(TINY)));
        items.add(item("PK", "ORG#zeta", "SK", "PROJECT#p3", "title", "Mobile app", "ownerId", "u3", "status", "open",
                "budget", AttributeValue.n(HUGE)));
        items.add(item("PK", "PROJECT#p1", "SK", "TASK#t1", "title", "Invoices", "GSI1PK", "USER#u2", "GSI1SK", "TASK#t1",
                "assignee", AttributeValue.m(Map.of("id", AttributeValue.s("u2"), "name", AttributeValue.s("Ines"))),
                "tags", AttributeValue.l(AttributeValue.s("billing"), AttributeValue.s("urgent")), "points", AttributeValue.n(3)));
        items.add(item("PK", "PROJECT#p1", "SK", "TASK#t2", "title", "Billing revamp", "GSI1PK", "USER#u3", "GSI1SK", "TASK#t2",
                "assignee", AttributeValue.m(Map.of("id", AttributeValue.s("u3"), "name", AttributeValue.s("Olu"))),
                "tags", AttributeValue.l(AttributeValue.s("ui")), "points", AttributeValue.n(5)));
        items.add(item("PK", "PROJECT#p2", "SK", "TASK#t3", "title", "Ranking", "GSI1PK", "USER#u2", "GSI1SK", "TASK#t3",
                "points", AttributeValue.n("1.5"), "labels", AttributeValue.ss("a", "b")));
        items.add(item("PK", "USER#u1", "SK", "PROFILE", "name", "Mara Vance", "email", "mara@example.com", "active", AttributeValue.bool(true)));
        items.add(item("PK", "USER#u2", "SK", "PROFILE", "name", "Ines Roy", "active", AttributeValue.bool(false),
                "avatar", AttributeValue.b(new byte[] {0, (byte) 0xff})));
        items.add(item("PK", "USER#u3", "SK", "PROFILE", "name", "Olu Ade", "active", AttributeValue.bool(true), "nickname", AttributeValue.nul()));
        return items;
    }

    public static WorkspaceTable table(List<Item> items) {
        return WorkspaceTable.of(TABLE, KEYS, List.of(GSI1), items);
    }

    public static WorkspaceSession session(List<Item> items) {
        var workspace = new Workspace("tracker.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, "tracker", List.of(table(items)),
                new WorkspaceReport("tracker.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, items.size(), List.of(), List.of(), 0, 0));
        return new WorkspaceSession(workspace, Runnable::run);
    }

    public static SqlCatalog catalog(List<Item> items) {
        var description = table(items).description();
        var analyzer = new Analyzer(TableKeys.from(description)).measuringItemSizes();
        analyzer.acceptAll(items);
        return SqlCatalog.of(description, analyzer.result(), new SqlCatalog.EntitySource("test analysis", null, items.size(), items.size()));
    }
}
