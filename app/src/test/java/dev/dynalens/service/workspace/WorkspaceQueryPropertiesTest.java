package dev.dynalens.service.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeyOrder;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.SortKeyCondition.Operator;
import dev.dynalens.domain.workspace.KeyIndex;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.domain.workspace.WorkspaceTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Query on a workspace against a brute-force reference: filter every item by partition, index
 * membership and sort-key condition, sort in DynamoDB's order, reverse for ScanIndexForward=false.
 * The pages, followed to the end, must give exactly that list, whatever the Limit.
 */
class WorkspaceQueryPropertiesTest {
    private static final KeySchema TABLE_KEYS = KeySchema.of("PK", "SK");
    private static final KeySchema INDEX_KEYS = new KeySchema(new KeySchema.KeyAttribute("g", KeySchema.ScalarType.S),
            new KeySchema.KeyAttribute("n", KeySchema.ScalarType.N));
    private static final IndexDescription INDEX = new IndexDescription("G", IndexDescription.Kind.GLOBAL, INDEX_KEYS,
            IndexDescription.Projection.ALL, List.of(), null, null, null);
    private static final List<String> PARTITIONS = List.of("a", "b", "é");
    private static final List<String> SORT_PARTS = List.of("a", "b", "#", "é", "😀", "\uFF21", "A");
    private static final List<String> NUMBERS = List.of("-3", "-1.5", "0", "1", "1.50", "2", "10", "1E+1", "0.001");

    record Query(String index, String partition, Operator operator, String low, String high, boolean forward, Integer limit) {
    }

    @Property(tries = 300)
    void pagesFollowedToTheEnd_giveTheReferenceList(@ForAll("tables") List<Item> items, @ForAll("queries") Query q) {
        var session = session(items);
        var keys = q.index() == null ? TABLE_KEYS : INDEX_KEYS;
        var condition = condition(q, keys);
        ReadRequest request = ReadRequest.Query.of("T", keys.partitionKeyName(), AttributeValue.s(q.partition())).onIndex(q.index())
                .withSortKey(keys.sortKeyName(), condition).withScanIndexForward(q.forward()).withLimit(q.limit());

        var actual = new ArrayList<Item>();
        int pages = 0;
        while (request != null) {
            var page = session.read(request).join();
            pages++;
            actual.addAll(page.items());
            if (q.limit() != null) {
                assertThat(page.items()).hasSizeLessThanOrEqualTo(q.limit());
                assertThat(page.hasMore()).isEqualTo(page.items().size() == q.limit());
            } else {
                assertThat(page.hasMore()).isFalse();
            }
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
            assertThat(pages).isLessThan(500);
        }

        assertThat(actual).containsExactlyElementsOf(reference(items, q.index() == null ? null : INDEX_KEYS, q.partition(), condition, q.forward()));
    }

    private static SortKeyCondition condition(Query q, KeySchema keys) {
        if (q.operator() == null) {
            return null;
        }
        var numeric = keys.sortKey().type() == KeySchema.ScalarType.N;
        AttributeValue low = numeric ? AttributeValue.n(q.low()) : AttributeValue.s(q.low());
        AttributeValue high = numeric ? AttributeValue.n(q.high()) : AttributeValue.s(q.high());
        if (q.operator() == Operator.BETWEEN) {
            return KeyOrder.compare(low, high) <= 0 ? SortKeyCondition.between(low, high) : SortKeyCondition.between(high, low);
        }
        return SortKeyCondition.of(q.operator(), low);
    }

    static List<Item> reference(List<Item> items, KeySchema indexKeys, String partition, SortKeyCondition condition, boolean forward) {
        var keys = indexKeys == null ? TABLE_KEYS : indexKeys;
        var order = new ArrayList<String>();
        order.add(keys.sortKeyName());
        if (indexKeys != null) {
            order.addAll(List.of("PK", "SK"));
        }
        Comparator<Item> byKeys = (x, y) -> {
            for (var attribute : order) {
                int c = KeyOrder.compare(x.get(attribute).orElseThrow(), y.get(attribute).orElseThrow());
                if (c != 0) return c;
            }
            return 0;
        };
        var expected = new ArrayList<>(items.stream()
                .filter(item -> KeyIndex.holdsKeys(item, keys))
                .filter(item -> item.get(keys.partitionKeyName()).orElseThrow().equals(AttributeValue.s(partition)))
                .filter(item -> condition == null || KeyOrder.matches(condition, item.get(keys.sortKeyName()).orElseThrow()))
                .sorted(byKeys)
                .toList());
        if (!forward) {
            Collections.reverse(expected);
        }
        return expected;
    }

