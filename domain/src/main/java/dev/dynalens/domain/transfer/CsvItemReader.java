package dev.dynalens.domain.transfer;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.dynalens.domain.codec.Utf8Reader;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

/**
 * Reads CSV with a typed header ({@link CsvItemWriter}): RFC 4180 quoting, CRLF or LF line ends, quoted
 * cells may span lines. The first record is the header. An unquoted empty cell means the attribute is
 * missing; a quoted empty cell ({@code ""}) is an empty string. A row that cannot be an item (a cell that
 * is not a value of its column's type, the wrong number of cells, two values for one attribute) is a
 * problem with its line, and reading goes on with the next row; a column marked guarded ({@code note:S'},
 * {@link CsvStyle#SPREADSHEET_SAFE}) loses one leading apostrophe from each cell; a quote left open at the end of the
 * file, or text after a closing quote, is a fatal problem. Read from a {@link Utf8Reader}, a row whose bytes are not
 * UTF-8 is a problem with the line and column of the first such byte (in the header: a fatal one).
 *
 * <p>The tokenizing is Jackson's CSV parser (decision 0007): with {@code EMPTY_UNQUOTED_STRING_AS_NULL} an
 * unquoted empty cell comes as a null and a quoted one as an empty string, which is the one distinction the
 * typed format needs from it.
 */
public final class CsvItemReader implements ItemReader {
    private static final CsvFactory FACTORY = CsvFactory.builder()
            .enable(CsvParser.Feature.EMPTY_UNQUOTED_STRING_AS_NULL)
            .build();

    private final Reader in;
    private CsvParser parser;
    private List<CsvColumn> columns;
    /** Per column: its header ended in the guard mark ({@code note:S'}), so a leading apostrophe is not part of a cell. */
    private boolean[] guarded;
    private boolean done;

    /** A cell: {@code text} is null for an unquoted empty cell. */
    private record Field(String text) {
        boolean missing() {
            return text == null;
        }
    }

    /** A record; {@code endLine} and {@code endColumn} are where the parser stood after it (1-based). */
    private record Row(long line, List<Field> fields, long endLine, int endColumn) {
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
            Row row;
            try {
                row = readRow();
            } catch (Unreadable e) {
                done = true;
                return e.problem;
            }
            if (row == null) {
                done = true;
                return null;
            }
            var malformed = malformedIn(row);
            if (malformed.isPresent()) {
                done = columns == null;
                return new ReadEntry.Problem(malformed.get().line(), malformed.get().column(), malformed.get().message()
                        + (done ? " (in the header: nothing after it is read)" : ""), done);
            }
            if (row.fields().size() == 1 && row.fields().get(0).missing()) {
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

    /**
     * The first byte sequence that is not UTF-8 among the characters the parser has consumed for this row. Jackson
     * reads ahead of the row, so the reader's record is cut at the parser's position, not at what was read.
     */
    private Optional<Utf8Reader.Malformed> malformedIn(Row row) {
        if (!(in instanceof Utf8Reader utf8)) {
            return Optional.empty();
        }
        return utf8.takeMalformedUpTo(row.endLine(), row.endColumn() - 1);
    }

    private ReadEntry.Problem header(Row row) {
        columns = new ArrayList<>(row.fields().size());
        guarded = new boolean[row.fields().size()];
        var seen = new HashMap<CsvColumn, Integer>();
        for (int i = 0; i < row.fields().size(); i++) {
            var text = row.fields().get(i).missing() ? "" : row.fields().get(i).text();
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
            if (field.missing()) {
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
        if (parser == null) {
            parser = FACTORY.createParser(in);
            parser.setSchema(CsvSchema.emptySchema());
        }
        var token = next(parser.currentLocation().getLineNr());
        if (token == null) {
            return null;
        }
        if (token != JsonToken.START_ARRAY) {
            throw new IllegalStateException("Jackson's CSV parser gave " + token + " where a row starts");
        }
        var fields = new ArrayList<Field>();
        long line = -1;
        while (true) {
            var cellLine = parser.currentLocation().getLineNr();
            token = next(cellLine);
            if (token == JsonToken.END_ARRAY || token == null) {
                var end = parser.currentLocation();
                return new Row(line, fields, end.getLineNr(), end.getColumnNr());
            }
            if (line < 0) {
                line = parser.currentTokenLocation().getLineNr(); // the row's first line: where its first cell starts
            }
            fields.add(new Field(token == JsonToken.VALUE_NULL ? null : parser.getText()));
        }
    }

    /** The next token; {@code cellLine} is where the cell about to be read starts, named when its quote never closes. */
    private JsonToken next(long cellLine) throws IOException {
        try {
            return parser.nextToken();
        } catch (JsonParseException e) {
            throw new Unreadable(problem(e, cellLine));
        }
    }

    private static ReadEntry.Problem problem(JsonParseException e, long cellLine) {
        var where = e.getLocation();
        long line = where == null ? cellLine : where.getLineNr();
        int column = where == null ? 0 : Math.max(0, where.getColumnNr());
        var reason = String.valueOf(e.getOriginalMessage());
        if (reason.startsWith("Missing closing quote")) {
            return new ReadEntry.Problem(cellLine, 0, "A quoted cell opened on line " + cellLine + " is never closed (nothing after it is read)", true);
        }
        if (reason.startsWith("Unexpected character") && reason.contains("column separator")) {
            // Jackson's location is just after the character it did not expect.
            return new ReadEntry.Problem(line, Math.max(0, column - 1), "Text follows a closing quote; a quoted cell ends at a comma or the end of "
                    + "the line (a quote inside it is written twice: \"\"), so nothing after it is read", true);
        }
        return new ReadEntry.Problem(line, column, "Not readable as CSV: " + reason + " (nothing after it is read)", true);
    }

    /** A syntax error of the file; reading ends with its problem. */
    private static final class Unreadable extends IOException {
        private final transient ReadEntry.Problem problem;

        Unreadable(ReadEntry.Problem problem) {
            super(problem.message());
            this.problem = problem;
        }
    }

    @Override
    public void close() throws IOException {
        if (parser != null) {
            parser.close();
        }
        in.close();
    }
}
