package dev.dynalens.ui.expressions;

import dev.dynalens.domain.builder.UpdateAction;
import dev.dynalens.domain.builder.UpdateRow;
import dev.dynalens.domain.builder.ValueType;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** One editable update row of the visual builder; {@link #snapshot()} is what it says now. */
public final class UpdateRowModel {
    private final ObjectProperty<UpdateAction> action = new SimpleObjectProperty<>(UpdateAction.SET);
    private final StringProperty path = new SimpleStringProperty("");
    private final ObjectProperty<ValueType> type = new SimpleObjectProperty<>(ValueType.S);
    private final StringProperty value = new SimpleStringProperty("");

    public UpdateRowModel() {
    }

    public UpdateRowModel(UpdateRow row) {
        load(row);
    }

    public void load(UpdateRow row) {
        action.set(row.action());
        path.set(row.path());
        type.set(row.type());
        value.set(row.value());
    }

    public UpdateRow snapshot() {
        return new UpdateRow(action.get() == null ? UpdateAction.SET : action.get(), path.get(),
                type.get() == null ? ValueType.S : type.get(), value.get());
    }

    Observable[] observables() {
        return new Observable[] {action, path, type, value};
    }

    public ObjectProperty<UpdateAction> actionProperty() { return action; }
    public StringProperty pathProperty() { return path; }
    public ObjectProperty<ValueType> typeProperty() { return type; }
    public StringProperty valueProperty() { return value; }
}
