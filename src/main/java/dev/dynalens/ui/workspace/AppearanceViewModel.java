package dev.dynalens.ui.workspace;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.workbench.Appearance;
import dev.dynalens.service.SettingsStore;
import java.util.function.BooleanSupplier;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * Theme (system, light, dark) and font size. Changes are saved at once; {@link #darkProperty()} says which theme
 * applies, asking the desktop (through the injected probe) when the choice is "system".
 */
public final class AppearanceViewModel {
    private final SettingsStore store;
    private final BooleanSupplier systemPrefersDark;
    private final ObjectProperty<Appearance.Theme> theme = new SimpleObjectProperty<>(Appearance.Theme.SYSTEM);
    private final IntegerProperty fontSize = new SimpleIntegerProperty(Appearance.DEFAULT_FONT_SIZE);
    private final ReadOnlyBooleanWrapper dark = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private boolean systemDark;
    private boolean loading;

    public AppearanceViewModel(SettingsStore store, BooleanSupplier systemPrefersDark) {
        this.store = store;
        this.systemPrefersDark = systemPrefersDark;
        theme.addListener((obs, old, now) -> {
            if (now == null) {
                theme.set(old);
                return;
            }
            changed();
        });
        fontSize.addListener((obs, old, now) -> {
            var clamped = Math.clamp(now.intValue(), Appearance.MIN_FONT_SIZE, Appearance.MAX_FONT_SIZE);
            if (clamped != now.intValue()) {
                fontSize.set(clamped);
                return;
            }
            changed();
        });
    }

    public void load() {
        var loaded = store.load();
        systemDark = systemPrefersDark.getAsBoolean();
        loading = true;
        try {
            theme.set(loaded.appearance().theme());
            fontSize.set(loaded.appearance().fontSize());
        } finally {
            loading = false;
        }
        dark.set(current().dark(systemDark));
        status.set(loaded.problem().orElse(""));
    }

    public Appearance current() {
        return new Appearance(theme.get(), fontSize.get());
    }

    public void larger() { fontSize.set(fontSize.get() + 1); }
    public void smaller() { fontSize.set(fontSize.get() - 1); }
    public void resetFontSize() { fontSize.set(Appearance.DEFAULT_FONT_SIZE); }

    private void changed() {
        if (theme.get() == Appearance.Theme.SYSTEM && !loading) {
            systemDark = systemPrefersDark.getAsBoolean(); // the desktop may have switched since start
        }
        dark.set(current().dark(systemDark));
        if (loading) return;
        try {
            store.save(current());
            status.set("");
        } catch (RuntimeException e) {
            status.set("The look could not be saved: " + Problems.describe(e));
        }
    }

    /** The root style that carries the font size to every control. */
    public String rootStyle() {
        return "-fx-font-size: " + fontSize.get() + "px;";
    }

    public ObjectProperty<Appearance.Theme> themeProperty() { return theme; }
    public IntegerProperty fontSizeProperty() { return fontSize; }
    public ReadOnlyBooleanProperty darkProperty() { return dark.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
}
