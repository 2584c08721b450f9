package dev.dynalens.export;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codec.ItemJsonFactory;
import dev.dynalens.domain.item.Item;
import java.io.IOException;

/** A DynamoDB JSON data file's lines: {@code {"Item": …}} or {@code {"Metadata": …, "Keys": …, "NewImage": …}}. */
final class JsonRecords implements RecordDecoder {
    private final boolean incremental;

    JsonRecords(boolean incremental) {
        this.incremental = incremental;
    }

    @Override
    public ExportRecord decode(String line) {
        try (JsonParser parser = ItemJsonFactory.FACTORY.createParser(line)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new LineException("expected a JSON object", 1, parser.currentLocation().getColumnNr());
            }
            Item item = null;
            Item keys = null;
            Item newImage = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                var field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "Item" -> item = DynamoJsonCodec.readItem(parser);
                    case "Keys" -> keys = DynamoJsonCodec.readItem(parser);
                    case "NewImage" -> newImage = DynamoJsonCodec.readItem(parser);
                    case "OldImage", "Metadata" -> parser.skipChildren();
                    default -> throw new LineException("unexpected field \"" + field + "\"", 1, parser.currentLocation().getColumnNr());
                }
            }
            if (parser.nextToken() != null) {
                throw new LineException("more than one JSON value on the line", 1, parser.currentLocation().getColumnNr());
            }
            return record(item, keys, newImage);
        } catch (CodecException e) {
            throw new LineException(e.problem(), e.line(), e.column());
        } catch (JsonParseException e) {
            throw new LineException(e.getOriginalMessage(), e.getLocation().getLineNr(), e.getLocation().getColumnNr());
        } catch (IOException e) {
            throw new LineException(e.getMessage(), 1, 1);
        }
    }

    private ExportRecord record(Item item, Item keys, Item newImage) {
        if (!incremental) {
            if (item == null) {
                throw new LineException("a full export's line holds an \"Item\"", 1, 1);
            }
            return new ExportRecord.Full(item);
        }
        if (keys == null) {
            throw new LineException("an incremental export's line holds the item's \"Keys\"", 1, 1);
        }
        return new ExportRecord.Change(keys.attributes(), newImage);
    }
}
