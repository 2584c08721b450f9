package dev.dynalens.domain.transfer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.PlainJsonCodec;
import java.io.IOException;
import java.io.Reader;

/**
 * Reads a JSON array of plain JSON items, one at a time. An element that is not a valid item is a
 * problem with its line and column, and reading goes on with the next element; a JSON syntax error
 * ends the reading there (what follows cannot be told apart), as a fatal problem.
 */
public final class PlainJsonItemReader implements ItemReader {
    private final Reader in;
    private final JsonParser parser;
    private JsonStreamContext array;
    private boolean done;

    public PlainJsonItemReader(Reader in) throws IOException {
        this.in = in;
        this.parser = TransferJson.parser(in);
    }

    @Override
    public ReadEntry next() throws IOException {
        if (done) {
            return null;
        }
        try {
            return array == null ? start() : element();
        } catch (JsonProcessingException e) {
            done = true;
            var at = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
            return new ReadEntry.Problem(at.getLineNr(), at.getColumnNr(), "Not valid JSON: " + e.getOriginalMessage()
                    + " (nothing after this point is read)", true);
        }
    }

    private ReadEntry start() throws IOException {
        var token = parser.nextToken();
        if (token != JsonToken.START_ARRAY) {
            done = true;
            var at = parser.currentTokenLocation();
            return new ReadEntry.Problem(at.getLineNr(), at.getColumnNr(), token == null ? "The file is empty; expected a JSON array of items"
                    : "Expected a JSON array of items ([{...}, {...}])", true);
        }
        array = parser.getParsingContext();
        return element();
    }

    private ReadEntry element() throws IOException {
        var token = parser.nextToken();
        if (token == JsonToken.END_ARRAY) {
            done = true;
            if (parser.nextToken() != null) {
                var at = parser.currentTokenLocation();
                return new ReadEntry.Problem(at.getLineNr(), at.getColumnNr(), "Unexpected content after the array of items", true);
            }
            return null;
        }
        var at = parser.currentTokenLocation();
        if (token != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return new ReadEntry.Problem(at.getLineNr(), at.getColumnNr(), "Expected an item (a JSON object) in the array", false);
        }
        try {
            return new ReadEntry.ItemAt(PlainJsonCodec.readItem(parser), at.getLineNr());
        } catch (CodecException e) {
            if (e.getCause() instanceof JsonProcessingException syntax) {
                throw syntax;
            }
            skipRestOfElement();
            return new ReadEntry.Problem(e.line(), e.column(), e.problem(), false);
        }
    }

    /** After an invalid item, moves to its closing brace, so the next element is read from a clean state. */
    private void skipRestOfElement() throws IOException {
        while (!(parser.currentToken() == JsonToken.END_OBJECT && parser.getParsingContext() == array)) {
            if (parser.nextToken() == null) {
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        parser.close();
        in.close();
    }
}
