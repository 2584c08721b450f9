package dev.dynalens.export;

/** Decodes one line of a data file. */
interface RecordDecoder {

    /**
     * @throws LineException when the line does not parse, with the line-relative position
     */
    ExportRecord decode(String line);

    static RecordDecoder of(ExportFormat format, boolean incremental) {
        return format == ExportFormat.ION ? new IonRecords(incremental) : new JsonRecords(incremental);
    }

    /** A line that does not parse: what is wrong, and where in the line (1-based). */
    final class LineException extends RuntimeException {
        private final int line;
        private final int column;

        LineException(String problem, int line, int column) {
            super(problem, null, false, false);
            this.line = line;
            this.column = column;
        }

        int line() {
            return line;
        }

        int column() {
            return column;
        }
    }
}
