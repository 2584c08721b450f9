package dev.dynalens.domain.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Tells the format of a file to import from its first characters, and from its name where the
 * content cannot tell: a JSON array is plain JSON, an object whose first name is ModelName,
 * ModelMetadata or DataModel is a NoSQL Workbench model, any other object starts DynamoDB JSON lines,
 * and anything else is CSV. A {@code .csv} name always means CSV.
 */
public final class FormatDetection {
    private static final Set<String> MODEL_NAMES = Set.of("ModelName", "ModelMetadata", "DataModel");

    private FormatDetection() {
    }

    /**
     * @param fileName the file's name (its extension is a hint)
     * @param head     the file's first characters (a few kilobytes), already decompressed
     * @return the format, or empty when the file is empty
     */
    public static Optional<TransferFormat> detect(String fileName, String head) {
        var name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv") || name.endsWith(".csv.gz")) {
            return Optional.of(TransferFormat.CSV);
        }
        var text = head.startsWith("\uFEFF") ? head.substring(1) : head;
        var start = text.stripLeading();
        if (start.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(switch (start.charAt(0)) {
            case '[' -> TransferFormat.JSON;
            case '{' -> isModel(start) ? TransferFormat.WORKBENCH : TransferFormat.JSONL;
            default -> TransferFormat.CSV;
        });
    }

    private static boolean isModel(String text) {
        try (var parser = TransferJson.parser(text)) {
            return parser.nextToken() == JsonToken.START_OBJECT && parser.nextToken() == JsonToken.FIELD_NAME
                    && MODEL_NAMES.contains(parser.currentName());
        } catch (JsonProcessingException e) {
            return false;
        } catch (IOException e) {
            return false;
        }
    }
}
