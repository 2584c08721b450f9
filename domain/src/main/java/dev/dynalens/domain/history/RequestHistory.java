package dev.dynalens.domain.history;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The most recent requests, oldest first, bounded so a long session cannot grow it without end. Requests complete on
 * network threads, so appending is thread-safe; listeners are called on the appending thread.
 */
public final class RequestHistory {
    public static final int DEFAULT_CAPACITY = 5_000;

    private final int capacity;
    private final ArrayDeque<RequestRecord> records = new ArrayDeque<>();
    private final List<Consumer<RequestRecord>> listeners = new CopyOnWriteArrayList<>();

    public RequestHistory() {
        this(DEFAULT_CAPACITY);
    }

    public RequestHistory(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
    }

    public int capacity() {
        return capacity;
    }

    /** Adds records read back from disk, without telling the listeners (they are not new requests). */
    public synchronized void restore(List<RequestRecord> older) {
        for (var record : older) {
            keep(record);
        }
    }

    public void append(RequestRecord record) {
        synchronized (this) {
            keep(record);
        }
        listeners.forEach(listener -> listener.accept(record));
    }

    private void keep(RequestRecord record) {
        records.addLast(record);
        while (records.size() > capacity) {
            records.removeFirst();
        }
    }

    public synchronized List<RequestRecord> snapshot() {
        return List.copyOf(records);
    }

    public synchronized List<RequestRecord> search(String query) {
        var found = new ArrayList<RequestRecord>();
        for (var record : records) {
            if (record.matches(query)) found.add(record);
        }
        return found;
    }

    public void addListener(Consumer<RequestRecord> listener) {
        listeners.add(listener);
    }

    public void removeListener(Consumer<RequestRecord> listener) {
        listeners.remove(listener);
    }
}
