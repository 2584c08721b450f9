package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Entry point of the expression language: parse a request's expressions into trees (with every problem and its
 * position), and render trees back ({@link ExpressionRenderer}). Pure: no I/O, no state between calls.
 */
public final class Expressions {
    /** Developer Guide, "Expression attribute names" / "Expression attribute values": # or : then letters, digits, _. */
    private static final Pattern NAME_KEY = Pattern.compile("#[A-Za-z0-9_]+");
    private static final Pattern VALUE_KEY = Pattern.compile(":[A-Za-z0-9_]+");

    private Expressions() {
    }

    /** The outcome of checking a request's expressions: the trees that parsed, and every problem found. */
    public record Analysis(ExpressionSet expressions, List<ExpressionError> errors) {
        public Analysis {
            Objects.requireNonNull(expressions, "expressions");
            errors = List.copyOf(errors);
        }

        public boolean valid() {
            return errors.isEmpty();
        }
    }

    public static Condition parseCondition(String text, Map<String, String> names, Map<String, AttributeValue> values) {
        return new Parser(text, ExpressionError.Field.CONDITION, names, values, new HashSet<>(), new HashSet<>()).parseCondition();
    }

    public static UpdateExpression parseUpdate(String text, Map<String, String> names, Map<String, AttributeValue> values) {
        return new Parser(text, ExpressionError.Field.UPDATE, names, values, new HashSet<>(), new HashSet<>()).parseUpdate();
    }

    public static Projection parseProjection(String text, Map<String, String> names) {
        return new Parser(text, ExpressionError.Field.PROJECTION, names, Map.of(), new HashSet<>(), new HashSet<>()).parseProjection();
    }

    /**
     * A document path as a person types it in a row editor ({@code a.b[2].c}, {@code #pr.#5star}); reserved words and
     * unknown placeholders are errors with their position, as in a whole expression.
     */
    public static AttributePath parsePath(String text, Map<String, String> names) {
        return new Parser(text, ExpressionError.Field.PROJECTION, names, Map.of(), new HashSet<>(), new HashSet<>()).parseStandalonePath();
    }

    /** Renders trees into request text and placeholder maps. */
    public static RenderedExpressions render(ExpressionSet expressions) {
        return ExpressionRenderer.render(expressions);
    }

    /**
     * Parses every expression of a request (paste-back: {@code parse(render(trees))} equals {@code trees}).
     *
     * @throws ExpressionException with the first problem found
     */
    public static ExpressionSet parse(RenderedExpressions request) {
        var analysis = analyze(request, null);
        if (!analysis.valid()) {
            throw new ExpressionException(analysis.errors().get(0));
        }
        return analysis.expressions();
    }

    /**
     * Checks a request's expressions as DynamoDB validates them before touching an item: syntax, placeholders
     * (unknown, unused, malformed), reserved words, functions and their operands, overlapping update paths, the
     * limits, and key conditions. Each expression reports its first problem; unused placeholders are reported
     * once every expression parsed. With a key schema, key conditions are checked against it and updates of key
     * attributes are refused.
     */
    public static Analysis analyze(RenderedExpressions request, KeySchema keySchema) {
        return analyze(request, keySchema, keySchema == null ? null : keySchema.asIndexKey());
    }

