package dev.dynalens.service.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeyOrder;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequest.KeyEquality;
import dev.dynalens.domain.table.ReadRequest.SortPart;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.SortKeyCondition.Operator;
import dev.dynalens.domain.workspace.KeyIndex;
import dev.dynalens.domain.workspace.Workspace;
import dev.dynalens.domain.workspace.WorkspaceFormat;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.WorkspaceTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The workspace engine on an index of a multi-attribute key, {@code t (S), season (N) | round (S), score (N)}
 * (docs/expressions.md, Multi-attribute GSI keys, rules 9 to 18): membership needs every key attribute of its type,
 * order is by round then score (numbers as numbers) then the table's key, and every Query the rules accept gives, page
 * after page, what a brute-force filter of the index's items gives.
 */
class WorkspaceMultiKeyQueryTest {
    private static final KeySchema TABLE_KEYS = KeySchema.of("PK", "SK");
    private static final IndexKey KEY = new IndexKey(
            List.of(new KeyAttribute("t", ScalarType.S), new KeyAttribute("season", ScalarType.N)),
            List.of(new KeyAttribute("round", ScalarType.S), new KeyAttribute("score", ScalarType.N)));
    private static final IndexDescription INDEX = new IndexDescription("M", IndexDescription.Kind.GLOBAL, KEY,
            IndexDescription.Projection.ALL, List.of(), null, null, null);
    private static final List<String> ROUNDS = List.of("A", "AB", "B", "BA", "é");
    private static final List<String> NUMBERS = List.of("-3", "-1.5", "0", "1", "1.50", "2", "9", "10", "1E+1");

    /** @param bounds a number's low and high bounds */
    record Query(String t, String season, int given, String round, Operator operator, List<String> bounds, boolean forward,
                 Integer limit) {
        String low() {
            return bounds.get(0);
        }

        String high() {
            return bounds.get(1);
        }
    }

    private static WorkspaceSession session(List<Item> items) {
        var table = WorkspaceTable.of("T", TABLE_KEYS, List.of(INDEX), items);
        return new WorkspaceSession(new Workspace("t.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, "t", List.of(table),
                new WorkspaceReport("t.jsonl", WorkspaceFormat.DYNAMODB_JSON_LINES, items.size(), List.of(), List.of(), 0, 0)), Runnable::run);
    }

    private static Item item(String sk, Map<String, AttributeValue> attributes) {
        var all = new LinkedHashMap<String, AttributeValue>();
        all.put("PK", AttributeValue.s("P"));
        all.put("SK", AttributeValue.s(sk));
        all.putAll(attributes);
        return new Item(all);
    }

    private static Map<String, AttributeValue> full(String round, String score) {
        return Map.of("t", AttributeValue.s("W"), "season", AttributeValue.n("2024"), "round", AttributeValue.s(round),
                "score", AttributeValue.n(score));
    }

    private static ReadRequest.Query winter2024() {
        return ReadRequest.Query.of("T", List.of(new KeyEquality("t", AttributeValue.s("W")), new KeyEquality("season", AttributeValue.n("2024"))))
                .onIndex("M");
    }

    @Test
    void anItemIsInTheIndex_onlyWithEveryKeyAttribute_ofItsType_andNotEmpty() {
        var complete = item("1", full("A", "1"));
        var items = new ArrayList<Item>(List.of(complete));
        int n = 2;
        for (var missing : List.of("t", "season", "round", "score")) {
            var attributes = new LinkedHashMap<>(full("A", "1"));
            attributes.remove(missing);
            items.add(item(String.valueOf(n++), attributes));
        }
        var wrongType = new LinkedHashMap<>(full("A", "1"));
        wrongType.put("season", AttributeValue.s("2024"));
        items.add(item(String.valueOf(n++), wrongType));
        items.add(item(String.valueOf(n), full("", "1")));

        var session = session(items);

        assertThat(session.read(winter2024()).join().items()).containsExactly(complete);
        assertThat(session.describeTable("T").join().index("M").orElseThrow().itemCount()).isEqualTo(1);
    }

