package dev.dynalens.domain.expression;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 16: 1,100 nested parentheses (2.2 KB, inside DynamoDB's 4 KB) overflowed the recursive parser's stack. Nesting
 * is now bounded with a typed error; and an item's documents are measured against DynamoDB's 32 levels.
 */
class ExpressionNestingTest {
    private static final Map<String, AttributeValue> VALUES = Map.of(":s", AttributeValue.s("x"), ":l", AttributeValue.l());

    private static ExpressionException refusal(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        var thrown = org.assertj.core.api.Assertions.catchThrowable(call);
        assertThat(thrown).isInstanceOf(ExpressionException.class);
        return (ExpressionException) thrown;
    }

    @Test
    void elevenHundredNestedParentheses_areATypedErrorAtTheFirstTooMany_notAStackOverflow() {
        var text = "(".repeat(1_100) + "a = :s" + ")".repeat(1_100);
        assertThat(ExpressionLimits.fitsInExpression(text)).isTrue();

        var error = refusal(() -> Expressions.parseCondition(text, Map.of(), VALUES));

        assertThat(error.kind()).isEqualTo(ExpressionError.Kind.NESTING_TOO_DEEP);
        assertThat(error.error().position()).isEqualTo(ExpressionLimits.MAX_NESTING);
        assertThat(error.getMessage()).contains("more than 301 levels deep");
        var analysis = Expressions.analyze(new RenderedExpressions(null, null, text, null, null, Map.of(), VALUES), null);
        assertThat(analysis.valid()).isFalse();
        assertThat(analysis.errors()).extracting(ExpressionError::kind).containsExactly(ExpressionError.Kind.NESTING_TOO_DEEP);
    }

    @Test
    void nestedFunctionsAndNots_areBoundedToo() {
        // Every function counts as an operator, so within 4 KB they nest at most about 240 deep: that still parses.
        var functions = "SET a = " + "list_append(".repeat(240) + ":l" + ", :l)".repeat(240);
        assertThat(ExpressionLimits.fitsInExpression(functions)).isTrue();
        assertThat(Expressions.parseUpdate(functions, Map.of(), VALUES)).isNotNull();
        var sizes = "size(".repeat(350) + "a" + ")".repeat(350) + " > :s";
        assertThat(refusal(() -> Expressions.parseCondition(sizes, Map.of(), VALUES)).kind()).isIn(
                ExpressionError.Kind.TOO_MANY_OPERATORS, ExpressionError.Kind.NESTING_TOO_DEEP);
        var nots = "NOT ".repeat(900) + "a = :s";
        assertThat(refusal(() -> Expressions.parseCondition(nots, Map.of(), VALUES)).kind()).isIn(
                ExpressionError.Kind.TOO_MANY_OPERATORS, ExpressionError.Kind.NESTING_TOO_DEEP);
    }

    @Test
    void deepNestingThatDynamoDbAccepts_stillParses() {
        var text = "(".repeat(100) + "a = :s" + " AND a = :s)".repeat(100);

        assertThat(Expressions.parseCondition(text, Map.of(), VALUES)).isInstanceOf(Condition.And.class);
    }

    private static AttributeValue nested(int levels) {
        AttributeValue value = AttributeValue.s("leaf");
        for (int i = 0; i < levels; i++) {
            var map = new LinkedHashMap<String, AttributeValue>();
            map.put("m", value);
            value = i % 2 == 0 ? AttributeValue.m(map) : AttributeValue.l(value);
        }
        return value;
    }

    @Test
    void documentDepth_countsMapsAndListsAsDynamoDbDoes() {
        assertThat(ExpressionLimits.documentDepth(new Item(Map.of("PK", AttributeValue.s("a"), "tags", AttributeValue.ss("x"))))).isZero();
        assertThat(ExpressionLimits.documentDepth(new Item(Map.of("m", nested(1))))).isEqualTo(1);
        assertThat(ExpressionLimits.documentDepth(new Item(Map.of("a", nested(3), "b", nested(32))))).isEqualTo(32);
        assertThat(ExpressionLimits.documentDepth(new Item(Map.of("b", nested(33))))).isEqualTo(33);
    }
}
