package dev.dynalens.domain.item;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * A list of items kept as bytes, for workspaces of a million items: an {@link Item} of about 200 bytes of JSON
 * takes about 900 bytes of heap as maps, strings and records, and about a seventh of that here. Attribute and map
 * key names are stored once in a dictionary and referred to by number; values keep their exact form (a number's
 * text, a binary's bytes, set and map order). {@link #get} decodes a fresh item each time: callers that compare
 * many items by a few attributes read those once (as {@code KeyIndex} does).
 *
 * <p>Filled by one thread with {@link #add}, then read by any number of threads; not safe to add while reading.
 */
public final class CompactItems extends AbstractList<Item> implements RandomAccess {
    private static final int CHUNK = 1 << 20;

    private final List<byte[]> chunks = new ArrayList<>();
    private long[] offsets = new long[16];
    private int size;
    private long used;
    private int fill;
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> nameNumbers = new HashMap<>();
    private final CompactEncoding.Writer scratch = new CompactEncoding.Writer(256);

    public CompactItems() {
    }

    public CompactItems(List<Item> items) {
        items.forEach(this::add);
    }

    @Override
    public boolean add(Item item) {
        scratch.reset();
        scratch.item(item, this::number);
        append(scratch.bytes(), scratch.length());
        return true;
    }

    @Override
    public Item get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("Index " + index + " out of 0.." + (size - 1));
        }
        long offset = offsets[index];
        return new CompactEncoding.Reader(chunks.get((int) (offset >>> 32)), (int) offset).item(names::get);
    }

    @Override
    public int size() {
        return size;
    }

    /** Bytes held for the items (their encodings, the offsets and the name dictionary, roughly). */
    public long footprint() {
        long dictionary = names.stream().mapToLong(n -> 48 + 2L * n.length()).sum();
        return used + 8L * offsets.length + dictionary;
    }

    private int number(String name) {
        var number = nameNumbers.get(name);
        if (number == null) {
            number = names.size();
            names.add(name);
            nameNumbers.put(name, number);
        }
        return number;
    }

    /**
     * Appends one encoded item; an item never straddles two chunks (a huge one gets a chunk of its own size). An
     * offset is the chunk's number in the high 32 bits and the position in it in the low ones.
     */
    private void append(byte[] bytes, int length) {
        byte[] chunk = chunks.isEmpty() ? null : chunks.get(chunks.size() - 1);
        if (chunk == null || fill + length > chunk.length) {
            // Chunks grow from 8 KB to 1 MB, so a small table does not hold a megabyte.
            int next = chunk == null ? 8192 : Math.min(CHUNK, chunk.length * 2);
            chunk = new byte[Math.max(next, length)];
            chunks.add(chunk);
            fill = 0;
        }
        System.arraycopy(bytes, 0, chunk, fill, length);
        if (size == offsets.length) {
            offsets = Arrays.copyOf(offsets, size * 2);
        }
        offsets[size++] = ((long) (chunks.size() - 1) << 32) | fill;
        fill += length;
        used += length;
    }
}
