package dev.dynalens.domain.transfer;

/**
 * How a CSV export writes its cells.
 * <ul>
 *   <li>{@link #TYPED}: every value exactly as it is ({@code =1+1} stays {@code =1+1}): lossless for any reader, but a
 *       spreadsheet that opens the file evaluates such a cell as a formula.</li>
 *   <li>{@link #SPREADSHEET_SAFE}: as OWASP's "CSV Injection" advice says, a cell a spreadsheet would read as a formula
 *       (starting with {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return) gets a leading apostrophe
 *       and double quotes ({@code "'=1+1"}), which makes it text; so does a cell that starts with an apostrophe itself,
 *       so that the guard can always be told from the value. Only string and binary cells can start so (numbers,
 *       booleans, nulls, sets, lists and maps cannot be formulas), and header cells too. The header records it: each
 *       column is {@code name:TYPE'}, and import takes one leading apostrophe off every cell of such a column, so the
 *       exact value comes back.</li>
 * </ul>
 */
public enum CsvStyle {
    TYPED, SPREADSHEET_SAFE;

    /** The mark after a column's type that says its cells are guarded: {@code note:S'}. */
    static final char GUARDED_MARK = '\'';

    /** Whether a spreadsheet would read text starting so as a formula, or it starts with the guard itself. */
    static boolean needsGuard(String text) {
        if (text.isEmpty()) {
            return false;
        }
        return switch (text.charAt(0)) {
            case '=', '+', '-', '@', '\t', '\r', '\'' -> true;
            default -> false;
        };
    }
}
