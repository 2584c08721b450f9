package dev.dynalens.ui.editor;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.ItemSizeCalculator;
import dev.dynalens.domain.capacity.SizeLimits;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.item.ItemDiff;
import dev.dynalens.domain.editing.KeyCheck;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One item being edited as text: DynamoDB JSON or plain JSON (exact numbers, sets and binary as marker objects),
 * validated as the text changes, with the error's position, the item's size and what writing it will cost.
 */
public final class ItemEditorViewModel {
    public enum Format {
        DYNAMO_JSON("DynamoDB JSON"), PLAIN_JSON("JSON");

        private final String label;

        Format(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** Editing an item read from the table, or writing a new one (also a duplicate under a new key). */
    public enum Purpose { EDIT, CREATE }

    private final KeySchema keySchema;
    private final Purpose purpose;
    private final Item read;
    private final Item duplicateOf;
    private final StringProperty text = new SimpleStringProperty("");
    private final ObjectProperty<Format> format = new SimpleObjectProperty<>(Format.DYNAMO_JSON);
    private final ReadOnlyObjectWrapper<Item> item = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyIntegerWrapper errorLine = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyIntegerWrapper errorColumn = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyIntegerWrapper errorOffset = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper sizeSummary = new ReadOnlyStringWrapper("");
    private final ObservableList<String> diff = FXCollections.observableArrayList();
    private boolean switchingFormat;

    private ItemEditorViewModel(KeySchema keySchema, Purpose purpose, Item read, Item initial, Item duplicateOf) {
        this.keySchema = Objects.requireNonNull(keySchema, "keySchema");
        this.purpose = purpose;
        this.read = read;
        this.duplicateOf = duplicateOf;
        text.addListener((obs, old, now) -> validate());
        format.addListener((obs, old, now) -> switchFormat(old, now));
        text.set(render(initial, Format.DYNAMO_JSON));
    }

    /** Edits an item as read from the table; the key cannot change. */
    public static ItemEditorViewModel edit(KeySchema keySchema, Item read) {
        return new ItemEditorViewModel(keySchema, Purpose.EDIT, read, read, null);
    }

    /** A new item, starting from {@code template}. */
    public static ItemEditorViewModel create(KeySchema keySchema, Item template) {
        return new ItemEditorViewModel(keySchema, Purpose.CREATE, null, template, null);
    }

    /** A new item with the key attributes only, their values still to be typed. */
    public static ItemEditorViewModel create(KeySchema keySchema) {
        var template = new java.util.LinkedHashMap<String, dev.dynalens.domain.item.AttributeValue>();
        template.put(keySchema.partitionKeyName(), placeholder(keySchema.partitionKey().type()));
        keySchema.sortKeyAttribute().ifPresent(sort -> template.put(sort.name(), placeholder(sort.type())));
        return create(keySchema, new Item(template));
    }

    private static dev.dynalens.domain.item.AttributeValue placeholder(KeySchema.ScalarType type) {
        return switch (type) {
            case S -> dev.dynalens.domain.item.AttributeValue.s("");
            case N -> dev.dynalens.domain.item.AttributeValue.n("0");
            case B -> dev.dynalens.domain.item.AttributeValue.b(new byte[0]);
        };
    }

    /** A copy of {@code source} to be written under a new key (the copy must not keep the source's key). */
    public static ItemEditorViewModel duplicate(KeySchema keySchema, Item source) {
        return new ItemEditorViewModel(keySchema, Purpose.CREATE, null, source, source);
    }

    public Purpose purpose() {
        return purpose;
    }

    /** The item as read; empty when creating. */
    public Optional<Item> read() {
        return Optional.ofNullable(read);
    }

    /** The edited item when the text is valid. */
    public Optional<Item> result() {
        return valid.get() ? Optional.of(item.get()) : Optional.empty();
    }

    private static String render(Item item, Format format) {
        return format == Format.DYNAMO_JSON ? DynamoJsonCodec.writeItemPretty(item) : PlainJsonCodec.writeItemPretty(item);
    }

    /** Re-renders the current item in the other format; an invalid text stays as it is, in its own format. */
    private void switchFormat(Format old, Format now) {
        if (switchingFormat || old == now) return;
        if (item.get() == null) {
            switchingFormat = true;
            format.set(old);
            switchingFormat = false;
            error.set("Fix the error before switching to " + now + ": " + error.get());
            return;
        }
        var current = item.get();
        switchingFormat = true;
        text.set(render(current, now));
        switchingFormat = false;
        validate();
    }

    private void validate() {
        if (switchingFormat) return;
        Item parsed;
        try {
            parsed = format.get() == Format.DYNAMO_JSON ? DynamoJsonCodec.readItem(text.get()) : PlainJsonCodec.readItem(text.get());
        } catch (CodecException e) {
            unparsed();
            fail(e.problem(), e.line(), e.column());
            return;
        } catch (RuntimeException e) {
            unparsed();
            fail(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), -1, -1);
            return;
        }
        try {
            KeyCheck.requireKey(parsed, keySchema);
            if (purpose == Purpose.EDIT && !KeyCheck.sameKey(read, parsed, keySchema)) {
                throw new IllegalArgumentException("The key cannot change in an edit; use Duplicate to copy the item under a new key.");
            }
            if (duplicateOf != null && KeyCheck.sameKey(duplicateOf, parsed, keySchema)) {
                throw new IllegalArgumentException("Give the duplicate a new key: it still has the key of the item it copies.");
            }
        } catch (IllegalArgumentException e) {
            item.set(parsed);
            fail(e.getMessage(), -1, -1);
            describeSize(parsed);
            return;
        }
        item.set(parsed);
        error.set("");
        errorLine.set(-1);
        errorColumn.set(-1);
        errorOffset.set(-1);
        valid.set(true);
        describeSize(parsed);
        diff.setAll(ItemDiff.lines(ItemDiff.between(read == null ? Item.EMPTY : read, parsed)));
    }

