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
        if (value instanceof AttributeValue.Str s) {
            return quote(s.value());
        } else {
            return render(value);
        }
    }

    private static String render(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        } else if (value instanceof AttributeValue.Num n) {
            return n.value().text();
        } else if (value instanceof AttributeValue.Bin b) {
            return "<binary " + b.value().length() + " B> " + b.value().toBase64();
        } else if (value instanceof AttributeValue.Bool b) {
            return Boolean.toString(b.value());
        } else if (value instanceof AttributeValue.Null) {
            return "null";
        } else if (value instanceof AttributeValue.ListValue l) {
            return l.values().stream().map(ValueText::nested).collect(Collectors.joining(", ", "[", "]"));
        } else if (value instanceof AttributeValue.MapValue m) {
            return m.values().entrySet().stream()
                    .map(e -> quote(e.getKey()) + ": " + nested(e.getValue())).collect(Collectors.joining(", ", "{", "}"));
        } else if (value instanceof AttributeValue.StringSet s) {
            return s.values().stream().map(ValueText::quote).collect(Collectors.joining(", ", "SS{", "}"));
        } else if (value instanceof AttributeValue.NumberSet s) {
            return s.values().stream().map(DynamoNumber::text).collect(Collectors.joining(", ", "NS{", "}"));
        } else if (value instanceof AttributeValue.BinarySet s) {
            return s.values().stream().map(Bytes::toBase64).collect(Collectors.joining(", ", "BS{", "}"));
        } else {
            throw new IllegalStateException("unexpected " + value.getClass());
        }
    }

    private static String nested(AttributeValue value) {
        return value instanceof AttributeValue.Str s ? quote(s.value()) : render(value);
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
