package dev.dynalens.domain.expression;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Paste-back (rendering a tree and parsing the text with its maps gives the same tree) and fuzzing (any text, random
 * or a mutation of a valid expression, gives a tree or a typed {@link ExpressionException}, never another exception).
 */
class ExpressionPropertiesTest {
    private static final List<String> FRAGMENTS = List.of(" ", "(", ")", "((", "))", ",", ".", "[", "]", "[1]", "#", ":",
            "=", "<>", "<", "<=", ">", ">=", "+", "-", "AND", "OR", "NOT", "BETWEEN", "IN", "SET", "REMOVE", "ADD", "DELETE",
            "size(", "attribute_exists(", "list_append(", "if_not_exists(", "#n", ":v", "a", "b.c", "[99999999999]", "\u0000",
            "😀", "'", "\"", "\n");

    @Property(tries = 400)
    void pasteBack_parsingARenderedRequestGivesTheSameTrees(@ForAll("expressionSets") ExpressionSet trees) {
        var rendered = ExpressionRenderer.render(trees);

        var parsed = Expressions.parse(rendered);

        assertThat(parsed).isEqualTo(trees);
    }

    @Property(tries = 200)
    void pasteBack_withEveryNameAliased(@ForAll("expressionSets") ExpressionSet trees) {
        var rendered = ExpressionRenderer.render(trees, true);

        assertThat(Expressions.parse(rendered)).isEqualTo(trees);
        assertThat(rendered.names()).allSatisfy((placeholder, name) -> assertThat(placeholder).matches("#[A-Za-z0-9_]+"));
    }

    @Property(tries = 200)
    void renderedText_hasNoBareNameThatNeedsAnAlias(@ForAll("expressionSets") ExpressionSet trees) {
        var rendered = ExpressionRenderer.render(trees);
        for (var text : new String[] {rendered.updateExpression(), rendered.conditionExpression(), rendered.filterExpression(),
                rendered.projectionExpression()}) {
            if (text != null) {
                assertThat(text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).isLessThanOrEqualTo(4096);
            }
        }
        assertThat(rendered.values().keySet()).allSatisfy(k -> assertThat(k).matches(":v[0-9]+"));
    }

    @Property(tries = 1000)
    void fuzz_randomText_givesATreeOrATypedError(@ForAll("randomTexts") String text) {
        parseEverywhere(text);
    }

    @Property(tries = 1000)
    void fuzz_mutatedValidExpressions_giveATreeOrATypedError(@ForAll("mutatedExpressions") String text) {
        parseEverywhere(text);
    }

    private static void parseEverywhere(String text) {
        var names = Map.of("#n", "name", "#a", "a.b");
        var values = Map.<String, AttributeValue>of(":v", AttributeValue.s("x"), ":n", AttributeValue.n(1), ":l", AttributeValue.l());
        for (var request : List.of(
                new RenderedExpressions(null, null, text, null, null, names, values),
                new RenderedExpressions(null, text, null, null, null, names, values),
                new RenderedExpressions(null, null, null, null, text, names, Map.of()),
                new RenderedExpressions(text, null, null, null, null, names, values))) {
            try {
                var analysis = Expressions.analyze(request, dev.dynalens.domain.table.KeySchema.of("pk", "sk"));
                for (var error : analysis.errors()) {
                    assertThat(error.position()).isBetween(-1, Math.max(text.length(), 4096));
                    assertThat(error.message()).isNotBlank();
                }
                if (analysis.expressions().condition() != null) {
                    ConditionEvaluator.evaluate(analysis.expressions().condition(), dev.dynalens.domain.item.Item.EMPTY);
                }
                if (analysis.expressions().update() != null) {
                    try {
                        UpdateEvaluator.apply(analysis.expressions().update(), dev.dynalens.domain.item.Item.EMPTY);
                    } catch (ExpressionException expected) {
                        assertThat(expected.kind().isRuntime()).isTrue();
                    }
                }
            } catch (ExpressionException e) {
                throw new AssertionError("analyze reports problems, it does not throw: " + e.getMessage(), e);
            }
        }
    }

    @Provide
    Arbitrary<ExpressionSet> expressionSets() {
        return ExpressionArbitraries.expressionSets();
    }

    @Provide
    Arbitrary<String> randomTexts() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(60),
                Arbitraries.of(FRAGMENTS).list().ofMaxSize(12).map(parts -> String.join("", parts)),
                Arbitraries.of(FRAGMENTS).list().ofMaxSize(12).map(parts -> String.join(" ", parts)));
    }

    @Provide
    Arbitrary<String> mutatedExpressions() {
        var valid = ExpressionArbitraries.expressionSets().map(ExpressionRenderer::render)
                .map(r -> r.conditionExpression() != null ? r.conditionExpression()
                        : r.updateExpression() != null ? r.updateExpression() : "a = :v");
        return Combinators.combine(valid, Arbitraries.integers().between(0, 1000), Arbitraries.of(FRAGMENTS),
                        Arbitraries.integers().between(0, 3))
                .as((text, at, fragment, how) -> {
                    int i = text.isEmpty() ? 0 : at % (text.length() + 1);
                    return switch (how) {
                        case 0 -> text.substring(0, i) + fragment + text.substring(i);
                        case 1 -> text.substring(0, i);
                        case 2 -> i < text.length() ? text.substring(0, i) + text.substring(i + 1) : text + fragment;
                        default -> text.substring(i) + text.substring(0, i);
                    };
                });
    }
}