    private static WorkspaceSession session(List<Item> items) {
        var table = WorkspaceTable.of("T", TABLE_KEYS, List.of(INDEX), items);
        return new WorkspaceSession(new Workspace("t.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, "t", List.of(table),
                new WorkspaceReport("t.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, items.size(), List.of(), List.of(), 0, 0)), Runnable::run);
    }

    @Provide
    Arbitrary<List<Item>> tables() {
        var sortKeys = Arbitraries.of(SORT_PARTS).list().ofMinSize(1).ofMaxSize(3).map(parts -> String.join("", parts));
        var indexPartition = Arbitraries.of("x", "y").injectNull(0.3);
        var number = Arbitraries.of(NUMBERS).injectNull(0.2);
        var item = Combinators.combine(Arbitraries.of(PARTITIONS), sortKeys, indexPartition, number).as((pk, sk, g, n) -> {
            var attributes = new LinkedHashMap<String, AttributeValue>();
            attributes.put("PK", AttributeValue.s(pk));
            attributes.put("SK", AttributeValue.s(sk));
            if (g != null) attributes.put("g", AttributeValue.s(g));
            if (n != null) attributes.put("n", AttributeValue.n(n));
            return new Item(attributes);
        });
        // One item per key, as in a table.
        return item.list().ofMaxSize(40).map(list -> {
            var byKey = new LinkedHashMap<List<AttributeValue>, Item>();
            list.forEach(i -> byKey.put(List.of(i.get("PK").orElseThrow(), i.get("SK").orElseThrow()), i));
            return List.copyOf(byKey.values());
        });
    }

    @Provide
    Arbitrary<Query> queries() {
        var onTable = Combinators.combine(Arbitraries.of(PARTITIONS), Arbitraries.of(Operator.class).injectNull(0.2),
                Arbitraries.of(SORT_PARTS).list().ofMinSize(1).ofMaxSize(2).map(p -> String.join("", p)),
                Arbitraries.of(SORT_PARTS).list().ofMinSize(1).ofMaxSize(2).map(p -> String.join("", p)),
                Arbitraries.of(true, false), Arbitraries.of(1, 2, 3, 5).injectNull(0.3))
                .as((pk, op, low, high, forward, limit) -> new Query(null, pk, op, low, high, forward, limit));
        var onIndex = Combinators.combine(Arbitraries.of("x", "y"),
                Arbitraries.of(Operator.EQ, Operator.LT, Operator.LE, Operator.GT, Operator.GE, Operator.BETWEEN).injectNull(0.2),
                Arbitraries.of(NUMBERS), Arbitraries.of(NUMBERS), Arbitraries.of(true, false), Arbitraries.of(1, 2, 3, 5).injectNull(0.3))
                .as((pk, op, low, high, forward, limit) -> new Query("G", pk, op, low, high, forward, limit));
        return Arbitraries.oneOf(onTable, onIndex);
    }

    /** A Query on a large table reads its partition, not the table: thousands of them take milliseconds. */
    @Test
    void queriesOnALargeTable_costTheirPartition_notTheTable() {
        var items = new ArrayList<Item>();
        for (int i = 0; i < 200_000; i++) {
            var attributes = new LinkedHashMap<String, AttributeValue>();
            attributes.put("PK", AttributeValue.s("C#" + (i % 20_000)));
            attributes.put("SK", AttributeValue.s(String.format("O#%06d", i)));
            attributes.put("g", AttributeValue.s("S#" + (i % 7)));
            attributes.put("n", AttributeValue.n(i));
            items.add(new Item(attributes));
        }
        var session = session(items);
        var random = new Random(7);
        Map<String, Integer> sizes = new LinkedHashMap<>();
        // The first GSI query builds the index: once.
        session.read(ReadRequest.Query.of("T", "g", AttributeValue.s("S#1")).onIndex("G").withSortKey("n").withLimit(1)).join();

        long started = System.nanoTime();
        for (int q = 0; q < 2_000; q++) {
            var pk = "C#" + random.nextInt(20_000);
            var page = session.read(ReadRequest.Query.of("T", "PK", AttributeValue.s(pk))
                    .withSortKey("SK", SortKeyCondition.of(Operator.BEGINS_WITH, AttributeValue.s("O#")))
                            .withScanIndexForward(q % 2 == 0)).join();
            sizes.merge("table", page.items().size(), Integer::sum);
            var indexPage = session.read(ReadRequest.Query.of("T", "g", AttributeValue.s("S#" + random.nextInt(7))).onIndex("G")
                    .withSortKey("n", SortKeyCondition.between(AttributeValue.n(q * 50L), AttributeValue.n(q * 50L + 100)))
                            .withLimit(10)).join();
            sizes.merge("index", indexPage.items().size(), Integer::sum);
        }
        var elapsed = Duration.ofNanos(System.nanoTime() - started);

        assertThat(sizes.get("table")).isEqualTo(2_000 * 10);
        assertThat(sizes.get("index")).isPositive();
        // A scan of 200,000 items per query would take minutes here; binary search takes milliseconds.
        assertThat(elapsed).isLessThan(Duration.ofSeconds(3));
    }
}
