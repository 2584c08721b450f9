package dev.dynalens.export;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * One data file, read line by line from its first byte: gunzipped, each line decoded, and, at its end, its item count
 * and the MD5 of its bytes checked against the manifest. An empty object (an empty partition) holds no lines. Every
 * failure is an {@link ExportReadException} naming the file (and the line and column of a line that does not parse).
 */
final class DataFileReader implements AutoCloseable {
    private final DataFile file;
    private final String where;
    private final RecordDecoder decoder;
    private final ReadCounters counters;
    private final MessageDigest md5;
    private final InputStream raw;
    private final BufferedReader lines;
    private long line;
    private long records;
    private boolean done;

    private DataFileReader(DataFile file, String where, RecordDecoder decoder, ReadCounters counters, MessageDigest md5, InputStream raw,
                           BufferedReader lines) {
        this.file = file;
        this.where = where;
        this.decoder = decoder;
        this.counters = counters;
        this.md5 = md5;
        this.raw = raw;
        this.lines = lines;
    }

    static DataFileReader open(ExportStore store, String key, DataFile file, RecordDecoder decoder, ReadCounters counters) {
        var where = store.describe(key);
        InputStream raw;
        try {
            raw = store.open(key);
        } catch (NoSuchFileException e) {
            throw new ExportReadException("The data file " + where + " is missing (the manifest lists it)");
        } catch (IOException e) {
            throw new ExportReadException("Cannot read the data file " + where + ": " + e.getMessage(), e);
        }
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is in every JVM", e);
        }
        var counted = new FilterInputStream(new DigestInputStream(raw, md5)) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    counters.bytes(1);
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                if (n > 0) {
                    counters.bytes(n);
                }
                return n;
            }
        };
        try {
            var pushback = new PushbackInputStream(counted, 1);
            int first = pushback.read();
            BufferedReader reader;
            if (first < 0) {
                reader = new BufferedReader(new InputStreamReader(InputStream.nullInputStream(), StandardCharsets.UTF_8));
            } else {
                pushback.unread(first);
                InputStream text = key.endsWith(".gz") ? new GZIPInputStream(pushback, 64 * 1024) : pushback;
                reader = new BufferedReader(new InputStreamReader(text, StandardCharsets.UTF_8), 64 * 1024);
            }
            return new DataFileReader(file, where, decoder, counters, md5, counted, reader);
        } catch (ZipException | EOFException e) {
            close(raw);
            throw new ExportReadException("The data file " + where + " is not a complete gzip file: " + e.getMessage());
        } catch (IOException e) {
            close(raw);
            throw new ExportReadException("Cannot read the data file " + where + ": " + e.getMessage(), e);
        }
    }

    /** The next record, or null at the end of the file once its count and MD5 were checked. */
    ExportRecord next() {
        if (done) {
            return null;
        }
        String text;
        try {
            do {
                text = lines.readLine();
                line++;
            } while (text != null && text.isBlank());
        } catch (ZipException | EOFException e) {
            throw new ExportReadException("The data file " + where + " is truncated or corrupted after line " + (line - 1)
                    + " (gzip: " + e.getMessage() + ")");
        } catch (IOException e) {
            throw new ExportReadException("Cannot read the data file " + where + " after line " + (line - 1) + ": " + e.getMessage(), e);
        }
        if (text == null) {
            finish();
            return null;
        }
        ExportRecord record;
        try {
            record = decoder.decode(text);
        } catch (RecordDecoder.LineException e) {
            throw new ExportReadException("The data file " + where + " line " + line + (e.line() > 1 ? "+" + (e.line() - 1) : "")
                    + ", column " + e.column() + ": " + e.getMessage());
        }
        records++;
        counters.item();
        return record;
    }

    private void finish() {
        done = true;
        try {
            // The digest covers every byte of the object, also what follows the gzip stream's end.
            raw.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new ExportReadException("Cannot read the data file " + where + " to its end: " + e.getMessage(), e);
        }
        if (records != file.itemCount()) {
            throw new ExportReadException("The data file " + where + " holds " + records + " item(s); its manifest says "
                    + file.itemCount());
        }
        if (file.md5() != null && !file.md5().isBlank()) {
            var actual = md5.digest();
            if (!matches(file.md5().strip(), actual)) {
                throw new ExportReadException("The data file " + where + " is corrupted: its MD5 is "
                        + Base64.getEncoder().encodeToString(actual) + ", its manifest says " + file.md5());
            }
        }
        counters.fileDone();
    }

    /** The manifest's MD5, base64 as S3's Content-MD5 (or hex, as some copies write it). */
    static boolean matches(String expected, byte[] actual) {
        if (expected.length() == 32 && expected.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            return HexFormat.of().formatHex(actual).equalsIgnoreCase(expected);
        }
        return Base64.getEncoder().encodeToString(actual).equals(expected);
    }

    String where() {
        return where;
    }

    @Override
    public void close() {
        close(raw);
    }

    private static void close(InputStream stream) {
        try {
            stream.close();
        } catch (IOException ignored) {
            // closing after a read: nothing left to lose
        }
    }
}
