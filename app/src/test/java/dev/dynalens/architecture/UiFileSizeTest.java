package dev.dynalens.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * No source file of the {@code ui} package is longer than {@link #MAX_LINES}: a view composes small components and
 * binds them to its view model, a view model delegates to its feature models, instead of either growing into one long
 * class (docs/architecture.md). Counted in the sources, as a person reads them.
 */
class UiFileSizeTest {
    /**
     * Where a view or a view model is split by responsibility. A file of this size still reads as one thing, and the
     * AtlantaFX sampler, which our views follow, extracts a component before a view's building method gets longer.
     */
    static final int MAX_LINES = 300;

    @Test
    void everyUiSourceFile_isAtMostMaxLines() throws IOException {
        var ui = uiSources();
        var over = new TreeMap<String, Integer>();
        var counted = 0;
        try (var files = Files.walk(ui)) {
            for (var file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                counted++;
                var lines = Files.readAllLines(file).size();
                if (lines > MAX_LINES) {
                    over.put(ui.relativize(file).toString(), lines);
                }
            }
        }
        assertThat(counted).as("source files found under " + ui).isGreaterThan(50);
        assertThat((Map<String, Integer>) over).as("ui files over %d lines (split them into components)", MAX_LINES).isEmpty();
    }

    /** The build runs tests from the repository's root; an IDE may run them from the module's folder. */
    private static Path uiSources() {
        var fromRoot = Path.of("app/src/main/java/dev/dynalens/ui");
        return Files.isDirectory(fromRoot) ? fromRoot : Path.of("src/main/java/dev/dynalens/ui");
    }
}
