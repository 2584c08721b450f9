package dev.dynalens.service.sql;

import dev.dynalens.domain.design.SourcePosition;
import java.util.Locale;
import java.util.Set;

/**
 * How large a statement the workbench plans, checked on its text before Calcite reads it. Calcite's parser, validator
 * and converter descend once per nested parenthesis and once per operator of a chain ({@code a OR b OR c…} is as deep
 * as it is long): 1,000 parentheses or 20,000 ORs overflowed the stack of the thread that planned (and came back as
 * "Syntax error" with no place), 500 ORs overflowed it while converting. Within these bounds the deepest statement
 * (150 ORs inside 100 parentheses) plans on a thread of half the JVM's default stack (512 KB of 1 MB):
 * <ul>
 *   <li>at most {@value #MAX_CHARACTERS} characters (a list of several thousand keys fits);</li>
 *   <li>parentheses and brackets at most {@value #MAX_NESTING} deep;</li>
 *   <li>at most {@value #MAX_OPERATORS} operators that chain: {@code AND}, {@code OR}, {@code NOT}, {@code CASE},
 *       {@code + - * / %} and {@code ||} (comparisons and the values of an {@code IN} list are not counted).</li>
 * </ul>
 * Text in quotes and comments is not counted. Each bound is a sentence with the place where it is passed.
 */
final class StatementBounds {
    static final int MAX_CHARACTERS = 100_000;
    static final int MAX_NESTING = 100;
    static final int MAX_OPERATORS = 150;

    private static final Set<String> OPERATOR_WORDS = Set.of("AND", "OR", "NOT", "CASE");

    private final String statement;
    private int line = 1;
    private int column = 1;
    private int at;

    private StatementBounds(String statement) {
        this.statement = statement;
    }

    /** Throws a {@link SqlException} at the place where the statement passes a bound. */
    static void check(String statement) {
        if (statement.length() > MAX_CHARACTERS) {
            var bounds = new StatementBounds(statement);
            bounds.advanceTo(MAX_CHARACTERS);
            throw new SqlException("The statement is %,d characters long; the workbench plans statements of up to %,d. Split a long list of "
                    .formatted(statement.length(), MAX_CHARACTERS) + "values into several statements", bounds.here(), null);
        }
        new StatementBounds(statement).scan();
    }

    private void scan() {
        int depth = 0;
        int operators = 0;
        while (at < statement.length()) {
            char c = statement.charAt(at);
            if (c == '\'' || c == '"') {
                skipQuoted(c);
                continue;
            }
            if (c == '-' && statement.startsWith("--", at)) {
                int end = statement.indexOf('\n', at);
                advanceTo(end < 0 ? statement.length() : end);
                continue;
            }
            if (c == '/' && statement.startsWith("/*", at)) {
                int end = statement.indexOf("*/", at + 2);
                advanceTo(end < 0 ? statement.length() : end + 2);
                continue;
            }
            if (Character.isLetterOrDigit(c) || c == '_' || c == '$') {
                int end = at;
                while (end < statement.length() && (Character.isLetterOrDigit(statement.charAt(end)) || statement.charAt(end) == '_'
                        || statement.charAt(end) == '$')) {
                    end++;
                }
                var word = statement.substring(at, end).toUpperCase(Locale.ROOT);
                if (OPERATOR_WORDS.contains(word) && ++operators > MAX_OPERATORS) {
                    throw tooManyOperators();
                }
                advanceTo(end);
                continue;
            }
            if (c == '(' || c == '[') {
                if (++depth > MAX_NESTING) {
                    throw new SqlException("Parentheses nest more than " + MAX_NESTING + " levels deep here; the workbench plans statements "
                            + "nested up to " + MAX_NESTING, here(), null);
                }
            } else if (c == ')' || c == ']') {
                depth = Math.max(0, depth - 1);
            } else if (c == '+' || c == '-' || c == '*' || c == '/' || c == '%' || c == '|' && statement.startsWith("||", at)) {
                if (++operators > MAX_OPERATORS) {
                    throw tooManyOperators();
                }
                if (c == '|') {
                    advance();
                }
            }
            advance();
        }
    }

    private SqlException tooManyOperators() {
        return new SqlException("More than " + MAX_OPERATORS + " AND, OR, NOT, CASE and arithmetic operators: the workbench plans statements "
                + "with up to " + MAX_OPERATORS + ". A list of alternatives (a = 1 OR a = 2 OR …) is written a IN (1, 2, …), which "
                + "takes thousands of values", here(), null);
    }

    /** Past a quoted string or name; a doubled quote inside is the quote itself. */
    private void skipQuoted(char quote) {
        advance();
        while (at < statement.length()) {
            if (statement.charAt(at) == quote) {
                if (at + 1 < statement.length() && statement.charAt(at + 1) == quote) {
                    advance();
                    advance();
                    continue;
                }
                advance();
                return;
            }
            advance();
        }
    }

    private void advance() {
        if (statement.charAt(at) == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        at++;
    }

    private void advanceTo(int end) {
        while (at < end) {
            advance();
        }
    }

    private SourcePosition here() {
        return new SourcePosition(line, column);
    }
}
