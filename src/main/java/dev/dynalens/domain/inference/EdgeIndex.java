package dev.dynalens.domain.inference;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The keys of items that may be edges of an adjacency list, kept compactly so that a million of
 * them fit: an open-addressing table of 64-bit key hashes with the item's group, and the key
 * strings themselves as UTF-8 in byte chunks (to report edges whose reverse is missing).
 *
 * <p>The hash of {@code (pk, sk)} and of its mirror {@code (sk, pk)} differ only in the lowest bit,
 * so the reverse of an edge is found without its strings. Per edge: 16 bytes per slot at a load
 * of at most 3/4 (21 to 43 bytes), plus the UTF-8 length of both keys and two length bytes each.
 * A collision of two 64-bit hashes among a million edges has a probability of about 10^-7.
 *
 * <p><b>Speed.</b> With a million edges the table is tens of megabytes, and each insertion is a
 * cache miss at a random place. So edges wait in a small batch: before the batch is inserted (in
 * the order the edges came, which keeps the table exactly as one-by-one insertion would), the slots
 * it will probe are read once in a tight loop, where the processor overlaps the misses instead of
 * waiting for each. Each slot is two adjacent longs (hash, then group and offset), so a probe
 * touches one cache line. The key bytes go into 4 MB chunks rather than one array that is
 * copied each time it grows.
 */
final class EdgeIndex {
    private static final long EMPTY = 0L;
    private static final int BATCH = 256;
    /**
     * Large enough to be allocated outside the young generation by G1 (a "humongous" object, at least half a
     * region), so a million edges' key bytes are not copied from survivor space to survivor space.
     */
    private static final int CHUNK = 1 << 22;
    private static final int FIRST_CHUNK = 8192;

    /** {@code slots[2s]} the hash of slot s, {@code slots[2s + 1]} its group (high half) and keys' offset (low half). */
    private long[] slots = new long[2 * 1024];
    private int size;

    private final long[] pendingHashes = new long[BATCH];
    private final int[] pendingGroups = new int[BATCH];
    private final int[] pendingOffsets = new int[BATCH];
    private int pending;
    private long probeSink;

    /** Key bytes: an offset is chunk index * {@link #CHUNK} + position; an entry never spans two chunks. */
    private final List<byte[]> chunks = new ArrayList<>();
    private byte[] chunk;
    private int chunkLength;
    private long chunkBytes;

    int size() {
        flush();
        return size;
    }

    /**
     * Adds an edge; adding a key pair that is already there changes nothing but the memory its key
     * bytes take (they are copied while the strings are still in the processor's cache, before the
     * batch finds out; a table's primary keys are unique, so that happens only when an item is fed twice).
     */
    void add(String pk, String sk, int group) {
        reserve(pk, sk);
        int offset = (chunks.size() - 1) * CHUNK + chunkLength;
        long hp = appendHashing(pk);
        long hs = appendHashing(sk);
        pendingHashes[pending] = pairHash(hp, hs);
        pendingGroups[pending] = group;
        pendingOffsets[pending] = offset;
        if (++pending == BATCH) {
            flush();
        }
    }

    /** The group of the edge with this hash, or -1. */
    int groupOf(long hash) {
        flush();
        int slot = slotOf(slots, hash);
        return slots[2 * slot] == hash ? (int) (slots[2 * slot + 1] >> 32) : -1;
    }

    /** The hash of the mirrored key pair. */
    static long reverseOf(long hash) {
        return hash ^ 1L;
    }

    /** Visits every edge: its hash, group and the offset of its keys. */
    void forEach(Visitor visitor) {
        flush();
        for (int slot = 0; slot < capacity(); slot++) {
            long hash = slots[2 * slot];
            if (hash != EMPTY) {
                long meta = slots[2 * slot + 1];
                visitor.visit(hash, (int) (meta >> 32), (int) meta);
            }
        }
    }

    interface Visitor {
        void visit(long hash, int group, int keysOffset);
    }

    /** The partition and sort key stored at an offset. */
    String[] keysAt(int offset) {
        var bytes = chunks.get(offset / CHUNK);
        int[] cursor = {offset % CHUNK};
        return new String[] {read(bytes, cursor), read(bytes, cursor)};
    }

    /** Bytes held, for the memory note in the docs and tests. */
    long footprintBytes() {
        return slots.length * 8L + chunkBytes;
    }

    /**
     * Order-independent in the pair, then the direction in bit 0: the canonical hash of
     * {@code {pk, sk}} with bit 1 set so that no hash is {@link #EMPTY}.
     */
    static long hash(String pk, String sk) {
        return pairHash(hash64(pk), hash64(sk));
    }

    private static long pairHash(long hp, long hs) {
        long lo = Math.min(hp, hs);
        long hi = Math.max(hp, hs);
        long pair = mix(lo ^ mix(hi + 0x9E3779B97F4A7C15L));
        return ((pair | 2L) & ~1L) | (hp <= hs ? 0L : 1L);
    }

