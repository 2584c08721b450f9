package dev.dynalens.service.spill;

import dev.dynalens.domain.staleness.ProjectionStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The temporary file a read spills to what does not fit its memory budget (a stale-copy read's projections, the side
 * of a SQL join that is read once and kept): appended by one writer,
 * read back at any position by several threads, deleted when closed (and, should the JVM stop first, when it exits).
 */
public final class SpillFile implements ProjectionStore.Spill, AutoCloseable {
    private final Path path;
    private final FileChannel channel;
    private long size;

    private SpillFile(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /** A new file in {@code directory} (the system's temporary directory by default), readable only by this user where the file system says so. */
    public static SpillFile create(Path directory) {
        return create(directory, "stale");
    }

    /** A new file in {@code directory}, named for what spills to it ({@code stale}, {@code sql}). */
    public static SpillFile create(Path directory, String purpose) {
        try {
            Files.createDirectories(directory);
            var path = Files.createTempFile(directory, "dynalens-" + purpose + "-", ".spill");
            path.toFile().deleteOnExit();
            return new SpillFile(path, FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a temporary file in " + directory + " for what does not fit in memory", e);
        }
    }

    Path path() {
        return path;
    }

    @Override
    public synchronized long write(byte[] bytes, int length) {
        long at = size;
        try {
            var buffer = ByteBuffer.wrap(bytes, 0, length);
            long position = at;
            while (buffer.hasRemaining()) {
                position += channel.write(buffer, position);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write to " + path, e);
        }
        size += length;
        return at;
    }

    @Override
    public byte[] read(long at, int length) {
        var bytes = new byte[length];
        var buffer = ByteBuffer.wrap(bytes);
        try {
            long position = at;
            while (buffer.hasRemaining()) {
                int read = channel.read(buffer, position);
                if (read < 0) {
                    throw new IOException("The file ended early at " + position);
                }
                position += read;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read back " + path, e);
        }
        return bytes;
    }

    @Override
    public synchronized long size() {
        return size;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // Deleting is what matters.
        }
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // deleteOnExit will try again.
        }
    }

    /** A read's spill file, opened at the first chunk that does not fit its budget and deleted when closed. */
    public static final class Lazy {
        private final Path directory;
        private final String purpose;
        private SpillFile file;

        public Lazy(Path directory) {
            this(directory, "stale");
        }

        public Lazy(Path directory, String purpose) {
            this.directory = directory;
            this.purpose = purpose;
        }

        public synchronized ProjectionStore.Spill open() {
            if (file == null) {
                file = create(directory, purpose);
            }
            return file;
        }

        /** The file, or null when nothing spilled. */
        public synchronized SpillFile opened() {
            return file;
        }

        public synchronized long size() {
            return file == null ? 0 : file.size();
        }

        public synchronized void close() {
            if (file != null) {
                file.close();
            }
        }
    }
}
