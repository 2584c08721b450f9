package dev.dynalens.domain.workspace;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.codec.Utf8Reader;
import java.io.IOException;
import java.util.ArrayList;

/**
 * Reads DynamoDB JSON lines as DynamoDB's export to S3 writes them, {@code {"Item": {...}}} on each
 * line, or one bare item per line. One line at a time, so a file of any size streams and a bad line
 * costs only itself: it is reported with its line and column, and the next line is read.
 *
 * <p>The bytes are read as UTF-8 strictly ({@link Utf8Reader}): a line with bytes that are not UTF-8 is left out with
 * the line and column of the first one, never read with U+FFFD in their place (two keys that differ only there
 * would collapse into one item).
 *
 * <p>Each line is first read strictly ({@link DynamoJsonCodec}); only a line that fails is read again
 * leniently ({@link LenientItems}), so well-formed files pay for no second reading.
 */
final class JsonLinesReader {
    private static final String WRAPPER = "Item";

    private JsonLinesReader() {
    }

    static void read(Utf8Reader reader, TableBuilder table, ProblemLog log) throws IOException {
        int lineNumber = 0;
        for (var line = reader.readLine(); line != null; line = reader.readLine()) {
            lineNumber++;
            if (reader.lineMalformed() != null) {
                log.error(lineNumber, reader.lineMalformed().column(), "Line left out: " + reader.lineMalformed().message());
                continue;
            }
            line = content(line, lineNumber);
            if (line == null) {
                continue;
            }
            var item = strict(line);
            if (item == null) {
                item = lenient(line, lineNumber, log);
            }
            if (item != null) {
                table.add(item, lineNumber, firstColumn(line), -1);
            }
        }
    }

    /** The line without a byte-order mark (on the first line), or null for a blank line, which is skipped. */
    static String content(String line, int lineNumber) {
        if (lineNumber == 1 && line.startsWith("\uFEFF")) {
            line = line.substring(1);
        }
        return line.isBlank() ? null : line;
    }

    private static int firstColumn(String line) {
        int i = 0;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        return i + 1;
    }

    /** The line's item read as DynamoDB would, or null when it is not strictly valid. */
    static Item strict(String line) throws IOException {
        try (JsonParser parser = JsonTree.FACTORY.createParser(line)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            if (parser.nextToken() == JsonToken.FIELD_NAME && parser.currentName().equals(WRAPPER)
                    && parser.nextToken() == JsonToken.START_OBJECT) {
                var item = DynamoJsonCodec.readItem(parser);
                return parser.nextToken() == JsonToken.END_OBJECT && parser.nextToken() == null ? item : null;
            }
        } catch (CodecException | com.fasterxml.jackson.core.JsonProcessingException e) {
            return null;
        }
        try {
            return DynamoJsonCodec.readItem(line);
        } catch (CodecException e) {
            return null;
        }
    }

    private static Item lenient(String line, int lineNumber, ProblemLog log) throws IOException {
        JsonTree.Read read;
        try (JsonParser parser = JsonTree.FACTORY.createParser(line)) {
            read = JsonTree.read(parser, lineNumber - 1);
            if (read.error() == null && parser.nextToken() != null) {
                var at = parser.currentTokenLocation();
                log.error(lineNumber, at.getColumnNr(), "Line left out: one item per line, but more JSON follows the item");
                return null;
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            var at = e.getLocation();
            log.error(lineNumber, at == null ? 0 : at.getColumnNr(), "Line left out: " + JsonTree.describe(e, lineNumber - 1) + " after the item");
            return null;
        }
        if (read.error() != null) {
            log.error(lineNumber, read.error().column(), "Line left out: " + read.error().message());
            return null;
        }
        var node = read.value();
        if (node instanceof JsonTree.Obj object && object.size() == 1 && object.names().get(0).equals(WRAPPER)
                && object.values().get(0) instanceof JsonTree.Obj wrapped) {
            node = wrapped;
        }
        if (!(node instanceof JsonTree.Obj object)) {
            log.error(lineNumber, node.column(), "Line left out: expected an item, a JSON object like {\"Item\": {\"PK\": {\"S\": \"…\"}}}");
            return null;
        }
        var leniencies = new ArrayList<LenientItems.Leniency>();
        var item = LenientItems.item(object, leniencies);
        if (!leniencies.isEmpty()) {
            var first = leniencies.get(0);
            log.warn(lineNumber, first.column(), "Item read leniently: " + LenientItems.describe(leniencies));
        }
        return item;
    }
}
