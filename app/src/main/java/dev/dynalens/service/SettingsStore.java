package dev.dynalens.service;

import dev.dynalens.domain.appstate.Appearance;
import java.util.Optional;

/** App settings kept between runs. Loading never throws; a broken file gives the defaults and a problem. */
public interface SettingsStore {
    record Loaded(Appearance appearance, Optional<String> problem) {
    }

    Loaded load();

    /** @throws java.io.UncheckedIOException when the file cannot be written */
    void save(Appearance appearance);
}
