package dev.dynalens.domain.sql;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ReadOperation;
import java.util.Map;

/**
 * A planned request as an AWS CLI call a person pastes into a shell ({@code aws dynamodb query …}), with the same
 * expression texts, names and values (as DynamoDB JSON: numbers keep every digit). For plans of one request.
 */
public final class RequestSnippet {
    private RequestSnippet() {
    }

    public static String awsCli(PlannedRequest request) {
        var command = new StringBuilder("aws dynamodb ");
        switch (request.operation()) {
            case QUERY -> command.append("query");
            case SCAN -> command.append("scan");
            case GET_ITEM -> command.append("get-item");
            case BATCH_GET_ITEM -> command.append("batch-get-item");
            default -> throw new IllegalArgumentException("No AWS CLI call for " + request.operation().label());
        }
        if (request.operation() == ReadOperation.BATCH_GET_ITEM) {
            var keys = new StringBuilder("{\"").append(jsonText(request.tableName())).append("\":{\"Keys\":[");
            for (int i = 0; i < request.keys().size(); i++) {
                keys.append(i == 0 ? "" : ",").append(DynamoJsonCodec.writeItem(new Item(request.keys().get(i))));
            }
            keys.append(']');
            if (request.projection() != null) {
                keys.append(",\"ProjectionExpression\":\"").append(jsonText(request.projection())).append('"');
            }
            if (!request.names().isEmpty()) {
                keys.append(",\"ExpressionAttributeNames\":").append(names(request.names()));
            }
            keys.append("}}");
            return command.append(" \\\n    --request-items ").append(quoted(keys.toString())).toString();
        }
        command.append(" \\\n    --table-name ").append(quoted(request.tableName()));
        if (request.indexName() != null) {
            command.append(" \\\n    --index-name ").append(quoted(request.indexName()));
        }
        if (request.operation() == ReadOperation.GET_ITEM) {
            command.append(" \\\n    --key ").append(quoted(DynamoJsonCodec.writeItem(new Item(request.keys().get(0)))));
        }
        option(command, "--key-condition-expression", request.keyCondition());
        option(command, "--filter-expression", request.filter());
        option(command, "--projection-expression", request.projection());
        if (!request.names().isEmpty()) {
            command.append(" \\\n    --expression-attribute-names ").append(quoted(names(request.names())));
        }
        if (!request.values().isEmpty()) {
            command.append(" \\\n    --expression-attribute-values ").append(quoted(values(request.values())));
        }
        if (!request.scanIndexForward()) {
            command.append(" \\\n    --no-scan-index-forward");
        }
        if (request.limit() != null) {
            command.append(" \\\n    --max-items ").append(request.limit());
        }
        return command.toString();
    }

    private static void option(StringBuilder command, String name, String value) {
        if (value != null) {
            command.append(" \\\n    ").append(name).append(' ').append(quoted(value));
        }
    }

    private static String names(Map<String, String> names) {
        var json = new StringBuilder("{");
        names.forEach((k, v) -> json.append(json.length() == 1 ? "" : ",").append('"').append(jsonText(k)).append("\":\"").append(jsonText(v)).append('"'));
        return json.append('}').toString();
    }

    private static String values(Map<String, AttributeValue> values) {
        var json = new StringBuilder("{");
        values.forEach((k, v) -> json.append(json.length() == 1 ? "" : ",").append('"').append(jsonText(k)).append("\":")
                .append(DynamoJsonCodec.writeValue(v)));
        return json.append('}').toString();
    }

    private static String jsonText(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /** POSIX shell single quotes: a quote inside becomes {@code '\''}. */
    private static String quoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
