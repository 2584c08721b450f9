package dev.dynalens.domain.design;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A YAML or JSON document as a tree whose every node knows its line and column, for readers that report each problem
 * where it is (the patterns file, the change file). JSON when the text starts with {@code {}, YAML otherwise. Scalars
 * keep the text as written: YAML reads {@code N}, {@code Y}, {@code yes} and {@code on} as booleans, a type {@code N} must
 * stay {@code N}.
 */
public final class SourceTree {
    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final YAMLFactory YAML = YAMLFactory.builder().build();

    private SourceTree() {
    }

    /** A node of the tree. */
    public sealed interface Node permits MapNode, ListNode, ScalarNode {
        SourcePosition position();
    }

    /** A map's value and where its key is. */
    public record Entry(SourcePosition keyPosition, Node value) {
    }

    public record MapNode(SourcePosition position, Map<String, Entry> entries) implements Node {
        public Node value(String key) {
            var entry = entries.get(key);
            return entry == null ? null : entry.value();
        }
    }

    public record ListNode(SourcePosition position, List<Node> elements) implements Node {
    }

    public record ScalarNode(SourcePosition position, String text, JsonToken token) implements Node {
    }

    /** Whether the text is read as JSON (else YAML). */
    public static boolean isJson(String text) {
        return text.stripLeading().startsWith("{");
    }

    /**
     * The document's root, or null for an empty one. A key given twice, or more after the document, is told to
     * {@code problem} (the first value is kept).
     *
     * @throws SyntaxException where the text is not YAML or JSON
     */
    public static Node read(String text, BiConsumer<SourcePosition, String> problem) {
        try (var parser = (isJson(text) ? JSON : YAML).createParser(text)) {
            var root = parser.nextToken() == null ? null : node(parser, problem);
            if (root != null && parser.nextToken() != null) {
                problem.accept(position(parser), "more after the end of the document");
            }
            return root;
        } catch (JsonProcessingException e) {
            var location = e.getLocation();
            throw new SyntaxException(location == null ? SourcePosition.NONE : new SourcePosition(location.getLineNr(),
                    location.getColumnNr()), e.getOriginalMessage());
        } catch (IOException e) {
            throw new SyntaxException(SourcePosition.NONE, "cannot read it: " + e.getMessage());
        }
    }

    /** Text that is not YAML or JSON, and where. */
    public static final class SyntaxException extends RuntimeException {
        private final transient SourcePosition position;

        SyntaxException(SourcePosition position, String message) {
            super(message);
            this.position = position;
        }

        public SourcePosition position() {
            return position;
        }
    }

    private static Node node(JsonParser parser, BiConsumer<SourcePosition, String> problem) throws IOException {
        var position = position(parser);
        return switch (parser.currentToken()) {
            case START_OBJECT -> {
                var entries = new LinkedHashMap<String, Entry>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    var key = parser.currentName();
                    var keyPosition = position(parser);
                    parser.nextToken();
                    var value = node(parser, problem);
                    if (entries.containsKey(key)) {
                        problem.accept(keyPosition, "key '" + key + "' is given twice");
                    } else {
                        entries.put(key, new Entry(keyPosition, value));
                    }
                }
                yield new MapNode(position, entries);
            }
            case START_ARRAY -> {
                var elements = new ArrayList<Node>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    elements.add(node(parser, problem));
                }
                yield new ListNode(position, elements);
            }
            default -> new ScalarNode(position, parser.getText(), parser.currentToken());
        };
    }

    private static SourcePosition position(JsonParser parser) {
        var location = parser.currentTokenLocation();
        return new SourcePosition(Math.max(1, location.getLineNr()), Math.max(1, location.getColumnNr()));
    }
}
