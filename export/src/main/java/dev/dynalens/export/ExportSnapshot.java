package dev.dynalens.export;

import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A table as of an export: a full export, then incremental exports applied in order. Opening reads the manifests (and
 * the incremental exports' changes, which are small); the full export's data files are then read as {@link Part}s, each
 * from its first byte to its end, on as many threads as the caller likes. The manifests drive the read: nothing is
 * listed. Every problem is an {@link ExportReadException} that names the export or the file.
 */
public final class ExportSnapshot implements AutoCloseable {
    private final List<ExportSource> sources;
    private final List<ExportSummary> summaries;
    private final List<DataFile> fullFiles;
    private final ChangeSet changes;
    private final ReadCounters counters = new ReadCounters();

    private ExportSnapshot(List<ExportSource> sources, List<ExportSummary> summaries, List<DataFile> fullFiles, ChangeSet changes) {
        this.sources = sources;
        this.summaries = summaries;
        this.fullFiles = fullFiles;
        this.changes = changes;
    }

    /**
     * Opens a full export followed by any incremental exports, in order: each incremental export's window must start
     * where the previous export ends, all of the same table.
     */
    public static ExportSnapshot open(List<ExportSource> sources) {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("No export to read");
        }
        var summaries = new ArrayList<ExportSummary>();
        List<DataFile> fullFiles = null;
        var changes = new ChangeSet();
        var counters = new ReadCounters();
        for (var source : sources) {
            var summary = summary(source);
            var where = source.location().text();
            if (summaries.isEmpty()) {
                if (summary.incremental()) {
                    throw new ExportReadException(where + " is an incremental export: give the full export it builds on first, "
                            + "then the incremental exports in order");
                }
            } else {
                var previous = summaries.get(summaries.size() - 1);
                if (!summary.incremental()) {
                    throw new ExportReadException(where + " is a full export: only the first export given may be one; the others "
                            + "are incremental exports applied onto it in order");
                }
                if (summary.tableArn() != null && previous.tableArn() != null && !summary.tableArn().equals(previous.tableArn())) {
                    throw new ExportReadException(where + " exports " + summary.tableArn() + ", not " + previous.tableArn());
                }
                if (!summary.fromTime().equals(previous.snapshotTime())) {
                    throw new ExportReadException(where + "'s window starts at " + summary.fromTime() + ", not where the previous "
                            + "export ends (" + previous.snapshotTime() + "): the changes in between would be missing");
                }
            }
            var files = files(source, summary);
            if (summaries.isEmpty()) {
                fullFiles = files;
            } else {
                var decoder = RecordDecoder.of(summary.format(), true);
                for (var file : files) {
                    var key = source.location().resolve(file.key());
                    try (var reader = DataFileReader.open(source.store(), key, file, decoder, counters)) {
                        ExportRecord record;
                        while ((record = reader.next()) != null) {
                            changes.apply((ExportRecord.Change) record, reader.where());
                        }
                    }
                }
            }
            summaries.add(summary);
        }
        return new ExportSnapshot(List.copyOf(sources), List.copyOf(summaries), List.copyOf(fullFiles), changes);
    }

    private static ExportSummary summary(ExportSource source) {
        var location = source.location();
        var store = source.store();
        var key = location.own(ExportLocation.SUMMARY);
        byte[] bytes;
        try {
            bytes = readAll(store, key);
        } catch (NoSuchFileException e) {
            boolean started;
            try {
                started = store.exists(location.own("_started"));
            } catch (IOException ignored) {
                started = false;
            }
            throw new ExportReadException(started
                    ? "The export " + location.text() + " is not complete: it has _started but no manifest-summary.json yet "
                    + "(still IN_PROGRESS, or FAILED: DescribeExport says which)"
                    : "No export at " + location.text() + ": there is no " + store.describe(key));
        }
        checkChecksum(store, location.own("manifest-summary.checksum"), bytes, store.describe(key));
        return Manifests.summary(bytes, store.describe(key));
    }

    private static List<DataFile> files(ExportSource source, ExportSummary summary) {
        var store = source.store();
        var key = source.location().resolve(summary.manifestFilesKey());
        byte[] bytes;
        try {
            bytes = readAll(store, key);
        } catch (NoSuchFileException e) {
            throw new ExportReadException("The export " + source.location().text() + " has no files manifest: "
                    + store.describe(key) + " is missing");
        }
        int slash = key.lastIndexOf('/');
        var checksum = (slash < 0 ? "" : key.substring(0, slash + 1)) + "manifest-files.checksum";
        checkChecksum(store, checksum, bytes, store.describe(key));
        var files = Manifests.files(bytes, store.describe(key));
        long total = files.stream().mapToLong(DataFile::itemCount).sum();
        if (total != summary.itemCount()) {
            throw new ExportReadException("The export " + source.location().text() + "'s manifests disagree: its files hold "
                    + total + " item(s) by " + store.describe(key) + ", its summary says " + summary.itemCount());
        }
        return files;
    }

    /** A manifest's {@code .checksum} (its MD5, in hex), checked when it is there. */
    private static void checkChecksum(ExportStore store, String key, byte[] manifest, String where) {
        byte[] checksum;
        try {
            checksum = readAll(store, key);
        } catch (NoSuchFileException e) {
            return;
        }
        var expected = new String(checksum, java.nio.charset.StandardCharsets.US_ASCII).strip();
        if (expected.isEmpty()) {
            return;
        }
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is in every JVM", e);
        }
        if (!DataFileReader.matches(expected, md5.digest(manifest))) {
            throw new ExportReadException(where + " is corrupted: its MD5 differs from " + store.describe(key));
        }
    }

    private static byte[] readAll(ExportStore store, String key) throws NoSuchFileException {
        try (InputStream in = store.open(key)) {
            return in.readAllBytes();
        } catch (NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            throw new ExportReadException("Cannot read " + store.describe(key) + ": " + e.getMessage(), e);
        }
    }

    /** The full export's summary. */
    public ExportSummary full() {
        return summaries.get(0);
    }

    /** Every summary, the full export's first. */
    public List<ExportSummary> summaries() {
        return summaries;
    }

    /** The moment the table is as of: the last incremental export's window end, or the full export's time. */
    public Instant snapshotTime() {
        return summaries.get(summaries.size() - 1).snapshotTime();
    }

    /** The items to expect: the full export's, give or take what the changes add or remove. */
    public long expectedItems() {
        return full().itemCount();
    }

    /** The key attributes' names, sorted, when an incremental export gave them. */
    public Optional<List<String>> keyNames() {
        return changes.keyNames();
    }

    /** What was read so far. */
    public ReadCounters counters() {
        return counters;
    }

    /** The changes' item count (inserted or updated, not deleted), read when opened. */
    public int changedKeys() {
        return changes.size();
    }

    /** The parts to read: each of the full export's data files, then the changes' images (when there are changes). */
    public List<Part> parts() {
        return parts(counters);
    }

    private List<Part> parts(ReadCounters counting) {
        var parts = new ArrayList<Part>();
        var source = sources.get(0);
        var decoder = RecordDecoder.of(full().format(), false);
        for (var file : fullFiles) {
            parts.add(new FilePart(source, file, decoder, counting));
        }
        if (!changes.isEmpty()) {
            parts.add(new ChangesPart());
        }
        return parts;
    }

    /**
     * Up to {@code max} of the first items, from the first data files (for a guess of the key schema): not counted in
     * {@link #counters()}, which say what the read itself has done. A file that cannot be read is left out here: the read
     * fails on it with its sentence.
     */
    public List<Item> firstItems(int max) {
        var items = new ArrayList<Item>();
        for (var part : parts(new ReadCounters())) {
            try (var cursor = part.open()) {
                Item item;
                while (items.size() < max && (item = cursor.next()) != null) {
                    items.add(item);
                }
            } catch (ExportReadException e) {
                continue;
            }
            if (items.size() >= max) {
                break;
            }
        }
        return items;
    }

    /** A stretch of the snapshot read in one go, on one thread. */
    public interface Part {
        /** For a person: the data file's address, or "the incremental exports' changes". */
        String describe();

        /** Opens it from its first item. */
        Cursor open();
    }

    /** The items of a part, one after another. */
    public interface Cursor extends AutoCloseable {
        /** The next item, or null at the part's end (a file's count and MD5 checked by then). */
        Item next();

        @Override
        void close();
    }

    private final class FilePart implements Part {
        private final ExportSource source;
        private final DataFile file;
        private final RecordDecoder decoder;
        private final ReadCounters counting;

        FilePart(ExportSource source, DataFile file, RecordDecoder decoder, ReadCounters counting) {
            this.source = source;
            this.file = file;
            this.decoder = decoder;
            this.counting = counting;
        }

        @Override
        public String describe() {
            return source.store().describe(source.location().resolve(file.key()));
        }

        @Override
        public Cursor open() {
            var reader = DataFileReader.open(source.store(), source.location().resolve(file.key()), file, decoder, counting);
            return new Cursor() {
                @Override
                public Item next() {
                    ExportRecord record;
                    while ((record = reader.next()) != null) {
                        var item = ((ExportRecord.Full) record).item();
                        if (!changes.changed(item)) {
                            return item;
                        }
                    }
                    return null;
                }

                @Override
                public void close() {
                    reader.close();
                }
            };
        }
    }

    private final class ChangesPart implements Part {
        @Override
        public String describe() {
            return "the incremental exports' changes";
        }

        @Override
        public Cursor open() {
            var images = changes.images().iterator();
            return new Cursor() {
                @Override
                public Item next() {
                    return images.hasNext() ? images.next() : null;
                }

                @Override
                public void close() {
                }
            };
        }
    }

    /**
     * Reads every part on {@code threads} threads of its own and hands each item to {@code sink}, from the thread that
     * read it; returns when every part was read, or throws the first failure (the other parts then stop).
     *
     * @param cancelled asked between items: true stops the read, which then throws {@link java.util.concurrent.CancellationException}
     */
    public void forEachItem(int threads, Consumer<? super Item> sink, java.util.function.BooleanSupplier cancelled) {
        var parts = parts();
        var next = new AtomicInteger();
        var stop = new AtomicBoolean();
        var stoppedByCancel = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, parts.size())), runnable -> {
            var thread = new Thread(runnable, "export reader");
            thread.setDaemon(true);
            return thread;
        });
        try {
            var futures = new ArrayList<Future<?>>();
            for (int t = 0; t < Math.max(1, Math.min(threads, parts.size())); t++) {
                futures.add(pool.submit(() -> {
                    int index;
                    while (!stop.get() && (index = next.getAndIncrement()) < parts.size()) {
                        try (var cursor = parts.get(index).open()) {
                            Item item;
                            while ((item = cursor.next()) != null) {
                                if (stop.get()) {
                                    return;
                                }
                                if (cancelled.getAsBoolean()) {
                                    stoppedByCancel.set(true);
                                    stop.set(true);
                                    return;
                                }
                                sink.accept(item);
                            }
                        }
                    }
                }));
            }
            RuntimeException failure = null;
            for (var future : futures) {
                try {
                    future.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    stop.set(true);
                    if (failure == null) {
                        failure = e.getCause() instanceof RuntimeException r ? r : new ExportReadException(e.getCause().getMessage(), e.getCause());
                    }
                } catch (InterruptedException e) {
                    stop.set(true);
                    Thread.currentThread().interrupt();
                    throw new java.util.concurrent.CancellationException("interrupted");
                }
            }
            if (failure != null) {
                throw failure;
            }
            if (stoppedByCancel.get()) {
                throw new java.util.concurrent.CancellationException("The read of the export was cancelled");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Override
    public void close() {
        sources.stream().map(ExportSource::store).distinct().forEach(ExportStore::close);
    }

    @Override
    public String toString() {
        return "export " + full().exportId() + " as of " + snapshotTime();
    }

}
