package dev.dynalens.domain.codec;

import dev.dynalens.domain.item.AttributePath.Trail;
import static dev.dynalens.domain.codec.JsonSupport.describe;
import static dev.dynalens.domain.codec.JsonSupport.error;
import static dev.dynalens.domain.codec.JsonSupport.quote;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
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
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Ordinary JSON for items, with exact numbers: a string is {@code S}, a number {@code N}, true and
 * false {@code BOOL}, null {@code NULL}, an array {@code L} and an object {@code M}.
 *
 * <p>Numbers keep their source text: a JSON number is read with its exact text and written back
 * raw, so {@code 1.50}, {@code 1E+3} and 38-digit numbers survive unchanged. A number whose text is
 * not valid JSON (DynamoDB also accepts {@code +5}, {@code .5}, {@code 5.} and {@code 007}) is
 * written as the same value in JSON form ({@link java.math.BigDecimal#toString()}: {@code 5},
 * {@code 0.5}, {@code 5}, {@code 7}).
 *
 * <p>Types JSON lacks travel as single-key <em>marker objects</em>, so nothing is lost:
 * <ul>
 *   <li>{@code {"$B": "base64"}} binary;</li>
 *   <li>{@code {"$SS": ["a", "b"]}} string set;</li>
 *   <li>{@code {"$NS": [1, 2.5]}} number set, elements written as JSON numbers (raw text, as
 *       above); when reading, numbers held in JSON strings are accepted too;</li>
 *   <li>{@code {"$BS": ["base64", ...]}} binary set;</li>
 *   <li>{@code {"$M": {...}}} a map taken literally: the writer wraps a genuine map whose only key is
 *       one of {@code $SS, $NS, $BS, $B, $M} this way, so it is not mistaken for a marker.</li>
 * </ul>
 * An object with more than one key is always an ordinary map, even if one key starts with
 * {@code $}. The outermost object of an item is always its attribute map, never a marker. Sets
 * follow DynamoDB's rules (non-empty, distinct elements). See {@code docs/plain-json.md}.
 */
public final class PlainJsonCodec {

    static final String BINARY = "$B";
    static final String STRING_SET = "$SS";
    static final String NUMBER_SET = "$NS";
    static final String BINARY_SET = "$BS";
    static final String LITERAL_MAP = "$M";
    private static final Set<String> MARKERS = Set.of(BINARY, STRING_SET, NUMBER_SET, BINARY_SET, LITERAL_MAP);

    private static final Pattern JSON_NUMBER = Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");

    private PlainJsonCodec() {
    }

    /** Reads a JSON object as an item: its keys are the attribute names. */
    public static Item readItem(String json) {
        return JsonSupport.readWhole(json, PlainJsonCodec::readItemAt);
    }

    /** Reads any JSON value. */
    public static AttributeValue readValue(String json) {
        return JsonSupport.readWhole(json, parser -> readValueAt(parser, Trail.ROOT));
    }

    /**
     * Reads one item from a parser positioned at the item's {@code START_OBJECT} (or before it) and
     * leaves it on the item's {@code END_OBJECT}.
     *
     * @throws CodecException for malformed JSON or an invalid value
     * @throws IOException when the underlying input fails
     */
    public static Item readItem(JsonParser parser) throws IOException {
        return JsonSupport.readStreaming(parser, PlainJsonCodec::readItemAt);
    }

    /** Writes an item as compact JSON on one line. */
    public static String writeItem(Item item) {
        return JsonSupport.write(false, generator -> writeItem(generator, item));
    }

    /** A key as {@code PK="USER#1", SK=3}: each attribute as {@code name=} and its plain JSON, for messages and listings. */
    public static String writeKey(java.util.Map<String, AttributeValue> key) {
        return dev.dynalens.domain.item.KeyText.format(key, "=", PlainJsonCodec::writeValue, ", ");
    }

    /** Writes an item as indented JSON, for reading by a person. */
    public static String writeItemPretty(Item item) {
        return JsonSupport.write(true, generator -> writeItem(generator, item));
    }

    public static String writeValue(AttributeValue value) {
        return JsonSupport.write(false, generator -> writeValue(generator, value));
    }

    public static void writeItem(JsonGenerator gen, Item item) throws IOException {
        writeEntries(gen, item.attributes());
    }

    public static void writeValue(JsonGenerator gen, AttributeValue v) throws IOException {
        if (v instanceof Str s) {
            gen.writeString(s.value());
        } else if (v instanceof Num n) {
            gen.writeNumber(jsonNumberText(n.value()));
        } else if (v instanceof Bin b) {
            gen.writeStartObject();
            gen.writeStringField(BINARY, b.value().toBase64());
            gen.writeEndObject();
        } else if (v instanceof Bool b) {
            gen.writeBoolean(b.value());
        } else if (v instanceof Null) {
            gen.writeNull();
        } else if (v instanceof ListValue list) {
            gen.writeStartArray();
            for (var element : list.values()) {
                writeValue(gen, element);
            }
            gen.writeEndArray();
        } else if (v instanceof MapValue map) {
            writeMap(gen, map.values());
        } else if (v instanceof StringSet set) {
            startMarkerArray(gen, STRING_SET);
            for (var element : set.values()) {
                gen.writeString(element);
            }
            endMarkerArray(gen);
        } else if (v instanceof NumberSet set) {
            startMarkerArray(gen, NUMBER_SET);
            for (var element : set.values()) {
                gen.writeNumber(jsonNumberText(element));
            }
            endMarkerArray(gen);
        } else if (v instanceof BinarySet set) {
            startMarkerArray(gen, BINARY_SET);
            for (var element : set.values()) {
                gen.writeString(element.toBase64());
            }
            endMarkerArray(gen);
        } else {
            throw new IllegalStateException("unexpected " + v.getClass());
        }
    }

    private static void writeMap(JsonGenerator gen, Map<String, AttributeValue> entries) throws IOException {
        var looksLikeMarker = entries.size() == 1 && MARKERS.contains(entries.keySet().iterator().next());
        if (looksLikeMarker) {
            gen.writeStartObject();
            gen.writeFieldName(LITERAL_MAP);
            writeEntries(gen, entries);
            gen.writeEndObject();
        } else {
            writeEntries(gen, entries);
        }
    }

    private static void writeEntries(JsonGenerator gen, Map<String, AttributeValue> entries) throws IOException {
        gen.writeStartObject();
        for (var entry : entries.entrySet()) {
            gen.writeFieldName(entry.getKey());
            writeValue(gen, entry.getValue());
        }
        gen.writeEndObject();
    }

    private static void startMarkerArray(JsonGenerator gen, String marker) throws IOException {
        gen.writeStartObject();
        gen.writeArrayFieldStart(marker);
    }

    private static void endMarkerArray(JsonGenerator gen) throws IOException {
        gen.writeEndArray();
        gen.writeEndObject();
    }

    /** The number's own text when JSON allows it, else the same value in a form JSON allows. */
    static String jsonNumberText(DynamoNumber number) {
        var text = number.text();
        return JSON_NUMBER.matcher(text).matches() ? text : number.toBigDecimal().toString();
    }

    private static Item readItemAt(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error(parser.currentTokenLocation(), "Expected an item: a JSON object, found " + describe(parser));
        }
        return new Item(readObject(parser, Trail.ROOT, false).asMap());
    }

    private static AttributeValue readValueAt(JsonParser parser, Trail path) throws IOException {
        var token = parser.currentToken();
        return switch (token) {
            case VALUE_STRING -> new Str(parser.getText());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT ->
                    new Num(DynamoJsonCodec.number(parser.getText(), parser.currentTokenLocation(), path));
            case VALUE_TRUE -> AttributeValue.bool(true);
            case VALUE_FALSE -> AttributeValue.bool(false);
            case VALUE_NULL -> AttributeValue.nul();
            case START_ARRAY -> readList(parser, path, null);
            case START_OBJECT -> readObject(parser, path, true).asValue(path);
            default -> throw error(parser.currentTokenLocation(), "Expected a JSON value for " + JsonSupport.describe(path)
                    + ", found " + describe(parser));
        };
    }

    /** Reads an array; records where each element starts when {@code elementsAt} is given. */
    private static ListValue readList(JsonParser parser, Trail path, List<JsonLocation> elementsAt)
            throws IOException {
        var elements = new ArrayList<AttributeValue>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            if (elementsAt != null) {
                elementsAt.add(parser.currentTokenLocation());
            }
            elements.add(readValueAt(parser, path.element(elements.size())));
        }
        return new ListValue(elements);
    }

    /**
     * Reads an object without yet deciding whether it is a marker or a map: that is known only at
     * its end (a marker has exactly one key). The first value is read so both readings stay
     * possible; for {@code "$M"} whose value is an object, that object stays undecided too.
     */
    private static ObjectRead readObject(JsonParser parser, Trail path, boolean mayBeMarker)
            throws IOException {
        var read = new ObjectRead(path);
        for (var token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
            var name = parser.currentName();
            if (read.has(name)) {
                throw error(parser.currentTokenLocation(), "Duplicate key " + quote(name) + " in " + JsonSupport.describe(path));
            }
            parser.nextToken();
            if (read.firstKey == null && mayBeMarker && MARKERS.contains(name)) {
                read.firstKey = name;
                read.firstValueAt = parser.currentTokenLocation();
                // A marker's content describes the value itself, so messages name the value's path.
                if (name.equals(LITERAL_MAP) && parser.currentToken() == JsonToken.START_OBJECT) {
                    read.literalMap = readObject(parser, path, true);
                } else if (parser.currentToken() == JsonToken.START_ARRAY) {
                    read.entries.put(name, readList(parser, path, read.firstElementsAt));
                } else {
                    read.entries.put(name, readValueAt(parser, path));
                }
            } else {
                if (read.firstKey == null) {
                    read.firstKey = name;
                }
                read.entries.put(name, readValueAt(parser, path.attribute(name)));
            }
        }
        return read;
    }

    /** One JSON object as read; {@link #asValue()} and {@link #asMap()} decide what it means. */
    private static final class ObjectRead {
        final Trail path;
        final LinkedHashMap<String, AttributeValue> entries = new LinkedHashMap<>();
        final List<JsonLocation> firstElementsAt = new ArrayList<>();
        String firstKey;
        JsonLocation firstValueAt;
        /** The object under a first key "$M", kept undecided: a literal map if this is a marker. */
        ObjectRead literalMap;

        ObjectRead(Trail path) {
            this.path = path;
        }

        boolean has(String name) {
            return entries.containsKey(name) || (literalMap != null && name.equals(firstKey));
        }

        int size() {
            return entries.size() + (literalMap != null ? 1 : 0);
        }

        /** The object taken literally as a map of its keys. */
        Map<String, AttributeValue> asMap() {
            if (literalMap == null) {
                return entries;
            }
            var map = new LinkedHashMap<String, AttributeValue>(entries.size() * 2 + 2);
            map.put(firstKey, literalMap.asValue(path.attribute(firstKey)));
            map.putAll(entries);
            return map;
        }

        /**
         * The object as a value: a marker when it has a single marker key, else a map.
         *
         * @param at where the value sits, for messages
         */
        AttributeValue asValue(Trail at) {
            if (size() != 1 || !MARKERS.contains(firstKey) || firstValueAt == null) {
                return new MapValue(asMap());
            }
            var content = entries.get(firstKey);
            return switch (firstKey) {
                case LITERAL_MAP -> {
                    if (literalMap == null) {
                        throw wrongContent("a JSON object of entries", content, at);
                    }
                    yield new MapValue(literalMap.asMap());
                }
                case BINARY -> {
                    if (!(content instanceof Str base64)) {
                        throw wrongContent("a base64 string", content, at);
                    }
                    yield new Bin(DynamoJsonCodec.base64(base64.value(), firstValueAt, at));
                }
                case STRING_SET -> new StringSet(setElements(content, "JSON strings", at, (element, elementAt) ->
                        element instanceof Str s ? s.value() : null));
                case NUMBER_SET -> new NumberSet(setElements(content, "JSON numbers", at, (element, elementAt) ->
                        element instanceof Num n ? n.value()
                                : element instanceof Str s ? DynamoJsonCodec.number(s.value(), elementAt, at)
                                : null));
                case BINARY_SET -> new BinarySet(setElements(content, "base64 strings", at, (element, elementAt) ->
                        element instanceof Str s ? DynamoJsonCodec.base64(s.value(), elementAt, at) : null));
                default -> throw new IllegalStateException("Unhandled marker " + firstKey);
            };
        }

        @FunctionalInterface
        private interface ElementDecoder<T> {
            /** The element as a set member, or null when it has the wrong type. */
            T decode(AttributeValue element, JsonLocation at);
        }

        private <T> LinkedHashSet<T> setElements(AttributeValue content, String expected, Trail at,
                ElementDecoder<T> decoder) {
            if (!(content instanceof ListValue list)) {
                throw wrongContent("a JSON array of " + expected, content, at);
            }
            var elements = new LinkedHashSet<T>();
            for (var element : list.values()) {
                var elementAt = elementAt(elements.size());
                var decoded = decoder.decode(element, elementAt);
                if (decoded == null) {
                    throw error(elementAt, quote(firstKey) + " needs " + expected + " in " + JsonSupport.describe(at)
                            + ", found " + describeValue(element));
                }
                if (!elements.add(decoded)) {
                    throw error(elementAt, DynamoJsonCodec.duplicateMessage(firstKey, elementText(element), at));
                }
            }
            if (elements.isEmpty()) {
                throw error(firstValueAt, DynamoJsonCodec.emptySetMessage(firstKey, at));
            }
            return elements;
        }

        private JsonLocation elementAt(int index) {
            return index < firstElementsAt.size() ? firstElementsAt.get(index) : firstValueAt;
        }

        private CodecException wrongContent(String expected, AttributeValue found, Trail at) {
            return error(firstValueAt, quote(firstKey) + " needs " + expected + " for " + JsonSupport.describe(at)
                    + ", found " + describeValue(found));
        }
    }

    private static String elementText(AttributeValue element) {
        if (element instanceof Str s) {
            return s.value();
        }
        if (element instanceof Num n) {
            return n.value().text();
        }
        return element.type().name();
    }

    private static String describeValue(AttributeValue value) {
        if (value instanceof Str s) {
            return "the string " + quote(s.value());
        }
        if (value instanceof Num n) {
            return "the number " + n.value().text();
        }
        if (value instanceof Bool b) {
            return String.valueOf(b.value());
        }
        if (value instanceof Null) {
            return "null";
        }
        if (value instanceof ListValue) {
            return "an array";
        }
        return "an object";
    }
}