    @Test
    void itemsComeByTheFirstSortAttribute_thenTheSecond_numbersAsNumbers_andBackwards() {
        var items = List.of(item("1", full("B", "10")), item("2", full("A", "9")), item("3", full("B", "9")), item("4", full("A", "1E+1")),
                item("5", full("B", "-1.5")));
        var session = session(items);

        assertThat(session.read(winter2024()).join().items()).extracting(i -> i.get("SK").orElseThrow().toString())
                .containsExactly(sk("2"), sk("4"), sk("5"), sk("3"), sk("1"));
        assertThat(session.read(winter2024().withScanIndexForward(false)).join().items()).extracting(i -> i.get("SK").orElseThrow().toString())
                .containsExactly(sk("1"), sk("3"), sk("5"), sk("4"), sk("2"));
        var bRange = winter2024().withSort(List.of(new SortPart("round", SortKeyCondition.of(Operator.EQ, AttributeValue.s("B"))),
                new SortPart("score", SortKeyCondition.of(Operator.GE, AttributeValue.n("9")))));
        assertThat(session.read(bRange).join().items()).extracting(i -> i.get("SK").orElseThrow().toString()).containsExactly(sk("3"), sk("1"));
    }

    private static String sk(String value) {
        return AttributeValue.s(value).toString();
    }

    @Test
    void aPagesLastEvaluatedKey_holdsEveryIndexKeyAttribute_andTheTablesKey() {
        var session = session(List.of(item("1", full("A", "1")), item("2", full("A", "2"))));

        var page = session.read(winter2024().withLimit(1)).join();

        assertThat(page.lastEvaluatedKey().keySet()).containsExactlyInAnyOrder("PK", "SK", "t", "season", "round", "score");
        assertThat(session.read(winter2024().withLimit(1).withExclusiveStartKey(page.lastEvaluatedKey())).join().items())
                .extracting(i -> i.get("SK").orElseThrow().toString()).containsExactly(sk("2"));
    }

    @Test
    void aQueryWithoutEveryPartitionAttribute_orSkippingASortAttribute_isRefusedAsDynamoDbWould() {
        var session = session(List.of(item("1", full("A", "1"))));
        var seasonOnly = ReadRequest.Query.of("T", List.of(new KeyEquality("t", AttributeValue.s("W")))).onIndex("M");
        var scoreWithoutRound = winter2024().withSort(List.of(new SortPart("score", SortKeyCondition.of(Operator.EQ, AttributeValue.n("1")))));

        assertThatThrownBy(() -> session.read(seasonOnly).join()).isInstanceOf(CompletionException.class).cause()
                .isInstanceOf(DynamoAccessException.class).hasMessageContaining("Query condition missed key schema element: season");
        assertThatThrownBy(() -> session.read(scoreWithoutRound).join()).cause().hasMessageContaining("Query key condition not supported");
    }

    @Property(tries = 300)
    void pagesFollowedToTheEnd_giveWhatABruteForceFilterOfTheIndexGives(@ForAll("tables") List<Item> items, @ForAll("queries") Query q) {
        var session = session(items);
        var query = request(q);

        var actual = new ArrayList<Item>();
        ReadRequest request = query;
        int pages = 0;
        while (request != null) {
            var page = session.read(request).join();
            actual.addAll(page.items());
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
            assertThat(++pages).isLessThan(200);
        }

        assertThat(actual).containsExactlyElementsOf(reference(items, query));
    }

    private static ReadRequest.Query request(Query q) {
        var parts = new ArrayList<SortPart>();
        if (q.given() >= 1) {
            parts.add(new SortPart("round", q.given() == 1 ? condition(q, false) : SortKeyCondition.of(Operator.EQ, AttributeValue.s(q.round()))));
        }
        if (q.given() == 2) {
            parts.add(new SortPart("score", condition(q, true)));
        }
        return ReadRequest.Query.of("T", List.of(new KeyEquality("t", AttributeValue.s(q.t())), new KeyEquality("season", AttributeValue.n(q.season()))))
                .onIndex("M").withSort(parts).withScanIndexForward(q.forward()).withLimit(q.limit());
    }

