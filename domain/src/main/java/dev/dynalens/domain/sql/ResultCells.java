package dev.dynalens.domain.sql;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.ValueText;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The cells of a SQL result as text: a DynamoDB value, a number too large for DynamoDB (a {@link BigDecimal}), or
 * null. JSON is plain JSON with every digit kept, sets as arrays and binary as base64; CSV quotes as RFC 4180 does.
 */
public final class ResultCells {
    private ResultCells() {
    }

    /** A row value in plain JSON, every digit kept; sets as arrays, binary as base64. */
    public static void writeCell(JsonGenerator gen, Object cell) throws IOException {
        if (cell == null) {
            gen.writeNull();
        } else if (cell instanceof BigDecimal number) {
            gen.writeNumber(number.toString());
        } else if (cell instanceof AttributeValue.Bin b) {
            gen.writeString(b.value().toBase64());
        } else if (cell instanceof AttributeValue.StringSet set) {
            gen.writeStartArray();
            for (var s : set.values()) {
                gen.writeString(s);
            }
            gen.writeEndArray();
        } else if (cell instanceof AttributeValue.NumberSet set) {
            gen.writeStartArray();
            for (var n : set.values()) {
                PlainJsonCodec.writeValue(gen, new AttributeValue.Num(n));
            }
            gen.writeEndArray();
        } else if (cell instanceof AttributeValue.BinarySet set) {
            gen.writeStartArray();
            for (var b : set.values()) {
                gen.writeString(b.toBase64());
            }
            gen.writeEndArray();
        } else if (cell instanceof AttributeValue.ListValue list) {
            gen.writeStartArray();
            for (var element : list.values()) {
                writeCell(gen, element);
            }
            gen.writeEndArray();
        } else if (cell instanceof AttributeValue.MapValue map) {
            gen.writeStartObject();
            for (Map.Entry<String, AttributeValue> entry : map.values().entrySet()) {
                gen.writeFieldName(entry.getKey());
                writeCell(gen, entry.getValue());
            }
            gen.writeEndObject();
        } else if (cell instanceof AttributeValue value) {
            PlainJsonCodec.writeValue(gen, value);
        } else {
            gen.writeString(cell.toString());
        }
    }

    /** A cell as the text table shows it. */
    public static String text(Object cell) {
        if (cell == null) {
            return "NULL";
        } else if (cell instanceof BigDecimal number) {
            return number.toString();
        } else if (cell instanceof AttributeValue value) {
            return ValueText.cell(value);
        } else {
            return cell.toString();
        }
    }

    /** The result as a JSON array of objects, one per row, keyed by column. */
    public static String json(List<String> columns, List<List<Object>> rows) {
        var text = new java.io.StringWriter();
        try (var gen = new com.fasterxml.jackson.core.JsonFactory().createGenerator(text).useDefaultPrettyPrinter()) {
            gen.writeStartArray();
            for (var row : rows) {
                gen.writeStartObject();
                for (int i = 0; i < columns.size(); i++) {
                    gen.writeFieldName(columns.get(i));
                    writeCell(gen, row.get(i));
                }
                gen.writeEndObject();
            }
            gen.writeEndArray();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return text.toString();
    }

    /** The result as CSV: a header of column names, then one line per row; a cell with a comma, quote or line break is quoted. */
    public static String csv(List<String> columns, List<List<Object>> rows) {
        var out = new StringBuilder(String.join(",", columns.stream().map(ResultCells::quoted).toList())).append("\r\n");
        for (var row : rows) {
            out.append(String.join(",", row.stream().map(cell -> cell == null ? "" : quoted(text(cell))).toList())).append("\r\n");
        }
        return out.toString();
    }

    private static String quoted(String text) {
        return text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")
                ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
}
