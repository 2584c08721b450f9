package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.Hashing;
import java.io.Serializable;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * How many of the texts seen are distinct: exactly while there are at most {@value #EXACT_LIMIT} (their 64-bit hashes
 * are kept), estimated beyond in a fixed 2 KB (HyperLogLog, 2,048 registers: within a few percent), and mergeable: two
 * counts of disjoint parts of a table merge into the count of the whole, whatever order the texts came in. Inference
 * uses it to tell a key part that identifies items ({@code TASK#17}: every task has its own) from one many items share
 * ({@code TEAM#data} on every membership of the team). A plain value (an array, a set of longs and a count): equal
 * counts are equal, and it serializes as it is.
 */
final class DistinctCount implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final int LOG2_REGISTERS = 11;
    private static final int REGISTERS = 1 << LOG2_REGISTERS;
    /** Distinct hashes kept exactly; a small set counted by registers alone is off when two share one. */
    static final int EXACT_LIMIT = 2_048;

    private final byte[] registers = new byte[REGISTERS];
    private Set<Long> exact = new HashSet<>();
    private long seen;

    void add(String text) {
        seen++;
        long hash = hash64(text);
        if (exact != null && exact.add(hash) && exact.size() > EXACT_LIMIT) {
            exact = null;
        }
        int register = (int) (hash >>> (64 - LOG2_REGISTERS));
        long rest = hash << LOG2_REGISTERS | 1L << (LOG2_REGISTERS - 1);
        byte rank = (byte) (Long.numberOfLeadingZeros(rest) + 1);
        if (rank > registers[register]) {
            registers[register] = rank;
        }
    }

    /** Texts added, counting repeats. */
    long seen() {
        return seen;
    }

    /** How many distinct texts were added: exact up to {@value #EXACT_LIMIT}, about beyond. */
    double distinct() {
        if (exact != null) {
            return exact.size();
        }
        double sum = 0;
        int empty = 0;
        for (byte register : registers) {
            sum += 1.0 / (1L << register);
            if (register == 0) {
                empty++;
            }
        }
        double alpha = 0.7213 / (1 + 1.079 / REGISTERS);
        double estimate = alpha * REGISTERS * REGISTERS / sum;
        if (estimate <= 2.5 * REGISTERS && empty > 0) {
            estimate = REGISTERS * Math.log((double) REGISTERS / empty);
        }
        return Math.min(estimate, seen);
    }

    /** The share of the texts that are distinct: 1 when every item has its own. */
    double distinctShare() {
        return seen == 0 ? 0 : distinct() / seen;
    }

    void absorb(DistinctCount other) {
        seen += other.seen;
        if (exact != null && other.exact != null) {
            exact.addAll(other.exact);
            if (exact.size() > EXACT_LIMIT) {
                exact = null;
            }
        } else {
            exact = null;
        }
        for (int i = 0; i < REGISTERS; i++) {
            if (other.registers[i] > registers[i]) {
                registers[i] = other.registers[i];
            }
        }
    }

    DistinctCount copy() {
        var copy = new DistinctCount();
        copy.absorb(this);
        return copy;
    }

    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof DistinctCount count && count.seen == seen && Objects.equals(count.exact, exact)
                && Arrays.equals(count.registers, registers);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(seen) * 31 + Arrays.hashCode(registers);
    }

    /**
     * Each character multiplied in and rotated (as xxHash mixes its lanes), then MurmurHash3's 64-bit finalizer: the same
     * in every run, and spread over all 64 bits even for keys that differ only in a counter ({@code TASK#1}, {@code TASK#2}).
     */
    static long hash64(String text) {
        long h = 0x9E3779B97F4A7C15L ^ text.length();
        for (int i = 0; i < text.length(); i++) {
            h += text.charAt(i) * 0xC2B2AE3D27D4EB4FL;
            h = Long.rotateLeft(h, 31) * 0x9E3779B185EBCA87L;
        }
        return Hashing.fmix64(h);
    }
}
