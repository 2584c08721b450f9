package dev.dynalens.domain.codegen;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * AWS SDK for JavaScript v3, document client: an ES module import line, then an {@code await docClient.send(new
 * UpdateCommand({…}))} with native values, where {@code docClient} is a {@code DynamoDBDocumentClient}.
 *
 * <p>lib-dynamodb marshalls a plain JS number through a double, so every number is a {@code NumberValue} made from its
 * text; a {@code Set} of them becomes a number set (NS). Binary is a Node {@code Buffer} from base64. A map is an object
 * literal with quoted keys, except that a map with a key {@code constructor} is written as a {@code new Map([...])}:
 * lib-dynamodb recognises a plain object by its {@code constructor.name}, which such a key hides.
 *
 * <p>A map key or key attribute named {@code __proto__} is refused: lib-dynamodb builds every map by assigning keys to a
 * plain object ({@code map[key] = …}), which for that key sets the object's prototype, so the attribute would vanish
 * without an error whatever the snippet wrote.
 */
final class JavaScriptSnippet {
    private static final Layout LAYOUT = new Layout("  ");

    private boolean usesNumberValue;

    private JavaScriptSnippet() {
    }

    static String write(CodeRequest request) {
        return new JavaScriptSnippet().render(request);
    }

    static String write(ReadCodeRequest request) {
        return new JavaScriptSnippet().renderRead(request);
    }

    /** A GetCommand or a QueryCommand of lib-dynamodb. */
    private String renderRead(ReadCodeRequest request) {
        boolean get = request.operation() == ReadCodeRequest.Operation.GET_ITEM;
        var fields = new ArrayList<String>();
        fields.add("TableName: " + string(request.tableName(), "The table name"));
        if (get) {
            fields.add("Key: " + object(request.key(), "A key attribute", 1));
        } else {
            if (request.indexName() != null) {
                fields.add("IndexName: " + string(request.indexName(), "The index name"));
            }
            fields.add("KeyConditionExpression: " + string(request.keyConditionExpression(), "The key condition"));
            if (!request.names().isEmpty()) {
                var names = new ArrayList<String>();
                request.names().forEach((placeholder, name) -> names.add(
                        property(placeholder, "A name placeholder") + ": " + string(name, "The attribute name of " + placeholder)));
                fields.add("ExpressionAttributeNames: " + LAYOUT.multiLine("{", names, "}", 1, true));
            }
            if (!request.values().isEmpty()) {
                fields.add("ExpressionAttributeValues: " + object(request.values(), "A value placeholder", 1));
            }
            if (!request.scanIndexForward()) {
                fields.add("ScanIndexForward: false");
            }
            if (request.limit() != null) {
                fields.add("Limit: " + request.limit());
            }
        }
        var command = get ? "GetCommand" : "QueryCommand";
        var call = new StringBuilder(get ? "const { Item } = " : "// One page; follow LastEvaluatedKey (or use paginateQuery) for the rest.\nconst { Items } = ")
                .append("await docClient.send(new ").append(command).append('(')
                .append(LAYOUT.multiLine("{", fields, "}", 0, true)).append("));\n");
        var imported = usesNumberValue ? "NumberValue, " + command : command;
        return "import { " + imported + " } from \"@aws-sdk/lib-dynamodb\";\n\n" + call;
    }

    private String render(CodeRequest request) {
        var expressions = request.expressions();
        var fields = new ArrayList<String>();
        fields.add("TableName: " + string(request.tableName(), "The table name"));
        fields.add("Key: " + object(request.key(), "A key attribute", 1));
        if (expressions.updateExpression() != null) {
            fields.add("UpdateExpression: " + string(expressions.updateExpression(), "The update expression"));
        }
        if (expressions.conditionExpression() != null) {
            fields.add("ConditionExpression: " + string(expressions.conditionExpression(), "The condition expression"));
        }
        if (!expressions.names().isEmpty()) {
            var names = new ArrayList<String>();
            expressions.names().forEach((placeholder, name) -> names.add(
                    property(placeholder, "A name placeholder") + ": " + string(name, "The attribute name of " + placeholder)));
            fields.add("ExpressionAttributeNames: " + LAYOUT.multiLine("{", names, "}", 1, true));
        }
        if (!expressions.values().isEmpty()) {
            fields.add("ExpressionAttributeValues: " + object(expressions.values(), "A value placeholder", 1));
        }
        var call = new StringBuilder();
        if (expressions.conditionExpression() != null) {
            call.append("// Rejects with ConditionalCheckFailedException when the condition does not hold.\n");
        }
        call.append("await docClient.send(new UpdateCommand(")
                .append(LAYOUT.multiLine("{", fields, "}", 0, true)).append("));\n");
        var imported = usesNumberValue ? "NumberValue, UpdateCommand" : "UpdateCommand";
        return "import { " + imported + " } from \"@aws-sdk/lib-dynamodb\";\n\n" + call;
    }

