package dev.dynalens.service.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reads against a known data set. Partition p1 holds item#01..item#10 and other#01; partition p2 holds
 * zeta#01 and zeta#02. Odd items and zeta#01 are "open", the rest "closed"; the byStatus index is keyed
 * on (status, sk).
 */
@ExtendWith(DynamoEndpointExtension.class)
class AwsDynamoSessionReadIT {
    private static final String THIRTY_EIGHT_DIGITS = "12345678901234567890123456789012345678";
    private static final int SCAN_ITEMS = 25;

    private static String events;
    private static String scanned;
    private static String exact;

    @BeforeAll
    static void createDataSet(TestEndpoint endpoint, DynamoSession session) throws Exception {
        events = endpoint.uniqueTableName("events");
        scanned = endpoint.uniqueTableName("scanned");
        exact = endpoint.uniqueTableName("exact");
        var byStatus = new IndexDescription("byStatus", IndexDescription.Kind.GLOBAL, KeySchema.of("status", "sk"),
                IndexDescription.Projection.ALL, null, null, null, null);
        CompletableFuture.allOf(
                session.createTable(new CreateTableSpec(events, KeySchema.of("pk", "sk"), List.of(byStatus))),
                session.createTable(new CreateTableSpec(scanned, KeySchema.of("pk", null), List.of())),
                session.createTable(new CreateTableSpec(exact, KeySchema.of("pk", null), List.of()))).get(60, TimeUnit.SECONDS);

        var puts = new ArrayList<CompletableFuture<Void>>();
        for (int i = 1; i <= 10; i++) {
            puts.add(session.putItem(events, event("p1", "item#%02d".formatted(i), i % 2 == 1 ? "open" : "closed")));
        }
        puts.add(session.putItem(events, event("p1", "other#01", "closed")));
        puts.add(session.putItem(events, event("p2", "zeta#01", "open")));
        puts.add(session.putItem(events, event("p2", "zeta#02", "closed")));
        for (int i = 0; i < SCAN_ITEMS; i++) {
            puts.add(session.putItem(scanned, Item.of(Map.of("pk", AttributeValue.s("n#" + i), "i", AttributeValue.n(i)))));
        }
        CompletableFuture.allOf(puts.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
    }

    private static Item event(String pk, String sk, String status) {
        return Item.of(Map.of("pk", AttributeValue.s(pk), "sk", AttributeValue.s(sk), "status", AttributeValue.s(status)));
    }

    private static ReadRequest.Query query(String pk, SortKeyCondition condition, boolean forward, Integer limit) {
        return ReadRequest.Query.of(events, "pk", AttributeValue.s(pk)).withSortKey("sk", condition).withScanIndexForward(forward)
                .withLimit(limit);
    }

    private static List<String> sortKeys(Page page) {
        return page.items().stream().map(item -> ((AttributeValue.Str) item.get("sk").orElseThrow()).value()).toList();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            EQ          | item#05 |         | item#05
            LT          | item#03 |         | item#01 item#02
            LE          | item#03 |         | item#01 item#02 item#03
            GT          | item#08 |         | item#09 item#10 other#01
            GE          | item#10 |         | item#10 other#01
            BEGINS_WITH | item#0  |         | item#01 item#02 item#03 item#04 item#05 item#06 item#07 item#08 item#09
            BETWEEN     | item#03 | item#05 | item#03 item#04 item#05
            """)
    void query_eachSortKeyOperator(SortKeyCondition.Operator operator, String value, String upper, String expected,
                                   DynamoSession session) throws Exception {
        var condition = new SortKeyCondition(operator, AttributeValue.s(value), upper == null ? null : AttributeValue.s(upper));

        var page = session.read(query("p1", condition, true, null)).get(10, TimeUnit.SECONDS);

        assertEquals(Arrays.asList(expected.split(" ")), sortKeys(page));
        assertTrue(!page.hasMore());
    }

    @Test
    void query_partitionOnly_backwards(DynamoSession session) throws Exception {
        var page = session.read(query("p2", null, false, null)).get(10, TimeUnit.SECONDS);

        assertEquals(List.of("zeta#02", "zeta#01"), sortKeys(page));
    }

    @Test
    void query_withLimit_pagesToTheEnd(DynamoSession session) throws Exception {
        var keys = new ArrayList<String>();
        ReadRequest request = query("p1", null, true, 4);
        int pages = 0;
        Page page;
        do {
            page = session.read(request).get(10, TimeUnit.SECONDS);
            keys.addAll(sortKeys(page));
            request = request.withExclusiveStartKey(page.lastEvaluatedKey());
            pages++;
        } while (page.hasMore());

        assertEquals(11, keys.size());
        assertEquals(keys.stream().sorted().toList(), keys);
        assertTrue(pages >= 3, "pages: " + pages);
    }

    @Test
    void query_onGlobalIndex(DynamoSession session) throws Exception {
        var request = ReadRequest.Query.of(events, "status", AttributeValue.s("open")).onIndex("byStatus")
                .withSortKey("sk", SortKeyCondition.of(SortKeyCondition.Operator.GE, AttributeValue.s("item#05")));

        var page = session.read(request).get(10, TimeUnit.SECONDS);

        assertEquals(List.of("item#05", "item#07", "item#09", "zeta#01"), sortKeys(page));
    }

    @Test
    void scan_withLimit_pagesToTheEndWithoutDuplicates(DynamoSession session) throws Exception {
        var seen = new ArrayList<String>();
        ReadRequest request = new ReadRequest.Scan(scanned, null, 4, null);
        int pages = 0;
        Page page;
        do {
            page = session.read(request).get(10, TimeUnit.SECONDS);
            assertTrue(page.items().size() <= 4, "a page holds at most Limit items");
            page.items().forEach(item -> seen.add(((AttributeValue.Str) item.get("pk").orElseThrow()).value()));
            request = request.withExclusiveStartKey(page.lastEvaluatedKey());
            pages++;
        } while (page.hasMore());

        assertEquals(SCAN_ITEMS, seen.size());
        assertEquals(SCAN_ITEMS, new HashSet<>(seen).size(), "duplicates in " + seen);
        assertTrue(pages >= (SCAN_ITEMS + 3) / 4, "pages: " + pages);
    }

    @Test
    void scan_tellsEachPagesHead_asTheAnswerCame_andAsThePageHoldsIt(DynamoSession session) throws Exception {
        ReadRequest request = new ReadRequest.Scan(scanned, null, 4, null);
        var heads = new ArrayList<Page.Head>();
        var pages = new ArrayList<Page>();
        Page page;
        do {
            var told = new ArrayList<Page.Head>();
            page = session.read(request, told::add).get(10, TimeUnit.SECONDS);
            assertEquals(List.of(page.head()), told, "told once, before the page completed, what the page says");
            heads.addAll(told);
            pages.add(page);
            request = request.withExclusiveStartKey(page.lastEvaluatedKey());
        } while (page.hasMore());

        assertEquals(SCAN_ITEMS, heads.stream().mapToInt(Page.Head::items).sum());
        assertTrue(heads.getLast().next().isEmpty(), "the last head says the read is over");
        assertEquals(pages.get(0).lastEvaluatedKey(), heads.get(0).lastEvaluatedKey());
    }

    @Test
    void reads_reportConsumedCapacity(DynamoSession session) throws Exception {
        var scan = session.read(new ReadRequest.Scan(scanned, null, null, null)).get(10, TimeUnit.SECONDS);
        var query = session.read(query("p1", null, true, null)).get(10, TimeUnit.SECONDS);

        assertTrue(scan.consumedCapacity().reported());
        assertTrue(scan.consumedCapacity().capacityUnits() > 0, "scan: " + scan.consumedCapacity());
        assertTrue(query.consumedCapacity().reported());
        assertTrue(query.consumedCapacity().capacityUnits() > 0, "query: " + query.consumedCapacity());
        assertEquals(SCAN_ITEMS, scan.scannedCount());
    }

    @Test
    void putThenScan_keepsEveryTypeExactly(DynamoSession session) throws Exception {
        var nested = new LinkedHashMap<String, AttributeValue>();
        nested.put("list", AttributeValue.l(AttributeValue.n("-1.5"), AttributeValue.s("x"), AttributeValue.nul()));
        nested.put("flag", AttributeValue.bool(true));
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("pk", AttributeValue.s("every-type"));
        attributes.put("big", AttributeValue.n(THIRTY_EIGHT_DIGITS));
        attributes.put("negative", AttributeValue.n("-" + THIRTY_EIGHT_DIGITS));
        attributes.put("tiny", AttributeValue.n("0.0000000000000000000000000000000000000000012345678901234567890123456789012345678"));
        attributes.put("binary", AttributeValue.b(new byte[] {0, 1, (byte) 0x7f, (byte) 0x80, (byte) 0xff}));
        attributes.put("binaries", AttributeValue.BinarySet.of(List.of(Bytes.of(new byte[] {0}), Bytes.of(new byte[] {(byte) 0xff, 1}),
                Bytes.of(new byte[] {42, 42, 42}))));
        attributes.put("strings", AttributeValue.ss("b", "a", "ü"));
        attributes.put("numbers", AttributeValue.ns("1", THIRTY_EIGHT_DIGITS, "-0.5"));
        attributes.put("nested", AttributeValue.m(nested));
        attributes.put("empty", AttributeValue.m(Map.of()));
        var item = Item.of(attributes);

        session.putItem(exact, item).get(10, TimeUnit.SECONDS);
        var page = session.read(new ReadRequest.Scan(exact, null, null, null)).get(10, TimeUnit.SECONDS);

        var back = page.items().stream().filter(i -> i.get("pk").equals(item.get("pk"))).findFirst().orElseThrow();
        assertEquals(item.attributes(), back.attributes());
        assertEquals(THIRTY_EIGHT_DIGITS, assertInstanceOf(AttributeValue.Num.class, back.get("big").orElseThrow()).value().text());
        assertEquals("-" + THIRTY_EIGHT_DIGITS,
                assertInstanceOf(AttributeValue.Num.class, back.get("negative").orElseThrow()).value().text());
        var binaries = assertInstanceOf(AttributeValue.BinarySet.class, back.get("binaries").orElseThrow());
        assertEquals(new HashSet<>(List.of(Bytes.of(new byte[] {0}), Bytes.of(new byte[] {(byte) 0xff, 1}),
                Bytes.of(new byte[] {42, 42, 42}))), binaries.values());
    }

    @Test
    void deleteItem_removesIt(DynamoSession session) throws Exception {
        Map<String, AttributeValue> key = Map.of("pk", AttributeValue.s("short-lived"));
        session.putItem(exact, Item.of(key)).get(10, TimeUnit.SECONDS);

        session.deleteItem(exact, key).get(10, TimeUnit.SECONDS);

        var page = session.read(ReadRequest.Query.of(exact, "pk", AttributeValue.s("short-lived"))).get(10, TimeUnit.SECONDS);
        assertEquals(List.of(), page.items());
    }
}
