package dev.dynalens.service.sql;

import dev.dynalens.domain.item.CompactEncoding;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.ProjectionStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The items of one read, kept so that the read is not sent again: appended once, read back from the start by any
 * number of {@link Cursor}s, each at its own pace, while more is still being appended. Items are kept in their compact
 * encoding (exact: a number's text, a binary's bytes, set and map order), in chunks; a chunk that does not fit the run's
 * memory budget goes to its spill file. Not thread-safe: a query's operators pull their rows on one thread.
 */
final class KeptItems {
    private static final int FIRST_CHUNK = 8192;
    private static final int CHUNK = 1 << 20;

    /** The run's memory budget in bytes, shared by all its kept reads. */
    static final class Budget {
        private long left;

        Budget(long bytes) {
            this.left = bytes;
        }

        synchronized boolean take(long bytes) {
            if (bytes > left) {
                return false;
            }
            left -= bytes;
            return true;
        }
    }

    /** A sealed chunk: its bytes in memory, or where they are in the spill file. */
    private record Chunk(byte[] bytes, long at, int length, int items) {
    }

    private final Budget budget;
    private final Supplier<ProjectionStore.Spill> spill;
    private final List<Chunk> chunks = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> numbers = new HashMap<>();
    private final CompactEncoding.Writer scratch = new CompactEncoding.Writer(256);
    private byte[] open = new byte[FIRST_CHUNK];
    private int fill;
    private int openItems;
    private long size;
    private long spilledBytes;

    /** @param spill opened the first time a chunk does not fit the budget */
    KeptItems(Budget budget, Supplier<ProjectionStore.Spill> spill) {
        this.budget = budget;
        this.spill = spill;
    }

    void add(Item item) {
        scratch.reset();
        scratch.item(item, this::number);
        int length = scratch.length();
        if (fill + length > open.length) {
            seal();
            open = new byte[Math.max(length, Math.min(CHUNK, FIRST_CHUNK << Math.min(7, chunks.size())))];
        }
        System.arraycopy(scratch.bytes(), 0, open, fill, length);
        fill += length;
        openItems++;
        size++;
    }

    long size() {
        return size;
    }

    /** Bytes that did not fit the memory budget and went to the spill file. */
    long spilledBytes() {
        return spilledBytes;
    }

    /** A new reader from the first item on. */
    Cursor cursor() {
        return new Cursor();
    }

    /** The open chunk becomes a sealed one, kept in memory when the budget has room, else written to the spill file. */
    private void seal() {
        if (openItems == 0) {
            return;
        }
        if (budget.take(fill)) {
            // the open array is kept as it is, not reused: a cursor reading it goes on reading the same bytes
            chunks.add(new Chunk(open, 0, fill, openItems));
        } else {
            long at = spill.get().write(open, fill);
            spilledBytes += fill;
            chunks.add(new Chunk(null, at, fill, openItems));
        }
        fill = 0;
        openItems = 0;
    }

    private int number(String name) {
        var number = numbers.get(name);
        if (number == null) {
            number = names.size();
            names.add(name);
            numbers.put(name, number);
        }
        return number;
    }

    /** Reads the items in the order they were added; {@link #next} is null when it has caught up with the last one. */
    final class Cursor {
        /** The chunk read: an index into the sealed chunks, or their count for the open one. */
        private int chunk;
        private byte[] bytes;
        private int offset;
        private int item;

        /** The next item, or null when every item added so far was read. */
        Item next() {
            var reader = advance();
            if (reader == null) {
                return null;
            }
            var next = reader.item(names::get);
            offset = reader.position();
            item++;
            return next;
        }

        /** Passes over the next item without decoding it; false when there is none. */
        boolean skip() {
            var reader = advance();
            if (reader == null) {
                return false;
            }
            reader.skipItem();
            offset = reader.position();
            item++;
            return true;
        }

        /** A reader at the next item, moving on to the next chunk when this one is read; null when none is left. */
        private CompactEncoding.Reader advance() {
            while (true) {
                if (chunk < chunks.size()) {
                    var sealed = chunks.get(chunk);
                    if (item < sealed.items()) {
                        if (bytes == null) {
                            bytes = sealed.bytes() != null ? sealed.bytes() : spill.get().read(sealed.at(), sealed.length());
                        }
                        return new CompactEncoding.Reader(bytes, offset);
                    }
                    chunk++;
                    bytes = null;
                    offset = 0;
                    item = 0;
                    continue;
                }
                if (item < openItems) {
                    bytes = open;
                    return new CompactEncoding.Reader(bytes, offset);
                }
                return null;
            }
        }
    }
}
