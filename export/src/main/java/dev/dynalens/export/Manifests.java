package dev.dynalens.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an export's two manifests: {@code manifest-summary.json} (one JSON object) and {@code manifest-files.json}
 * (JSON lines, one data file each). Every problem is a sentence naming the manifest, and the line where there is one.
 */
final class Manifests {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Manifests() {
    }

    static ExportSummary summary(byte[] bytes, String where) {
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new ExportReadException(where + " is not valid JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + "): " + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            throw new ExportReadException("Cannot read " + where + ": " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new ExportReadException(where + " is not a JSON object");
        }
        var format = ExportFormat.of(text(root, "outputFormat"));
        if (format == null) {
            throw new ExportReadException(where + " names no output format DynamoDB writes (outputFormat: "
                    + text(root, "outputFormat") + "; DYNAMODB_JSON or ION)");
        }
        var type = text(root, "exportType");
        boolean incremental = "INCREMENTAL_EXPORT".equals(type);
        if (type != null && !incremental && !"FULL_EXPORT".equals(type)) {
            throw new ExportReadException(where + " has an exportType DynamoDB does not write: " + type);
        }
        var filesKey = text(root, "manifestFilesS3Key");
        if (filesKey == null) {
            throw new ExportReadException(where + " names no manifestFilesS3Key");
        }
        var summary = new ExportSummary(text(root, "exportArn"), text(root, "tableArn"), format, incremental,
                time(root, "exportTime", where), time(root, "exportFromTime", where), time(root, "exportToTime", where),
                number(root, "itemCount", where), number(root, "billedSizeBytes", where), filesKey, text(root, "outputView"));
        if (incremental && (summary.fromTime() == null || summary.toTime() == null)) {
            throw new ExportReadException(where + " is an incremental export without its window (exportFromTime, exportToTime)");
        }
        if (!incremental && summary.exportTime() == null) {
            throw new ExportReadException(where + " is a full export without its exportTime");
        }
        return summary;
    }

    static List<DataFile> files(byte[] bytes, String where) {
        var files = new ArrayList<DataFile>();
        var lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            var line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                throw new ExportReadException(where + " line " + (i + 1) + " is not valid JSON (column " + e.getLocation().getColumnNr()
                        + "): " + e.getOriginalMessage());
            }
            if (node == null || !node.isObject() || text(node, "dataFileS3Key") == null) {
                throw new ExportReadException(where + " line " + (i + 1) + " names no dataFileS3Key");
            }
            files.add(new DataFile(text(node, "dataFileS3Key"), number(node, "itemCount", where + " line " + (i + 1)),
                    text(node, "md5Checksum"), text(node, "etag")));
        }
        return files;
    }

    private static String text(JsonNode node, String field) {
        var value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static long number(JsonNode node, String field, String where) {
        var value = node.get(field);
        if (value == null || value.isNull()) {
            return 0;
        }
        if (!value.canConvertToLong() || value.asLong() < 0) {
            throw new ExportReadException(where + ": " + field + " is not a count: " + value);
        }
        return value.asLong();
    }

    private static Instant time(JsonNode node, String field, String where) {
        var text = text(node, field);
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new ExportReadException(where + ": " + field + " is not a time: " + text);
        }
    }
}