    private static long hash64(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100000001b3L;
        }
        return mix(h ^ s.length());
    }

    /** MurmurHash3's 64-bit finalizer. */
    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    private int capacity() {
        return slots.length >> 1;
    }

    private static int homeSlot(long hash, int mask) {
        return (int) (hash ^ (hash >>> 32)) & mask;
    }

    /** The slot holding this hash, or the empty slot where it would go. */
    private static int slotOf(long[] slots, long hash) {
        int mask = (slots.length >> 1) - 1;
        int slot = homeSlot(hash, mask);
        while (slots[2 * slot] != EMPTY && slots[2 * slot] != hash) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    /** Inserts the waiting edges in the order they came. */
    private void flush() {
        if (pending == 0) {
            return;
        }
        prefetch();
        for (int i = 0; i < pending; i++) {
            long hash = pendingHashes[i];
            int slot = slotOf(slots, hash);
            if (slots[2 * slot] != hash) {
                slots[2 * slot] = hash;
                slots[2 * slot + 1] = ((long) pendingGroups[i] << 32) | pendingOffsets[i];
                size++;
                if (size * 4L >= capacity() * 3L) {
                    grow();
                }
            }
        }
        pending = 0;
    }

    /** Reads every home slot of the batch, independent loads the processor can overlap. */
    private void prefetch() {
        var table = slots;
        int mask = (table.length >> 1) - 1;
        long sink = 0;
        for (int i = 0; i < pending; i++) {
            sink += table[2 * homeSlot(pendingHashes[i], mask)];
        }
        probeSink = sink; // a field write keeps the JIT from dropping the loads
    }

    private void grow() {
        var old = slots;
        slots = new long[old.length * 2];
        for (int i = 0; i < old.length; i += 2) {
            if (old[i] != EMPTY) {
                int slot = slotOf(slots, old[i]);
                slots[2 * slot] = old[i];
                slots[2 * slot + 1] = old[i + 1];
            }
        }
    }

    /**
     * Makes room in the current chunk for both keys at their longest (three UTF-8 bytes a char, a
     * five-byte length each); a pair longer than a chunk gets a chunk of its own.
     */
    private void reserve(String pk, String sk) {
        long needed = 10 + 3L * (pk.length() + sk.length());
        // An offset names a chunk and a position below CHUNK: after a pair that filled a chunk of its own past
        // CHUNK bytes, the next pair starts a new chunk.
        if (chunk != null && chunkLength < CHUNK && chunkLength + needed <= chunk.length) {
            return;
        }
        if (chunks.size() == 1 && chunk.length < CHUNK && chunkLength + needed <= CHUNK) {
            // The first chunk starts small and grows up to CHUNK, so that a small table's index stays small.
            int grown = (int) Math.min(CHUNK, Math.max(chunkLength + needed, 2L * chunk.length));
            chunkBytes += grown - chunk.length;
            chunk = Arrays.copyOf(chunk, grown);
            chunks.set(0, chunk);
            return;
        }
        if ((long) chunks.size() * CHUNK > Integer.MAX_VALUE - CHUNK || needed > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("More than 2 GB of edge keys");
        }
        chunk = new byte[(int) Math.max(chunks.isEmpty() ? FIRST_CHUNK : CHUNK, needed)];
        chunks.add(chunk);
        chunkBytes += chunk.length;
        chunkLength = 0;
    }

    /**
     * Appends a key as its UTF-8 length (a varint) and bytes, and returns {@link #hash64} of it, in
     * one pass over an ASCII key (the usual case); other keys are encoded again by the JDK.
     */
    private long appendHashing(String text) {
        int start = chunkLength;
        int length = text.length();
        int at = writeLength(start, length);
        long h = 0xcbf29ce484222325L;
        int seen = 0;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            h = (h ^ c) * 0x100000001b3L;
            seen |= c;
            chunk[at + i] = (byte) c;
        }
        if (seen < 0x80) {
            chunkLength = at + length;
        } else {
            var bytes = text.getBytes(StandardCharsets.UTF_8);
            at = writeLength(start, bytes.length);
            System.arraycopy(bytes, 0, chunk, at, bytes.length);
            chunkLength = at + bytes.length;
        }
        return mix(h ^ length);
    }

    /** Writes a varint at a position; the position after it. */
    private int writeLength(int at, int length) {
        while (length >= 0x80) {
            chunk[at++] = (byte) (length | 0x80);
            length >>>= 7;
        }
        chunk[at++] = (byte) length;
        return at;
    }

    private static String read(byte[] bytes, int[] cursor) {
        int length = 0;
        int shift = 0;
        byte b;
        do {
            b = bytes[cursor[0]++];
            length |= (b & 0x7f) << shift;
            shift += 7;
        } while ((b & 0x80) != 0);
        var text = new String(bytes, cursor[0], length, StandardCharsets.UTF_8);
        cursor[0] += length;
        return text;
    }
}
