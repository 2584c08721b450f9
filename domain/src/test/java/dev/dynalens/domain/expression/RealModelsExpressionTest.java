package dev.dynalens.domain.expression;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.FileWorkspaces;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Expressions over the real attribute names and values of AWS's NoSQL Workbench models (aws-samples/aws-dynamodb-examples,
 * MIT-0): for every item, a condition that pins each attribute to its value and a key condition on its key render,
 * parse back to the same trees, validate against the table's key schema, and hold for that item; an update that
 * sets every non-key attribute rebuilds the item from its key.
 */
class RealModelsExpressionTest {
    static Stream<Path> models() throws IOException {
        try (var files = Files.list(Path.of("domain/src/test/resources/models/aws-dynamodb-examples"))) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void everyItem_isMatchedByItsOwnCondition_andRebuiltByItsOwnUpdate(Path model) throws IOException {
        var workspace = FileWorkspaces.read(model, WorkspaceOptions.NONE);
        int checked = 0;
        for (var table : workspace.tables()) {
            var keySchema = table.keySchema();
            for (var item : table.items()) {
                var key = item.key(keySchema.partitionKeyName(), keySchema.sortKeyName());
                var pins = item.attributes().entrySet().stream()
                        .map(e -> (Condition) Condition.compare(Operand.path(e.getKey()), Condition.Comparator.EQ, Operand.value(e.getValue())))
                        .toList();
                var condition = pins.size() == 1 ? pins.get(0) : new Condition.And(pins);
                var keyPins = key.entrySet().stream()
                        .map(e -> (Condition) Condition.compare(Operand.path(e.getKey()), Condition.Comparator.EQ, Operand.value(e.getValue())))
                        .toList();
                var keyCondition = keyPins.size() == 1 ? keyPins.get(0) : new Condition.And(keyPins);
                var update = UpdateExpression.EMPTY;
                for (var attribute : item.attributes().entrySet()) {
                    if (!key.containsKey(attribute.getKey())) {
                        update = update.set(attribute.getKey(), attribute.getValue());
                    }
                }
                var trees = new ExpressionSet(keyCondition, update.isEmpty() ? null : update, condition, null, null);

                var rendered = ExpressionRenderer.render(trees);
                var analysis = Expressions.analyze(rendered, keySchema);

                assertThat(analysis.errors()).as(rendered.toString()).isEmpty();
                assertThat(analysis.expressions()).isEqualTo(trees);
                assertThat(ConditionEvaluator.evaluate(condition, item)).isTrue();
                assertThat(ConditionEvaluator.evaluate(keyCondition, item)).isTrue();
                if (trees.update() != null) {
                    assertThat(UpdateEvaluator.apply(trees.update(), Item.of(new LinkedHashMap<>(key)))).isEqualTo(item);
                }
                rendered.names().forEach((placeholder, name) -> assertThat(ExpressionRenderer.needsAlias(name)).isTrue());
                checked++;
            }
        }
        assertThat(checked).isPositive();
    }
}
