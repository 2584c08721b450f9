package dev.dynalens.domain.codegen;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * AWS CLI v2: one {@code aws dynamodb update-item} command for bash, every argument in single quotes, the key and the
 * values as DynamoDB JSON on one line each. The JSON is pure ASCII (everything else as {@code \}{@code u} escapes), so
 * the shell's locale cannot change it. Binary values are base64 in the JSON, and the command then says
 * {@code --cli-binary-format base64} so a profile set to {@code raw-in-base64-out} cannot encode them twice.
 */
final class CliSnippet {
    /** Linux's MAX_ARG_STRLEN: one argument, with its terminating NUL, must be shorter than 32 pages of 4 KiB. */
    static final int MAX_ARGUMENT_BYTES = 128 * 1024;

    private CliSnippet() {
    }

    static String write(CodeRequest request) {
        var expressions = request.expressions();
        var arguments = new ArrayList<String>();
        arguments.add("--table-name " + shellQuote(request.tableName(), "The table name"));
        arguments.add("--key " + shellQuote(json(request.key()), "The --key argument"));
        if (expressions.updateExpression() != null) {
            arguments.add("--update-expression " + shellQuote(expressions.updateExpression(), "The update expression"));
        }
        if (expressions.conditionExpression() != null) {
            arguments.add("--condition-expression " + shellQuote(expressions.conditionExpression(), "The condition expression"));
        }
        if (!expressions.names().isEmpty()) {
            var names = new StringBuilder("{");
            expressions.names().forEach((placeholder, name) -> {
                if (names.length() > 1) {
                    names.append(", ");
                }
                names.append(jsonString(placeholder, "A name placeholder")).append(": ")
                        .append(jsonString(name, "The attribute name of " + placeholder));
            });
            arguments.add("--expression-attribute-names " + shellQuote(names.append('}').toString(), "The --expression-attribute-names argument"));
        }
        if (!expressions.values().isEmpty()) {
            arguments.add("--expression-attribute-values " + shellQuote(json(expressions.values()), "The --expression-attribute-values argument"));
        }
        if (hasBinary(request.key().values()) || hasBinary(expressions.values().values())) {
            arguments.add("--cli-binary-format base64");
        }
        var out = new StringBuilder();
        if (expressions.conditionExpression() != null) {
            out.append("# Fails with ConditionalCheckFailedException (exit status 254) when the condition does not hold.\n");
        }
        out.append("aws dynamodb update-item");
        for (var argument : arguments) {
            out.append(" \\\n    ").append(argument);
        }
        return out.append('\n').toString();
    }

    /** {@code aws dynamodb get-item} or {@code query}, the values as DynamoDB JSON. */
    static String write(ReadCodeRequest request) {
        boolean get = request.operation() == ReadCodeRequest.Operation.GET_ITEM;
        var arguments = new ArrayList<String>();
        arguments.add("--table-name " + shellQuote(request.tableName(), "The table name"));
        if (get) {
            arguments.add("--key " + shellQuote(json(request.key()), "The --key argument"));
        } else {
            if (request.indexName() != null) {
                arguments.add("--index-name " + shellQuote(request.indexName(), "The index name"));
            }
            arguments.add("--key-condition-expression " + shellQuote(request.keyConditionExpression(), "The key condition"));
            if (!request.names().isEmpty()) {
                var names = new StringBuilder("{");
                request.names().forEach((placeholder, name) -> {
                    if (names.length() > 1) {
                        names.append(", ");
                    }
                    names.append(jsonString(placeholder, "A name placeholder")).append(": ")
                            .append(jsonString(name, "The attribute name of " + placeholder));
                });
                arguments.add("--expression-attribute-names " + shellQuote(names.append('}').toString(), "The --expression-attribute-names argument"));
            }
            if (!request.values().isEmpty()) {
                arguments.add("--expression-attribute-values " + shellQuote(json(request.values()), "The --expression-attribute-values argument"));
            }
            if (!request.scanIndexForward()) {
                arguments.add("--no-scan-index-forward");
            }
            if (request.limit() != null) {
                // --max-items stops the CLI's own paging there; --limit alone would only size its pages
                arguments.add("--max-items " + request.limit());
            }
        }
        if (hasBinary(request.key().values()) || hasBinary(request.values().values())) {
            arguments.add("--cli-binary-format base64");
        }
        var out = new StringBuilder("aws dynamodb ").append(get ? "get-item" : "query");
        for (var argument : arguments) {
            out.append(" \\\n    ").append(argument);
        }
        return out.append('\n').toString();
    }

