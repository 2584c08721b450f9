package dev.dynalens.domain.codegen;

import static dev.dynalens.domain.codegen.SnippetChecks.bytesFrom;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every language's snippet for a table of hand-picked cases, run against dynalite (Java compiled in this JVM, the others
 * in one Node, Python or bash process per language); each case must leave its item exactly as expected.
 */
@ExtendWith(DynamoEndpointExtension.class)
class GeneratedCodeIT {
    private static final String TRICKY = "it's \"quoted\" \\back\\slash\\ line\nbreak\ttab \r ${x} `tick` $HOME !bang "
            + "\u0000nul \u001fus \u007fdel é e\u0301 日本語 😀 👩‍💻 \u200b\u2028\u2029\uFEFF\u00a0 \uE000";
    private static final String NUMBER_38 = "12345678901234567890123456789012345678";

    @ParameterizedTest
    @EnumSource(Language.class)
    void snippets_leaveEveryItemExactlyAsExpected(Language language, TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("codegen-" + language.optionValue());
        SnippetChecks.createTable(session, table, new KeySchema(new KeyAttribute("pk", ScalarType.S),
                new KeyAttribute("sk", ScalarType.N)));

        SnippetChecks.runAndVerify(language, session, endpoint.endpoint(), table, cases());
    }

    static List<SnippetCase> cases() {
        var cases = new ArrayList<SnippetCase>();
        cases.add(on(cases, "every scalar type")
                .set("s", AttributeValue.s(TRICKY))
                .set("empty", AttributeValue.s(""))
                .set("n38", AttributeValue.n(NUMBER_38))
                .set("negativeTiny", AttributeValue.n("-1.2345678901234567890123456789012345678E-120"))
                .set("smallest", AttributeValue.n("1E-130"))
                .set("largest", AttributeValue.n("9.9999999999999999999999999999999999999E+125"))
                .set("manyZeros", AttributeValue.n("1000000000000000000000000000000000000000000000"))
                .set("typed", AttributeValue.n("+001.50"))
                .set("allBytes", bytesFrom(0, 256))
                .set("noBytes", AttributeValue.b(new byte[0]))
                .set("yes", AttributeValue.bool(true))
                .set("no", AttributeValue.bool(false))
                .set("nothing", AttributeValue.nul())
                .build());
        cases.add(on(cases, "sets")
                .set("ss", AttributeValue.ss("it's", "\"q\"", "back\\slash", "line\nbreak", "${x}", "😀", "\u200d", "'"))
                .set("ns", AttributeValue.ns(NUMBER_38, "-" + NUMBER_38, "1E-130", "0", "1.50", "1E+2", "-0.000001"))
                .set("bs", AttributeValue.BinarySet.of(List.of(((AttributeValue.Bin) bytesFrom(0, 128)).value(),
                        ((AttributeValue.Bin) bytesFrom(128, 256)).value(), ((AttributeValue.Bin) bytesFrom(0, 1)).value())))
                .set("oneElement", AttributeValue.ss("only"))
                .build());
        cases.add(on(cases, "nested maps and lists")
                .set("doc", nestedDocument())
                .set("deep", deep(31))
                .set("emptyMap", AttributeValue.m(Map.of()))
                .set("emptyList", AttributeValue.l())
                .build());
        var oddNames = on(cases, "names that need escaping");
        for (var name : List.of("it's", "a\"b", "back\\slash", "new\nline", "日本語", "😀", "${x}", "__proto__", "constructor",
                "#hash", ":colon", "$SS", "white space", "\u200d")) {
            oddNames.set(name, AttributeValue.s(name));
        }
        cases.add(oddNames.build());
        cases.add(on(cases, "condition on exact values holds")
                .conditionEquals("keep", AttributeValue.s("untouched ✓"))
                .conditionEquals("old", AttributeValue.n(NUMBER_38))
                .set("done", AttributeValue.bool(true))
                .build());
        // A double would round both numbers to the same value and let the update through.
        cases.add(on(cases, "condition differing in the 38th digit fails")
                .conditionEquals("old", AttributeValue.n("12345678901234567890123456789012345679"))
                .set("done", AttributeValue.bool(true))
                .build());
        cases.add(on(cases, "check only, no update expression")
                .conditionExists("keep")
                .checkOnly()
                .build());
        cases.add(on(cases, "remove without names or values")
                .removePlain("gone")
                .build());
        cases.add(on(cases, "values without names")
                .setPlain("plain", AttributeValue.n("-" + NUMBER_38))
                .remove("gone")
                .build());
        // Longer than javac takes as one string constant (65535 bytes), short enough for one command-line argument.
        cases.add(on(cases, "long text")
                .set("text", AttributeValue.s(longText(70_000)))
                .build());
        cases.add(on(cases, "long binary")
                .set("blob", AttributeValue.b(longText(60_000).getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .build());
        return cases;
    }

    private static String longText(int length) {
        var text = new StringBuilder(length);
        for (int i = 0; text.length() < length; i++) {
            text.append("line ").append(i).append(": it's \"quoted\" \\ $x\n");
        }
        return text.substring(0, length);
    }

    /** A case on its own key: the partition key spells the case with characters every language must escape. */
    private static SnippetCase.Builder on(List<SnippetCase> cases, String label) {
        var key = new LinkedHashMap<String, AttributeValue>();
        key.put("pk", AttributeValue.s("case " + cases.size() + ": " + label + " — it's \"q\" 😀"));
        key.put("sk", AttributeValue.n("-9.8765432109876543210987654321098765432E-100"));
        var initial = new LinkedHashMap<>(key);
        initial.put("keep", AttributeValue.s("untouched ✓"));
        initial.put("old", AttributeValue.n(NUMBER_38));
        initial.put("gone", AttributeValue.s("to be removed"));
        return SnippetCase.on(label, new Item(initial), key);
    }

    /**
     * Map keys JavaScript gives a meaning to. Not {@code __proto__}: lib-dynamodb cannot send it (the JavaScript
     * generator refuses it) and dynalite, a JavaScript server, drops it from stored maps.
     */
    private static AttributeValue nestedDocument() {
        var inner = new LinkedHashMap<String, AttributeValue>();
        inner.put("hasOwnProperty", AttributeValue.m(Map.of("valueOf", AttributeValue.bool(true))));
        inner.put("constructor", AttributeValue.s("not a function"));
        inner.put("toString", AttributeValue.n("1"));
        inner.put("it's", AttributeValue.l(AttributeValue.nul(), AttributeValue.bool(false), bytesFrom(250, 256)));
        var outer = new LinkedHashMap<String, AttributeValue>();
        outer.put("constructor", AttributeValue.l(AttributeValue.m(inner), AttributeValue.ss("a", "b")));
        outer.put("prototype", AttributeValue.s("own property"));
        outer.put("$SS", AttributeValue.ns("1", "2"));
        outer.put("list of lists", AttributeValue.l(AttributeValue.l(AttributeValue.l(AttributeValue.n(NUMBER_38)))));
        outer.put(TRICKY, AttributeValue.s(TRICKY));
        return AttributeValue.m(outer);
    }

    private static AttributeValue deep(int depth) {
        AttributeValue value = AttributeValue.n("-" + NUMBER_38);
        for (int i = 0; i < depth; i++) {
            value = i % 2 == 0 ? AttributeValue.l(value) : AttributeValue.m(Map.of("level " + i, value));
        }
        return value;
    }
}
