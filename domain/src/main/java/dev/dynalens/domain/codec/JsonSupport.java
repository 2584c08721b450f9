package dev.dynalens.domain.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Objects;

/** The JSON plumbing both codecs share: one factory, the pretty printer, error positions. */
final class JsonSupport {

    /**
     * Stateless and thread-safe once built. The limits are generous on purpose: a DynamoDB item may
     * be 400 KB in one string and an attribute name up to 64 KB, and Jackson's defaults (20 M chars
     * per string, 50 000 per name, 1 000 per number) must never cut a valid item. Nesting stays
     * bounded so hostile input cannot overflow the stack of the recursive readers.
     */
    static final JsonFactory FACTORY = ItemJsonFactory.FACTORY;

    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator(""))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private static final int QUOTE_LIMIT = 60;

    private JsonSupport() {
    }

    @FunctionalInterface
    interface ParserBody<T> {
        T read(JsonParser parser) throws IOException;
    }

    @FunctionalInterface
    interface GeneratorBody {
        void write(JsonGenerator generator) throws IOException;
    }

    /** Reads exactly one JSON value from {@code json}; anything after it is an error. */
    static <T> T readWhole(String json, ParserBody<T> body) {
        Objects.requireNonNull(json, "json");
        try (var parser = FACTORY.createParser(json)) {
            return readWhole(parser, body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> T readWhole(JsonParser parser, ParserBody<T> body) throws IOException {
        try {
            if (parser.nextToken() == null) {
                throw error(parser.currentLocation(), "Expected JSON, but the input is empty");
            }
            T result = body.read(parser);
            if (parser.nextToken() != null) {
                throw error(parser.currentTokenLocation(),
                        "Expected the end of the input after the JSON value, found " + describe(parser));
            }
            return result;
        } catch (JsonProcessingException e) {
            throw malformed(e, parser);
        }
    }

    /** Runs {@code body} on a caller's parser, turning Jackson's syntax errors into CodecException. */
    static <T> T readStreaming(JsonParser parser, ParserBody<T> body) throws IOException {
        Objects.requireNonNull(parser, "parser");
        try {
            if (parser.currentToken() == null && parser.nextToken() == null) {
                throw error(parser.currentLocation(), "Expected JSON, but the input is empty");
            }
            return body.read(parser);
        } catch (JsonProcessingException e) {
            throw malformed(e, parser);
        }
    }

    static String write(boolean pretty, GeneratorBody body) {
        var out = new StringWriter();
        try (var generator = FACTORY.createGenerator(out)) {
            if (pretty) {
                generator.setPrettyPrinter(PRETTY.createInstance());
            }
            body.write(generator);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    static CodecException error(JsonLocation at, String problem) {
        return new CodecException(problem, at.getLineNr(), at.getColumnNr());
    }

    static CodecException error(JsonLocation at, String problem, Throwable cause) {
        return new CodecException(problem, at.getLineNr(), at.getColumnNr(), cause);
    }

    private static CodecException malformed(JsonProcessingException e, JsonParser parser) {
        var at = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
        return error(at, "Not valid JSON: " + JsonProblems.message(e), e);
    }

    /** A person's description of the token the parser stands on, for "found ..." messages. */
    static String describe(JsonParser parser) throws IOException {
        var token = parser.currentToken();
        if (token == null) {
            return "end of input";
        }
        return switch (token) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case END_OBJECT -> "the end of the object";
            case END_ARRAY -> "the end of the array";
            case FIELD_NAME -> "the key " + quote(parser.currentName());
            case VALUE_STRING -> "the string " + quote(parser.getText());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + abbreviate(parser.getText());
            case VALUE_TRUE -> "true";
            case VALUE_FALSE -> "false";
            case VALUE_NULL -> "null";
            default -> token.asString() == null ? token.name() : token.asString();
        };
    }

    static boolean isNumber(JsonToken token) {
        return token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
    }

    /** Double-quotes a text for a message, shortening text too long to read. */
    /** "attribute "a.b[2]"" for a value inside an item, "the value" for a value read on its own. */
    static String describe(dev.dynalens.domain.item.AttributePath.Trail path) {
        return path.isRoot() ? "the value" : "attribute " + quote(path.toString());
    }

    static String quote(String text) {
        return "\"" + abbreviate(text) + "\"";
    }

    private static String abbreviate(String text) {
        return text.length() <= QUOTE_LIMIT ? text : text.substring(0, QUOTE_LIMIT) + "…";
    }
}
