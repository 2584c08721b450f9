package dev.dynalens.service.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;

/**
 * Values produced on the calling thread (a file's items as they are parsed) handed to a thread of their own in batches
 * of {@value #BATCH}, in order, through a bounded queue, so that producing and consuming overlap. {@link #finish} waits
 * for the consumer and throws its failure; {@link #abandon} stops it and drops what was not consumed yet.
 */
public final class BatchHandOff<T> implements Consumer<T> {
    static final int BATCH = 1024;
    private final List<T> end = new ArrayList<>(0); // compared by identity
    private final BlockingQueue<List<T>> queue = new ArrayBlockingQueue<>(16);
    private final String threadName;
    private final Consumer<List<T>> batches;
    private List<T> batch = new ArrayList<>(BATCH);
    private Thread thread;
    private volatile RuntimeException failure;
    private volatile boolean abandoned;

    /** @param batches gets every batch, in order, on the hand-off's thread */
    public BatchHandOff(String threadName, Consumer<List<T>> batches) {
        this.threadName = Objects.requireNonNull(threadName, "threadName");
        this.batches = Objects.requireNonNull(batches, "batches");
    }

    /** Starts the consuming thread; values may be accepted from then on. */
    public void start() {
        thread = Thread.ofPlatform().name(threadName).daemon().start(() -> {
            try {
                for (var taken = queue.take(); taken != end; taken = queue.take()) {
                    if (!abandoned && failure == null) {
                        batches.accept(taken);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                failure = e;
                queue.clear(); // the producer may be waiting for room; the end still comes
                drainUntilEnd();
            }
        });
    }

    private void drainUntilEnd() {
        try {
            while (queue.take() != end) {
                // dropped: consuming failed
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void accept(T value) {
        batch.add(value);
        if (batch.size() == BATCH) {
            put(batch);
            batch = new ArrayList<>(BATCH);
        }
    }

    private void put(List<T> values) {
        try {
            queue.put(values);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while reading", e);
        }
    }

    /** Hands over the last batch and waits for the consumer; its failure is thrown here. Nothing when never started. */
    public void finish() {
        if (thread == null) {
            return;
        }
        put(batch);
        put(end);
        join();
        if (failure != null) {
            throw failure;
        }
    }

    /** Stops the consumer (what it would have made is not used). */
    public void abandon() {
        abandoned = true;
        if (thread != null && thread.isAlive()) {
            queue.clear();
            queue.offer(end);
            join();
        }
    }

    private void join() {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for " + threadName, e);
        }
    }
}
