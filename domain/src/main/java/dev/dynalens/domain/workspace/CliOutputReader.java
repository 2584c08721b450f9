package dev.dynalens.domain.workspace;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.codec.Utf8Reader;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;

/**
 * Reads what {@code aws dynamodb scan} and {@code aws dynamodb query} print:
 * {@code {"Items": [item, …], "Count": n, "ScannedCount": n, "ConsumedCapacity": null}}. The items
 * stream one at a time; malformed JSON stops the reading where it is, keeping the items before it. An item
 * whose bytes are not UTF-8 is left out with the line and column of the first such byte.
 */
final class CliOutputReader {
    private CliOutputReader() {
    }

    static void read(InputStream in, TableBuilder table, ProblemLog log) throws IOException {
        long itemsSeen = 0;
        Long count = null;
        var text = new Utf8Reader(in);
        try (JsonParser parser = JsonTree.FACTORY.createParser(text)) {
            try {
                if (parser.nextToken() != JsonToken.START_OBJECT) {
                    var at = parser.currentTokenLocation();
                    log.error(at.getLineNr(), at.getColumnNr(), "Expected the JSON object aws dynamodb scan prints, {\"Items\": [...], ...}");
                    return;
                }
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    var field = parser.currentName();
                    var token = parser.nextToken();
                    switch (field) {
                        case "Items" -> {
                            if (token != JsonToken.START_ARRAY) {
                                var at = parser.currentTokenLocation();
                                log.error(at.getLineNr(), at.getColumnNr(), "\"Items\" should be a list of items");
                                parser.skipChildren();
                                continue;
                            }
                            while (parser.nextToken() != JsonToken.END_ARRAY) {
                                itemsSeen++;
                                if (!item(parser, text, table, log)) {
                                    return;
                                }
                            }
                        }
                        case "Count" -> count = token == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : null;
                        case "LastEvaluatedKey", "NextToken" -> {
                            var at = parser.currentTokenLocation();
                            log.warn(at.getLineNr(), at.getColumnNr(), "The output has a " + field
                                    + ": it is one page of a longer result, so the table is not complete here");
                            parser.skipChildren();
                        }
                        default -> parser.skipChildren();
                    }
                }
            } catch (JsonProcessingException e) {
                var at = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
                var malformed = text.takeMalformedUpTo(at.getLineNr(), at.getColumnNr());
                if (malformed.isPresent()) {
                    log.error((int) malformed.get().line(), malformed.get().column(), malformed.get().message()
                            + " (the items before this point are loaded)");
                } else {
                    log.error(at.getLineNr(), at.getColumnNr(), JsonTree.describe(e, 0) + " (the items before this point are loaded)");
                }
                return;
            }
        }
        if (count != null && count != itemsSeen) {
            log.warn(0, 0, "The output says Count " + count + " but lists " + itemsSeen + " items");
        }
    }

    /** Reads one element of Items; false when malformed JSON ends the reading. */
    private static boolean item(JsonParser parser, Utf8Reader text, TableBuilder table, ProblemLog log) throws IOException {
        var read = JsonTree.read(parser, 0);
        var end = parser.currentLocation();
        var malformed = text.takeMalformedUpTo(end.getLineNr(), end.getColumnNr());
        if (malformed.isPresent()) {
            log.error((int) malformed.get().line(), malformed.get().column(), "Item left out: " + malformed.get().message()
                    + (read.error() != null ? " (the items before this point are loaded)" : ""));
            return read.error() == null;
        }
        if (read.error() != null) {
            log.error(read.error().line(), read.error().column(), read.error().message() + " (the items before this point are loaded)");
            return false;
        }
        if (!(read.value() instanceof JsonTree.Obj object)) {
            log.error(read.value().line(), read.value().column(), "Expected an item (a JSON object) in Items");
            return true;
        }
        var leniencies = new ArrayList<LenientItems.Leniency>();
        var item = LenientItems.item(object, leniencies);
        if (!leniencies.isEmpty()) {
            var first = leniencies.get(0);
            log.warn(first.line(), first.column(), "Item read leniently: " + LenientItems.describe(leniencies));
        }
        table.add(item, object.line(), object.column(), -1);
        return true;
    }
}