    private static SortKeyCondition condition(Query q, boolean numeric) {
        var operator = numeric && q.operator() == Operator.BEGINS_WITH ? Operator.GE : q.operator();
        AttributeValue low = numeric ? AttributeValue.n(q.low()) : AttributeValue.s(q.round());
        AttributeValue high = numeric ? AttributeValue.n(q.high()) : AttributeValue.s(q.high().startsWith("-") ? "é" : "B");
        if (operator == Operator.BETWEEN) {
            return KeyOrder.compare(low, high) <= 0 ? SortKeyCondition.between(low, high) : SortKeyCondition.between(high, low);
        }
        return SortKeyCondition.of(operator, low);
    }

    /** Every item of the index, filtered by each condition as written and sorted by round, score, PK, SK. */
    private static List<Item> reference(List<Item> items, ReadRequest.Query query) {
        var order = List.of("round", "score", "PK", "SK");
        Comparator<Item> byKeys = (x, y) -> {
            for (var attribute : order) {
                int c = KeyOrder.compare(x.get(attribute).orElseThrow(), y.get(attribute).orElseThrow());
                if (c != 0) return c;
            }
            return 0;
        };
        var expected = new ArrayList<>(items.stream()
                .filter(item -> KeyIndex.holdsKeys(item, KEY))
                .filter(item -> query.partition().stream().allMatch(e -> item.get(e.name()).orElseThrow().equals(e.value())))
                .filter(item -> query.sort().stream().allMatch(p -> KeyOrder.matches(p.condition(), item.get(p.name()).orElseThrow())))
                .sorted(byKeys)
                .toList());
        if (!query.scanIndexForward()) {
            Collections.reverse(expected);
        }
        return expected;
    }

    @Provide
    Arbitrary<List<Item>> tables() {
        var t = Arbitraries.of("W", "S").injectNull(0.1);
        var season = Arbitraries.of("2024", "2025", "2024.0").injectNull(0.1);
        var round = Arbitraries.of(ROUNDS).injectNull(0.1);
        var score = Arbitraries.of(NUMBERS).injectNull(0.1);
        var item = Combinators.combine(Arbitraries.integers().between(0, 999), t, season, round, score).as((sk, tv, sv, rv, nv) -> {
            var attributes = new LinkedHashMap<String, AttributeValue>();
            attributes.put("PK", AttributeValue.s("P" + sk % 3));
            attributes.put("SK", AttributeValue.s(String.valueOf(sk)));
            if (tv != null) attributes.put("t", AttributeValue.s(tv));
            if (sv != null) attributes.put("season", AttributeValue.n(sv));
            if (rv != null) attributes.put("round", AttributeValue.s(rv));
            if (nv != null) attributes.put("score", AttributeValue.n(nv));
            return new Item(attributes);
        });
        return item.list().ofMaxSize(50).map(list -> {
            var byKey = new LinkedHashMap<List<AttributeValue>, Item>();
            list.forEach(i -> byKey.put(List.of(i.get("PK").orElseThrow(), i.get("SK").orElseThrow()), i));
            return List.copyOf(byKey.values());
        });
    }

    @Provide
    Arbitrary<Query> queries() {
        return Combinators.combine(Arbitraries.of("W", "S"), Arbitraries.of("2024", "2025"), Arbitraries.integers().between(0, 2),
                Arbitraries.of(ROUNDS), Arbitraries.of(Operator.class), Arbitraries.of(NUMBERS).list().ofSize(2),
                Arbitraries.of(true, false), Arbitraries.of(1, 2, 3).injectNull(0.3)).as(Query::new);
    }
}
