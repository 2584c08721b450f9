package dev.dynalens.domain.workspace;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Set;

/**
 * Tells the format of a workspace file from the names at the top of its first JSON object: a model
 * starts with ModelName / ModelMetadata / DataModel, aws CLI output has Items / Count, an export line
 * is {"Item": …}; any other object is a bare item, one per line. The file's extension decides only
 * when the content cannot (the first object is malformed before any of those names).
 */
final class FormatDetector {
    private static final Set<String> MODEL_NAMES = Set.of("ModelName", "ModelMetadata", "DataModel");
    private static final Set<String> CLI_OUTPUT_NAMES = Set.of("Items", "Count", "ScannedCount", "ConsumedCapacity", "LastEvaluatedKey");
    private static final int MAX_FIELDS_LOOKED_AT = 1_000;

    /** The format, or the reason there is none. */
    record Detection(WorkspaceFormat format, String reason) {
    }

    private FormatDetector() {
    }

    static Detection detect(InputStream in, String fileName) throws IOException {
        boolean sawFields = false;
        try (JsonParser parser = JsonTree.FACTORY.createParser(in)) {
            var token = parser.nextToken();
            if (token == null) {
                return new Detection(null, "it is empty");
            }
            if (token != JsonToken.START_OBJECT) {
                return new Detection(null, "it starts with " + (token == JsonToken.START_ARRAY ? "a JSON array" : "something other than a JSON object"));
            }
            for (int fields = 0; fields < MAX_FIELDS_LOOKED_AT && parser.nextToken() == JsonToken.FIELD_NAME; fields++) {
                var name = parser.currentName();
                if (MODEL_NAMES.contains(name)) {
                    return new Detection(WorkspaceFormat.WORKBENCH_MODEL, null);
                }
                if (CLI_OUTPUT_NAMES.contains(name)) {
                    return new Detection(WorkspaceFormat.AWS_CLI_OUTPUT, null);
                }
                sawFields = true;
                parser.nextToken();
                parser.skipChildren();
            }
            return new Detection(WorkspaceFormat.DYNAMODB_JSON_LINES, null);
        } catch (JsonProcessingException e) {
            if (sawFields || isJsonLinesName(fileName)) {
                return new Detection(WorkspaceFormat.DYNAMODB_JSON_LINES, null);
            }
            return new Detection(null, "it does not start with valid JSON (" + JsonTree.describe(e, 0) + ")");
        }
    }

    static boolean isJsonLinesName(String fileName) {
        var name = fileName.toLowerCase(Locale.ROOT);
        return name.endsWith(".jsonl") || name.endsWith(".ndjson") || name.endsWith(".jsonl.gz") || name.endsWith(".json.gz")
                || name.endsWith(".ndjson.gz");
    }
}
