package dev.dynalens.domain.codegen;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * AWS SDK for Java v2: import lines, then statements that build an {@code UpdateItemRequest} and send it with a
 * {@code DynamoDbClient} named {@code dynamoDb}. Numbers go in as text ({@code AttributeValue.fromN("…")}), binary as
 * {@code SdkBytes} decoded from base64.
 */
final class JavaSnippet {
    private static final Layout LAYOUT = new Layout("    ");
    /** {@code Map.of} takes at most ten key-value pairs; larger maps use {@code Map.ofEntries}. */
    private static final int MAP_OF_LIMIT = 10;
    /** Characters per literal: at most 3 bytes each in modified UTF-8, well below the 65535-byte constant limit. */
    static final int CHUNK = 10_000;

    private final TreeSet<String> imports = new TreeSet<>();

    private JavaSnippet() {
    }

    static String write(CodeRequest request) {
        return new JavaSnippet().render(request);
    }

    static String write(ReadCodeRequest request) {
        return new JavaSnippet().renderRead(request);
    }

    /** A GetItemRequest or a QueryRequest, sent with the same client. */
    private String renderRead(ReadCodeRequest request) {
        boolean get = request.operation() == ReadCodeRequest.Operation.GET_ITEM;
        var type = get ? "GetItemRequest" : "QueryRequest";
        imports.add("software.amazon.awssdk.services.dynamodb.model." + type);
        var body = new StringBuilder(type + " request = " + type + ".builder()\n");
        call(body, "tableName", string(request.tableName(), "The table name"));
        if (get) {
            call(body, "key", valueMap(request.key(), 2));
        } else {
            if (request.indexName() != null) {
                call(body, "indexName", string(request.indexName(), "The index name"));
            }
            call(body, "keyConditionExpression", string(request.keyConditionExpression(), "The key condition"));
            if (!request.names().isEmpty()) {
                call(body, "expressionAttributeNames", nameMap(request.names()));
            }
            if (!request.values().isEmpty()) {
                call(body, "expressionAttributeValues", valueMap(request.values(), 2));
            }
            if (!request.scanIndexForward()) {
                call(body, "scanIndexForward", "false");
            }
            if (request.limit() != null) {
                call(body, "limit", Integer.toString(request.limit()));
            }
        }
        body.append("        .build();\n");
        body.append(get ? "var item = dynamoDb.getItem(request).item();\n"
                : "// One page; follow lastEvaluatedKey() (or use dynamoDb.queryPaginator) for the rest.\nvar items = dynamoDb.query(request).items();\n");
        var out = new StringBuilder();
        for (var imported : imports) {
            out.append("import ").append(imported).append(";\n");
        }
        return out.append('\n').append(body).toString();
    }

    private String render(CodeRequest request) {
        var expressions = request.expressions();
        imports.add("software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest");
        var body = new StringBuilder("UpdateItemRequest request = UpdateItemRequest.builder()\n");
        call(body, "tableName", string(request.tableName(), "The table name"));
        call(body, "key", valueMap(request.key(), 2));
        if (expressions.updateExpression() != null) {
            call(body, "updateExpression", string(expressions.updateExpression(), "The update expression"));
        }
        if (expressions.conditionExpression() != null) {
            call(body, "conditionExpression", string(expressions.conditionExpression(), "The condition expression"));
        }
        if (!expressions.names().isEmpty()) {
            call(body, "expressionAttributeNames", nameMap(expressions.names()));
        }
        if (!expressions.values().isEmpty()) {
            call(body, "expressionAttributeValues", valueMap(expressions.values(), 2));
        }
        body.append("        .build();\n");
        if (expressions.conditionExpression() != null) {
            body.append("// Throws ConditionalCheckFailedException when the condition does not hold.\n");
        }
        body.append("dynamoDb.updateItem(request);\n");

        var out = new StringBuilder();
        for (var type : imports) {
            out.append("import ").append(type).append(";\n");
        }
        return out.append('\n').append(body).toString();
    }

    private static void call(StringBuilder body, String method, String argument) {
        body.append("        .").append(method).append('(').append(argument).append(")\n");
    }

    private String nameMap(Map<String, String> names) {
        var entries = new ArrayList<String[]>();
        names.forEach((placeholder, name) -> entries.add(new String[] {
                string(placeholder, "A name placeholder"), string(name, "The attribute name of " + placeholder)}));
        return map(entries, 2);
    }

    private String valueMap(Map<String, AttributeValue> values, int level) {
        var entries = new ArrayList<String[]>();
        values.forEach((name, value) -> entries.add(new String[] {string(name, "The name " + name),
                value(value, level + 1)}));
        return map(entries, level);
    }

