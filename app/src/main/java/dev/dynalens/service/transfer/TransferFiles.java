package dev.dynalens.service.transfer;

import dev.dynalens.domain.codec.Utf8Reader;
import dev.dynalens.domain.transfer.CsvItemReader;
import dev.dynalens.domain.transfer.FormatDetection;
import dev.dynalens.domain.transfer.ItemReader;
import dev.dynalens.domain.transfer.JsonLinesItemReader;
import dev.dynalens.domain.transfer.PlainJsonItemReader;
import dev.dynalens.domain.transfer.TransferFormat;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.BufferedWriter;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;

/** Opening transfer files: UTF-8, buffered, gzip by content when reading and by a {@code .gz} name when writing. */
final class TransferFiles {
    static final int BUFFER = 1 << 16;
    private static final int HEAD = 8 * 1024;

    private TransferFiles() {
    }

    /** A writer of a file {@linkplain #createNew created new}, with the permissions of {@code like} when that exists. */
    static Writer newWriter(Path file, boolean gzip, Path like) throws IOException {
        var out = createNew(file, like);
        try {
            var stream = gzip ? new GZIPOutputStream(out, BUFFER) : out;
            return new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), BUFFER);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** A buffered stream into a file {@linkplain #createNew created new}, with the permissions of {@code like} when that exists. */
    static OutputStream newOutputStream(Path file, boolean gzip, Path like) throws IOException {
        var out = createNew(file, like);
        try {
            return gzip ? new GZIPOutputStream(out, BUFFER) : new BufferedOutputStream(out, BUFFER);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /**
     * Creates {@code file} as a new regular file and opens it: whatever has that name already (a leftover of an
     * interrupted export, or a link planted to make the export write elsewhere) is removed first, never opened, and
     * the file is then created with {@code CREATE_NEW}, which refuses to follow a link. When {@code like} is a file,
     * the new one takes its POSIX permissions before anything is written, so re-exporting over a {@code 0600} file
     * never leaves its data readable by others; otherwise the process's umask decides, as for any new file.
     */
    static OutputStream createNew(Path file, Path like) throws IOException {
        var permissions = permissionsOf(like);
        for (int attempt = 1; ; attempt++) {
            Files.deleteIfExists(file);
            OutputStream out;
            try {
                out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (FileAlreadyExistsException e) {
                if (attempt < 3) {
                    continue;
                }
                throw new IOException("Cannot create " + file + ": something recreates it each time it is removed", e);
            }
            try {
                if (permissions != null) {
                    Files.setPosixFilePermissions(file, permissions);
                }
                return out;
            } catch (IOException | RuntimeException e) {
                out.close();
                Files.deleteIfExists(file);
                throw e;
            }
        }
    }

    private static Set<PosixFilePermission> permissionsOf(Path like) throws IOException {
        if (like == null || !Files.isRegularFile(like) || !Files.getFileStore(like).supportsFileAttributeView(PosixFileAttributeView.class)) {
            return null;
        }
        return Files.getPosixFilePermissions(like);
    }

    /**
     * The file an export replaces: {@code requested} itself when it is a regular file or does not exist yet, the file it
     * points to when it is a link to a regular file (the link stays; a shell's {@code >} writes through a link too).
     *
     * @throws IllegalArgumentException in words for the person when it is a folder, a named pipe, a device or a socket (or
     *                                  a link to one, like {@code /dev/stdout}), or a link to nothing: an export writes a
     *                                  file beside the target and moves it into place, which would replace such an entry
     *                                  with a regular file
     */
    static Path exportTarget(Path requested) throws IOException {
        BasicFileAttributes own;
        try {
            own = Files.readAttributes(requested, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return requested;
        }
        if (own.isRegularFile()) {
            return requested;
        }
        if (!own.isSymbolicLink()) {
            throw new IllegalArgumentException(requested + " is " + kind(requested, own) + ", not a file; an export writes a file: "
                    + "give the path of a file to create or replace");
        }
        var pointsTo = Files.readSymbolicLink(requested);
        BasicFileAttributes followed;
        try {
            followed = Files.readAttributes(requested, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(requested + " is a link to " + pointsTo + ", which does not exist; give the path "
                    + "of the file to write instead of the link");
        }
        if (followed.isRegularFile()) {
            return requested.toRealPath();
        }
        throw new IllegalArgumentException(requested + " is a link to " + pointsTo + ", which is " + kind(requested, followed)
                + ", not a file; an export writes a file: give the path of a file to create or replace");
    }

    /** "a folder", "a named pipe (FIFO)", "a device", "a socket" or "a special file", from the Unix mode where the platform has one. */
    private static String kind(Path path, BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "a folder";
        }
        try {
            int type = ((Integer) Files.getAttribute(path, "unix:mode")) & 0170000;
            return switch (type) {
                case 0010000 -> "a named pipe (FIFO)";
                case 0020000, 0060000 -> "a device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "a special file";
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

    /** The file's text, strictly UTF-8: the readers turn what is not UTF-8 into a problem with its line and column. */
    static Utf8Reader openText(Path file, AtomicLong counted) throws IOException {
        return new Utf8Reader(open(file, counted));
    }

    /** The format the content (or, for CSV, the name) says; empty file: an IllegalArgumentException that says so. */
    static TransferFormat detect(Path file) throws IOException {
        var name = file.getFileName().toString();
        return FormatDetection.detect(name, head(file)).orElseThrow(() -> empty(name));
    }

    /**
     * Refuses a file with nothing in it (or only a byte-order mark and white space), whatever its name or format says: an
     * empty {@code .csv} is as empty as an empty {@code .jsonl}, and both exit as a mistake rather than "0 items imported".
     */
    static void requireContent(Path file) throws IOException {
        var head = head(file);
        if ((head.startsWith("\uFEFF") ? head.substring(1) : head).isBlank()) {
            throw empty(file.getFileName().toString());
        }
    }

    private static IllegalArgumentException empty(String name) {
        return new IllegalArgumentException(name + " is empty: there is nothing to import");
    }

    private static String head(Path file) throws IOException {
        var head = new char[HEAD];
        int length = 0;
        try (var reader = openText(file, null)) {
            int n;
            while (length < HEAD && (n = reader.read(head, length, HEAD - length)) > 0) {
                length += n;
            }
        }
        return new String(head, 0, length);
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
