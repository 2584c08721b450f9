package dev.dynalens.ui.design;

import dev.dynalens.domain.design.AccessPattern;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** One access pattern as a row: its entity (or entities), equality attributes, range, order and limit. */
public final class PatternRow {
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty entities = new SimpleStringProperty("");
    private final StringProperty equals = new SimpleStringProperty("");
    private final StringProperty between = new SimpleStringProperty("");
    private final StringProperty sortBy = new SimpleStringProperty("");
    private final BooleanProperty descending = new SimpleBooleanProperty(false);
    private final StringProperty limit = new SimpleStringProperty("");
    private double reads;
    private double writes;

    public PatternRow() {
    }

    public PatternRow(AccessPattern pattern) {
        name.set(pattern.name());
        entities.set(String.join(", ", pattern.entities()));
        equals.set(String.join(", ", pattern.equals()));
        between.set(pattern.between() == null ? "" : pattern.between());
        sortBy.set(pattern.sortBy() == null ? "" : pattern.sortBy());
        descending.set(pattern.descending());
        limit.set(pattern.limit() > 0 ? Integer.toString(pattern.limit()) : "");
        reads = pattern.reads();
        writes = pattern.writes();
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty entitiesProperty() {
        return entities;
    }

    public StringProperty equalsProperty() {
        return equals;
    }

    public StringProperty betweenProperty() {
        return between;
    }

    public StringProperty sortByProperty() {
        return sortBy;
    }

    public BooleanProperty descendingProperty() {
        return descending;
    }

    public StringProperty limitProperty() {
        return limit;
    }

    /**
     * The row as a pattern (the rates it was read with kept).
     *
     * @throws IllegalArgumentException in words when a cell cannot be read
     */
    AccessPattern toPattern() {
        var label = "pattern " + (name.get().isBlank() ? "(no name)" : name.get().strip());
        var returned = EntityRow.names(entities.get());
        if (name.get().isBlank()) {
            throw new IllegalArgumentException("a pattern has no name");
        }
        if (returned.isEmpty()) {
            throw new IllegalArgumentException(label + " names no entity");
        }
        int max = 0;
        if (!limit.get().isBlank()) {
            try {
                max = Integer.parseInt(limit.get().strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(label + ": the limit is a whole number");
            }
            if (max < 1) {
                throw new IllegalArgumentException(label + ": the limit is at least 1");
            }
        }
        return new AccessPattern(name.get().strip(), returned, EntityRow.names(equals.get()), blankToNull(between.get()),
                blankToNull(sortBy.get()), descending.get(), max, reads, writes);
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