    /**
     * As {@link #analyze(RenderedExpressions, KeySchema)}, with the key condition checked against the key of what is
     * queried: the table's or an index's, whose partition and sort keys may each have several attributes.
     *
     * @param queried the key of the table or index queried; null for none known
     */
    public static Analysis analyze(RenderedExpressions request, KeySchema keySchema, IndexKey queried) {
        var errors = new ArrayList<ExpressionError>();
        var names = request.names();
        var values = request.values();
        for (var key : names.keySet()) {
            if (!NAME_KEY.matcher(key).matches()) {
                errors.add(new ExpressionError(ExpressionError.Kind.INVALID_PLACEHOLDER, ExpressionError.Field.NAMES,
                        "ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + key + "\" (a name placeholder is # "
                                + "followed by letters, digits or underscores)", -1));
            }
        }
        for (var key : values.keySet()) {
            if (!VALUE_KEY.matcher(key).matches()) {
                errors.add(new ExpressionError(ExpressionError.Kind.INVALID_PLACEHOLDER, ExpressionError.Field.VALUES,
                        "ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\" (a value placeholder is : "
                                + "followed by letters, digits or underscores)", -1));
            }
        }
        Set<String> usedNames = new HashSet<>();
        Set<String> usedValues = new HashSet<>();
        int before = errors.size();
        Condition keyCondition = null;
        if (request.keyConditionExpression() != null) {
            try {
                var parser = new Parser(request.keyConditionExpression(), ExpressionError.Field.KEY_CONDITION, names, values, usedNames, usedValues);
                keyCondition = parser.parseCondition();
                KeyConditionRules.check(keyCondition, parser.positions(), queried);
            } catch (ExpressionException e) {
                errors.add(e.error());
            }
        }
        UpdateExpression update = null;
        if (request.updateExpression() != null) {
            try {
                update = new Parser(request.updateExpression(), ExpressionError.Field.UPDATE, names, values, usedNames, usedValues).parseUpdate();
                if (keySchema != null) {
                    checkKeyNotUpdated(update, keySchema);
                }
            } catch (ExpressionException e) {
                errors.add(e.error());
            }
        }
        var condition = parseCondition(request.conditionExpression(), ExpressionError.Field.CONDITION, names, values, usedNames, usedValues, errors);
        var filter = parseCondition(request.filterExpression(), ExpressionError.Field.FILTER, names, values, usedNames, usedValues, errors);
        Projection projection = null;
        if (request.projectionExpression() != null) {
            try {
                projection = new Parser(request.projectionExpression(), ExpressionError.Field.PROJECTION, names, values, usedNames, usedValues)
                        .parseProjection();
            } catch (ExpressionException e) {
                errors.add(e.error());
            }
        }
        if (errors.size() == before) {
            // DynamoDB names the unused placeholders only once every expression parsed
            for (var key : names.keySet()) {
                if (!usedNames.contains(key)) {
                    errors.add(new ExpressionError(ExpressionError.Kind.UNUSED_NAME, ExpressionError.Field.NAMES,
                            "Value provided in ExpressionAttributeNames unused in expressions: keys: {" + key + "}", -1));
                }
            }
            for (var key : values.keySet()) {
                if (!usedValues.contains(key)) {
                    errors.add(new ExpressionError(ExpressionError.Kind.UNUSED_VALUE, ExpressionError.Field.VALUES,
                            "Value provided in ExpressionAttributeValues unused in expressions: keys: {" + key + "}", -1));
                }
            }
        }
        return new Analysis(new ExpressionSet(keyCondition, update, condition, filter, projection), errors);
    }

    private static Condition parseCondition(String text, ExpressionError.Field field, Map<String, String> names,
                                            Map<String, AttributeValue> values, Set<String> usedNames, Set<String> usedValues,
                                            List<ExpressionError> errors) {
        if (text == null) {
            return null;
        }
        try {
            return new Parser(text, field, names, values, usedNames, usedValues).parseCondition();
        } catch (ExpressionException e) {
            errors.add(e.error());
            return null;
        }
    }

    /** DynamoDB refuses an update of a key attribute: "Cannot update attribute pk. This attribute is part of the key". */
    private static void checkKeyNotUpdated(UpdateExpression update, KeySchema keySchema) {
        for (var path : update.targetPaths()) {
            var attribute = path.attributeName();
            if (attribute.equals(keySchema.partitionKeyName()) || attribute.equals(keySchema.sortKeyName())) {
                throw new ExpressionException(ExpressionError.Kind.KEY_ATTRIBUTE_UPDATE, ExpressionError.Field.UPDATE,
                        "One or more parameter values were invalid: Cannot update attribute " + attribute
                                + ". This attribute is part of the key", -1);
            }
        }
    }
}
