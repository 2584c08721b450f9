package dev.dynalens.domain.staleness;

import java.io.Serializable;
import java.util.Arrays;

/**
 * The {@code capacity} smallest of the 64-bit hashes offered (a max-heap of primitives): which items of an entity
 * inference reads, the same whatever order they come in, and mergeable (the smallest of two sets' smallest are the
 * smallest of their union). Two samples of the same hashes are equal, however their heaps are laid out.
 */
final class HashSample implements Serializable {
    private static final long serialVersionUID = 1L;
    private final int capacity;
    private long[] heap = new long[16];
    private int size;

    HashSample(int capacity) {
        this.capacity = capacity;
    }

    void offer(long hash) {
        if (capacity == 0) {
            return;
        }
        if (size < capacity) {
            if (size == heap.length) {
                heap = Arrays.copyOf(heap, Math.min(capacity, size * 2));
            }
            heap[size] = hash;
            up(size++);
        } else if (hash < heap[0]) {
            heap[0] = hash;
            down(0);
        }
    }

    /** The largest hash kept: items whose hash is at most this are in the sample; every item while it is not full. */
    long threshold() {
        return size < capacity ? Long.MAX_VALUE : heap[0];
    }

    void absorb(HashSample other) {
        for (int i = 0; i < other.size; i++) {
            offer(other.heap[i]);
        }
    }

    HashSample copy() {
        var copy = new HashSample(capacity);
        copy.absorb(this);
        return copy;
    }

    private long[] sorted() {
        var sorted = Arrays.copyOf(heap, size);
        Arrays.sort(sorted);
        return sorted;
    }

    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof HashSample sample && sample.capacity == capacity && sample.size == size
                && Arrays.equals(sample.sorted(), sorted());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(sorted()) * 31 + capacity;
    }

    private void up(int at) {
        long value = heap[at];
        while (at > 0) {
            int parent = (at - 1) >>> 1;
            if (heap[parent] >= value) {
                break;
            }
            heap[at] = heap[parent];
            at = parent;
        }
        heap[at] = value;
    }

    private void down(int at) {
        long value = heap[at];
        while (true) {
            int child = 2 * at + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && heap[child + 1] > heap[child]) {
                child++;
            }
            if (heap[child] <= value) {
                break;
            }
            heap[at] = heap[child];
            at = child;
        }
        heap[at] = value;
    }
}