    /** An object literal of attribute values, one property per line. */
    private String object(Map<String, AttributeValue> values, String what, int level) {
        var properties = new ArrayList<String>();
        values.forEach((name, value) -> properties.add(property(name, what) + ": " + value(value, level + 1)));
        return LAYOUT.multiLine("{", properties, "}", level, true);
    }

    private String value(AttributeValue value, int level) {
        if (value instanceof AttributeValue.Str s) {
            return string(s.value(), "A string value");
        }
        if (value instanceof AttributeValue.Num n) {
            return number(n.value());
        }
        if (value instanceof AttributeValue.Bin b) {
            return bytes(b.value());
        }
        if (value instanceof AttributeValue.Bool b) {
            return Boolean.toString(b.value());
        }
        if (value instanceof AttributeValue.Null) {
            return "null";
        }
        if (value instanceof AttributeValue.StringSet ss) {
            return set(ss.values().stream().map(s -> string(s, "A string set element")).toList(), level);
        }
        if (value instanceof AttributeValue.NumberSet ns) {
            return set(ns.values().stream().map(this::number).toList(), level);
        }
        if (value instanceof AttributeValue.BinarySet bs) {
            return set(bs.values().stream().map(JavaScriptSnippet::bytes).toList(), level);
        }
        if (value instanceof AttributeValue.ListValue l) {
            return LAYOUT.container("[", l.values().stream().map(v -> value(v, level + 1)).toList(), "]", level, true);
        }
        if (value instanceof AttributeValue.MapValue m) {
            return map(m.values(), level);
        }
        throw new IllegalStateException("unexpected " + value.getClass());
    }

    private String map(Map<String, AttributeValue> entries, int level) {
        if (entries.containsKey("constructor")) {
            var pairs = new ArrayList<String>();
            entries.forEach((name, v) -> pairs.add("[" + property(name, "A map key") + ", " + value(v, level + 1) + "]"));
            return "new Map(" + LAYOUT.container("[", pairs, "]", level, true) + ")";
        }
        var properties = new ArrayList<String>();
        entries.forEach((name, v) -> properties.add(property(name, "A map key") + ": " + value(v, level + 1)));
        return LAYOUT.container("{", properties, "}", level, true);
    }

    private String set(List<String> elements, int level) {
        return "new Set(" + LAYOUT.container("[", elements, "]", level, true) + ")";
    }

    private String number(DynamoNumber number) {
        usesNumberValue = true;
        return "NumberValue.from(\"" + NumberText.of(number) + "\")";
    }

    private static String bytes(Bytes bytes) {
        return "Buffer.from(\"" + bytes.toBase64() + "\", \"base64\")";
    }

    /** A property name of an object literal, always quoted. */
    private static String property(String name, String what) {
        if (name.equals("__proto__")) {
            throw new IllegalArgumentException(what + " is named __proto__, a map key the AWS SDK for JavaScript v3 "
                    + "(lib-dynamodb) drops without an error: this update cannot be written in JavaScript; use the Java, "
                    + "Python or CLI snippet");
        }
        return string(name, what);
    }

    /**
     * A double-quoted JS string literal. Controls use {@code \x} escapes ({@code \0} followed by a digit is a syntax
     * error in strict code), invisible characters {@code \}{@code u} escapes of their UTF-16 units, which also covers
     * U+2028/U+2029.
     */
    static String string(String text, String what) {
        Characters.checkEncodable(text, what);
        return Characters.doubleQuoted(text, control -> String.format("\\x%02x", control), Characters::utf16Escapes);
    }
}
