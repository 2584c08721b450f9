package dev.dynalens.domain.builder;

import dev.dynalens.domain.item.AttributePath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.expression.ExpressionSet;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.AttributeValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VisualExpressionsTest {

    private static RenderedExpressions render(VisualExpressions visual) {
        var update = visual.update();
        return Expressions.render(ExpressionSet.update(update.isEmpty() ? null : update, visual.condition()));
    }

    @Test
    void rows_renderAnUpdateGuardedByAConditionWithAliasesForReservedNames() {
        var visual = new VisualExpressions(Connector.AND,
                List.of(ConditionRow.of("pk", ConditionOperator.EXISTS, ValueType.S, ""),
                        new ConditionRow(true, false, "status", ConditionOperator.EQ, ValueType.S, "closed", "")),
                List.of(new UpdateRow(UpdateAction.SET, "name", ValueType.S, "Ada"),
                        new UpdateRow(UpdateAction.SET_PLUS, "visits", ValueType.N, "1"),
                        new UpdateRow(UpdateAction.REMOVE, "draft", ValueType.S, "")));

        var request = render(visual);

        assertThat(request.updateExpression()).matches("SET #name = :\\w+, visits = visits \\+ :\\w+ REMOVE draft");
        assertThat(request.conditionExpression()).matches("attribute_exists\\(pk\\) AND NOT #status = :\\w+");
        assertThat(request.names()).containsEntry("#name", "name").containsEntry("#status", "status");
        assertThat(request.values().values()).containsExactlyInAnyOrder(AttributeValue.s("Ada"), AttributeValue.n("1"), AttributeValue.s("closed"));
        assertThat(Expressions.analyze(request, null).valid()).isTrue();
    }

    @Test
    void renderedRows_fitBackIntoTheSameRows() {
        var visual = new VisualExpressions(Connector.OR,
                List.of(new ConditionRow(false, true, "tags", ConditionOperator.BETWEEN, ValueType.N, "1", "3"),
                        ConditionRow.of("kind", ConditionOperator.IN, ValueType.S, "a, b, c"),
                        ConditionRow.of("title", ConditionOperator.BEGINS_WITH, ValueType.S, "The"),
                        ConditionRow.of("price", ConditionOperator.TYPE, ValueType.S, "N"),
                        new ConditionRow(true, false, "gone", ConditionOperator.NOT_EXISTS, ValueType.S, "", "")),
                List.of(new UpdateRow(UpdateAction.SET_IF_NOT_EXISTS, "created", ValueType.N, "1700000000"),
                        new UpdateRow(UpdateAction.LIST_APPEND, "history", ValueType.JSON, "{\"L\":[{\"S\":\"x\"}]}"),
                        new UpdateRow(UpdateAction.ADD, "labels", ValueType.SS, "red, blue"),
                        new UpdateRow(UpdateAction.DELETE, "codes", ValueType.NS, "1, 2")));

        var parsed = Expressions.parse(render(visual));
        var fit = VisualExpressions.fit(parsed.update(), parsed.condition());

        assertThat(fit.fits()).isTrue();
        assertThat(fit.visual().connector()).isEqualTo(Connector.OR);
        assertThat(fit.visual().condition()).isEqualTo(visual.condition());
        assertThat(fit.visual().update()).isEqualTo(visual.update());
        assertThat(fit.visual().conditions().get(0)).isEqualTo(visual.conditions().get(0));
    }

    @Test
    void nestedGroupsAndPathToPathComparisons_doNotFitAndSayWhy() {
        var nested = Expressions.parseCondition("a = :a AND (b = :b OR c = :c)", Map.of(),
                Map.of(":a", AttributeValue.n(1), ":b", AttributeValue.n(2), ":c", AttributeValue.n(3)));
        var pathToPath = Expressions.parseCondition("a < b", Map.of(), Map.of());
        var fromOtherPath = Expressions.parseUpdate("SET a = b + :one", Map.of(), Map.of(":one", AttributeValue.n(1)));

        assertThat(VisualExpressions.fit(null, nested).reason()).contains("nested group");
        assertThat(VisualExpressions.fit(null, pathToPath).fits()).isFalse();
        assertThat(VisualExpressions.fit(fromOtherPath, null).reason()).contains("SET action on a");
    }

    @Test
    void aBadRow_namesItsSectionRowAndProblem() {
        var visual = new VisualExpressions(Connector.AND,
                List.of(ConditionRow.of("pk", ConditionOperator.EXISTS, ValueType.S, ""), ConditionRow.of("price", ConditionOperator.LT, ValueType.N, "12x")),
                List.of(new UpdateRow(UpdateAction.SET, "a..b", ValueType.S, "x")));

        assertThatThrownBy(visual::condition).isInstanceOfSatisfying(RowException.class, e -> {
            assertThat(e.section()).isEqualTo(RowException.Section.CONDITION);
            assertThat(e.row()).isEqualTo(1);
            assertThat(e.getMessage()).startsWith("Condition row 2:");
        });
        assertThatThrownBy(visual::update).isInstanceOfSatisfying(RowException.class, e -> {
            assertThat(e.row()).isZero();
            assertThat(e.getMessage()).contains("Path at 2");
        });
    }

    /**
     * A path has one text form (issue 13: one path type, one syntax), the rule SPEC's: an odd name in double quotes. The
     * builder's earlier backtick form is still read, and written in the one form (the last three rows).
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            price                 | price
            address.lines[0]      | address.lines[0]
            "order.id"            | "order.id"
            a."b[1]".c[12]        | a."b[1]".c[12]
            "say \\"hi\\""          | "say \\"hi\\""
            `order.id`            | "order.id"
            a.`b[1]`.c[12]        | a."b[1]".c[12]
            `tick``s`             | "tick`s"
            """)
    void paths_readAndWriteTheSameText(String text, String formatted) {
        assertThat(String.valueOf(AttributePath.parse(text))).isEqualTo(formatted);
    }

    @Test
    void aNameWithADot_isOneAttribute() {
        assertThat(AttributePath.parse("`order.id`").elements()).hasSize(1);
        assertThat(AttributePath.parse("order.id").elements()).hasSize(2);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ''       | Type an attribute path
            a.       | a name must follow the dot
            a[x]     | a list index is a whole number
            a[1      | the bracket is not closed
            `a       | not closed
            a[1]b    | expected '.' or '['
            """)
    void badPaths_sayWhereAndWhy(String text, String message) {
        assertThatThrownBy(() -> AttributePath.parse(text)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
    }
}
