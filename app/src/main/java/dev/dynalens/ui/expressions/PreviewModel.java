package dev.dynalens.ui.expressions;

import dev.dynalens.domain.item.ItemDiff;
import dev.dynalens.domain.expression.ConditionEvaluator;
import dev.dynalens.domain.expression.ExpressionException;
import dev.dynalens.domain.expression.ExpressionSet;
import dev.dynalens.domain.expression.UpdateEvaluator;
import dev.dynalens.domain.item.Item;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.Outcome;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.PreviewRow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * What the update would do to each selected item, evaluated here as DynamoDB would: whether the condition holds, the
 * item after the update and the attributes that change, or DynamoDB's refusal. Nothing is sent.
 */
final class PreviewModel {
    private final ObservableList<PreviewRow> rows = FXCollections.observableArrayList();
    // unmodifiable view made once: a wrapper made per call would drop its listeners when it is collected
    private final ObservableList<PreviewRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final Function<Item, String> keyText;

    PreviewModel(Function<Item, String> keyText) {
        this.keyText = keyText;
    }

    ObservableList<PreviewRow> rows() {
        return rowsView;
    }

    /** @param set the valid expressions, or null when there are none (the preview is then empty) */
    void refresh(ExpressionSet set, List<Item> items) {
        if (set == null) {
            rows.clear();
            return;
        }
        var preview = new ArrayList<PreviewRow>();
        for (var item : items) {
            preview.add(previewOf(item, set));
        }
        rows.setAll(preview);
    }

    private PreviewRow previewOf(Item item, ExpressionSet set) {
        var key = keyText.apply(item);
        if (set.condition() != null && !ConditionEvaluator.evaluate(set.condition(), item)) {
            return new PreviewRow(key, Outcome.FAIL, "The condition is false: nothing would be written "
                    + "(ConditionalCheckFailedException).", List.of(), item, item);
        }
        var update = set.update();
        if (update == null || update.isEmpty()) {
            return new PreviewRow(key, Outcome.PASS, "The condition holds.", List.of(), item, item);
        }
        try {
            var after = UpdateEvaluator.apply(update, item);
            var changes = ItemDiff.between(item, after);
            return new PreviewRow(key, Outcome.PASS, changes.isEmpty() ? "The condition holds; the update changes nothing."
                    : "The condition holds; " + changes.size() + " attribute(s) change.", changes, item, after);
        } catch (ExpressionException e) {
            return new PreviewRow(key, Outcome.ERROR, "DynamoDB would refuse the update: " + e.error().message(), List.of(), item, item);
        }
    }
}
