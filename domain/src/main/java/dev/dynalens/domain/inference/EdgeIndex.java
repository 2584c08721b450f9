package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.Hashing;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 *
 * <p><b>Buckets: only edges that can have a mirror go into the table.</b> A caller may file each
 * edge under a bucket named by a <em>class</em> of its partition key and one of its sort key, where
 * a class is any function of one key string alone (the analyzer uses the shape of the key's
 * template: delimiter, segment count and leading name). The mirror {@code (sk, pk)} of an edge in
 * bucket {@code (a, b)} can only be in bucket {@code (b, a)}. So while no edge has come in bucket
 * {@code (b, a)}, the edges of {@code (a, b)} wait in a log of their own, in the order they came,
 * instead of the table (their keys are stored, their hashes read from the keys only when needed): no mirror of theirs exists, and none of them is a mirror of anything. When
 * the mirror bucket gets its first edge, both buckets turn <em>active</em>: the log goes into the
 * table in its order, and later edges go straight there. A bucket that is its own mirror is active
 * from the start. In a shop (customers' orders, orders' items) most candidate edges are never
 * mirrored, and they cost a sequential append instead of a random insertion. With more than
 * {@value #MAX_BUCKETS} buckets (classes that are data, not shapes) every bucket turns active: the
 * index is then exactly the table without buckets. A pair added twice while its bucket waits is
 * logged twice; {@link #forEachLogged} hands it out once, with its first group, as the table would.
 */
final class EdgeIndex {
    private static final long EMPTY = 0L;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int BATCH = 256;
    /**
     * Large enough to be allocated outside the young generation by G1 (a "humongous" object, at least half a
     * region), so a million edges' key bytes are not copied from survivor space to survivor space.
     */
    private static final int CHUNK = 1 << 22;
    private static final int FIRST_CHUNK = 8192;
    static final int MAX_BUCKETS = 4096;

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

    private final Map<List<Object>, Integer> bucketIds = new HashMap<>();
    private final List<Bucket> buckets = new ArrayList<>();
    private boolean allActive;
    /** Logged (not yet active) edges per group, duplicates included. */
    private int[] loggedPerGroup = new int[16];

    /** The edges of one bucket: whether it is active, and while it is not, its log. */
    private static final class Bucket {
        final int id;
        boolean active;
        /** Group (high half) and keys' offset (low half), as in a slot; the hash is read from the keys when needed. */
        long[] metas = new long[4];
        int logged;

        Bucket(int id) {
            this.id = id;
        }

        void log(long meta) {
            if (logged == metas.length) {
                metas = Arrays.copyOf(metas, logged * 2);
            }
            metas[logged] = meta;
            logged++;
        }
    }

    /** Edges in the table (the active buckets' and those added without a bucket), each key pair once. */
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
        add(pk, sk, group, -1);
    }

    /**
     * Adds an edge filed under a bucket from {@link #bucket}, or -1 for none (straight into the table). While the
     * bucket is not active the edge is logged: its keys are stored all the same.
     */
    void add(String pk, String sk, int group, int bucket) {
        reserve(pk, sk);
        int offset = (chunks.size() - 1) * CHUNK + chunkLength;
        if (bucket >= 0 && !buckets.get(bucket).active) {
            append(pk);
            append(sk);
            buckets.get(bucket).log(((long) group << 32) | offset);
            if (group >= loggedPerGroup.length) {
                loggedPerGroup = Arrays.copyOf(loggedPerGroup, Math.max(group + 1, 2 * loggedPerGroup.length));
            }
            loggedPerGroup[group]++;
            return;
        }
        queue(pairHash(appendHashing(pk), appendHashing(sk)), group, offset);
    }

    private void queue(long hash, int group, int offset) {
        pendingHashes[pending] = hash;
        pendingGroups[pending] = group;
        pendingOffsets[pending] = offset;
        if (++pending == BATCH) {
            flush();
        }
    }

    /**
     * The bucket of edges whose partition key is of class {@code pkClass} and sort key of class {@code skClass}
     * (classes compared by {@code equals}); made, and the buckets activated as the class comment says, on first use.
     */
    int bucket(Object pkClass, Object skClass) {
        var key = List.of(pkClass, skClass);
        var known = bucketIds.get(key);
        if (known != null) {
            return known;
        }
        var bucket = new Bucket(buckets.size());
        buckets.add(bucket);
        bucketIds.put(key, bucket.id);
        var mirror = bucketIds.get(List.of(skClass, pkClass));
        if (allActive || mirror != null) {
            bucket.active = true; // nothing logged yet
            activate(buckets.get(mirror != null ? mirror : bucket.id));
        }
        if (buckets.size() > MAX_BUCKETS && !allActive) {
            allActive = true;
            buckets.forEach(this::activate);
        }
        return bucket.id;
    }

    /** Moves a bucket's log into the table, in the order it came. */
    private void activate(Bucket bucket) {
        if (bucket.active && bucket.logged == 0) {
            return;
        }
        bucket.active = true;
        for (int i = 0; i < bucket.logged; i++) {
            long meta = bucket.metas[i];
            int group = (int) (meta >> 32);
            loggedPerGroup[group]--;
            queue(hashAt((int) meta), group, (int) meta);
        }
        bucket.metas = null;
        bucket.logged = 0;
    }

    /** Logged edges of a group, duplicates included; 0 for most groups. */
    int loggedCount(int group) {
        return group < loggedPerGroup.length ? loggedPerGroup[group] : 0;
    }

    /**
     * Visits the logged edges of the wanted groups, bucket by bucket in the order the buckets were made, each
     * bucket's in the order they came, each key pair once with the group it was first added with, as the table
     * keeps it (a pair added twice is in one bucket, its classes being the same). None of them has a mirror among
     * the edges added: that is why they are logged.
     */
    void forEachLogged(java.util.function.IntPredicate wanted, Visitor visitor) {
        for (var bucket : buckets) {
            boolean any = false;
            for (int i = 0; i < bucket.logged && !any; i++) {
                any = wanted.test((int) (bucket.metas[i] >> 32));
            }
            if (!any) {
                continue;
            }
            var seen = new java.util.HashSet<Long>();
            for (int i = 0; i < bucket.logged; i++) {
                long meta = bucket.metas[i];
                int group = (int) (meta >> 32);
                long hash = hashAt((int) meta);
                if (seen.add(hash) && wanted.test(group)) {
                    visitor.visit(hash, group, (int) meta);
                }
            }
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
        long logs = 0;
        for (var bucket : buckets) {
            logs += bucket.metas == null ? 0 : bucket.metas.length * 8L;
        }
        return slots.length * 8L + chunkBytes + logs;
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
        long pair = Hashing.fmix64(lo ^ Hashing.fmix64(hi + 0x9E3779B97F4A7C15L));
        return ((pair | 2L) & ~1L) | (hp <= hs ? 0L : 1L);
    }

    /** The hash of a key: {@link #hashBytes} of its UTF-8 encoding. */
    private static long hash64(String s) {
        var bytes = s.getBytes(StandardCharsets.UTF_8);
        return hashBytes(bytes, 0, bytes.length);
    }

    /**
     * A 64-bit hash of bytes, eight at a time (two multiplications a word, against one a byte for FNV): each
     * little-endian word is multiplied, rotated into the state and the state multiplied; the last, partial word is
     * zero-padded, and the length goes in at the start and the end.
     */
    static long hashBytes(byte[] bytes, int offset, int length) {
        long h = 0x9E3779B97F4A7C15L ^ length;
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            h = Long.rotateLeft(h ^ ((long) LONGS.get(bytes, offset + i) * 0xff51afd7ed558ccdL), 29) * 0xc4ceb9fe1a85ec53L;
        }
        long tail = 0;
        for (int shift = 0; i < length; i++, shift += 8) {
            tail |= (bytes[offset + i] & 0xffL) << shift;
        }
        h = Long.rotateLeft(h ^ (tail * 0xff51afd7ed558ccdL), 29) * 0xc4ceb9fe1a85ec53L;
        return Hashing.fmix64(h ^ length);
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
     * Appends a key as its UTF-8 length (a varint) and bytes, and returns {@link #hash64} of it. The JDK's encoder
     * (a copy for an ASCII key, the usual case) and a word-at-a-time hash do it in a few instructions a byte.
     */
    private long appendHashing(String text) {
        var bytes = append(text);
        return hashBytes(bytes, 0, bytes.length);
    }

    private byte[] append(String text) {
        var bytes = text.getBytes(StandardCharsets.UTF_8);
        int at = writeLength(chunkLength, bytes.length);
        System.arraycopy(bytes, 0, chunk, at, bytes.length);
        chunkLength = at + bytes.length;
        return bytes;
    }

    /** {@link #hash} of the key pair stored at an offset, from its bytes. */
    private long hashAt(int offset) {
        var bytes = chunks.get(offset / CHUNK);
        int[] cursor = {offset % CHUNK};
        long hp = hashNext(bytes, cursor);
        return pairHash(hp, hashNext(bytes, cursor));
    }

    /** {@link #hashBytes} of the key at the cursor, which moves past it. */
    private static long hashNext(byte[] bytes, int[] cursor) {
        int length = readLength(bytes, cursor);
        long hash = hashBytes(bytes, cursor[0], length);
        cursor[0] += length;
        return hash;
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
        int length = readLength(bytes, cursor);
        var text = new String(bytes, cursor[0], length, StandardCharsets.UTF_8);
        cursor[0] += length;
        return text;
    }

    /** The varint {@link #writeLength} wrote at the cursor, which moves past it. */
    private static int readLength(byte[] bytes, int[] cursor) {
        int length = 0;
        int shift = 0;
        byte b;
        do {
            b = bytes[cursor[0]++];
            length |= (b & 0x7f) << shift;
            shift += 7;
        } while ((b & 0x80) != 0);
        return length;
    }
}
