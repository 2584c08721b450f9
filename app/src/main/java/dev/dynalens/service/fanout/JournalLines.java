package dev.dynalens.service.fanout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An append-only file of JSON lines that survives the process dying at any point: each line is one {@code write} of the
 * whole line on an unbuffered channel, so when the process dies (even by {@code kill -9}) every line it wrote is in the
 * operating system's hands; lines are forced to disk every {@value #FORCE_EVERY} and at close. A torn last line (the
 * process died inside a write) is ended before the next line is appended, so readers can pass over it. The fan-out's and
 * the bulk change's journals and undo files are such files.
 */
public final class JournalLines implements AutoCloseable {
    static final int FORCE_EVERY = 256;
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();
    private final Path file;
    private final FileChannel channel;
    private int unforced;

    private JournalLines(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Creates the file with {@code head} (whole lines), forced to disk before this returns; never overwrites one.
     *
     * @param exists what to say when the file exists already
     */
    public static JournalLines create(Path file, String head, String exists) throws IOException {
        var parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (FileAlreadyExistsException e) {
            throw new FileAlreadyExistsException(file.toString(), null, exists);
        }
        var lines = new JournalLines(file, channel);
        try {
            lines.writeFully(head);
            channel.force(true);
        } catch (IOException e) {
            lines.close();
            throw e;
        }
        return lines;
    }

    /** Opens an existing file to append lines to it, ending a torn last line first. */
    public static JournalLines append(Path file) throws IOException {
        var channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        var lines = new JournalLines(file, channel);
        if (channel.size() > 0) {
            try (var read = FileChannel.open(file, StandardOpenOption.READ)) {
                var last = ByteBuffer.allocate(1);
                read.read(last, read.size() - 1);
                if (last.get(0) != '\n') {
                    lines.writeFully("\n");
                }
            } catch (IOException e) {
                lines.close();
                throw e;
            }
        }
        return lines;
    }

    public Path file() {
        return file;
    }

    /** Appends one line (without its newline) in one write. */
    public synchronized void line(String line) throws IOException {
        writeFully(line + "\n");
        if (++unforced >= FORCE_EVERY) {
            channel.force(false);
            unforced = 0;
        }
    }

    /**
     * Appends one outcome line, as the fan-out's and the bulk change's journals both write them:
     * {@code {"done":3,"outcome":"APPLIED","detail":"…","at":"…"}} ({@code detail} left out when null).
     */
    public void outcome(int index, String outcome, String detail, java.time.Instant at) throws IOException {
        var line = JSON.createObjectNode();
        line.put("done", index).put("outcome", outcome);
        if (detail != null) {
            line.put("detail", detail);
        }
        line.put("at", at.toString());
        line(line.toString());
    }

    private void writeFully(String text) throws IOException {
        var buffer = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (channel.isOpen()) {
            try {
                channel.force(false);
            } finally {
                channel.close();
            }
        }
    }
}
