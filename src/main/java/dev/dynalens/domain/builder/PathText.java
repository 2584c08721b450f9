package dev.dynalens.domain.builder;

import dev.dynalens.domain.expression.DocumentPath;
import java.util.ArrayList;

/**
 * Document paths as a builder row shows them: real attribute names (never {@code #placeholders}) separated by dots,
 * list indexes in brackets ({@code address.lines[0]}). A name holding a dot, a bracket or a backtick is written in
 * backticks, a backtick in it doubled ({@code `order.id`}); the renderer aliases such names in the expression.
 */
public final class PathText {
    private PathText() {
    }

    /**
     * @throws IllegalArgumentException with the character position of the problem
     */
    public static DocumentPath parse(String text) {
        var raw = text == null ? "" : text.strip();
        if (raw.isEmpty()) {
            throw new IllegalArgumentException("Type an attribute path, such as price or address.lines[0]");
        }
        var elements = new ArrayList<DocumentPath.Element>();
        int i = 0;
        boolean expectName = true;
        while (i < raw.length()) {
            char c = raw.charAt(i);
            if (expectName) {
                var name = new StringBuilder();
                int start = i;
                if (c == '`') {
                    i++;
                    while (true) {
                        if (i >= raw.length()) {
                            throw problem(start, "the backtick that opens a name is not closed");
                        }
                        if (raw.charAt(i) == '`') {
                            if (i + 1 < raw.length() && raw.charAt(i + 1) == '`') {
                                name.append('`');
                                i += 2;
                                continue;
                            }
                            i++;
                            break;
                        }
                        name.append(raw.charAt(i++));
                    }
                } else {
                    while (i < raw.length() && ".[]`".indexOf(raw.charAt(i)) < 0) {
                        name.append(raw.charAt(i++));
                    }
                }
                if (name.isEmpty()) {
                    throw problem(start, "an attribute name is missing");
                }
                elements.add(new DocumentPath.Key(name.toString()));
                expectName = false;
            } else if (c == '.') {
                i++;
                expectName = true;
                if (i == raw.length()) {
                    throw problem(i, "a name must follow the dot");
                }
            } else if (c == '[') {
                int close = raw.indexOf(']', i);
                if (close < 0) {
                    throw problem(i, "the bracket is not closed");
                }
                var digits = raw.substring(i + 1, close).strip();
                if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
                    throw problem(i + 1, "a list index is a whole number, not '" + digits + "'");
                }
                try {
                    elements.add(new DocumentPath.Index(Integer.parseInt(digits)));
                } catch (NumberFormatException e) {
                    throw problem(i + 1, "the list index " + digits + " is too large");
                }
                i = close + 1;
            } else {
                throw problem(i, "expected '.' or '[' after a name, not '" + c + "'");
            }
        }
        return new DocumentPath(elements);
    }

    public static String format(DocumentPath path) {
        var text = new StringBuilder();
        for (var element : path.elements()) {
            switch (element) {
                case DocumentPath.Key key -> {
                    if (!text.isEmpty()) {
                        text.append('.');
                    }
                    var name = key.name();
                    boolean quote = name.chars().anyMatch(ch -> ".[]`".indexOf(ch) >= 0) || !name.strip().equals(name);
                    text.append(quote ? "`" + name.replace("`", "``") + "`" : name);
                }
                case DocumentPath.Index index -> text.append('[').append(index.index()).append(']');
            }
        }
        return text.toString();
    }

    private static IllegalArgumentException problem(int position, String message) {
        return new IllegalArgumentException("Path at " + position + ": " + message);
    }
}
