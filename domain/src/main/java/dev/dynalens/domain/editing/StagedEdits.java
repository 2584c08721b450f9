package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The changes staged for one table, at most one per item key, in the order they were first staged, with an undo
 * history. Staging twice for one item folds into one change against the item as first read: edit then edit is one
 * update, create then edit is one create, edit then delete is one delete of the item as read, create then delete is
 * nothing, and an edit back to the item as read is nothing. Not thread-safe (a view model uses it on one thread).
 */
public final class StagedEdits {
    private final String tableName;
    private final KeySchema keySchema;
    private Map<Map<String, AttributeValue>, StagedChange> changes = new LinkedHashMap<>();
    private final Deque<Map<Map<String, AttributeValue>, StagedChange>> history = new ArrayDeque<>();

    public StagedEdits(String tableName, KeySchema keySchema) {
        this.tableName = Objects.requireNonNull(tableName, "tableName");
        this.keySchema = Objects.requireNonNull(keySchema, "keySchema");
    }

    public String tableName() {
        return tableName;
    }

    public KeySchema keySchema() {
        return keySchema;
    }

    public List<StagedChange> changes() {
        return List.copyOf(changes.values());
    }

    public boolean isEmpty() {
        return changes.isEmpty();
    }

    /** The change staged for this key, if any. */
    public java.util.Optional<StagedChange> changeFor(Map<String, AttributeValue> key) {
        return java.util.Optional.ofNullable(changes.get(key));
    }

    /**
     * Stages an edit of an item as read. {@code read} is the item as it came from the table (or as already staged: the
     * original read is kept). Throws {@link IllegalArgumentException} if the edit changes the key or breaks it.
     */
    public void stageEdit(Item read, Item edited) {
        KeyCheck.requireKey(edited, keySchema);
        KeyCheck.requireSameKey(read, edited, keySchema);
        var key = keyOf(edited);
        var next = copy();
        var existing = changes.get(key);
        if (existing == null) {
            putOrDrop(next, key, new StagedChange.Update(tableName, keySchema, read, edited));
        } else if (existing instanceof StagedChange.Create) {
            next.put(key, new StagedChange.Create(tableName, keySchema, edited));
        } else if (existing instanceof StagedChange.Update update) {
            putOrDrop(next, key, new StagedChange.Update(tableName, keySchema, update.before(), edited));
        } else if (existing instanceof StagedChange.Delete delete) {
            putOrDrop(next, key, new StagedChange.Update(tableName, keySchema, delete.before(), edited));
        } else {
            throw new IllegalStateException("unexpected " + existing.getClass());
        }
        commitState(next);
    }

    /** Stages a new item (also how a duplicate under a new key is staged). Refuses a key already staged or read. */
    public void stageCreate(Item item) {
        KeyCheck.requireKey(item, keySchema);
        var key = keyOf(item);
        var existing = changes.get(key);
        if (existing != null && !(existing instanceof StagedChange.Delete)) {
            throw new IllegalArgumentException("An item with this key is already staged (" + existing.verb() + ").");
        }
        var next = copy();
        if (existing instanceof StagedChange.Delete delete) {
            // delete then create with the same key is a replacement of the item as read
            putOrDrop(next, key, new StagedChange.Update(tableName, keySchema, delete.before(), item));
        } else {
            next.put(key, new StagedChange.Create(tableName, keySchema, item));
        }
        commitState(next);
    }

    /** Stages the deletion of an item as read (or drops a staged create of it). */
    public void stageDelete(Item read) {
        KeyCheck.requireKey(read, keySchema);
        var key = keyOf(read);
        var next = copy();
        var existing = changes.get(key);
        if (existing == null) {
            next.put(key, new StagedChange.Delete(tableName, keySchema, read));
        } else if (existing instanceof StagedChange.Create) {
            next.remove(key);
        } else if (existing instanceof StagedChange.Update update) {
            next.put(key, new StagedChange.Delete(tableName, keySchema, update.before()));
        } else if (existing instanceof StagedChange.Delete) {
            return;
        } else {
            throw new IllegalStateException("unexpected " + existing.getClass());
        }
        commitState(next);
    }

    /** Drops the staged change for this key (undoable). */
    public void discard(Map<String, AttributeValue> key) {
        if (!changes.containsKey(key)) return;
        var next = copy();
        next.remove(key);
        commitState(next);
    }

    /** Removes changes that were written (not undoable: they are in the table now). */
    public void forgetWritten(List<StagedChange> written) {
        var next = copy();
        for (var change : written) {
            next.remove(change.key(), change);
        }
        changes = next;
        history.clear();
    }

    public boolean canUndo() {
        return !history.isEmpty();
    }

    /** Returns to the staged set before the last staging action. */
    public void undo() {
        if (!history.isEmpty()) changes = history.pop();
    }

    private Map<String, AttributeValue> keyOf(Item item) {
        return item.key(keySchema.partitionKeyName(), keySchema.sortKeyName());
    }

    private static void putOrDrop(Map<Map<String, AttributeValue>, StagedChange> next, Map<String, AttributeValue> key,
                                  StagedChange.Update update) {
        if (update.before().equals(update.after())) {
            next.remove(key);
        } else {
            next.put(key, update);
        }
    }

    private Map<Map<String, AttributeValue>, StagedChange> copy() {
        return new LinkedHashMap<>(changes);
    }

    private void commitState(Map<Map<String, AttributeValue>, StagedChange> next) {
        history.push(changes);
        changes = next;
    }
}
