package dev.dynalens.ui.shell;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.appstate.Appearance;
import dev.dynalens.service.SettingsStore;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
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
 * applies, asking the desktop (through the injected probe) when the choice is "system". The probe runs a command, so
 * it runs on the background executor and its answer is applied on the FX executor; an answer that does not come
 * within the timeout, or a probe that fails, means light.
 */
public final class AppearanceViewModel {
    private final SettingsStore store;
    private final BooleanSupplier systemPrefersDark;
    private final Executor background;
    private final Executor fx;
    private final Duration timeout;
    private final ObjectProperty<Appearance.Theme> theme = new SimpleObjectProperty<>(Appearance.Theme.SYSTEM);
    private final IntegerProperty fontSize = new SimpleIntegerProperty(Appearance.DEFAULT_FONT_SIZE);
    private final ReadOnlyBooleanWrapper dark = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private boolean systemDark;
    private boolean loading;
    private long asked;

    /**
     * @param systemPrefersDark the desktop probe; may block (it runs a command) and may throw
     * @param background        where the probe runs
     * @param fx                where its answer is applied (the FX thread in the app)
     * @param timeout           how long to wait for the probe before taking light
     */
    public AppearanceViewModel(SettingsStore store, BooleanSupplier systemPrefersDark, Executor background, Executor fx,
                               Duration timeout) {
        this.store = store;
        this.systemPrefersDark = systemPrefersDark;
        this.background = background;
        this.fx = fx;
        this.timeout = timeout;
        theme.addListener((obs, old, now) -> {
            if (now == null) {
                theme.set(old);
                return;
            }
            changed();
            if (now == Appearance.Theme.SYSTEM && !loading) {
                askTheSystem(); // the desktop may have switched since start
            }
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

    /** Reads the saved look; when it follows the system, the desktop is asked in the background. */
    public void load() {
        var loaded = store.load();
        loading = true;
        try {
            theme.set(loaded.appearance().theme());
            fontSize.set(loaded.appearance().fontSize());
        } finally {
            loading = false;
        }
        dark.set(current().dark(systemDark));
        status.set(loaded.problem().orElse(""));
        if (theme.get() == Appearance.Theme.SYSTEM) {
            askTheSystem();
        }
    }

    /**
     * Asks the desktop whether it prefers dark, off the calling thread; the answer (light after the timeout or on a
     * failure) is applied on the FX executor, unless a newer question was asked meanwhile.
     *
     * @return the answer, once applied
     */
    public CompletableFuture<Boolean> askTheSystem() {
        var question = ++asked;
        CompletableFuture<Boolean> answer;
        try {
            answer = CompletableFuture.supplyAsync(systemPrefersDark::getAsBoolean, background);
        } catch (RuntimeException rejected) {
            answer = CompletableFuture.failedFuture(rejected);
        }
        return answer.completeOnTimeout(false, timeout.toMillis(), TimeUnit.MILLISECONDS)
                .exceptionally(failure -> false)
                .thenApplyAsync(prefersDark -> {
                    if (question == asked) {
                        systemDark = prefersDark;
                        dark.set(current().dark(systemDark));
                    }
                    return prefersDark;
                }, fx);
    }

    public Appearance current() {
        return new Appearance(theme.get(), fontSize.get());
    }

    public void larger() { fontSize.set(fontSize.get() + 1); }
    public void smaller() { fontSize.set(fontSize.get() - 1); }
    public void resetFontSize() { fontSize.set(Appearance.DEFAULT_FONT_SIZE); }

    private void changed() {
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
