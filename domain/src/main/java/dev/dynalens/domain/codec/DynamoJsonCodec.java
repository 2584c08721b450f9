package dev.dynalens.domain.codec;

import dev.dynalens.domain.item.AttributePath.Trail;
import static dev.dynalens.domain.codec.JsonSupport.describe;
import static dev.dynalens.domain.codec.JsonSupport.error;
import static dev.dynalens.domain.codec.JsonSupport.quote;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.item.AttributeMap;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.AttributeValue.Bin;
import dev.dynalens.domain.item.AttributeValue.BinarySet;
import dev.dynalens.domain.item.AttributeValue.Bool;
import dev.dynalens.domain.item.AttributeValue.ListValue;
import dev.dynalens.domain.item.AttributeValue.MapValue;
import dev.dynalens.domain.item.AttributeValue.Null;
import dev.dynalens.domain.item.AttributeValue.Num;
import dev.dynalens.domain.item.AttributeValue.NumberSet;
import dev.dynalens.domain.item.AttributeValue.Str;
import dev.dynalens.domain.item.AttributeValue.StringSet;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.InvalidNumberException;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Map;

/**
 * DynamoDB JSON, the typed form of the DynamoDB API and of {@code aws dynamodb} output:
 * {@code {"S": "text"}}, {@code {"N": "12.5"}}, {@code {"B": "base64"}}, {@code {"BOOL": true}},
 * {@code {"NULL": true}}, {@code {"L": [...]}}, {@code {"M": {...}}}, {@code {"SS": ["a"]}},
 * {@code {"NS": ["1"]}}, {@code {"BS": ["base64"]}}.
 *
 * <p>Reading is strict, as DynamoDB is (Developer Guide, "Supported data types" and the
 * {@code AttributeValue} API reference): every typed value is an object with exactly one key, a
 * number is a JSON string within DynamoDB's range, sets are non-empty without duplicates, and
 * {@code NULL} is {@code true}. Any other input fails with a {@link CodecException} that names the
 * attribute and gives the line and column. Numbers keep their text exactly; element and attribute
 * order is kept.
 *
 * <p>The {@link JsonParser} and {@link JsonGenerator} variants stream, so a caller can read items
 * one by one from a large file without a tree model.
 */
public final class DynamoJsonCodec {

    private static final String TYPED_VALUE_EXAMPLE = "Expected a typed value like {\"S\": \"text\"} for ";

    private DynamoJsonCodec() {
    }

    /** Reads a JSON object of attribute names to typed values. */
    public static Item readItem(String json) {
        return JsonSupport.readWhole(json, DynamoJsonCodec::readItemAt);
    }

    /** Reads one typed value, such as {@code {"N": "12"}}. */
    public static AttributeValue readValue(String json) {
        return JsonSupport.readWhole(json, parser -> readTyped(parser, Trail.ROOT));
    }

    /** Reads a key ({@code {"PK": {"S": "a"}, "SK": {"N": "1"}}}): the same form as an item. */
    public static Map<String, AttributeValue> readKey(String json) {
        return readItem(json).attributes();
    }

    /**
     * Reads one item from a parser positioned at the item's {@code START_OBJECT} (or before it) and
     * leaves it on the item's {@code END_OBJECT}, so the caller can go on with the next token.
     *
     * @throws CodecException for malformed JSON or an invalid item
     * @throws IOException when the underlying input fails
     */
    public static Item readItem(JsonParser parser) throws IOException {
        return JsonSupport.readStreaming(parser, DynamoJsonCodec::readItemAt);
    }

    /** Writes an item as compact DynamoDB JSON on one line. */
    public static String writeItem(Item item) {
        return JsonSupport.write(false, generator -> writeItem(generator, item));
    }

    /** Writes an item as indented DynamoDB JSON, for reading by a person. */
    public static String writeItemPretty(Item item) {
        return JsonSupport.write(true, generator -> writeItem(generator, item));
    }

    public static String writeValue(AttributeValue value) {
        return JsonSupport.write(false, generator -> writeValue(generator, value));
    }

    public static void writeItem(JsonGenerator gen, Item item) throws IOException {
        writeAttributes(gen, item.attributes());
    }

