package dev.dynalens.domain.partiql;

import dev.dynalens.domain.design.SourcePosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads what a PartiQL statement is before it is sent: its first keyword and the table (and index) it names. It is a
 * tokenizer, not a parser: DynamoDB parses the statement; this only needs to know whether it writes and where.
 * Strings ({@code 'it''s'}), quoted names ({@code "Order""s"}) and comments ({@code --}, slash-star) are skipped as
 * PartiQL defines them, so a keyword inside them is not mistaken for one.
 */
public final class PartiqlText {
    private PartiqlText() {
    }

    /** The statement's kind, table and index ({@code "Table"."Index"}; null when none). */
    public record Head(PartiqlStatement.Kind kind, String tableName, String indexName) {
    }

    /** A word of the statement: a keyword or plain name, a quoted name, a string, or punctuation. */
    record Token(Type type, String text, int line, int column) {
        enum Type { WORD, QUOTED_NAME, STRING, SYMBOL }

        boolean isWord(String word) {
            return type == Type.WORD && text.equalsIgnoreCase(word);
        }

        boolean isName() {
            return type == Type.WORD || type == Type.QUOTED_NAME;
        }
    }

    public static Head head(String statement) {
        var tokens = tokens(statement);
        if (tokens.isEmpty()) {
            throw new PartiqlException("The statement is empty", new SourcePosition(1, 1));
        }
        var first = tokens.get(0);
        var keyword = first.type() == Token.Type.WORD ? first.text().toUpperCase(Locale.ROOT) : "";
        return switch (keyword) {
            case "SELECT" -> nameAfter(tokens, "FROM", PartiqlStatement.Kind.SELECT);
            case "INSERT" -> nameAfter(tokens, "INTO", PartiqlStatement.Kind.INSERT);
            case "DELETE" -> nameAfter(tokens, "FROM", PartiqlStatement.Kind.DELETE);
            case "UPDATE" -> nameAt(tokens, 1, PartiqlStatement.Kind.UPDATE);
            default -> throw new PartiqlException("A PartiQL statement for DynamoDB starts with SELECT, INSERT, UPDATE or DELETE, not '"
                    + first.text() + "'", new SourcePosition(first.line(), first.column()));
        };
    }

    private static Head nameAfter(List<Token> tokens, String keyword, PartiqlStatement.Kind kind) {
        int depth = 0;
        for (int i = 1; i < tokens.size(); i++) {
            var token = tokens.get(i);
            if (token.type() == Token.Type.SYMBOL && "([{".contains(token.text())) {
                depth++;
            } else if (token.type() == Token.Type.SYMBOL && ")]}".contains(token.text())) {
                depth--;
            } else if (depth == 0 && token.isWord(keyword)) {
                return nameAt(tokens, i + 1, kind);
            }
        }
        var last = tokens.get(tokens.size() - 1);
        throw new PartiqlException(kind + " needs " + keyword + " and a table name", new SourcePosition(last.line(), last.column()));
    }

    private static Head nameAt(List<Token> tokens, int at, PartiqlStatement.Kind kind) {
        if (at >= tokens.size() || !tokens.get(at).isName()) {
            var where = at < tokens.size() ? tokens.get(at) : tokens.get(tokens.size() - 1);
            throw new PartiqlException(kind + " needs a table name here", new SourcePosition(where.line(), where.column()));
        }
        var table = tokens.get(at).text();
        String index = null;
        if (at + 2 < tokens.size() && tokens.get(at + 1).text().equals(".") && tokens.get(at + 1).type() == Token.Type.SYMBOL
                && tokens.get(at + 2).isName()) {
            index = tokens.get(at + 2).text();
        }
        return new Head(kind, table, index);
    }

    static List<Token> tokens(String text) {
        var tokens = new ArrayList<Token>();
        int i = 0;
        int line = 1;
        int lineStart = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int column = i - lineStart + 1;
            if (c == '\n') {
                line++;
                lineStart = i + 1;
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                if (end < 0) {
                    throw new PartiqlException("A comment is not closed", new SourcePosition(line, column));
                }
                for (int k = i; k < end; k++) {
                    if (text.charAt(k) == '\n') {
                        line++;
                        lineStart = k + 1;
                    }
                }
                i = end + 2;
            } else if (c == '\'' || c == '"') {
                var value = new StringBuilder();
                int k = i + 1;
                while (true) {
                    if (k >= text.length()) {
                        throw new PartiqlException((c == '"' ? "A quoted name" : "A string") + " is not closed",
                                new SourcePosition(line, column));
                    }
                    char d = text.charAt(k);
                    if (d == c) {
                        if (k + 1 < text.length() && text.charAt(k + 1) == c) {
                            value.append(c);
                            k += 2;
                            continue;
                        }
                        break;
                    }
                    value.append(d);
                    k++;
                }
                tokens.add(new Token(c == '"' ? Token.Type.QUOTED_NAME : Token.Type.STRING, value.toString(), line, column));
                i = k + 1;
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$') {
                int k = i;
                while (k < text.length() && (Character.isLetterOrDigit(text.charAt(k)) || text.charAt(k) == '_' || text.charAt(k) == '$')) {
                    k++;
                }
                tokens.add(new Token(Token.Type.WORD, text.substring(i, k), line, column));
                i = k;
            } else {
                tokens.add(new Token(Token.Type.SYMBOL, String.valueOf(c), line, column));
                i++;
            }
        }
        return tokens;
    }
}
