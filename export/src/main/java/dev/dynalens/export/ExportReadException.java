package dev.dynalens.export;

/**
 * An export that cannot be read as it is: a missing or corrupted file, a manifest that disagrees with its files, an
 * export not completed, a line that does not parse. The message is a sentence that names the export or the file (and
 * the line and column where there is one).
 */
public final class ExportReadException extends RuntimeException {
    public ExportReadException(String message) {
        super(message);
    }

    public ExportReadException(String message, Throwable cause) {
        super(message, cause);
    }
}