    public static void writeValue(JsonGenerator gen, AttributeValue v) throws IOException {
        gen.writeStartObject();
        if (v instanceof Str s) {
            gen.writeStringField("S", s.value());
        } else if (v instanceof Num n) {
            gen.writeStringField("N", n.value().text());
        } else if (v instanceof Bin b) {
            gen.writeStringField("B", b.value().toBase64());
        } else if (v instanceof Bool b) {
            gen.writeBooleanField("BOOL", b.value());
        } else if (v instanceof Null) {
            gen.writeBooleanField("NULL", true);
        } else if (v instanceof ListValue list) {
            gen.writeArrayFieldStart("L");
            for (var element : list.values()) {
                writeValue(gen, element);
            }
            gen.writeEndArray();
        } else if (v instanceof MapValue map) {
            gen.writeFieldName("M");
            writeAttributes(gen, map.values());
        } else if (v instanceof StringSet set) {
            gen.writeArrayFieldStart("SS");
            for (var element : set.values()) {
                gen.writeString(element);
            }
            gen.writeEndArray();
        } else if (v instanceof NumberSet set) {
            gen.writeArrayFieldStart("NS");
            for (var element : set.values()) {
                gen.writeString(element.text());
            }
            gen.writeEndArray();
        } else if (v instanceof BinarySet set) {
            gen.writeArrayFieldStart("BS");
            for (var element : set.values()) {
                gen.writeString(element.toBase64());
            }
            gen.writeEndArray();
        } else {
            throw new IllegalStateException("unexpected " + v.getClass());
        }
        gen.writeEndObject();
    }

    private static void writeAttributes(JsonGenerator gen, Map<String, AttributeValue> attributes) throws IOException {
        gen.writeStartObject();
        for (var entry : attributes.entrySet()) {
            gen.writeFieldName(entry.getKey());
            writeValue(gen, entry.getValue());
        }
        gen.writeEndObject();
    }

