package dev.dynalens.domain.transfer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.codec.Utf8Reader;
import java.io.IOException;
import java.io.Reader;

/**
 * Reads a JSON array of plain JSON items, one at a time. An element that is not a valid item is a
 * problem with its line and column, and reading goes on with the next element; a JSON syntax error
 * ends the reading there (what follows cannot be told apart), as a fatal problem. Read from a
 * {@link Utf8Reader}, an element whose bytes are not UTF-8 is a problem with the line and column of the
 * first such byte, and so is a syntax error that such bytes caused.
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
            var malformed = malformedUpTo(at);
            if (malformed != null) {
                return new ReadEntry.Problem(malformed.line(), malformed.column(), malformed.message() + " (nothing after this point is read)", true);
            }
            return new ReadEntry.Problem(at.getLineNr(), at.getColumnNr(), "Not valid JSON: " + dev.dynalens.domain.codec.JsonProblems.message(e)
                    + " (nothing after this point is read)", true);
        }
    }

    /** The first sequence that is not UTF-8 at or before {@code at}, when reading bytes; null otherwise. */
    private Utf8Reader.Malformed malformedUpTo(com.fasterxml.jackson.core.JsonLocation at) {
        return in instanceof Utf8Reader utf8 ? utf8.takeMalformedUpTo(at.getLineNr(), at.getColumnNr()).orElse(null) : null;
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
            malformedUpTo(parser.currentLocation()); // the element is left out anyway
            return new ReadEntry.Problem(at.getLineNr(), at.getColumnNr(), "Expected an item (a JSON object) in the array", false);
        }
        try {
            var item = PlainJsonCodec.readItem(parser);
            var malformed = malformedUpTo(parser.currentLocation());
            return malformed == null ? new ReadEntry.ItemAt(item, at.getLineNr())
                    : new ReadEntry.Problem(malformed.line(), malformed.column(), malformed.message(), false);
        } catch (CodecException e) {
            if (e.getCause() instanceof JsonProcessingException syntax) {
                throw syntax;
            }
            skipRestOfElement();
            var malformed = malformedUpTo(parser.currentLocation());
            return malformed != null ? new ReadEntry.Problem(malformed.line(), malformed.column(), malformed.message(), false)
                    : new ReadEntry.Problem(e.line(), e.column(), e.problem(), false);
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