    /**
     * Bash single quotes keep every character but the quote itself as it is (newlines, {@code $}, {@code !} and
     * backslashes included); a quote closes the string, is written escaped and the string reopens: {@code '\''}.
     * No argument can carry a NUL character.
     */
    static String shellQuote(String text, String what) {
        if (text.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(what + " contains a NUL character, which no command-line argument can carry");
        }
        Characters.checkEncodable(text, what);
        int bytes = text.getBytes(StandardCharsets.UTF_8).length;
        if (bytes >= MAX_ARGUMENT_BYTES) {
            throw new IllegalArgumentException(what + " would be " + bytes + " bytes long; Linux refuses a command-line "
                    + "argument of 128 KiB or more (\"Argument list too long\"): use the Java, JavaScript or Python snippet");
        }
        return "'" + text.replace("'", "'\\''") + "'";
    }

    private static String json(Map<String, AttributeValue> values) {
        var out = new StringBuilder();
        object(out, values);
        return out.toString();
    }

    private static void object(StringBuilder out, Map<String, AttributeValue> values) {
        out.append('{');
        var first = true;
        for (var entry : values.entrySet()) {
            if (!first) {
                out.append(", ");
            }
            first = false;
            out.append(jsonString(entry.getKey(), "The name " + entry.getKey())).append(": ");
            value(out, entry.getValue());
        }
        out.append('}');
    }

    private static void value(StringBuilder out, AttributeValue value) {
        out.append("{\"").append(value.type().name()).append("\": ");
        if (value instanceof AttributeValue.Str s) {
            out.append(jsonString(s.value(), "A string value"));
        } else if (value instanceof AttributeValue.Num n) {
            out.append('"').append(NumberText.of(n.value())).append('"');
        } else if (value instanceof AttributeValue.Bin b) {
            out.append(base64(b.value()));
        } else if (value instanceof AttributeValue.Bool b) {
            out.append(b.value());
        } else if (value instanceof AttributeValue.Null) {
            out.append("true");
        } else if (value instanceof AttributeValue.StringSet ss) {
            array(out, ss.values().stream().map(s -> jsonString(s, "A string set element")).toList());
        } else if (value instanceof AttributeValue.NumberSet ns) {
            array(out, ns.values().stream().map(n -> '"' + NumberText.of(n) + '"').toList());
        } else if (value instanceof AttributeValue.BinarySet bs) {
            array(out, bs.values().stream().map(CliSnippet::base64).toList());
        } else if (value instanceof AttributeValue.ListValue l) {
            out.append('[');
            for (int i = 0; i < l.values().size(); i++) {
                out.append(i == 0 ? "" : ", ");
                value(out, l.values().get(i));
            }
            out.append(']');
        } else if (value instanceof AttributeValue.MapValue m) {
            object(out, m.values());
        } else {
            throw new IllegalStateException("unexpected " + value.getClass());
        }
        out.append('}');
    }

    private static void array(StringBuilder out, List<String> elements) {
        out.append('[').append(String.join(", ", elements)).append(']');
    }

    private static String base64(Bytes bytes) {
        return '"' + bytes.toBase64() + '"';
    }

    private static boolean hasBinary(Iterable<AttributeValue> values) {
        for (var value : values) {
            boolean found;
            if (value instanceof AttributeValue.Bin) {
                found = true;
            } else if (value instanceof AttributeValue.BinarySet) {
                found = true;
            } else if (value instanceof AttributeValue.ListValue l) {
                found = hasBinary(l.values());
            } else if (value instanceof AttributeValue.MapValue m) {
                found = hasBinary(m.values().values());
            } else {
                found = false;
            }
            if (found) {
                return true;
            }
        }
        return false;
    }

    /** A JSON string in pure ASCII: quotes, backslashes and everything outside U+0020..U+007E escaped. */
    static String jsonString(String text, String what) {
        Characters.checkEncodable(text, what);
        var out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c >= 0x7f) {
                        out.append("\\u").append(Characters.hex4(c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
