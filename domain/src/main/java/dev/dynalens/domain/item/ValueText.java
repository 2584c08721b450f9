package dev.dynalens.domain.item;

import java.util.stream.Collectors;

/** Short, single-line renderings of values for table cells and summaries. */
public final class ValueText {
    private static final int MAX_LENGTH = 200;

    private ValueText() {
    }

    public static String cell(AttributeValue value) {
        var text = render(value).replace("\r\n", "↵").replace('\n', '↵').replace('\r', '↵');
        return text.length() > MAX_LENGTH ? text.substring(0, MAX_LENGTH - 1) + "…" : text;
    }

    /** A literal as a person would type it in a key condition: strings quoted, numbers bare. */
    public static String literal(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> quote(s.value());
            default -> render(value);
        };
    }

    private static String render(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> s.value();
            case AttributeValue.Num n -> n.value().text();
            case AttributeValue.Bin b -> "<binary " + b.value().length() + " B> " + b.value().toBase64();
            case AttributeValue.Bool b -> Boolean.toString(b.value());
            case AttributeValue.Null n -> "null";
            case AttributeValue.ListValue l -> l.values().stream().map(ValueText::nested).collect(Collectors.joining(", ", "[", "]"));
            case AttributeValue.MapValue m -> m.values().entrySet().stream()
                    .map(e -> quote(e.getKey()) + ": " + nested(e.getValue())).collect(Collectors.joining(", ", "{", "}"));
            case AttributeValue.StringSet s -> s.values().stream().map(ValueText::quote).collect(Collectors.joining(", ", "SS{", "}"));
            case AttributeValue.NumberSet s -> s.values().stream().map(DynamoNumber::text).collect(Collectors.joining(", ", "NS{", "}"));
            case AttributeValue.BinarySet s -> s.values().stream().map(Bytes::toBase64).collect(Collectors.joining(", ", "BS{", "}"));
        };
    }

    private static String nested(AttributeValue value) {
        return value instanceof AttributeValue.Str s ? quote(s.value()) : render(value);
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
