package dev.dynalens.domain.expression;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Key conditions on an index {@code h1, h2 | r1, r2, r3} (r3 a number): docs/expressions.md, Multi-attribute GSI keys,
 * rules 11 to 15. Each refusal names the rule broken, at the position of the condition it names.
 */
class MultiAttributeKeyConditionTest {
    private static final IndexKey KEY = new IndexKey(
            List.of(new KeyAttribute("h1", ScalarType.S), new KeyAttribute("h2", ScalarType.S)),
            List.of(new KeyAttribute("r1", ScalarType.S), new KeyAttribute("r2", ScalarType.S), new KeyAttribute("r3", ScalarType.N)));
    private static final KeySchema TABLE = KeySchema.of("id", null);

    private static Expressions.Analysis analyze(String keyCondition) {
        var values = new LinkedHashMap<String, AttributeValue>();
        Pattern.compile(":[a-z0-9]+").matcher(keyCondition).results().forEach(m -> values.put(m.group(), AttributeValue.s("x")));
        var request = new RenderedExpressions(keyCondition, null, null, null, null, Map.of(), values);
        return Expressions.analyze(request, TABLE, KEY);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "h1 = :a AND h2 = :b",
            "h2 = :b AND h1 = :a",
            "h1 = :a AND h2 = :b AND r1 = :c",
            "h1 = :a AND h2 = :b AND r1 = :c AND r2 = :d",
            "h1 = :a AND h2 = :b AND r1 = :c AND r2 = :d AND r3 = :e",
            "h1 = :a AND h2 = :b AND r1 > :c",
            "h1 = :a AND h2 = :b AND begins_with(r1, :c)",
            "h1 = :a AND h2 = :b AND r2 = :c AND r1 = :d",
            "h1 = :a AND h2 = :b AND r1 = :c AND r2 BETWEEN :d AND :e",
            "r1 = :c AND h2 = :b AND r2 <= :d AND h1 = :a",
            "h1 = :a AND h2 = :b AND r1 = :c AND r2 = :d AND r3 >= :e"})
    void accepted(String keyCondition) {
        assertThat(analyze(keyCondition).errors()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", quoteCharacter = '"', textBlock = """
            h1 = :a ~ h1 = :a ~ Query condition missed key schema element: h2; every partition key attribute (h1, h2) needs an equality (=)
            h1 = :a AND h2 > :b ~ h2 > :b ~ Query key condition not supported: the partition key attribute h2 needs an equality (=), as every partition key attribute does
            h1 = :a AND begins_with(h2, :b) ~ begins_with ~ Query key condition not supported: the partition key attribute h2 needs an equality (=), as every partition key attribute does
            h1 = :a AND h2 = :b AND r2 = :c ~ r2 = :c ~ Query key condition not supported: r2 is given without r1; sort key attributes are given from the left (r1, r2, r3), without skipping one
            h1 = :a AND h2 = :b AND r1 = :c AND r3 = :d ~ r3 = :d ~ Query key condition not supported: r3 is given without r2; sort key attributes are given from the left (r1, r2, r3), without skipping one
            h1 = :a AND h2 = :b AND r1 > :c AND r2 = :d ~ r1 > :c ~ Query key condition not supported: r1 has a range condition, and only the last sort key attribute given (r2) may; the ones before it need an equality (=)
            h1 = :a AND h2 = :b AND r1 > :c AND r2 > :d ~ r1 > :c ~ Query key condition not supported: r1 has a range condition, and only the last sort key attribute given (r2) may; the ones before it need an equality (=)
            h1 = :a AND h2 = :b AND begins_with(r1, :c) AND r2 = :d ~ begins_with ~ Query key condition not supported: r1 has a range condition, and only the last sort key attribute given (r2) may; the ones before it need an equality (=)
            h1 = :a AND h2 = :b AND r2 = :d AND r1 < :c ~ r1 < :c ~ Query key condition not supported: r1 has a range condition, and only the last sort key attribute given (r2) may; the ones before it need an equality (=)
            h1 = :a AND h2 = :b AND r1 = :c AND r2 = :d AND begins_with(r3, :e) ~ begins_with(r3 ~ Query key condition not supported: begins_with works on a string or binary sort key attribute, and r3 is a number (N)
            h1 = :a AND h2 = :b AND score = :c ~ score = :c ~ Query condition missed key schema element: score is not a key attribute of the index (its key is h1, h2 | r1, r2, r3)
            h1 = :a AND h2 = :b AND h1 = :c ~ h1 = :c ~ KeyConditionExpressions must only contain one condition per key
            h1 = :a AND h2 = :b AND r1 = :c AND r2 = :d AND r3 = :e AND id = :f ~ id = :f ~ A key condition has at most 5 conditions, one per key attribute (h1, h2 | r1, r2, r3); found 6
            """)
    void refused_namingTheRuleBroken_atTheConditionItNames(String keyCondition, String at, String message) {
        var errors = analyze(keyCondition).errors();

        assertThat(errors).singleElement().satisfies(error -> {
            assertThat(error.message()).isEqualTo(message);
            assertThat(error.position()).isEqualTo(keyCondition.indexOf(at));
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"h1 = :a AND h2 = :b AND (r1 = :c OR r1 = :d)", "h1 = :a OR h2 = :b", "h1 = :a AND h2 <> :b"})
    void theGrammarOfAKeyCondition_staysAsItIs(String keyCondition) {
        assertThat(analyze(keyCondition).errors()).singleElement()
                .satisfies(error -> assertThat(error.message()).startsWith("Invalid operator used in KeyConditionExpression"));
    }
}