    private void unparsed() {
        item.set(null);
        sizeSummary.set("");
    }

    private void fail(String message, int line, int column) {
        valid.set(false);
        error.set(line > 0 ? message + " (line " + line + ", column " + column + ")" : message);
        errorLine.set(line);
        errorColumn.set(column);
        errorOffset.set(line > 0 ? offsetOf(text.get(), line, column) : -1);
    }

    /** The character offset of a 1-based line and column, clamped to the text. */
    static int offsetOf(String text, int line, int column) {
        int offset = 0;
        for (int l = 1; l < line; l++) {
            var next = text.indexOf('\n', offset);
            if (next < 0) return text.length();
            offset = next + 1;
        }
        return Math.min(text.length(), offset + Math.max(0, column - 1));
    }

    private void describeSize(Item parsed) {
        var bytes = ItemSizeCalculator.sizeOf(parsed);
        var units = purpose == Purpose.EDIT
                ? CapacityCalculator.updateItem(OptionalLong.of(ItemSizeCalculator.sizeOf(read)), bytes)
                : CapacityCalculator.putItem(bytes, OptionalLong.empty());
        var summary = String.format(Locale.ROOT, "%,d bytes · %s WCU to %s", bytes, units,
                purpose == Purpose.EDIT ? "update" : "put");
        if (bytes > SizeLimits.MAX_ITEM_BYTES) {
            summary += " · over the 400 KB item limit";
        }
        sizeSummary.set(summary);
    }

    public StringProperty textProperty() { return text; }
    public ObjectProperty<Format> formatProperty() { return format; }
    public ReadOnlyObjectProperty<Item> itemProperty() { return item.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyIntegerProperty errorLineProperty() { return errorLine.getReadOnlyProperty(); }
    public ReadOnlyIntegerProperty errorColumnProperty() { return errorColumn.getReadOnlyProperty(); }
    /** Character offset of the error in the text, -1 when there is none or it has no position. */
    public ReadOnlyIntegerProperty errorOffsetProperty() { return errorOffset.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty validProperty() { return valid.getReadOnlyProperty(); }
    public ReadOnlyStringProperty sizeSummaryProperty() { return sizeSummary.getReadOnlyProperty(); }
    /** Per-attribute difference from the item as read (everything is added for a new item). */
    public ObservableList<String> diff() { return diff; }
}
