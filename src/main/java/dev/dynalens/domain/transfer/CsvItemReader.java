package dev.dynalens.domain.transfer;

import dev.dynalens.domain.codec.Utf8Reader;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads CSV with a typed header ({@link CsvItemWriter}): RFC 4180 quoting, CRLF or LF line ends, quoted
 * cells may span lines. The first record is the header. An unquoted empty cell means the attribute is
 * missing; a quoted empty cell ({@code ""}) is an empty string. A row that cannot be an item (a cell that
 * is not a value of its column's type, the wrong number of cells, two values for one attribute) is a
 * problem with its line, and reading goes on with the next row; a column marked guarded ({@code note:S'},
 * {@link CsvStyle#SPREADSHEET_SAFE}) loses one leading apostrophe from each cell; a quote left open at the end of the
 * file is a fatal problem. Read from a {@link Utf8Reader}, a row whose bytes are not UTF-8 is a problem
 * with the line and column of the first such byte (in the header: a fatal one).
 */
public final class CsvItemReader implements ItemReader {
    private final Reader in;
    private List<CsvColumn> columns;
    /** Per column: its header ended in the guard mark ({@code note:S'}), so a leading apostrophe is not part of a cell. */
    private boolean[] guarded;
    private int pushedBack = -2;
    private long line = 1;
    private boolean done;
    private boolean afterCarriageReturn;

    private record Field(String text, boolean quoted) {
    }

    private record Row(long line, List<Field> fields, String unclosedQuote, boolean endedByLineEnd) {
    }

    public CsvItemReader(Reader in) {
        this.in = in;
    }

    /** The header's columns, once the first entry has been read; null before. */
    public List<CsvColumn> columns() {
        return columns;
    }

    @Override
    public ReadEntry next() throws IOException {
        while (!done) {
            var row = readRow();
            if (row == null) {
                done = true;
                return null;
            }
            var malformed = in instanceof Utf8Reader utf8 ? utf8.takeMalformedUpTo(lastLineOf(row), Integer.MAX_VALUE) : Optional.<Utf8Reader.Malformed>empty();
            if (malformed.isPresent()) {
                done = columns == null;
                return new ReadEntry.Problem(malformed.get().line(), malformed.get().column(), malformed.get().message()
                        + (done ? " (in the header: nothing after it is read)" : ""), done);
            }
            if (row.unclosedQuote() != null) {
                done = true;
                return new ReadEntry.Problem(row.line(), 0, row.unclosedQuote(), true);
            }
            if (row.fields().size() == 1 && row.fields().getFirst().text().isEmpty() && !row.fields().getFirst().quoted()) {
                continue; // a blank line
            }
            if (columns == null) {
                var problem = header(row);
                if (problem != null) {
                    done = true;
                    return problem;
                }
                continue;
            }
            return item(row);
        }
        return null;
    }

    /** The line a row read last ends on: the one before {@link #line} when a line end closed it, {@link #line} at the end of the input. */
    private long lastLineOf(Row row) {
        return row.endedByLineEnd() ? line - 1 : line;
    }

    private ReadEntry.Problem header(Row row) {
        columns = new ArrayList<>(row.fields().size());
        guarded = new boolean[row.fields().size()];
        var seen = new HashMap<CsvColumn, Integer>();
        for (int i = 0; i < row.fields().size(); i++) {
            var text = row.fields().get(i).text();
            if (i == 0 && text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            if (isGuardedHeader(text)) {
                guarded[i] = true;
                text = unguard(text.substring(0, text.length() - 1));
            }
            var column = CsvColumn.parse(text);
            if (column.name().isEmpty()) {
                return new ReadEntry.Problem(row.line(), 0, "Header cell " + (i + 1) + " names no attribute; every column needs a name like price:N", true);
            }
            var before = seen.put(column, i + 1);
            if (before != null) {
                return new ReadEntry.Problem(row.line(), 0, "The header has " + column + " twice (cells " + before + " and " + (i + 1) + ")", true);
            }
            columns.add(column);
        }
        return null;
    }

    private ReadEntry item(Row row) {
        var fields = row.fields();
        if (fields.size() != columns.size()) {
            return new ReadEntry.Problem(row.line(), 0, "The row has " + fields.size() + " cell(s) but the header has "
                    + columns.size() + " column(s)", false);
        }
        var attributes = new LinkedHashMap<String, AttributeValue>();
        var columnOf = new HashMap<String, CsvColumn>();
        for (int i = 0; i < fields.size(); i++) {
            var field = fields.get(i);
            if (field.text().isEmpty() && !field.quoted()) {
                continue;
            }
            var column = columns.get(i);
            var other = columnOf.putIfAbsent(column.name(), column);
            if (other != null) {
                return new ReadEntry.Problem(row.line(), 0, "Attribute \"" + column.name() + "\" has a value in two columns, "
                        + other + " and " + column + "; an item holds one value per attribute", false);
            }
            try {
                attributes.put(column.name(), CsvCells.decode(guarded[i] ? unguard(field.text()) : field.text(), column.type()));
            } catch (CsvCells.CellException e) {
                return new ReadEntry.Problem(row.line(), 0, "Column " + column + (e.offset() > 0 ? ", character " + e.offset() : "")
                        + ": " + e.getMessage(), false);
            } catch (IllegalArgumentException e) {
                return new ReadEntry.Problem(row.line(), 0, "Column " + column + ": " + e.getMessage(), false);
            }
        }
        if (attributes.isEmpty()) {
            return new ReadEntry.Problem(row.line(), 0, "The row has no values", false);
        }
        return new ReadEntry.ItemAt(new Item(attributes), row.line());
    }

    /** {@code note:S'}: a typed header cell with the guard mark of {@link CsvStyle#SPREADSHEET_SAFE}. */
    private static boolean isGuardedHeader(String text) {
        if (text.length() < 3 || text.charAt(text.length() - 1) != CsvStyle.GUARDED_MARK) {
            return false;
        }
        // Typed once the mark is off: parsing and writing it back gives the same cell (an untyped one would gain ":S").
        var unmarked = text.substring(0, text.length() - 1);
        return CsvColumn.parse(unmarked).header().equals(unmarked);
    }

    private static String unguard(String text) {
        return !text.isEmpty() && text.charAt(0) == CsvStyle.GUARDED_MARK ? text.substring(1) : text;
    }

    /** One record, or null at the end of the input. */
    private Row readRow() throws IOException {
        long start = line;
        int c = read();
        if (c == -1) {
            return null;
        }
        var fields = new ArrayList<Field>();
        var text = new StringBuilder();
        while (true) {
            boolean quoted = false;
            text.setLength(0);
            if (c == '"') {
                quoted = true;
                long quoteLine = line;
                while (true) {
                    c = read();
                    if (c == -1) {
                        return new Row(start, fields, "A quoted cell opened on line " + quoteLine + " is never closed (nothing after it is read)", false);
                    }
                    if (c == '"') {
                        c = read();
                        if (c != '"') {
                            break;
                        }
                    }
                    text.append((char) c);
                }
                // Text after the closing quote (a"b"c) is kept as RFC 4180 readers commonly do.
                while (c != ',' && c != '\n' && c != '\r' && c != -1) {
                    text.append((char) c);
                    c = read();
                }
            } else {
                while (c != ',' && c != '\n' && c != '\r' && c != -1) {
                    text.append((char) c);
                    c = read();
                }
            }
            fields.add(new Field(text.toString(), quoted));
            if (c == ',') {
                c = read();
                continue;
            }
            if (c == '\r') {
                int after = read();
                if (after != '\n' && after != -1) {
                    pushedBack = after;
                }
            }
            return new Row(start, fields, null, c != -1);
        }
    }

    private int read() throws IOException {
        if (pushedBack != -2) {
            int c = pushedBack;
            pushedBack = -2;
            return c; // counted when it was first read
        }
        int c = in.read();
        if (c == '\r' || c == '\n' && !afterCarriageReturn) {
            line++;
        }
        afterCarriageReturn = c == '\r';
        return c;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
