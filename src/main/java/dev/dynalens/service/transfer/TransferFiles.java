package dev.dynalens.service.transfer;

import dev.dynalens.domain.transfer.CsvItemReader;
import dev.dynalens.domain.transfer.FormatDetection;
import dev.dynalens.domain.transfer.ItemReader;
import dev.dynalens.domain.transfer.JsonLinesItemReader;
import dev.dynalens.domain.transfer.PlainJsonItemReader;
import dev.dynalens.domain.transfer.TransferFormat;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;

/** Opening transfer files: UTF-8, buffered, gzip by content when reading and by a {@code .gz} name when writing. */
final class TransferFiles {
    static final int BUFFER = 1 << 16;
    private static final int HEAD = 8 * 1024;

    private TransferFiles() {
    }

    static Writer newWriter(Path file, boolean gzip) throws IOException {
        var out = Files.newOutputStream(file);
        try {
            var stream = gzip ? new GZIPOutputStream(out, BUFFER) : out;
            return new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), BUFFER);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    static OutputStream newOutputStream(Path file, boolean gzip) throws IOException {
        var out = Files.newOutputStream(file);
        try {
            return gzip ? new GZIPOutputStream(out, BUFFER) : new BufferedOutputStream(out, BUFFER);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    static boolean isGzipName(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
    }

    /** The file's bytes, gunzipped when they start with gzip's magic number; {@code counted} follows the raw bytes read. */
    static InputStream open(Path file, AtomicLong counted) throws IOException {
        InputStream raw = Files.newInputStream(file);
        if (counted != null) {
            raw = new Counting(raw, counted);
        }
        return dev.dynalens.domain.workspace.WorkspaceReader.gunzipIfGzipped(raw);
    }

    static BufferedReader openText(Path file, AtomicLong counted) throws IOException {
        return new BufferedReader(new InputStreamReader(open(file, counted), StandardCharsets.UTF_8), BUFFER);
    }

    /** The format the content (or, for CSV, the name) says; empty file: an IllegalArgumentException that says so. */
    static TransferFormat detect(Path file) throws IOException {
        var head = new char[HEAD];
        int length = 0;
        try (var reader = openText(file, null)) {
            int n;
            while (length < HEAD && (n = reader.read(head, length, HEAD - length)) > 0) {
                length += n;
            }
        }
        var name = file.getFileName().toString();
        return FormatDetection.detect(name, new String(head, 0, length))
                .orElseThrow(() -> new IllegalArgumentException(name + " is empty: there is nothing to import"));
    }

    /** A streaming reader for the line and array formats (a Workbench model is read whole, by the workspace reader). */
    static ItemReader reader(TransferFormat format, Path file, AtomicLong counted) throws IOException {
        var text = openText(file, counted);
        try {
            return switch (format) {
                case JSONL -> new JsonLinesItemReader(text);
                case JSON -> new PlainJsonItemReader(text);
                case CSV -> new CsvItemReader(text);
                case WORKBENCH -> throw new IllegalArgumentException("A Workbench model is read whole");
            };
        } catch (IOException | RuntimeException e) {
            text.close();
            throw e;
        }
    }

    private static final class Counting extends FilterInputStream {
        private final AtomicLong count;

        Counting(InputStream in, AtomicLong count) {
            super(in);
            this.count = count;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count.incrementAndGet();
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count.addAndGet(n);
            }
            return n;
        }
    }
}
