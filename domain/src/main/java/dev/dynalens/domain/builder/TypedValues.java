package dev.dynalens.domain.builder;

import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Typed values as a builder row shows them: {@link #parse} reads a row's text as a value of its type (numbers stay
 * exact text, binary stays bytes), {@link #format} gives the type and text a value is shown with, so that
 * {@code parse(format(v))} equals {@code v}.
 */
public final class TypedValues {
    private TypedValues() {
    }

    /** A value and the row type it is shown with. */
    public record Typed(ValueType type, String text) {
    }

    /**
     * Reads a row's text as a value of {@code type}.
     *
     * @throws IllegalArgumentException saying what is wrong, in words a person can act on
     */
    public static AttributeValue parse(ValueType type, String text) {
        var raw = text == null ? "" : text;
        return switch (type) {
            case S -> AttributeValue.s(raw);
            case N -> number(raw.strip());
            case B -> new AttributeValue.Bin(Bytes.fromBase64(raw.strip()));
            case BOOL -> bool(raw.strip());
            case NULL -> AttributeValue.nul();
            case SS -> AttributeValue.StringSet.of(nonEmpty(elements(ValueType.S, raw), "string set")
                    .stream().map(v -> ((AttributeValue.Str) v).value()).toList());
            case NS -> AttributeValue.NumberSet.of(nonEmpty(elements(ValueType.N, raw), "number set")
                    .stream().map(v -> ((AttributeValue.Num) v).value()).toList());
            case BS -> AttributeValue.BinarySet.of(nonEmpty(elements(ValueType.B, raw), "binary set")
                    .stream().map(v -> ((AttributeValue.Bin) v).value()).toList());
            case L -> json("{\"L\": " + raw + "}", "a list as DynamoDB JSON, such as [{\"S\": \"a\"}, {\"N\": \"1\"}]");
            case M -> json("{\"M\": " + raw + "}", "a map as DynamoDB JSON, such as {\"name\": {\"S\": \"a\"}}");
            case JSON -> json(raw, "one DynamoDB JSON value, such as {\"S\": \"text\"} or {\"N\": \"12\"}");
        };
    }

    /**
     * Reads several values of one scalar type (a set's elements, the candidates of IN): a JSON array of strings or
     * numbers ({@code ["a, b", "c"]}, for strings holding commas) or comma-separated text.
     */
    public static List<AttributeValue> elements(ValueType type, String text) {
        var element = type.elementType();
        var raw = text == null ? "" : text.strip();
        var values = new ArrayList<AttributeValue>();
        if (raw.startsWith("[")) {
            for (var s : jsonArray(raw)) {
                values.add(element == ValueType.S ? AttributeValue.s(s) : parse(element, s));
            }
            return values;
        }
        if (raw.isEmpty()) {
            return values;
        }
        for (var part : raw.split(",", -1)) {
            values.add(parse(element, element == ValueType.S ? part.strip() : part));
        }
        return values;
    }

    /** The row type and text a value is shown with. */
    public static Typed format(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return new Typed(ValueType.S, s.value());
        }
        if (value instanceof AttributeValue.Num n) {
            return new Typed(ValueType.N, n.value().text());
        }
        if (value instanceof AttributeValue.Bin b) {
            return new Typed(ValueType.B, b.value().toBase64());
        }
        if (value instanceof AttributeValue.Bool b) {
            return new Typed(ValueType.BOOL, Boolean.toString(b.value()));
        }
        if (value instanceof AttributeValue.Null) {
            return new Typed(ValueType.NULL, "");
        }
        if (value instanceof AttributeValue.StringSet s) {
            return new Typed(ValueType.SS, formatStrings(List.copyOf(s.values())));
        }
        if (value instanceof AttributeValue.NumberSet s) {
            return new Typed(ValueType.NS,
                    s.values().stream().map(DynamoNumber::text).collect(Collectors.joining(", ")));
        }
        if (value instanceof AttributeValue.BinarySet s) {
            return new Typed(ValueType.BS,
                    s.values().stream().map(Bytes::toBase64).collect(Collectors.joining(", ")));
        }
        if (value instanceof AttributeValue.ListValue l) {
            return new Typed(ValueType.JSON, DynamoJsonCodec.writeValue(l));
        }
        if (value instanceof AttributeValue.MapValue m) {
            return new Typed(ValueType.JSON, DynamoJsonCodec.writeValue(m));
        }
        throw new IllegalStateException("unexpected " + value.getClass());
    }

    /** Several scalars of one type as one row's text (the candidates of IN); null when they are not all of one type. */
    public static Typed formatElements(List<AttributeValue> values) {
        var types = values.stream().map(v -> format(v).type()).distinct().toList();
        if (types.size() != 1 || !(types.get(0) == ValueType.S || types.get(0) == ValueType.N || types.get(0) == ValueType.B)) {
            return null;
        }
        var type = types.get(0);
        if (type == ValueType.S) {
            return new Typed(type, formatStrings(values.stream().map(v -> ((AttributeValue.Str) v).value()).toList()));
        }
        return new Typed(type, values.stream().map(v -> format(v).text()).collect(Collectors.joining(", ")));
    }

    /** Comma-separated when that reads back the same strings, a JSON array otherwise. */
    private static String formatStrings(List<String> strings) {
        boolean plain = strings.stream().allMatch(s -> !s.isEmpty() && !s.contains(",") && !s.contains("\"")
                && s.strip().equals(s) && !s.startsWith("["));
        if (plain) {
            return String.join(", ", strings);
        }
        return strings.stream().map(s -> DynamoJsonCodec.writeValue(AttributeValue.s(s)))
                .map(json -> json.substring(json.indexOf(':') + 1, json.length() - 1).strip())
                .collect(Collectors.joining(", ", "[", "]"));
    }

    private static AttributeValue number(String text) {
        if (text.isEmpty()) {
            throw new IllegalArgumentException("Type a number, such as 12 or -0.5");
        }
        return new AttributeValue.Num(DynamoNumber.parse(text));
    }

    private static AttributeValue bool(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> AttributeValue.bool(true);
            case "false" -> AttributeValue.bool(false);
            default -> throw new IllegalArgumentException("A BOOL is true or false, not '" + text + "'");
        };
    }

    private static List<AttributeValue> nonEmpty(List<AttributeValue> values, String kind) {
        if (values.isEmpty()) {
            // Developer Guide, "Data types": sets must not be empty
            throw new IllegalArgumentException("A " + kind + " needs at least one element (DynamoDB has no empty sets)");
        }
        return values;
    }

    /** The elements of a JSON array of strings or numbers, as text (numbers keep their digits). */
    private static List<String> jsonArray(String json) {
        var texts = new ArrayList<String>();
        try (var parser = new JsonFactory().createParser(json)) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw new IllegalArgumentException("Expected a JSON array, such as [\"a\", \"b\"]");
            }
            for (var token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
                if (token != JsonToken.VALUE_STRING && token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
                    throw new IllegalArgumentException("A JSON array of elements holds strings or numbers only, not " + token
                            + " at column " + parser.currentLocation().getColumnNr());
                }
                texts.add(parser.getText());
            }
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException("Unexpected text after the JSON array at column " + parser.currentLocation().getColumnNr());
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Not a JSON array: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new IllegalArgumentException("Not a JSON array: " + e.getMessage(), e);
        }
        return texts;
    }

    private static AttributeValue json(String json, String expected) {
        try {
            return DynamoJsonCodec.readValue(json);
        } catch (CodecException e) {
            throw new IllegalArgumentException("Expected " + expected + ": " + e.problem(), e);
        }
    }
}