    /** {@code Map.of(k, v, …)} up to ten pairs, one pair per line; {@code Map.ofEntries(Map.entry(k, v), …)} beyond. */
    private String map(List<String[]> entries, int level) {
        imports.add("java.util.Map");
        if (entries.size() <= MAP_OF_LIMIT) {
            var pairs = entries.stream().map(e -> e[0] + ", " + e[1]).toList();
            return entries.size() <= 1
                    ? LAYOUT.container("Map.of(", pairs, ")", level, false)
                    : LAYOUT.multiLine("Map.of(", pairs, ")", level, false);
        }
        var pairs = entries.stream().map(e -> "Map.entry(" + e[0] + ", " + e[1] + ")").toList();
        return LAYOUT.multiLine("Map.ofEntries(", pairs, ")", level, false);
    }

    /** The SDK's AttributeValue for {@code value}, rendered for a line at {@code level}. */
    private String value(AttributeValue value, int level) {
        imports.add("software.amazon.awssdk.services.dynamodb.model.AttributeValue");
        if (value instanceof AttributeValue.Str s) {
            return "AttributeValue.fromS(" + string(s.value(), "A string value") + ")";
        }
        if (value instanceof AttributeValue.Num n) {
            return "AttributeValue.fromN(" + number(n.value()) + ")";
        }
        if (value instanceof AttributeValue.Bin b) {
            return "AttributeValue.fromB(" + bytes(b.value()) + ")";
        }
        if (value instanceof AttributeValue.Bool b) {
            return "AttributeValue.fromBool(" + b.value() + ")";
        }
        if (value instanceof AttributeValue.Null) {
            return "AttributeValue.fromNul(true)";
        }
        if (value instanceof AttributeValue.StringSet ss) {
            return "AttributeValue.fromSs("
                    + list(ss.values().stream().map(s -> string(s, "A string set element")).toList(), level) + ")";
        }
        if (value instanceof AttributeValue.NumberSet ns) {
            return "AttributeValue.fromNs("
                    + list(ns.values().stream().map(JavaSnippet::number).toList(), level) + ")";
        }
        if (value instanceof AttributeValue.BinarySet bs) {
            return "AttributeValue.fromBs("
                    + list(bs.values().stream().map(this::bytes).toList(), level) + ")";
        }
        if (value instanceof AttributeValue.ListValue l) {
            return "AttributeValue.fromL("
                    + list(l.values().stream().map(v -> value(v, level + 1)).toList(), level) + ")";
        }
        if (value instanceof AttributeValue.MapValue m) {
            return "AttributeValue.fromM(" + valueMap(m.values(), level) + ")";
        }
        throw new IllegalStateException("unexpected " + value.getClass());
    }

    private String list(List<String> elements, int level) {
        imports.add("java.util.List");
        return LAYOUT.container("List.of(", elements, ")", level, false);
    }

    private static String number(DynamoNumber number) {
        return '"' + NumberText.of(number) + '"';
    }

    private String bytes(Bytes bytes) {
        imports.add("software.amazon.awssdk.core.SdkBytes");
        if (bytes.length() == 0) {
            return "SdkBytes.fromByteArray(new byte[0])";
        }
        imports.add("java.util.Base64");
        return "SdkBytes.fromByteArray(Base64.getDecoder().decode(" + string(bytes.toBase64(), "A binary value") + "))";
    }

    /**
     * A Java string literal, or for a long text {@code String.join("", "…", "…")} of literals of at most {@value #CHUNK}
     * characters: a class file holds a string constant in at most 65535 bytes of modified UTF-8 (JVMS §4.4.7), and
     * javac folds {@code "…" + "…"} into one constant, so a longer literal or sum does not compile. Characters below U+0080 that need escaping use the named or octal escapes, never
     * {@code \}{@code u}: javac turns Unicode escapes into characters before it reads the literal, so an escaped
     * line feed or quote would end it (JLS §3.3). Invisible characters above use {@code \}{@code u} escapes.
     */
    static String string(String text, String what) {
        Characters.checkEncodable(text, what);
        if (text.length() <= CHUNK) {
            return literal(text);
        }
        var chunks = new ArrayList<String>();
        for (int start = 0; start < text.length(); ) {
            int end = Math.min(start + CHUNK, text.length());
            if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
                end--;
            }
            chunks.add(literal(text.substring(start, end)));
            start = end;
        }
        return "String.join(\"\", " + String.join(", ", chunks) + ")";
    }

    private static String literal(String text) {
        // Java has its own short escapes for backspace and form feed; other controls are octal escapes.
        return Characters.doubleQuoted(text, control -> switch (control) {
            case '\b' -> "\\b";
            case '\f' -> "\\f";
            default -> String.format("\\%03o", control);
        }, Characters::utf16Escapes);
    }
}
