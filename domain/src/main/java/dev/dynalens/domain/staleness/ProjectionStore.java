package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.AttributeMap;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.CompactEncoding;
import dev.dynalens.domain.item.Item;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Items kept as bytes, in the order they were added, in chunks of about 240 KB: held in memory while a budget
 * shared by every store of a read allows, and spilled otherwise (to a {@link Spill} the caller opens, a temporary file;
 * the domain opens none). What inference and detection keep of a table between the one read and the passes over it.
 *
 * <p>Each chunk carries its own dictionary of attribute names, so a chunk decodes alone: the passes over a store run a
 * chunk per task, on several threads. An item's first attributes (its keys, its indexes' keys and what else names its
 * entity) come first in its encoding, so a pass that only names items ({@link #forEachNaming}) decodes only them, and
 * one that needs the rest of a few items only ({@link #readStaged}) skips the rest of the others. Values keep their
 * exact form (a number's text, a binary's bytes, set and map order).
 *
 * <p>Filled by one thread with {@link #add}, then {@link #seal sealed}; read by any number of threads afterwards.
 */
public final class ProjectionStore {
    /** Where chunks that do not fit the memory budget go; one per read, shared by its stores. */
    public interface Spill {
        /** Appends a chunk; returns where it starts. Called by one store at a time (the budget serialises them). */
        long write(byte[] bytes, int length);

        /** Reads back {@code length} bytes written at {@code at}; may be called by several threads at once. */
        byte[] read(long at, int length);

        /** Bytes written so far. */
        long size();
    }

    /** The memory budget and the spill shared by the stores of one read (one store per Scan segment). */
    public static final class Budget {
        private final long bytes;
        private final java.util.function.Supplier<Spill> opener;
        private final AtomicLong held = new AtomicLong();
        private Spill spill;

        /**
         * @param bytes  chunk bytes held in memory at most, over every store of the read
         * @param opener opens the spill at the first chunk that does not fit; not called when everything fits
         */
        public Budget(long bytes, java.util.function.Supplier<Spill> opener) {
            if (bytes < 0) {
                throw new IllegalArgumentException("A memory budget is not negative: " + bytes);
            }
            this.bytes = bytes;
            this.opener = Objects.requireNonNull(opener, "opener");
        }

        /** Everything in memory: for tests and small tables whose size is known. */
        public static Budget unlimited() {
            return new Budget(Long.MAX_VALUE, () -> {
                throw new IllegalStateException("an unlimited budget never spills");
            });
        }

        boolean reserve(int length) {
            long now = held.addAndGet(length);
            if (now <= bytes) {
                return true;
            }
            held.addAndGet(-length);
            return false;
        }

        synchronized long spill(byte[] chunk, int length) {
            if (spill == null) {
                spill = opener.get();
            }
            return spill.write(chunk, length);
        }

        synchronized Spill openedSpill() {
            return spill;
        }

        /** Chunk bytes held in memory now. */
        public long heldBytes() {
            return held.get();
        }

        /** Bytes written to the spill; 0 when nothing spilled. */
        public synchronized long spilledBytes() {
            return spill == null ? 0 : spill.size();
        }
    }

    /**
     * A chunk's size: well below half of G1's smallest region (1 MB), so that neither a chunk nor the buffer it is filled
     * in (which doubles up to 256 KB) is a humongous object. Chunks of 1 MB were: each one allocated could start a
     * concurrent cycle of the collector (G1 "Humongous Allocation" pauses, seconds of them over the million-item file).
     */
    static final int CHUNK_BYTES = 240 << 10;

    private final Budget budget;
    private final List<Chunk> chunks = new ArrayList<>();
    private final CompactEncoding.Writer items = new CompactEncoding.Writer(8192);
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> nameNumbers = new HashMap<>();
    private int itemsInChunk;
    private long size;
    private boolean sealed;

    public ProjectionStore(Budget budget) {
        this.budget = Objects.requireNonNull(budget, "budget");
    }

    /** One chunk: its bytes while held, or where they were spilled. */
    static final class Chunk {
        final int items;
        final int length;
        final byte[] bytes;
        final long spilledAt;
        final Budget budget;

        Chunk(int items, int length, byte[] bytes, long spilledAt, Budget budget) {
            this.items = items;
            this.length = length;
            this.bytes = bytes;
            this.spilledAt = spilledAt;
            this.budget = budget;
        }

        boolean spilled() {
            return bytes == null;
        }

        byte[] bytes() {
            return bytes != null ? bytes : budget.openedSpill().read(spilledAt, length);
        }
    }

    /**
     * Adds an item whose first {@code naming} attributes (in its order) are those that name it.
     *
     * @throws IllegalStateException once sealed
     */
    public void add(Item item, int naming) {
        if (sealed) {
            throw new IllegalStateException("The store is sealed");
        }
        var attributes = item.attributes();
        items.varint(naming);
        items.varint(attributes.size() - naming);
        attributes.forEach((name, value) -> {
            items.varint(number(name));
            items.value(value, this::number);
        });
        itemsInChunk++;
        size++;
        if (items.length() >= CHUNK_BYTES) {
            closeChunk();
        }
    }

    /**
     * Adds an item given as its first {@code count} attributes' names and values, the first {@code naming} of them those
     * that name it: what a reader keeps of an item without building one.
     */
    void add(String[] names, AttributeValue[] values, int count, int naming) {
        if (sealed) {
            throw new IllegalStateException("The store is sealed");
        }
        items.varint(naming);
        items.varint(count - naming);
        for (int i = 0; i < count; i++) {
            items.varint(number(names[i]));
            items.value(values[i], this::number);
        }
        itemsInChunk++;
        size++;
        if (items.length() >= CHUNK_BYTES) {
            closeChunk();
        }
    }

    /** Ends the adding: the last chunk is closed; afterwards the store is only read. */
    public void seal() {
        if (!sealed) {
            closeChunk();
            sealed = true;
        }
    }

    public long size() {
        return size;
    }

    /** The chunks closed so far, in order (all of them once sealed): they do not change while more items come. */
    List<Chunk> closedChunks() {
        return java.util.Collections.unmodifiableList(chunks);
    }

    /** The chunks, in order; each decodes alone. */
    List<Chunk> chunks() {
        requireSealed();
        return chunks;
    }

    /** Every item, in order. */
    public void forEach(Consumer<Item> each) {
        for (var chunk : chunks()) {
            read(chunk, false, each);
        }
    }

    /** Every item's naming attributes only, in order. */
    public void forEachNaming(Consumer<Item> each) {
        for (var chunk : chunks()) {
            read(chunk, true, each);
        }
    }

    /** The items of one chunk, whole or only their naming attributes. */
    static void read(Chunk chunk, boolean namingOnly, Consumer<Item> each) {
        read(chunk, namingOnly, index -> true, each);
    }

    /** How a pass reads an item in two stages: its first attributes, and the rest only where it asks for them. */
    interface Staged {
        /** Whether the pass needs the rest of the item at {@code index}, given its first attributes. */
        boolean rest(int index, Item first);

        /** The item at {@code index}: whole when {@link #rest} asked for it, its first attributes otherwise. */
        void accept(int index, Item item, boolean whole);
    }

    /** The items of one chunk that {@code wanted} takes, each read as {@code staged} asks (the rest skipped where it does not). */
    static void readStaged(Chunk chunk, IntPredicate wanted, Staged staged) {
        var reader = new CompactEncoding.Reader(chunk.bytes(), 0);
        var names = dictionary(reader);
        IntFunction<String> nameOf = i -> names[i];
        for (int i = 0; i < chunk.items; i++) {
            int naming = reader.varint();
            int rest = reader.varint();
            if (!wanted.test(i)) {
                skipAttributes(reader, naming + rest);
                continue;
            }
            var first = new AttributeMap(naming);
            readAttributes(reader, naming, names, nameOf, first);
            var firstItem = first.toItem();
            if (!staged.rest(i, firstItem)) {
                skipAttributes(reader, rest);
                staged.accept(i, firstItem, false);
                continue;
            }
            if (rest == 0) {
                staged.accept(i, firstItem, true);
                continue;
            }
            var whole = new AttributeMap(naming + rest);
            firstItem.attributes().forEach(whole::put);
            readAttributes(reader, rest, names, nameOf, whole);
            staged.accept(i, whole.toItem(), true);
        }
    }

    /**
     * The items of one chunk that {@code wanted} takes, each with its naming attributes and those of the rest that
     * {@code restWanted} names (the other attributes' bytes are skipped, not decoded).
     */
    static void read(Chunk chunk, IntPredicate wanted, java.util.function.Predicate<String> restWanted, Consumer<Item> each) {
        var reader = new CompactEncoding.Reader(chunk.bytes(), 0);
        var names = dictionary(reader);
        var kept = new boolean[names.length];
        for (int i = 0; i < names.length; i++) {
            kept[i] = restWanted.test(names[i]);
        }
        IntFunction<String> nameOf = i -> names[i];
        for (int i = 0; i < chunk.items; i++) {
            int naming = reader.varint();
            int rest = reader.varint();
            if (!wanted.test(i)) {
                skipAttributes(reader, naming + rest);
                continue;
            }
            var attributes = new AttributeMap(naming + rest);
            readAttributes(reader, naming, names, nameOf, attributes);
            for (int a = 0; a < rest; a++) {
                int name = reader.varint();
                if (kept[name]) {
                    attributes.put(names[name], reader.value(nameOf));
                } else {
                    reader.skipValue();
                }
            }
            each.accept(attributes.toItem());
        }
    }

    /** The items of one chunk that {@code wanted} takes by their position in it (the others' bytes are skipped, not decoded). */
    static void read(Chunk chunk, boolean namingOnly, IntPredicate wanted, Consumer<Item> each) {
        read(chunk, wanted, namingOnly ? name -> false : name -> true, each);
    }

    /** A chunk's dictionary of attribute names, at its start. */
    private static String[] dictionary(CompactEncoding.Reader reader) {
        var names = new String[reader.varint()];
        for (int i = 0; i < names.length; i++) {
            names[i] = reader.text();
        }
        return names;
    }

    /** The next {@code count} attributes (a name's number and a value each) into {@code into}. */
    private static void readAttributes(CompactEncoding.Reader reader, int count, String[] names, IntFunction<String> nameOf,
                                       AttributeMap into) {
        for (int a = 0; a < count; a++) {
            into.put(names[reader.varint()], reader.value(nameOf));
        }
    }

    /** Passes over the next {@code count} attributes without decoding them. */
    private static void skipAttributes(CompactEncoding.Reader reader, int count) {
        for (int a = 0; a < count; a++) {
            reader.varint();
            reader.skipValue();
        }
    }

    private void requireSealed() {
        if (!sealed) {
            throw new IllegalStateException("Seal the store before reading it");
        }
    }

    private void closeChunk() {
        if (itemsInChunk == 0) {
            return;
        }
        var header = new CompactEncoding.Writer(64 + 16 * names.size());
        header.varint(names.size());
        for (var name : names) {
            header.sized(name.getBytes(StandardCharsets.UTF_8));
        }
        int length = header.length() + items.length();
        var bytes = Arrays.copyOf(header.bytes(), length);
        System.arraycopy(items.bytes(), 0, bytes, header.length(), items.length());
        if (budget.reserve(length)) {
            chunks.add(new Chunk(itemsInChunk, length, bytes, -1, budget));
        } else {
            chunks.add(new Chunk(itemsInChunk, length, null, budget.spill(bytes, length), budget));
        }
        items.reset();
        itemsInChunk = 0;
        names.clear();
        nameNumbers.clear();
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
}
