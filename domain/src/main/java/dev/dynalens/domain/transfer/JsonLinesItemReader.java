package dev.dynalens.domain.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codec.Utf8Reader;
import dev.dynalens.domain.item.Item;
import java.io.BufferedReader;
import java.io.IOException;

/**
 * Reads DynamoDB JSON lines: {@code {"Item": {...}}} per line as DynamoDB's export to S3 writes them, or
 * a bare item ({@code {"PK": {"S": "a"}}}) per line. Blank lines are skipped; a line that is not a valid
 * item is a problem with its line and column, and reading goes on with the next line. Read from a
 * {@link Utf8Reader}, a line whose bytes are not UTF-8 is such a problem too, never an item with U+FFFD in it.
 */
public final class JsonLinesItemReader implements ItemReader {
    static final String WRAPPER = "Item";

    private final BufferedReader in;
    private final Utf8Reader utf8;
    private long lineNumber;

    /** Text already decoded (from a string, or by a decoder that replaced what was not UTF-8). */
    public JsonLinesItemReader(BufferedReader in) {
        this.in = in;
        this.utf8 = null;
    }

    /** A file's bytes: a line that is not UTF-8 is a problem with its line and column. */
    public JsonLinesItemReader(Utf8Reader in) {
        this.in = null;
        this.utf8 = in;
    }

    @Override
    public ReadEntry next() throws IOException {
        String line;
        while ((line = utf8 != null ? utf8.readLine() : in.readLine()) != null) {
            lineNumber++;
            if (lineNumber == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            if (utf8 != null && utf8.lineMalformed() != null) {
                var malformed = utf8.lineMalformed();
                return new ReadEntry.Problem(lineNumber, malformed.column(), malformed.message(), false);
            }
            if (!line.isBlank()) {
                return read(line);
            }
        }
        return null;
    }

    private ReadEntry read(String line) throws IOException {
        try {
            return new ReadEntry.ItemAt(parse(line), lineNumber);
        } catch (CodecException e) {
            return new ReadEntry.Problem(lineNumber, e.column(), e.problem(), false);
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            return new ReadEntry.Problem(lineNumber, at == null ? 0 : at.getColumnNr(), "Not valid JSON: " + dev.dynalens.domain.codec.JsonProblems.message(e), false);
        }
    }

    /** The wrapped form when the line is {"Item": {...}} and nothing else; otherwise the line is the item. */
    static Item parse(String line) throws IOException {
        try (var parser = TransferJson.parser(line)) {
            if (parser.nextToken() == JsonToken.START_OBJECT && parser.nextToken() == JsonToken.FIELD_NAME
                    && WRAPPER.equals(parser.currentName()) && parser.nextToken() == JsonToken.START_OBJECT) {
                Item item;
                try {
                    item = DynamoJsonCodec.readItem(parser);
                } catch (CodecException wrapped) {
                    return bareOr(line, wrapped);
                }
                var after = parser.nextToken();
                if (after == JsonToken.END_OBJECT && parser.nextToken() == null) {
                    return item;
                }
                if (after == JsonToken.FIELD_NAME && parser.currentName().equals(WRAPPER)) {
                    var at = parser.currentTokenLocation();
                    throw new CodecException("A line holds one item, but \"Item\" appears twice", 1, at.getColumnNr());
                }
            }
        }
        // Not the {"Item": ...} wrapper: the line is a bare item ("Item" may then be an attribute like any other).
        return DynamoJsonCodec.readItem(line);
    }

    /** A bare item whose one attribute happens to be called "Item" ({"Item": {"S": "x"}}); else the wrapped form's error. */
    private static Item bareOr(String line, CodecException wrapped) {
        try {
            return DynamoJsonCodec.readItem(line);
        } catch (CodecException bare) {
            throw wrapped;
        }
    }

    @Override
    public void close() throws IOException {
        if (utf8 != null) {
            utf8.close();
        } else {
            in.close();
        }
    }
}
