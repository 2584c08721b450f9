package dev.dynalens.domain.codegen;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Python boto3, resource layer: {@code dynamodb.Table(name).update_item(...)} with native values, where
 * {@code dynamodb} is a {@code boto3.resource("dynamodb")}. Numbers are {@code Decimal("…")} (boto3 refuses floats),
 * binary a bytes literal, sets Python sets, null {@code None}.
 */
final class PythonSnippet {
    private static final Layout LAYOUT = new Layout("    ");

    private boolean usesDecimal;

    private PythonSnippet() {
    }

    static String write(CodeRequest request) {
        return new PythonSnippet().render(request);
    }

    static String write(ReadCodeRequest request) {
        return new PythonSnippet().renderRead(request);
    }

    /** {@code Table.get_item} or {@code Table.query} of the resource layer, the expression given as its text. */
    private String renderRead(ReadCodeRequest request) {
        boolean get = request.operation() == ReadCodeRequest.Operation.GET_ITEM;
        var arguments = new ArrayList<String>();
        if (get) {
            arguments.add("Key=" + dict(request.key(), 1));
        } else {
            if (request.indexName() != null) {
                arguments.add("IndexName=" + string(request.indexName(), "The index name"));
            }
            arguments.add("KeyConditionExpression=" + string(request.keyConditionExpression(), "The key condition"));
            if (!request.names().isEmpty()) {
                var names = new ArrayList<String>();
                request.names().forEach((placeholder, name) -> names.add(
                        string(placeholder, "A name placeholder") + ": " + string(name, "The attribute name of " + placeholder)));
                arguments.add("ExpressionAttributeNames=" + LAYOUT.multiLine("{", names, "}", 1, true));
            }
            if (!request.values().isEmpty()) {
                arguments.add("ExpressionAttributeValues=" + dict(request.values(), 1));
            }
            if (!request.scanIndexForward()) {
                arguments.add("ScanIndexForward=False");
            }
            if (request.limit() != null) {
                arguments.add("Limit=" + request.limit());
            }
        }
        var call = new StringBuilder("table = dynamodb.Table(").append(string(request.tableName(), "The table name")).append(")\n");
        if (get) {
            call.append("item = table.get_item").append(LAYOUT.multiLine("(", arguments, ")", 0, true)).append(".get(\"Item\")\n");
        } else {
            call.append("# One page; follow LastEvaluatedKey (ExclusiveStartKey=...) for the rest.\n")
                    .append("items = table.query").append(LAYOUT.multiLine("(", arguments, ")", 0, true)).append("[\"Items\"]\n");
        }
        return (usesDecimal ? "from decimal import Decimal\n\n" : "") + call;
    }

    private String render(CodeRequest request) {
        var expressions = request.expressions();
        var arguments = new ArrayList<String>();
        arguments.add("Key=" + dict(request.key(), 1));
        if (expressions.updateExpression() != null) {
            arguments.add("UpdateExpression=" + string(expressions.updateExpression(), "The update expression"));
        }
        if (expressions.conditionExpression() != null) {
            arguments.add("ConditionExpression=" + string(expressions.conditionExpression(), "The condition expression"));
        }
        if (!expressions.names().isEmpty()) {
            var names = new ArrayList<String>();
            expressions.names().forEach((placeholder, name) -> names.add(
                    string(placeholder, "A name placeholder") + ": " + string(name, "The attribute name of " + placeholder)));
            arguments.add("ExpressionAttributeNames=" + LAYOUT.multiLine("{", names, "}", 1, true));
        }
        if (!expressions.values().isEmpty()) {
            arguments.add("ExpressionAttributeValues=" + dict(expressions.values(), 1));
        }
        var call = new StringBuilder("table = dynamodb.Table(")
                .append(string(request.tableName(), "The table name")).append(")\n");
        if (expressions.conditionExpression() != null) {
            call.append("# Raises ConditionalCheckFailedException (a botocore ClientError) when the condition does not hold.\n");
        }
        call.append("table.update_item").append(LAYOUT.multiLine("(", arguments, ")", 0, true)).append('\n');
        return (usesDecimal ? "from decimal import Decimal\n\n" : "") + call;
    }

    /** A dict of attribute values, one entry per line. */
    private String dict(Map<String, AttributeValue> values, int level) {
        var entries = new ArrayList<String>();
        values.forEach((name, value) -> entries.add(string(name, "The name " + name) + ": " + value(value, level + 1)));
        return LAYOUT.multiLine("{", entries, "}", level, true);
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
            return b.value() ? "True" : "False";
        }
        if (value instanceof AttributeValue.Null) {
            return "None";
        }
        if (value instanceof AttributeValue.StringSet ss) {
            return set(ss.values().stream().map(s -> string(s, "A string set element")).toList(), level);
        }
        if (value instanceof AttributeValue.NumberSet ns) {
            return set(ns.values().stream().map(this::number).toList(), level);
        }
        if (value instanceof AttributeValue.BinarySet bs) {
            return set(bs.values().stream().map(PythonSnippet::bytes).toList(), level);
        }
        if (value instanceof AttributeValue.ListValue l) {
            return LAYOUT.container("[", l.values().stream().map(v -> value(v, level + 1)).toList(), "]", level, true);
        }
        if (value instanceof AttributeValue.MapValue m) {
            var entries = new ArrayList<String>();
            m.values().forEach((name, v) -> entries.add(string(name, "A map key") + ": " + value(v, level + 1)));
            return LAYOUT.container("{", entries, "}", level, true);
        }
        throw new IllegalStateException("unexpected " + value.getClass());
    }

    /** Sets are never empty in DynamoDB, so {@code {…}} is always a set literal here, never a dict. */
    private static String set(List<String> elements, int level) {
        return LAYOUT.container("{", elements, "}", level, true);
    }

    private String number(DynamoNumber number) {
        usesDecimal = true;
        return "Decimal(\"" + NumberText.of(number) + "\")";
    }

    /** A bytes literal: printable ASCII as it is, every other byte as {@code \xNN}. */
    private static String bytes(Bytes bytes) {
        var out = new StringBuilder("b\"");
        for (byte b : bytes.toArray()) {
            int unsigned = b & 0xff;
            if (unsigned == '"' || unsigned == '\\') {
                out.append('\\').append((char) unsigned);
            } else if (unsigned >= 0x20 && unsigned < 0x7f) {
                out.append((char) unsigned);
            } else {
                out.append(String.format("\\x%02x", unsigned));
            }
        }
        return out.append('"').toString();
    }

    /**
     * A double-quoted Python str literal. Controls use {@code \x} escapes, invisible characters {@code \}{@code u} or
     * {@code \}{@code U} escapes of their code point (Python strings are code points, not UTF-16 units).
     */
    static String string(String text, String what) {
        Characters.checkEncodable(text, what);
        return Characters.doubleQuoted(text, control -> String.format("\\x%02x", control), invisible -> invisible <= 0xffff
                ? String.format("\\u%04x", invisible) : String.format("\\U%08x", invisible));
    }
}
