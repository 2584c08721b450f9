package dev.dynalens.domain.transfer;

import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CSV (RFC 4180: comma, double quotes, CRLF between records) with a typed header: one column per
 * attribute name and type, {@code name:TYPE} ({@link CsvColumn}); the cells as {@link CsvCells} writes
 * them. A missing attribute is an empty cell; an empty string is a quoted empty cell ({@code ""}), so
 * the two stay apart. The columns must be known before the first row: collect them with {@link CsvColumns}.
 * {@link CsvStyle#SPREADSHEET_SAFE} guards the cells a spreadsheet would evaluate, and marks every column as guarded.
 */
public final class CsvItemWriter implements ItemWriter {
    private final Writer out;
    private final List<CsvColumn> columns;
    private final Map<CsvColumn, Integer> positions = new HashMap<>();
    private final String[] row;
    private final boolean guarded;

    public CsvItemWriter(Writer out, List<CsvColumn> columns) throws IOException {
        this(out, columns, CsvStyle.TYPED);
    }

    public CsvItemWriter(Writer out, List<CsvColumn> columns, CsvStyle style) throws IOException {
        this.out = out;
        this.guarded = style == CsvStyle.SPREADSHEET_SAFE;
        this.columns = List.copyOf(columns);
        this.row = new String[this.columns.size()];
        for (int i = 0; i < this.columns.size(); i++) {
            if (positions.put(this.columns.get(i), i) != null) {
                throw new IllegalArgumentException("Column " + this.columns.get(i) + " appears twice");
            }
            if (i > 0) {
                out.write(',');
            }
            var header = this.columns.get(i).header();
            writeField(guarded ? guard(header) + CsvStyle.GUARDED_MARK : header, false);
        }
        out.write("\r\n");
    }

    /** {@code "'=1+1"} for a cell a spreadsheet would evaluate (or that starts with the guard itself); the text itself otherwise. */
    private static String guard(String text) {
        return CsvStyle.needsGuard(text) ? CsvStyle.GUARDED_MARK + text : text;
    }

    @Override
    public void write(Item item) throws IOException {
        java.util.Arrays.fill(row, null);
        for (var attribute : item.attributes().entrySet()) {
            var position = positions.get(new CsvColumn(attribute.getKey(), attribute.getValue().type()));
            if (position == null) {
                throw new IllegalArgumentException("No column for attribute " + attribute.getKey() + " of type "
                        + attribute.getValue().type() + "; collect the columns of every item first");
            }
            var cell = CsvCells.encode(attribute.getValue());
            row[position] = guarded && CsvCells.maySpellAFormula(attribute.getValue()) ? guard(cell) : cell;
        }
        for (int i = 0; i < row.length; i++) {
            if (i > 0) {
                out.write(',');
            }
            if (row[i] != null) {
                writeField(row[i], true);
            }
        }
        out.write("\r\n");
    }

    private void writeField(String text, boolean value) throws IOException {
        if (value && text.isEmpty() || needsQuotes(text) || guarded && text.startsWith("'")) {
            out.write('"');
            out.write(text.replace("\"", "\"\""));
            out.write('"');
        } else {
            out.write(text);
        }
    }

    /** Quoted when the text holds a separator, a quote or a line break, or has spaces a spreadsheet might trim. */
    private static boolean needsQuotes(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ',' || c == '"' || c == '\r' || c == '\n') {
                return true;
            }
        }
        return Character.isWhitespace(text.charAt(0)) || Character.isWhitespace(text.charAt(text.length() - 1));
    }

    @Override
    public void finish() throws IOException {
        out.flush();
    }
}
