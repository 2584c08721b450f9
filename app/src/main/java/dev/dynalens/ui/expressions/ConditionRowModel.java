package dev.dynalens.ui.expressions;

import dev.dynalens.domain.builder.ConditionOperator;
import dev.dynalens.domain.builder.ConditionRow;
import dev.dynalens.domain.builder.ValueType;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** One editable condition row of the visual builder; {@link #snapshot()} is what it says now. */
public final class ConditionRowModel {
    private final BooleanProperty not = new SimpleBooleanProperty(false);
    private final BooleanProperty size = new SimpleBooleanProperty(false);
    private final StringProperty path = new SimpleStringProperty("");
    private final ObjectProperty<ConditionOperator> operator = new SimpleObjectProperty<>(ConditionOperator.EQ);
    private final ObjectProperty<ValueType> type = new SimpleObjectProperty<>(ValueType.S);
    private final StringProperty value = new SimpleStringProperty("");
    private final StringProperty upper = new SimpleStringProperty("");

    public ConditionRowModel() {
    }

    public ConditionRowModel(ConditionRow row) {
        load(row);
    }

    public void load(ConditionRow row) {
        not.set(row.not());
        size.set(row.size());
        path.set(row.path());
        operator.set(row.operator());
        type.set(row.type());
        value.set(row.value());
        upper.set(row.upper());
    }

    public ConditionRow snapshot() {
        return new ConditionRow(not.get(), size.get(), path.get(), operator.get() == null ? ConditionOperator.EQ : operator.get(),
                type.get() == null ? ValueType.S : type.get(), value.get(), upper.get());
    }

    Observable[] observables() {
        return new Observable[] {not, size, path, operator, type, value, upper};
    }

    public BooleanProperty notProperty() { return not; }
    public BooleanProperty sizeProperty() { return size; }
    public StringProperty pathProperty() { return path; }
    public ObjectProperty<ConditionOperator> operatorProperty() { return operator; }
    public ObjectProperty<ValueType> typeProperty() { return type; }
    public StringProperty valueProperty() { return value; }
    public StringProperty upperProperty() { return upper; }
}
