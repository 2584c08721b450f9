package dev.dynalens.domain.change;

import dev.dynalens.domain.expression.Condition;
import dev.dynalens.domain.expression.ConditionEvaluator;
import dev.dynalens.domain.expression.ExpressionException;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.InvalidNumberException;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A change file's {@code where.condition}, written as the SQL workbench's WHERE is: attribute names as they are
 * ({@code status}, {@code address.city}, {@code "odd name"}), literals in SQL's way ({@code 'SHIPPED'}, {@code 42},
 * {@code TRUE}), comparisons, {@code BETWEEN}, {@code IN}, {@code AND}/{@code OR}/{@code NOT} and the DynamoDB functions
 * the workbench offers ({@code begins_with}, {@code contains}, {@code size}, {@code attribute_exists},
 * {@code attribute_not_exists}, {@code attribute_type}). It is read into a DynamoDB condition, with every name and literal
 * a placeholder, so it is evaluated exactly as DynamoDB evaluates a FilterExpression, and can be sent as one.
 *
 * @param text       the condition as written
 * @param expression the DynamoDB condition expression it is read into
 * @param names      its name placeholders
 * @param values     its value placeholders (numbers exact, as written)
 */
public record WhereCondition(String text, String expression, Map<String, String> names, Map<String, AttributeValue> values) {
    private static final Set<String> KEYWORDS = Set.of("AND", "OR", "NOT", "BETWEEN", "IN");
    private static final Set<String> FUNCTIONS = Set.of("attribute_exists", "attribute_not_exists", "attribute_type", "begins_with",
            "contains", "size");

    /** A condition that does not read, and where in it (0-based). */
    public static final class Invalid extends IllegalArgumentException {
        private final int offset;

        Invalid(String message, int offset) {
            super(message);
            this.offset = offset;
        }

        /** Where in the condition's text the problem is, 0-based. */
        public int offset() {
            return offset;
        }
    }

