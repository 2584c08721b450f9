package dev.dynalens.domain.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The FROM and the WHERE of a SELECT over one table, as written: what the app's Change items… takes from the SQL tab
 * (a change file's {@code where.entity} and {@code where.condition}). Only a statement that reads one table is taken: a
 * join, a list of tables or a subquery in FROM gives nothing, as their WHERE may speak of more than one item. A
 * qualifier of the table's alias ({@code p.status} of {@code FROM POST p}) is dropped, as the change's condition names
 * the item's own attributes. Text in quotes and comments is kept as it is and never read as a keyword.
 *
 * @param from  the table (an entity type, or the table itself) as named, unquoted
 * @param where the condition as written, without its qualifiers; null when the statement has no WHERE
 */
public record SelectWhere(String from, String where) {
    private static final Set<String> AFTER_WHERE = Set.of("GROUP", "ORDER", "LIMIT", "OFFSET", "FETCH", "UNION", "EXCEPT", "INTERSECT",
            "HAVING");
    private static final Set<String> NOT_AN_ALIAS = Set.of("WHERE", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "NATURAL");

    private enum Kind { WORD, QUOTED_NAME, TEXT, SYMBOL }

    private record Token(Kind kind, String text, int start, int end, int depth) {
        boolean isWord(String word) {
            return kind == Kind.WORD && text.equalsIgnoreCase(word);
        }

        String name() {
            return kind == Kind.QUOTED_NAME ? text.substring(1, text.length() - 1).replace("\"\"", "\"") : text;
        }
    }

    /** The FROM and WHERE of {@code statement}, when it is a SELECT of one table. */
    public static Optional<SelectWhere> of(String statement) {
        var tokens = tokens(statement);
        if (tokens.isEmpty() || !tokens.get(0).isWord("SELECT")) {
            return Optional.empty();
        }
        int from = -1;
        for (int i = 1; i < tokens.size(); i++) {
            if (tokens.get(i).depth() == 0 && tokens.get(i).isWord("FROM")) {
                from = i;
                break;
            }
        }
        if (from < 0 || from + 1 >= tokens.size()) {
            return Optional.empty();
        }
        var table = tokens.get(from + 1);
        if (table.kind() != Kind.WORD && table.kind() != Kind.QUOTED_NAME) {
            return Optional.empty();
        }
        int at = from + 2;
        String alias = null;
        if (at < tokens.size() && tokens.get(at).isWord("AS")) {
            at++;
        }
        if (at < tokens.size() && (tokens.get(at).kind() == Kind.QUOTED_NAME
                || tokens.get(at).kind() == Kind.WORD && !NOT_AN_ALIAS.contains(tokens.get(at).text().toUpperCase(Locale.ROOT))
                && !AFTER_WHERE.contains(tokens.get(at).text().toUpperCase(Locale.ROOT)))) {
            alias = tokens.get(at).name();
            at++;
        }
        if (at >= tokens.size() || tokens.get(at).text().equals(";")) {
            return Optional.of(new SelectWhere(table.name(), null));
        }
        if (!tokens.get(at).isWord("WHERE")) {
            return AFTER_WHERE.contains(tokens.get(at).text().toUpperCase(Locale.ROOT)) ? Optional.of(new SelectWhere(table.name(), null))
                    : Optional.empty();
        }
        int first = at + 1;
        int last = first;
        while (last < tokens.size() && !(tokens.get(last).depth() == 0 && (tokens.get(last).text().equals(";")
                || tokens.get(last).kind() == Kind.WORD && AFTER_WHERE.contains(tokens.get(last).text().toUpperCase(Locale.ROOT))))) {
            last++;
        }
        if (first == last) {
            return Optional.empty();
        }
        var names = alias == null ? Set.of(table.name()) : Set.of(alias, table.name());
        var condition = new StringBuilder();
        int copied = tokens.get(first).start();
        for (int i = first; i < last; i++) {
            var token = tokens.get(i);
            boolean qualifier = (token.kind() == Kind.WORD || token.kind() == Kind.QUOTED_NAME) && i + 1 < last
                    && tokens.get(i + 1).text().equals(".") && tokens.get(i + 1).start() == token.end()
                    && names.stream().anyMatch(name -> name.equalsIgnoreCase(token.name()))
                    && (i == first || !tokens.get(i - 1).text().equals("."));
            if (qualifier) {
                condition.append(statement, copied, token.start());
                copied = tokens.get(i + 1).end();
                i++;
            }
        }
        condition.append(statement, copied, tokens.get(last - 1).end());
        return Optional.of(new SelectWhere(table.name(), condition.toString().strip()));
    }

    private static List<Token> tokens(String text) {
        var tokens = new ArrayList<Token>();
        int depth = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            int start = i;
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && text.startsWith("--", i)) {
                int end = text.indexOf('\n', i);
                i = end < 0 ? n : end;
            } else if (c == '/' && text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (c == '\'' || c == '"') {
                i = closing(text, i, c);
                tokens.add(new Token(c == '"' ? Kind.QUOTED_NAME : Kind.TEXT, text.substring(start, i), start, i, depth));
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$') {
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_' || text.charAt(i) == '$')) {
                    i++;
                }
                tokens.add(new Token(Kind.WORD, text.substring(start, i), start, i, depth));
            } else {
                if (c == ')' || c == ']') {
                    depth = Math.max(0, depth - 1);
                }
                i++;
                tokens.add(new Token(Kind.SYMBOL, String.valueOf(c), start, i, depth));
                if (c == '(' || c == '[') {
                    depth++;
                }
            }
        }
        return tokens;
    }

    /** The end of a quoted run starting at {@code start}: past its closing quote (a doubled quote is one quote), or the text's end. */
    private static int closing(String text, int start, char quote) {
        int i = start + 1;
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
