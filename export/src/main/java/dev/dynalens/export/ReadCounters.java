package dev.dynalens.export;

import java.util.concurrent.atomic.AtomicLong;

/** What a read has done so far, updated by every file's reader as it goes: files, items and (gzipped) bytes. */
public final class ReadCounters {
    private final AtomicLong files = new AtomicLong();
    private final AtomicLong items = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    void fileDone() {
        files.incrementAndGet();
    }

    void item() {
        items.incrementAndGet();
    }

    void bytes(long read) {
        bytes.addAndGet(read);
    }

    public long files() {
        return files.get();
    }

    public long items() {
        return items.get();
    }

    public long bytes() {
        return bytes.get();
    }
}
