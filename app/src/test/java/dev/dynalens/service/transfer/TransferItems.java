package dev.dynalens.service.transfer;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.load.LoadReport;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Items of every type for the transfer tests, and table plumbing over the session port. */
final class TransferItems {
    /** A number sort key, so key values of both kinds are exported and imported. */
    static final KeySchema KEYS = new KeySchema(new KeySchema.KeyAttribute("PK", KeySchema.ScalarType.S),
            new KeySchema.KeyAttribute("SK", KeySchema.ScalarType.N));

    private TransferItems() {
    }

    /** Fixed edge cases: every type, 38-digit numbers, binary, empty and unicode strings, nesting, sets, names that mean something to a format. */
    static List<Item> edgeCases() {
        var items = new ArrayList<Item>();
        var all = new LinkedHashMap<String, AttributeValue>();
        all.put("PK", AttributeValue.s("EDGE#all-types"));
        all.put("SK", AttributeValue.n("12345678901234567890123456789012345678"));
        all.put("s", AttributeValue.s("plain"));
        all.put("empty", AttributeValue.s(""));
        all.put("unicode", AttributeValue.s("Grüße, 東京, 😀👩‍💻, \"quoted\", comma, new\nline\r\n, tab\t"));
        all.put("n38", AttributeValue.n("-0.12345678901234567890123456789012345678"));
        all.put("nbig", AttributeValue.n("9.9999999999999999999999999999999999999E+125"));
        all.put("nsmall", AttributeValue.n("1E-130"));
        all.put("b", AttributeValue.b(new byte[] {0, 1, 2, (byte) 0xff, (byte) 0x80}));
        all.put("bempty", AttributeValue.b(new byte[0]));
        all.put("yes", AttributeValue.bool(true));
        all.put("no", AttributeValue.bool(false));
        all.put("nothing", AttributeValue.nul());
        all.put("ss", AttributeValue.ss("a", "b", "😀", "with,comma"));
        all.put("ns", AttributeValue.ns("1", "-2.5", "99999999999999999999999999999999999999"));
        all.put("bs", new AttributeValue.BinarySet(new java.util.LinkedHashSet<>(List.of(
                dev.dynalens.domain.item.Bytes.of(new byte[] {1}), dev.dynalens.domain.item.Bytes.of(new byte[] {2, 3})))));
        all.put("list", AttributeValue.l(AttributeValue.s(""), AttributeValue.n(1), AttributeValue.l(), AttributeValue.m(Map.of()),
                AttributeValue.nul(), AttributeValue.ss("x")));
        all.put("map", AttributeValue.m(Map.of("$SS", AttributeValue.l(AttributeValue.s("a")), "nested",
                AttributeValue.m(Map.of("deeper", AttributeValue.l(AttributeValue.m(Map.of("n", AttributeValue.n("0.10")))))))));
        all.put("Item", AttributeValue.s("an attribute called Item"));
        all.put("name:S", AttributeValue.n(7));
        items.add(new Item(all));
        items.add(new Item(Map.of("PK", AttributeValue.s("EDGE#keys-only"), "SK", AttributeValue.n("-1E+10"))));
        items.add(new Item(Map.of("PK", AttributeValue.s("EDGE#same-name-other-type"), "SK", AttributeValue.n(1),
                "s", AttributeValue.n(5), "map", AttributeValue.s("not a map here"))));
        return items;
    }

    /** Each item keyed {@code GEN#i} (string partition key) and {@code i} (number sort key), as a table's items are. */
    static List<Item> keyed(List<Item> items) {
        var keyed = new ArrayList<Item>();
        for (int i = 0; i < items.size(); i++) {
            keyed.add(items.get(i).with("PK", AttributeValue.s("GEN#" + i)).with("SK", AttributeValue.n(i)));
        }
        return keyed;
    }

    static void createAndLoad(DynamoSession session, String table, List<Item> items) throws Exception {
        var report = new TableLoader(session).start(LoadRequest.of(table, items).creatingTable(new CreateTableSpec(table, KEYS, List.of())),
                p -> { }).result().get(2, TimeUnit.MINUTES);
        if (report.outcome() != LoadReport.Outcome.COMPLETED || !report.rejected().isEmpty()) {
            throw new AssertionError("Setting up " + table + " failed: " + report.rejected());
        }
    }

    static void create(DynamoSession session, String table) throws Exception {
        session.createTable(new CreateTableSpec(table, KEYS, List.of())).get(30, TimeUnit.SECONDS);
    }

    /** Every item of the table, through every page. */
    static List<Item> scanItems(DynamoSession session, String table) throws Exception {
        var items = new ArrayList<Item>();
        ReadRequest request = new ReadRequest.Scan(table, null, null, null);
        while (request != null) {
            var page = session.read(request).get(30, TimeUnit.SECONDS);
            items.addAll(page.items());
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return items;
    }

    /** Every item of the table by its key, through every page. */
    static Map<Map<String, AttributeValue>, Item> scan(DynamoSession session, String table) throws Exception {
        var items = new LinkedHashMap<Map<String, AttributeValue>, Item>();
        ReadRequest request = new ReadRequest.Scan(table, null, null, null);
        while (request != null) {
            var page = session.read(request).get(30, TimeUnit.SECONDS);
            page.items().forEach(item -> items.put(item.key("PK", "SK"), item));
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return items;
    }
}
