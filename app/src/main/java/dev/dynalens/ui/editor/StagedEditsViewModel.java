package dev.dynalens.ui.editor;

import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.editing.CommitOutcome;
import dev.dynalens.domain.editing.CommitReport;
import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.domain.editing.StagedEdits;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.usecase.CommitStagedEdits;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.service.editing.StagedCommitter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The changes staged for one table: nothing is written until {@link #commit(String)}. Each change shows as a diff per
 * item; staging actions can be undone; a commit writes each change under its guard (as one transaction when
 * {@link #transactionalProperty()} is set and the endpoint has transactions, else item by item) and reports what was
 * written and what conflicted (with the item as read, as it is now, and as intended). Refused on a read-only connection; on a
 * production-tagged connection the person confirms by typing the table name.
 */
public final class StagedEditsViewModel {
    private final DynamoSession session;
    private final String tableName;
    private final Executor fx;
    private final CommitStagedEdits commits;
    private StagedEdits edits;

    private final ObservableList<StagedChange> changes = FXCollections.observableArrayList();
    private final ObservableList<CommitOutcome> outcomes = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<KeySchema> keySchema = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyIntegerWrapper count = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper committing = new ReadOnlyBooleanWrapper(false);
    /** Commit two or more changes as one transaction (all or nothing) where the endpoint supports it. */
    private final javafx.beans.property.BooleanProperty transactional = new javafx.beans.property.SimpleBooleanProperty(true);
    private final ReadOnlyBooleanWrapper editable = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final List<Consumer<List<CommitOutcome>>> writtenListeners = new java.util.ArrayList<>();

    public StagedEditsViewModel(DynamoSession session, String tableName, Executor fx) {
        this.session = session;
        this.tableName = tableName;
        this.fx = fx;
        this.commits = new CommitStagedEdits(session);
        if (readOnly()) {
            message.set("This connection is read-only: items cannot be edited here.");
        }
    }

    public String tableName() {
        return tableName;
    }

    public boolean readOnly() {
        return session.profile().readOnly();
    }

    /** A production-tagged connection asks the person to type the table name before a commit. */
    public boolean requiresConfirmation() {
        return session.profile().tag().isProduction();
    }

    /** Takes the table's key schema from the description the table's views share. */
    public CompletableFuture<Void> useDescription(CompletableFuture<TableDescription> pending) {
        return pending.handleAsync((table, failure) -> {
            if (table != null) useKeySchema(table.keySchema());
            return null;
        }, fx);
    }

    public void useKeySchema(KeySchema schema) {
        if (edits == null || !edits.keySchema().equals(schema)) {
            edits = new StagedEdits(tableName, schema);
            keySchema.set(schema);
            refresh();
        }
        editable.set(!readOnly());
    }

    /** Adds a listener called with the outcomes that were written after each commit (for views that show the items). */
    public void onWritten(Consumer<List<CommitOutcome>> listener) {
        writtenListeners.add(listener);
    }

    /**
     * Keeps a list of items shown elsewhere in step with what was written: an updated item replaces its row, a deleted
     * one leaves, a created one is added.
     */
    public void keepInSync(ObservableList<Item> items) {
        onWritten(written -> {
            for (var outcome : written) {
                var change = outcome.change();
                var index = indexOf(items, change.key());
                var now = change.intended();
                if (index >= 0 && now.isPresent()) items.set(index, now.get());
                else if (index >= 0) items.remove(index);
                else now.ifPresent(items::add);
            }
        });
    }

    private int indexOf(List<Item> items, java.util.Map<String, AttributeValue> key) {
        var schema = edits.keySchema();
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).key(schema.partitionKeyName(), schema.sortKeyName()).equals(key)) return i;
        }
        return -1;
    }

    /** The change staged for the item in this row, if any. */
    public Optional<StagedChange> changeFor(Item item) {
        if (edits == null) return Optional.empty();
        var schema = edits.keySchema();
        return edits.changeFor(item.key(schema.partitionKeyName(), schema.sortKeyName()));
    }

    public boolean stageEdit(Item read, Item edited) {
        return stage(() -> edits.stageEdit(read, edited), "Staged an edit of " + keyText(read) + ".");
    }

    public boolean stageCreate(Item item) {
        return stage(() -> edits.stageCreate(item), "Staged a new item " + keyText(item) + ".");
    }

    public boolean stageDelete(Item read) {
        return stage(() -> edits.stageDelete(read), "Staged the deletion of " + keyText(read) + ".");
    }

    /**
     * Stages a change of one scalar attribute typed into a table cell. The text is read as the attribute's current type
     * (a string as is, a number exactly, true or false); an attribute the item lacks becomes a string. Key attributes
     * and other types are edited in the item editor.
     */
    public boolean stageCellEdit(Item read, String attribute, String text) {
        var parsed = parseCell(read, attribute, text);
        if (parsed.isEmpty()) return false;
        var current = edits == null ? read : edits.changeFor(read.key(edits.keySchema().partitionKeyName(),
                edits.keySchema().sortKeyName())).flatMap(StagedChange::intended).orElse(read);
        return stageEdit(read, current.with(attribute, parsed.get()));
    }

    /** Whether a cell of this attribute can be edited in place. */
    public boolean isCellEditable(Item item, String attribute) {
        var schema = keySchema.get();
        if (!editable.get() || schema == null || attribute.equals(schema.partitionKeyName()) || attribute.equals(schema.sortKeyName())) {
            return false;
        }
        // a string the cell shows shortened (long, or with line breaks) would be saved shortened: edit it in the editor
        return item.get(attribute).map(v -> v instanceof AttributeValue.Str s && ValueText.cell(s).equals(s.value())
                || v instanceof AttributeValue.Num || v instanceof AttributeValue.Bool).orElse(true);
    }

    private Optional<AttributeValue> parseCell(Item read, String attribute, String text) {
        if (!isCellEditable(read, attribute)) {
            error.set(attribute + " cannot be edited in place; use Edit item…");
            return Optional.empty();
        }
        try {
            return Optional.of(StagedChangeText.cellValue(read, attribute, text));
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
            return Optional.empty();
        }
    }

    private boolean stage(Runnable action, String done) {
        if (readOnly()) {
            error.set("This connection is read-only: nothing can be staged or written.");
            return false;
        }
        if (edits == null) {
            error.set("The table's key schema is not known yet; wait for its description.");
            return false;
        }
        try {
            action.run();
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
            return false;
        }
        error.set("");
        message.set(done);
        refresh();
        return true;
    }

    public void undo() {
        if (edits == null || !edits.canUndo()) return;
        edits.undo();
        message.set("Undone.");
        refresh();
    }

    public void discard(StagedChange change) {
        if (edits == null) return;
        edits.discard(change.key());
        message.set("Discarded the " + change.verb() + " of " + KeyText.named(change.key()) + ".");
        refresh();
    }

    /**
     * Writes the staged set, each change under its guard: as one transaction when {@link #transactionalProperty()} is
     * set and the endpoint supports it, otherwise item by item. {@code confirmation} must be the table name on a
     * production-tagged connection (ignored otherwise).
     */
    public CompletableFuture<CommitReport> commit(String confirmation) {
        if (readOnly()) {
            error.set("This connection is read-only: nothing was written.");
            return CompletableFuture.completedFuture(null);
        }
        if (edits == null || edits.isEmpty() || committing.get()) {
            return CompletableFuture.completedFuture(null);
        }
        var staged = edits.changes();
        committing.set(true);
        error.set("");
        message.set("Committing " + staged.size() + " change(s)…");
        var mode = transactional.get() ? StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE : StagedCommitter.Mode.ITEM_BY_ITEM;
        var confirmer = WriteConfirmer.typed(confirmation, "type the table name \"%s\" to commit.");
        return commits.commit(tableName, staged, mode, confirmer).handleAsync((report, failure) -> {
            committing.set(false);
            if (failure != null) {
                var refused = Problems.unwrap(failure) instanceof WriteNotConfirmedException;
                message.set(refused ? "Nothing was written." : "");
                error.set(refused ? Problems.describe(failure) : "Commit failed: " + Problems.describe(failure));
                return null;
            }
            edits.forgetWritten(report.written());
            outcomes.setAll(report.outcomes());
            message.set(report.summary());
            if (report.count(CommitOutcome.Status.CONFLICT) + report.count(CommitOutcome.Status.FAILED) > 0) {
                error.set(report.outcomes().stream().filter(o -> o.status() != CommitOutcome.Status.APPLIED)
                        .map(o -> KeyText.named(o.change().key()) + ": " + o.message()).collect(Collectors.joining("\n")));
            }
            refresh();
            var written = report.outcomes().stream().filter(o -> o.status() == CommitOutcome.Status.APPLIED).toList();
            writtenListeners.forEach(listener -> listener.accept(written));
            return report;
        }, fx);
    }

    private String keyText(Item item) {
        var schema = edits == null ? keySchema.get() : edits.keySchema();
        return schema == null ? "item" : KeyText.named(item.key(schema.partitionKeyName(), schema.sortKeyName()));
    }

    private void refresh() {
        changes.setAll(edits == null ? List.of() : edits.changes());
        count.set(changes.size());
        canUndo.set(edits != null && edits.canUndo());
    }

    public ObservableList<StagedChange> changes() { return changes; }
    public ObservableList<CommitOutcome> outcomes() { return outcomes; }
    public ReadOnlyObjectProperty<KeySchema> keySchemaProperty() { return keySchema.getReadOnlyProperty(); }
    public ReadOnlyIntegerProperty countProperty() { return count.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty canUndoProperty() { return canUndo.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty committingProperty() { return committing.getReadOnlyProperty(); }
    public javafx.beans.property.BooleanProperty transactionalProperty() { return transactional; }
    /** True once the key schema is known, on a connection that may write. */
    public ReadOnlyBooleanProperty editableProperty() { return editable.getReadOnlyProperty(); }
    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
}
