package dev.dynalens.domain.inference;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The keys of items that may be edges of an adjacency list, kept compactly so that a million of
 * them fit: an open-addressing table of 64-bit key hashes with the item's group, and the key
 * strings themselves as UTF-8 in one byte array (to report edges whose reverse is missing).
 *
 * <p>The hash of {@code (pk, sk)} and of its mirror {@code (sk, pk)} differ only in the lowest bit,
 * so the reverse of an edge is found without its strings. Per edge: 16 bytes per slot at a load
 * of at most 3/4 (21 to 43 bytes), plus the UTF-8 length of both keys and two length bytes each.
 * A collision of two 64-bit hashes among a million edges has a probability of about 10^-7.
 */
final class EdgeIndex {
    private static final long EMPTY = 0L;

    private long[] hashes = new long[1024];
    private int[] groups = new int[1024];
    private int[] offsets = new int[1024];
    private int size;
    private byte[] arena = new byte[8192];
    private int arenaLength;

    int size() {
        return size;
    }

    /** Adds an edge; false when the same key pair was added before. */
    boolean add(String pk, String sk, int group) {
        long hash = hash(pk, sk);
        int slot = slotOf(hash);
        if (hashes[slot] == hash) {
            return false;
        }
        hashes[slot] = hash;
        groups[slot] = group;
        offsets[slot] = append(pk, sk);
        size++;
        if (size * 4L >= hashes.length * 3L) {
            grow();
        }
        return true;
    }

    /** The group of the edge with this hash, or -1. */
    int groupOf(long hash) {
        int slot = slotOf(hash);
        return hashes[slot] == hash ? groups[slot] : -1;
    }

    /** The hash of the mirrored key pair. */
    static long reverseOf(long hash) {
        return hash ^ 1L;
    }

    /** Visits every edge: its hash, group and the offset of its keys. */
    void forEach(Visitor visitor) {
        for (int slot = 0; slot < hashes.length; slot++) {
            if (hashes[slot] != EMPTY) {
                visitor.visit(hashes[slot], groups[slot], offsets[slot]);
            }
        }
    }

    interface Visitor {
        void visit(long hash, int group, int keysOffset);
    }

    /** The partition and sort key stored at an offset. */
    String[] keysAt(int offset) {
        int[] cursor = {offset};
        return new String[] {read(cursor), read(cursor)};
    }

    /** Bytes held, for the memory note in the docs and tests. */
    long footprintBytes() {
        return hashes.length * 16L + arena.length;
    }

    /**
     * Order-independent in the pair, then the direction in bit 0: the canonical hash of
     * {@code {pk, sk}} with bit 1 set so that no hash is {@link #EMPTY}.
     */
    static long hash(String pk, String sk) {
        long hp = hash64(pk);
        long hs = hash64(sk);
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

    private int slotOf(long hash) {
        int mask = hashes.length - 1;
        int slot = (int) (hash ^ (hash >>> 32)) & mask;
        while (hashes[slot] != EMPTY && hashes[slot] != hash) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        var oldHashes = hashes;
        var oldGroups = groups;
        var oldOffsets = offsets;
        hashes = new long[oldHashes.length * 2];
        groups = new int[oldHashes.length * 2];
        offsets = new int[oldHashes.length * 2];
        for (int i = 0; i < oldHashes.length; i++) {
            if (oldHashes[i] != EMPTY) {
                int slot = slotOf(oldHashes[i]);
                hashes[slot] = oldHashes[i];
                groups[slot] = oldGroups[i];
                offsets[slot] = oldOffsets[i];
            }
        }
    }

    private int append(String pk, String sk) {
        int offset = arenaLength;
        write(pk.getBytes(StandardCharsets.UTF_8));
        write(sk.getBytes(StandardCharsets.UTF_8));
        return offset;
    }

    private void write(byte[] bytes) {
        int needed = arenaLength + 5 + bytes.length;
        if (needed > arena.length) {
            long grown = Math.max(needed, arena.length + (arena.length >> 1));
            if (grown > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("More than 2 GB of edge keys");
            }
            arena = Arrays.copyOf(arena, (int) grown);
        }
        int length = bytes.length;
        while (length >= 0x80) {
            arena[arenaLength++] = (byte) (length | 0x80);
            length >>>= 7;
        }
        arena[arenaLength++] = (byte) length;
        System.arraycopy(bytes, 0, arena, arenaLength, bytes.length);
        arenaLength += bytes.length;
    }

    private String read(int[] cursor) {
        int length = 0;
        int shift = 0;
        byte b;
        do {
            b = arena[cursor[0]++];
            length |= (b & 0x7f) << shift;
            shift += 7;
        } while ((b & 0x80) != 0);
        var text = new String(arena, cursor[0], length, StandardCharsets.UTF_8);
        cursor[0] += length;
        return text;
    }
}
