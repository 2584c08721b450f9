package dev.dynalens.ui.expressions;

import dev.dynalens.domain.builder.NamesJson;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.expression.ExpressionError;
import dev.dynalens.domain.expression.ExpressionSet;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.AttributeValue;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The expressions as last checked: when valid, their trees and the request that sends them; otherwise every problem,
 * the first one of each expression with its position (for the underline), and all of them in words.
 */
final class ValidationModel {
    final ReadOnlyObjectWrapper<ExpressionSet> trees = new ReadOnlyObjectWrapper<>();
    final ReadOnlyObjectWrapper<RenderedExpressions> rendered = new ReadOnlyObjectWrapper<>();
    final ReadOnlyObjectWrapper<ExpressionError> updateError = new ReadOnlyObjectWrapper<>();
    final ReadOnlyObjectWrapper<ExpressionError> conditionError = new ReadOnlyObjectWrapper<>();
    final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ObservableList<ExpressionError> errors = FXCollections.observableArrayList();
    // an unmodifiable view made once: a wrapper made per call would drop its listeners when it is collected
    private final ObservableList<ExpressionError> errorsView = FXCollections.unmodifiableObservableList(errors);
    /** Told after every check (the preview follows). */
    private final Runnable checked;

    ValidationModel(Runnable checked) {
        this.checked = checked;
    }

    ObservableList<ExpressionError> errors() {
        return errorsView;
    }

    /**
     * The text mode's four fields as one request; null, with the problem said, when the names or the values are not
     * the JSON they should be.
     */
    RenderedExpressions read(String update, String condition, String namesJson, String valuesJson) {
        Map<String, String> names;
        Map<String, AttributeValue> values;
        try {
            names = NamesJson.read(namesJson);
        } catch (CodecException e) {
            reject(ExpressionError.Field.NAMES.requestName() + ": " + e.getMessage(), List.of());
            return null;
        }
        try {
            values = valuesJson == null || valuesJson.isBlank() ? Map.of() : DynamoJsonCodec.readItem(valuesJson).attributes();
        } catch (CodecException e) {
            reject(ExpressionError.Field.VALUES.requestName() + ": " + e.getMessage(), List.of());
            return null;
        }
        return RenderedExpressions.update(blankToNull(update), blankToNull(condition), names, values);
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }

    /** Shows what the analysis of {@code request} found: the request itself when valid, its errors when not. */
    void accept(RenderedExpressions request, Expressions.Analysis analysis) {
        errors.setAll(analysis.errors());
        updateError.set(firstOf(analysis.errors(), ExpressionError.Field.UPDATE));
        conditionError.set(firstOf(analysis.errors(), ExpressionError.Field.CONDITION));
        if (analysis.valid()) {
            problem.set("");
            trees.set(analysis.expressions());
            rendered.set(request);
        } else {
            problem.set(analysis.errors().stream().map(ExpressionError::toString).collect(Collectors.joining("\n")));
            trees.set(null);
            rendered.set(null);
        }
        checked.run();
    }

    /** No valid expressions: {@code message} says why; {@code found} are the errors with a position, if any. */
    void reject(String message, List<ExpressionError> found) {
        errors.setAll(found);
        updateError.set(firstOf(found, ExpressionError.Field.UPDATE));
        conditionError.set(firstOf(found, ExpressionError.Field.CONDITION));
        problem.set(message);
        trees.set(null);
        rendered.set(null);
        checked.run();
    }

    private static ExpressionError firstOf(List<ExpressionError> errors, ExpressionError.Field field) {
        return errors.stream().filter(e -> e.field() == field).findFirst().orElse(null);
    }
}
