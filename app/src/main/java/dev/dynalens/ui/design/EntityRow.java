package dev.dynalens.ui.design;

import dev.dynalens.domain.design.EntitySpec;
import dev.dynalens.domain.item.AttributeType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** One entity as a row a person edits: its name, id attributes ({@code orderId}), attributes ({@code orderId: S, total: N}). */
public final class EntityRow {
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty id = new SimpleStringProperty("");
    private final StringProperty attributes = new SimpleStringProperty("");
    private final StringProperty count = new SimpleStringProperty("");
    /** Not a column: kept from the text the row was read from. */
    private long itemSize;

    public EntityRow() {
    }

    public EntityRow(EntitySpec spec) {
        name.set(spec.name());
        id.set(String.join(", ", spec.id()));
        attributes.set(spec.attributes().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", ")));
        count.set(spec.count() > 0 ? Long.toString(spec.count()) : "");
        itemSize = spec.itemSize();
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty idProperty() {
        return id;
    }

    public StringProperty attributesProperty() {
        return attributes;
    }

    public StringProperty countProperty() {
        return count;
    }

    /**
     * The row as an entity (the item size it was read with kept).
     *
     * @throws IllegalArgumentException in words when a cell cannot be read
     */
    EntitySpec toSpec() {
        var types = new LinkedHashMap<String, AttributeType>();
        for (var part : names(attributes.get())) {
            var pair = part.split(":", 2);
            if (pair.length != 2 || pair[0].isBlank()) {
                throw new IllegalArgumentException(label() + ": write the attributes as name: TYPE, name: TYPE (not '" + part + "')");
            }
            try {
                types.put(pair[0].strip(), AttributeType.valueOf(pair[1].strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(label() + ": '" + pair[1].strip() + "' is no type (S, N, B, BOOL, L, M, SS, NS, BS)");
            }
        }
        long expected = 0;
        if (!count.get().isBlank()) {
            try {
                expected = Long.parseLong(count.get().strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(label() + ": the count is a whole number");
            }
        }
        if (expected < 0) {
            throw new IllegalArgumentException(label() + ": the count is not negative");
        }
        return new EntitySpec(name.get().strip(), names(id.get()), types, expected, itemSize);
    }

    private String label() {
        return "entity " + (name.get().isBlank() ? "(no name)" : name.get().strip());
    }

    /** Comma-separated names, blanks dropped. */
    static List<String> names(String text) {
        var names = new ArrayList<String>();
        for (var part : (text == null ? "" : text).split(",")) {
            if (!part.isBlank()) {
                names.add(part.strip());
            }
        }
        return names;
    }
}
