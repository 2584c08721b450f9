package dev.dynalens.domain.workspace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A JSON value that remembers where each of its parts starts, so that what is read leniently, or
 * wrongly, can be pointed at by line and column. Read with {@link #read}, which keeps what was read
 * before a syntax error: the containers still open at the error are closed and marked incomplete.
 */
sealed interface JsonTree {
    /**
     * Generous on purpose, as the item codecs are: a DynamoDB item may hold 400 KB in one string and
     * an attribute name may be 64 KB; nesting stays bounded for the stack's sake.
     */
    JsonFactory FACTORY = dev.dynalens.domain.codec.ItemJsonFactory.FACTORY;

    int line();

    int column();

    /** A JSON object: names and values in file order (a repeated name appears twice). */
    record Obj(List<String> names, List<JsonTree> values, int line, int column, boolean complete) implements JsonTree {
        JsonTree get(String name) {
            for (int i = names.size() - 1; i >= 0; i--) {
                if (names.get(i).equals(name)) {
                    return values.get(i);
                }
            }
            return null;
        }

        int size() {
            return names.size();
        }
    }

    record Arr(List<JsonTree> elements, int line, int column, boolean complete) implements JsonTree {
    }

    /** A string, number, true, false or null, with its text as written. */
    record Scalar(JsonToken token, String text, int line, int column) implements JsonTree {
        boolean isString() {
            return token == JsonToken.VALUE_STRING;
        }

        boolean isNumber() {
            return token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
        }

        boolean isBoolean() {
            return token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE;
        }
    }

    /** A string value's text, or null when the node is anything else. */
    static String text(JsonTree node) {
        return node instanceof Scalar s && s.isString() ? s.text() : null;
    }

    /**
     * What {@link #read} got: the value (possibly incomplete) and the syntax error that stopped it.
     *
     * @param value null when the error came before the value started
     */
    record Read(JsonTree value, SyntaxError error) {
    }

    /** Malformed JSON at a position (1-based, with the caller's line offset applied). */
    record SyntaxError(String message, int line, int column) {
    }

    /**
     * Reads the value the parser stands on (or, when it stands on nothing yet, the next one), and leaves
     * the parser on the value's last token.
     *
     * @param lineOffset added to every line, for a parser over one line of a larger file
     */
    static Read read(JsonParser parser, int lineOffset) throws IOException {
        var stack = new ArrayDeque<Builder>();
        try {
            var token = parser.currentToken() == null ? parser.nextToken() : parser.currentToken();
            while (token != null) {
                var at = parser.currentTokenLocation();
                int line = at.getLineNr() + lineOffset;
                int column = at.getColumnNr();
                JsonTree done = null;
                switch (token) {
                    case START_OBJECT -> stack.push(new Builder(true, line, column));
                    case START_ARRAY -> stack.push(new Builder(false, line, column));
                    case FIELD_NAME -> stack.peek().pendingName = parser.currentName();
                    case END_OBJECT, END_ARRAY -> done = stack.pop().build(true);
                    default -> done = new Scalar(token, parser.getText(), line, column);
                }
                if (done != null) {
                    if (stack.isEmpty()) {
                        return new Read(done, null);
                    }
                    stack.peek().add(done);
                }
                token = parser.nextToken();
            }
            var end = parser.currentLocation();
            var problem = stack.isEmpty() ? "Expected JSON, but the input is empty" : "Not valid JSON: unexpected end of input";
            return new Read(closeAll(stack), new SyntaxError(problem, end.getLineNr() + lineOffset, end.getColumnNr()));
        } catch (JsonProcessingException e) {
            var at = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
            return new Read(closeAll(stack), new SyntaxError(describe(e, lineOffset), at.getLineNr() + lineOffset, at.getColumnNr()));
        }
    }

    private static JsonTree closeAll(ArrayDeque<Builder> stack) {
        JsonTree node = null;
        while (!stack.isEmpty()) {
            var builder = stack.pop();
            if (node != null) {
                builder.add(node);
            }
            node = builder.build(false);
        }
        return node;
    }

    /**
     * "Not valid JSON: …" in Jackson's words, with its "[Source: …; line: L, column: C]" turned into
     * "line L, column C" of the file.
     */
    static String describe(JsonProcessingException e, int lineOffset) {
        var matcher = JACKSON_POSITION.matcher(dev.dynalens.domain.codec.JsonProblems.message(e));
        var text = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(text, "line " + (Integer.parseInt(matcher.group(1)) + lineOffset) + ", column " + matcher.group(2));
        }
        matcher.appendTail(text);
        return "Not valid JSON: " + text.toString().strip();
    }

    /** "line L, column C" as {@link dev.dynalens.domain.codec.JsonProblems#message} writes a position inside a message. */
    Pattern JACKSON_POSITION = Pattern.compile("line (\\d+), column (\\d+)");

    final class Builder {
        final boolean object;
        final int line;
        final int column;
        final List<String> names = new ArrayList<>();
        final List<JsonTree> values = new ArrayList<>();
        String pendingName;

        Builder(boolean object, int line, int column) {
            this.object = object;
            this.line = line;
            this.column = column;
        }

        void add(JsonTree value) {
            if (object) {
                if (pendingName == null) {
                    return;
                }
                names.add(pendingName);
                pendingName = null;
            }
            values.add(value);
        }

        JsonTree build(boolean complete) {
            return object ? new Obj(List.copyOf(names), List.copyOf(values), line, column, complete)
                    : new Arr(List.copyOf(values), line, column, complete);
        }
    }
}
