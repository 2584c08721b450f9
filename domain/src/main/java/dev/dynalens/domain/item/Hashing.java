package dev.dynalens.domain.item;

/** The hash mixing the domain's own hash tables and sketches share, so that each spreads its bits the same way. */
public final class Hashing {
    private Hashing() {
    }

    /**
     * MurmurHash3's 64-bit finalizer ({@code fmix64}, Austin Appleby's reference {@code MurmurHash3.cpp}): every input bit
     * reaches every output bit, so hashes of keys that differ only in a counter land far apart. A bijection: 0 stays 0.
     */
    public static long fmix64(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