    /**
     * @throws Invalid with the offset in {@code text} of what does not read
     */
    public static WhereCondition parse(String text) {
        var out = new StringBuilder();
        var origin = new ArrayList<Integer>(); // for each character of out, its offset in text
        var names = new LinkedHashMap<String, String>();
        var values = new LinkedHashMap<String, AttributeValue>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            int start = i;
            if (Character.isWhitespace(c)) {
                i++;
                emit(out, origin, " ", start);
                continue;
            }
            if (c == '\'') {
                var literal = new StringBuilder();
                i++;
                while (true) {
                    if (i >= n) {
                        throw new Invalid("a text literal that starts here has no closing '", start);
                    }
                    if (text.charAt(i) == '\'') {
                        if (i + 1 < n && text.charAt(i + 1) == '\'') {
                            literal.append('\'');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    literal.append(text.charAt(i++));
                }
                emit(out, origin, value(values, AttributeValue.s(literal.toString())), start);
                continue;
            }
            if (c == '"') {
                int close = text.indexOf('"', i + 1);
                if (close < 0) {
                    throw new Invalid("a quoted name that starts here has no closing \"", start);
                }
                emit(out, origin, name(names, text.substring(i + 1, close)), start);
                i = close + 1;
                continue;
            }
            if (Character.isDigit(c) || (c == '-' && i + 1 < n && Character.isDigit(text.charAt(i + 1)) && operandExpected(out))) {
                int end = i + 1;
                while (end < n && (Character.isDigit(text.charAt(end)) || text.charAt(end) == '.' || text.charAt(end) == 'e'
                        || text.charAt(end) == 'E' || (text.charAt(end) == '+' || text.charAt(end) == '-')
                        && (text.charAt(end - 1) == 'e' || text.charAt(end - 1) == 'E'))) {
                    end++;
                }
                if (!operandExpected(out) && c != '-') {
                    // an index in a path, such as lines[0]
                    emit(out, origin, text.substring(i, end), start);
                } else {
                    try {
                        emit(out, origin, value(values, new AttributeValue.Num(DynamoNumber.parse(text.substring(i, end)))), start);
                    } catch (InvalidNumberException e) {
                        throw new Invalid(e.getMessage(), start);
                    }
                }
                i = end;
                continue;
            }
            if (Character.isLetter(c) || c == '_') {
                int end = i + 1;
                while (end < n && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
                    end++;
                }
                var word = text.substring(i, end);
                var upper = word.toUpperCase(Locale.ROOT);
                int next = end;
                while (next < n && Character.isWhitespace(text.charAt(next))) {
                    next++;
                }
                boolean call = next < n && text.charAt(next) == '(';
                if (KEYWORDS.contains(upper)) {
                    emit(out, origin, upper, start);
                } else if (call && FUNCTIONS.contains(word.toLowerCase(Locale.ROOT))) {
                    emit(out, origin, word.toLowerCase(Locale.ROOT), start);
                } else if (call) {
                    throw new Invalid("unknown function " + word + "; the condition takes begins_with, contains, size, attribute_exists, "
                            + "attribute_not_exists and attribute_type", start);
                } else if (upper.equals("TRUE") || upper.equals("FALSE")) {
                    emit(out, origin, value(values, AttributeValue.bool(upper.equals("TRUE"))), start);
                } else if (upper.equals("IS") || upper.equals("LIKE") || upper.equals("NULL")) {
                    throw new Invalid(upper + " is SQL the condition does not take: use attribute_not_exists(a) or "
                            + "attribute_exists(a), begins_with(a, 'p') or contains(a, 'p')", start);
                } else {
                    emit(out, origin, name(names, word), start);
                }
                i = end;
                continue;
            }
            if (c == '!' && i + 1 < n && text.charAt(i + 1) == '=') {
                emit(out, origin, "<>", start);
                i += 2;
                continue;
            }
            if ("=<>(),.[]".indexOf(c) >= 0) {
                emit(out, origin, String.valueOf(c), start);
                i++;
                continue;
            }
            throw new Invalid("unexpected '" + c + "'", start);
        }
        var expression = out.toString();
        try {
            Expressions.parseCondition(expression, names, values);
        } catch (ExpressionException e) {
            var error = e.error();
            int at = error.hasPosition() && error.position() < origin.size() ? origin.get(error.position())
                    : error.hasPosition() ? text.length() : 0;
            throw new Invalid(error.message().replaceAll("[#:]w\\d+", "…"), at);
        }
        return new WhereCondition(text, expression, names, values);
    }

    /** Whether an operand (a literal, not an index) may come next: at the start, after an operator, a comma, a ( or a keyword. */
    private static boolean operandExpected(StringBuilder out) {
        int j = out.length() - 1;
        while (j >= 0 && out.charAt(j) == ' ') {
            j--;
        }
        if (j < 0) {
            return true;
        }
        char last = out.charAt(j);
        if (last == '[') {
            return false;
        }
        if ("=<>(,".indexOf(last) >= 0) {
            return true;
        }
        int k = j;
        while (k >= 0 && Character.isLetter(out.charAt(k))) {
            k--;
        }
        return KEYWORDS.contains(out.substring(k + 1, j + 1));
    }

    private static void emit(StringBuilder out, List<Integer> origin, String text, int at) {
        out.append(text);
        for (int k = 0; k < text.length(); k++) {
            origin.add(at);
        }
    }

    private static String name(Map<String, String> names, String attribute) {
        for (var entry : names.entrySet()) {
            if (entry.getValue().equals(attribute)) {
                return entry.getKey();
            }
        }
        var placeholder = "#w" + names.size();
        names.put(placeholder, attribute);
        return placeholder;
    }

    private static String value(Map<String, AttributeValue> values, AttributeValue value) {
        var placeholder = ":w" + values.size();
        values.put(placeholder, value);
        return placeholder;
    }

    /** The condition as the domain's evaluator reads it. */
    public Condition condition() {
        return Expressions.parseCondition(expression, names, values);
    }

    /** Whether an item meets the condition, as DynamoDB's FilterExpression would decide. */
    public boolean holds(Item item) {
        return ConditionEvaluator.evaluate(condition(), item);
    }
}