    private static Item readItemAt(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error(parser.currentTokenLocation(),
                    "Expected an item: a JSON object of attribute names to typed values, found " + describe(parser));
        }
        return readAttributes(parser, Trail.ROOT).toItem();
    }

    /** Reads the entries of an item or of an "M" value; the parser stands on its START_OBJECT. */
    private static AttributeMap readAttributes(JsonParser parser, Trail path) throws IOException {
        var attributes = new AttributeMap(8);
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            var name = parser.currentName();
            if (attributes.contains(name)) {
                throw error(parser.currentTokenLocation(), "Duplicate attribute name " + quote(name)
                        + (path == Trail.ROOT ? "" : " in " + JsonSupport.describe(path)));
            }
            parser.nextToken();
            attributes.put(name, readTyped(parser, path.attribute(name)));
        }
        return attributes;
    }

    private static AttributeValue readTyped(JsonParser parser, Trail path) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error(parser.currentTokenLocation(), TYPED_VALUE_EXAMPLE + JsonSupport.describe(path) + ", found " + describe(parser));
        }
        var start = parser.currentTokenLocation();
        if (parser.nextToken() != JsonToken.FIELD_NAME) {
            throw error(start, TYPED_VALUE_EXAMPLE + JsonSupport.describe(path) + ", found an empty object");
        }
        var type = parser.currentName();
        var typeAt = parser.currentTokenLocation();
        parser.nextToken();
        var value = switch (type) {
            case "S" -> new Str(expectString(parser, "S", path));
            case "N" -> new Num(readNumber(parser, path));
            case "B" -> new Bin(base64(expectString(parser, "B", path), parser.currentTokenLocation(), path));
            case "BOOL" -> AttributeValue.bool(expectBoolean(parser, path));
            case "NULL" -> readNull(parser, path);
            case "L" -> readList(parser, path);
            case "M" -> readMap(parser, path);
            case "SS" -> new StringSet(readSet(parser, "SS", path, (text, at) -> text));
            case "NS" -> new NumberSet(readSet(parser, "NS", path, (text, at) -> number(text, at, path)));
            case "BS" -> new BinarySet(readSet(parser, "BS", path, (text, at) -> base64(text, at, path)));
            default -> throw error(typeAt, "Unknown type " + quote(type) + " for " + JsonSupport.describe(path)
                    + "; expected one of S, N, B, BOOL, NULL, L, M, SS, NS, BS");
        };
        if (parser.nextToken() != JsonToken.END_OBJECT) {
            throw error(parser.currentTokenLocation(), "A typed value has exactly one key, but " + JsonSupport.describe(path)
                    + " has " + quote(type) + " and also " + quote(parser.currentName()));
        }
        return value;
    }

    private static String expectString(JsonParser parser, String type, Trail path) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            throw error(parser.currentTokenLocation(),
                    quote(type) + " needs a JSON string for " + JsonSupport.describe(path) + ", found " + describe(parser));
        }
        return parser.getText();
    }

    private static DynamoNumber readNumber(JsonParser parser, Trail path) throws IOException {
        if (JsonSupport.isNumber(parser.currentToken())) {
            throw error(parser.currentTokenLocation(), "\"N\" needs the number as a JSON string, like {\"N\": \""
                    + parser.getText() + "\"}, for " + JsonSupport.describe(path) + ", found " + describe(parser));
        }
        return number(expectString(parser, "N", path), parser.currentTokenLocation(), path);
    }

    private static boolean expectBoolean(JsonParser parser, Trail path) throws IOException {
        var token = parser.currentToken();
        if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
            throw error(parser.currentTokenLocation(),
                    "\"BOOL\" needs true or false for " + JsonSupport.describe(path) + ", found " + describe(parser));
        }
        return token == JsonToken.VALUE_TRUE;
    }

    private static Null readNull(JsonParser parser, Trail path) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_TRUE) {
            throw error(parser.currentTokenLocation(),
                    "\"NULL\" must be true for " + JsonSupport.describe(path) + ", found " + describe(parser));
        }
        return AttributeValue.nul();
    }

    private static ListValue readList(JsonParser parser, Trail path) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw error(parser.currentTokenLocation(),
                    "\"L\" needs a JSON array of typed values for " + JsonSupport.describe(path) + ", found " + describe(parser));
        }
        var elements = new ArrayList<AttributeValue>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            elements.add(readTyped(parser, path.element(elements.size())));
        }
        return new ListValue(elements);
    }

    private static MapValue readMap(JsonParser parser, Trail path) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error(parser.currentTokenLocation(), "\"M\" needs a JSON object of names to typed values for "
                    + JsonSupport.describe(path) + ", found " + describe(parser));
        }
        return readAttributes(parser, path).toMap();
    }

    @FunctionalInterface
    private interface ElementDecoder<T> {
        T decode(String text, JsonLocation at);
    }

    private static <T> LinkedHashSet<T> readSet(JsonParser parser, String type, Trail path,
            ElementDecoder<T> decoder) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw error(parser.currentTokenLocation(),
                    quote(type) + " needs a JSON array of strings for " + JsonSupport.describe(path) + ", found " + describe(parser));
        }
        var start = parser.currentTokenLocation();
        var elements = new LinkedHashSet<T>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            var text = expectString(parser, type, path.element(elements.size()));
            var at = parser.currentTokenLocation();
            if (!elements.add(decoder.decode(text, at))) {
                throw error(at, duplicateMessage(type, text, path));
            }
        }
        if (elements.isEmpty()) {
            throw error(start, emptySetMessage(type, path));
        }
        return elements;
    }

    static String emptySetMessage(String type, Trail path) {
        return "A " + setName(type) + " must not be empty (DynamoDB has no empty sets), in " + JsonSupport.describe(path);
    }

    static String duplicateMessage(String type, String text, Trail path) {
        return "Duplicate element " + quote(text) + " in the " + setName(type) + " of " + JsonSupport.describe(path)
                + " (DynamoDB sets hold distinct values)";
    }

    private static String setName(String type) {
        return switch (type.replace("$", "")) {
            case "SS" -> "string set (" + type + ")";
            case "NS" -> "number set (" + type + ")";
            default -> "binary set (" + type + ")";
        };
    }

    static DynamoNumber number(String text, JsonLocation at, Trail path) {
        try {
            return DynamoNumber.parse(text);
        } catch (InvalidNumberException e) {
            throw error(at, e.getMessage() + ", in " + JsonSupport.describe(path), e);
        }
    }

    static Bytes base64(String text, JsonLocation at, Trail path) {
        try {
            return Bytes.fromBase64(text);
        } catch (IllegalArgumentException e) {
            var reason = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
            throw error(at, "Invalid base64 " + quote(text) + " in " + JsonSupport.describe(path) + ": " + reason, e);
        }
    }
}
