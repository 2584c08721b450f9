package dev.dynalens.service.sql;

import java.util.regex.Pattern;

/**
 * {@code contains} is a reserved word of Calcite's SQL (a period predicate), but a DynamoDB function a person writes as
 * in a condition expression: {@code contains(tags, 'x')}. Before parsing, a {@code contains} followed by {@code (},
 * outside strings, quoted names and comments, is quoted ({@code "contains"(}), which calls the workbench's function.
 */
final class FunctionNames {
    private static final Pattern CONTAINS_CALL = Pattern.compile("(?i)contains\\s*\\(");
    private static final String QUOTED = "\"contains\"";

    private FunctionNames() {
    }

    static String quoteReserved(String statement) {
        var out = new StringBuilder(statement.length() + 8);
        int i = 0;
        while (i < statement.length()) {
            char c = statement.charAt(i);
            if (c == '\'' || c == '"') {
                int end = closing(statement, i, c);
                out.append(statement, i, end);
                i = end;
            } else if (c == '-' && statement.startsWith("--", i)) {
                int end = statement.indexOf('\n', i);
                end = end < 0 ? statement.length() : end;
                out.append(statement, i, end);
                i = end;
            } else if (c == '/' && statement.startsWith("/*", i)) {
                int end = statement.indexOf("*/", i + 2);
                end = end < 0 ? statement.length() : end + 2;
                out.append(statement, i, end);
                i = end;
            } else if ((c == 'c' || c == 'C') && (i == 0 || !Character.isJavaIdentifierPart(statement.charAt(i - 1)))
                    && CONTAINS_CALL.matcher(statement).region(i, statement.length()).lookingAt()) {
                out.append(QUOTED);
                i += "contains".length();
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** A parser column in the quoted text, back as a column of the text the person wrote. */
    static int originalColumn(String statement, int line, int column) {
        var lines = statement.split("\n", -1);
        if (line < 1 || line > lines.length) {
            return column;
        }
        var original = lines[line - 1];
        var quoted = quoteReserved(original);
        int shift = 0;
        int at = quoted.indexOf(QUOTED);
        while (at >= 0 && at + 1 < column + shift) {
            shift += 2;
            at = quoted.indexOf(QUOTED, at + QUOTED.length());
        }
        return Math.max(1, column - shift);
    }

    /**
     * The text the person wrote between two parser positions (from 1, the end inclusive, in the quoted text), or null
     * where the positions are unknown.
     */
    static String written(String statement, int line, int column, int endLine, int endColumn) {
        var lines = statement.split("\n", -1);
        if (line < 1 || endLine < line || endLine > lines.length) {
            return null;
        }
        int from = originalColumn(statement, line, column) - 1;
        int to = originalColumn(statement, endLine, endColumn);
        var text = new StringBuilder();
        for (int l = line; l <= endLine; l++) {
            var current = lines[l - 1];
            int start = l == line ? from : 0;
            int end = l == endLine ? to : current.length();
            if (start < 0 || end > current.length() || start > end) {
                return null;
            }
            text.append(l == line ? "" : "\n").append(current, start, end);
        }
        return text.isEmpty() ? null : text.toString();
    }

    private static int closing(String text, int from, char quote) {
        int i = from + 1;
        while (i < text.length()) {
            if (text.charAt(i) == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return text.length();
    }
}
