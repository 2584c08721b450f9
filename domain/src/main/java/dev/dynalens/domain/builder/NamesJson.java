package dev.dynalens.domain.builder;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.codec.CodecException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code ExpressionAttributeNames} as the JSON object a person copies or pastes: {@code {"#n": "name"}}, order kept. */
public final class NamesJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private NamesJson() {
    }

    public static String write(Map<String, String> names) {
        var out = new StringWriter();
        try (var generator = FACTORY.createGenerator(out)) {
            generator.useDefaultPrettyPrinter();
            generator.writeStartObject();
            for (var entry : names.entrySet()) {
                generator.writeStringField(entry.getKey(), entry.getValue());
            }
            generator.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /**
     * Reads a JSON object of strings; blank text is no names.
     *
     * @throws CodecException with the line and column of the problem
     */
    public static Map<String, String> read(String json) {
        var names = new LinkedHashMap<String, String>();
        if (json == null || json.isBlank()) {
            return names;
        }
        try (var parser = FACTORY.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw problem(parser.currentLocation().getLineNr(), parser.currentLocation().getColumnNr(),
                        "Expected a JSON object of placeholders to names, such as {\"#n\": \"name\"}");
            }
            for (var token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
                var key = parser.currentName();
                if (parser.nextToken() != JsonToken.VALUE_STRING) {
                    throw problem(parser.currentLocation().getLineNr(), parser.currentLocation().getColumnNr(),
                            "The name of " + key + " must be a JSON string");
                }
                if (names.put(key, parser.getText()) != null) {
                    throw problem(parser.currentLocation().getLineNr(), parser.currentLocation().getColumnNr(), key + " appears twice");
                }
            }
            if (parser.nextToken() != null) {
                throw problem(parser.currentLocation().getLineNr(), parser.currentLocation().getColumnNr(), "Unexpected text after the object");
            }
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw problem(at == null ? -1 : at.getLineNr(), at == null ? -1 : at.getColumnNr(), e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    private static CodecException problem(int line, int column, String message) {
        return new CodecException(message, line, column);
    }
}
