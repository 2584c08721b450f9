package dev.dynalens.service.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.appstate.Appearance;
import dev.dynalens.service.SettingsStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** Settings in {@code settings.json}: {@code {"theme": "system|light|dark", "fontSize": 13}}. */
public final class JsonSettingsStore implements SettingsStore {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final Path file;

    public JsonSettingsStore(Path configDirectory) {
        this.file = configDirectory.resolve("settings.json");
    }

    @Override
    public Loaded load() {
        if (!Files.exists(file)) {
            return new Loaded(Appearance.DEFAULT, Optional.empty());
        }
        try {
            var root = MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
            if (root == null || !root.isObject()) {
                return new Loaded(Appearance.DEFAULT, Optional.of(file + " is not a JSON object; the default look is used."));
            }
            var themeText = root.path("theme").asText("system").toUpperCase(Locale.ROOT);
            Appearance.Theme theme;
            try {
                theme = Appearance.Theme.valueOf(themeText);
            } catch (IllegalArgumentException e) {
                return new Loaded(new Appearance(Appearance.Theme.SYSTEM, root.path("fontSize").asInt(Appearance.DEFAULT_FONT_SIZE)),
                        Optional.of(file + ": theme \"" + themeText.toLowerCase(Locale.ROOT) + "\" is not system, light or dark; following the system."));
            }
            return new Loaded(new Appearance(theme, root.path("fontSize").asInt(Appearance.DEFAULT_FONT_SIZE)), Optional.empty());
        } catch (JsonProcessingException e) {
            var where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            return new Loaded(Appearance.DEFAULT, Optional.of(file + " is not valid JSON" + where + "; the default look is used."));
        } catch (IOException | UncheckedIOException e) {
            return new Loaded(Appearance.DEFAULT, Optional.of("Could not read " + file + ": " + e.getMessage()));
        }
    }

    @Override
    public void save(Appearance appearance) {
        var root = MAPPER.createObjectNode();
        root.put("theme", appearance.theme().name().toLowerCase(Locale.ROOT));
        root.put("fontSize", appearance.fontSize());
        try {
            AtomicFiles.writeString(file, root.toPrettyString() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write " + file + ": " + e.getMessage(), e);
        }
    }
}
