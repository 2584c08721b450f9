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

    /**
     * The files over the limit, each with the length it may not pass until it is split: the SQL tab is being reworked
     * on a branch of its own (issue 28), where it is split. Remove an entry once its file is at most {@link #MAX_LINES}.
     */
    private static final Map<String, Integer> NOT_YET_SPLIT = Map.of(
            "sql/SqlView.java", 323,
            "sql/SqlViewModel.java", 333);

    @Test
    void everyUiSourceFile_isAtMostMaxLines() throws IOException {
        var lengths = lengths(uiSources());
        assertThat(lengths).as("source files found under " + uiSources()).hasSizeGreaterThan(50);
        var over = new TreeMap<String, Integer>();
        lengths.forEach((file, lines) -> {
            if (lines > NOT_YET_SPLIT.getOrDefault(file, MAX_LINES)) {
                over.put(file, lines);
            }
        });
        assertThat((Map<String, Integer>) over).as("ui files over %d lines (split them into components)", MAX_LINES).isEmpty();
    }

    @Test
    void theFilesNotYetSplit_areStillOverTheLimit() throws IOException {
        var lengths = lengths(uiSources());
        NOT_YET_SPLIT.keySet().forEach(file -> assertThat(lengths.getOrDefault(file, 0))
                .as("%s is split or gone: remove it from NOT_YET_SPLIT", file).isGreaterThan(MAX_LINES));
    }

    /** Each source file's length in lines, by its path under {@code ui} with forward slashes. */
    private static Map<String, Integer> lengths(Path ui) throws IOException {
        var lengths = new TreeMap<String, Integer>();
        try (var files = Files.walk(ui)) {
            for (var file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                lengths.put(ui.relativize(file).toString().replace('\\', '/'), Files.readAllLines(file).size());
            }
        }
        return lengths;
    }

    /** The build runs tests from the repository's root; an IDE may run them from the module's folder. */
    private static Path uiSources() {
        var fromRoot = Path.of("app/src/main/java/dev/dynalens/ui");
        return Files.isDirectory(fromRoot) ? fromRoot : Path.of("src/main/java/dev/dynalens/ui");
    }
}
