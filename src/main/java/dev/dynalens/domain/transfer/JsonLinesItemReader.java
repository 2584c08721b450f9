package dev.dynalens.domain.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.Item;
import java.io.BufferedReader;
import java.io.IOException;

/**
 * Reads DynamoDB JSON lines: {@code {"Item": {...}}} per line as DynamoDB's export to S3 writes them, or
 * a bare item ({@code {"PK": {"S": "a"}}}) per line. Blank lines are skipped; a line that is not a valid
 * item is a problem with its line and column, and reading goes on with the next line.
 */
public final class JsonLinesItemReader implements ItemReader {
    static final String WRAPPER = "Item";

    private final BufferedReader in;
    private long lineNumber;

    public JsonLinesItemReader(BufferedReader in) {
        this.in = in;
    }

    @Override
    public ReadEntry next() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            lineNumber++;
            if (lineNumber == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
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
            return new ReadEntry.Problem(lineNumber, at == null ? 0 : at.getColumnNr(), "Not valid JSON: " + e.getOriginalMessage(), false);
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
        in.close();
    }
}
