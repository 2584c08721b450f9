package dev.dynalens.ui.design;

import dev.dynalens.domain.design.PatternsWriter;
import dev.dynalens.usecase.DesignTable;
import java.util.ArrayList;
import java.util.Objects;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The patterns as the person edits them: as text (JSON or YAML) or as rows of entities and patterns, kept in sync. The
 * text is what is designed from: an edit of the text that reads fills the rows again; an edit of a row writes the text
 * again (in the format the text was in), which is then designed from. Every problem is listed, with its line and
 * column where it has one. Toolkit-free.
 */
public final class PatternsEditorModel {
    private final DesignTable designs;
    private final StringProperty text = new SimpleStringProperty("");
    private final ObservableList<EntityRow> entities = FXCollections.observableArrayList(row -> new Observable[] {
            row.nameProperty(), row.idProperty(), row.attributesProperty(), row.countProperty()});
    private final ObservableList<PatternRow> patterns = FXCollections.observableArrayList(row -> new Observable[] {
            row.nameProperty(), row.entitiesProperty(), row.equalsProperty(), row.betweenProperty(), row.sortByProperty(),
            row.descendingProperty(), row.limitProperty()});
    private final ObservableList<String> problems = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<DesignTable.Outcome> outcome = new ReadOnlyObjectWrapper<>();
    /** True while the rows are filled from the text or the text written from the rows: no echo back. */
    private boolean syncing;

    public PatternsEditorModel(DesignTable designs) {
        this.designs = Objects.requireNonNull(designs, "designs");
        text.addListener((obs, old, now) -> textChanged());
        entities.addListener((javafx.collections.ListChangeListener<EntityRow>) change -> rowsChanged());
        patterns.addListener((javafx.collections.ListChangeListener<PatternRow>) change -> rowsChanged());
    }

    public StringProperty textProperty() {
        return text;
    }

    public ObservableList<EntityRow> entities() {
        return entities;
    }

    public ObservableList<PatternRow> patterns() {
        return patterns;
    }

    /** What is wrong, each problem as a line ({@code line 3, column 7: …}); empty when the text designs. */
    public ObservableList<String> problems() {
        return problems;
    }

    /** The latest design or its problems; null before any text. */
    public ReadOnlyObjectProperty<DesignTable.Outcome> outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    public void addEntity() {
        var row = new EntityRow();
        row.nameProperty().set("Entity" + (entities.size() + 1));
        entities.add(row);
    }

    public void addPattern() {
        var row = new PatternRow();
        row.nameProperty().set("pattern" + (patterns.size() + 1));
        if (!entities.isEmpty()) {
            row.entitiesProperty().set(entities.getFirst().nameProperty().get());
        }
        patterns.add(row);
    }

    public void remove(EntityRow row) {
        entities.remove(row);
    }

    public void remove(PatternRow row) {
        patterns.remove(row);
    }

    private void textChanged() {
        var designed = designs.design(text.get());
        outcome.set(designed);
        problems.setAll(designed.problems().stream().map(Object::toString).toList());
        if (syncing || designed.file() == null) {
            return; // the rows stay as they were until the text reads again
        }
        syncing = true;
        try {
            entities.setAll(designed.file().entities().stream().map(EntityRow::new).toList());
            patterns.setAll(designed.file().accessPatterns().stream().map(PatternRow::new).toList());
        } finally {
            syncing = false;
        }
    }

    private void rowsChanged() {
        if (syncing) {
            return;
        }
        var rowProblems = new ArrayList<String>();
        var specs = new ArrayList<dev.dynalens.domain.design.EntitySpec>();
        for (var row : entities) {
            try {
                specs.add(row.toSpec());
            } catch (IllegalArgumentException e) {
                rowProblems.add(e.getMessage());
            }
        }
        var list = new ArrayList<dev.dynalens.domain.design.AccessPattern>();
        for (var row : patterns) {
            try {
                list.add(row.toPattern());
            } catch (IllegalArgumentException e) {
                rowProblems.add(e.getMessage());
            }
        }
        if (!rowProblems.isEmpty()) {
            problems.setAll(rowProblems);
            return;
        }
        var table = outcome.get() == null || outcome.get().file() == null ? null : outcome.get().file().table();
        var file = new dev.dynalens.domain.design.PatternsFile(table, specs, list, java.util.Map.of());
        syncing = true;
        try {
            text.set(PatternsWriter.like(text.get(), file));
        } finally {
            syncing = false;
        }
    }
}
