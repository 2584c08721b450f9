package dev.dynalens.domain.expression;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits expression text into tokens. Names follow DynamoDB's expression grammar: a bare name is a letter or
 * underscore followed by letters, digits and underscores; a placeholder is {@code #} or {@code :} followed by one or
 * more letters, digits and underscores. Whitespace is space, tab, CR and LF.
 */
final class Lexer {
    private Lexer() {
    }

    static List<Token> tokenize(String text, ExpressionError.Field field) {
        var tokens = new ArrayList<Token>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                i++;
                continue;
            }
            int start = i;
            if (isNameStart(c)) {
                while (i < n && isNamePart(text.charAt(i))) i++;
                tokens.add(new Token(Token.Type.IDENTIFIER, text.substring(start, i), start, i));
            } else if (c == '#' || c == ':') {
                i++;
                while (i < n && isNamePart(text.charAt(i))) i++;
                if (i == start + 1) {
                    throw new ExpressionException(ExpressionError.Kind.SYNTAX, field,
                            "Syntax error: '" + c + "' must be followed by letters, digits or underscores", start);
                }
                var type = c == '#' ? Token.Type.NAME_PLACEHOLDER : Token.Type.VALUE_PLACEHOLDER;
                tokens.add(new Token(type, text.substring(start, i), start, i));
            } else if (c >= '0' && c <= '9') {
                while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9') i++;
                tokens.add(new Token(Token.Type.INDEX, text.substring(start, i), start, i));
            } else if (c == '<' || c == '>' || c == '=') {
                i++;
                if (i < n && ((c == '<' && (text.charAt(i) == '=' || text.charAt(i) == '>')) || (c == '>' && text.charAt(i) == '='))) {
                    i++;
                }
                tokens.add(new Token(Token.Type.COMPARATOR, text.substring(start, i), start, i));
            } else {
                var type = switch (c) {
                    case '.' -> Token.Type.DOT;
                    case ',' -> Token.Type.COMMA;
                    case '(' -> Token.Type.LEFT_PAREN;
                    case ')' -> Token.Type.RIGHT_PAREN;
                    case '[' -> Token.Type.LEFT_BRACKET;
                    case ']' -> Token.Type.RIGHT_BRACKET;
                    case '+' -> Token.Type.PLUS;
                    case '-' -> Token.Type.MINUS;
                    default -> null;
                };
                if (type == null) {
                    int cp = text.codePointAt(i);
                    throw new ExpressionException(ExpressionError.Kind.SYNTAX, field,
                            "Syntax error: unexpected character '" + new String(Character.toChars(cp)) + "'", start);
                }
                i++;
                tokens.add(new Token(type, text.substring(start, i), start, i));
            }
        }
        tokens.add(new Token(Token.Type.END, "", n, n));
        return tokens;
    }

    static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    static boolean isNamePart(char c) {
        return isNameStart(c) || (c >= '0' && c <= '9');
    }
}
