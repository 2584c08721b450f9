package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dynalens.domain.design.Designer;
import dev.dynalens.domain.design.PatternsReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportDesignTest {
    @TempDir
    Path folder;

    private final ExportDesign exports = new ExportDesign(Runnable::run, Clock.fixed(Instant.parse("2026-12-01T08:00:00Z"), ZoneOffset.UTC));

    @Test
    void bothFormats_areWrittenUnderTheNameAsked_withNoPartFileLeft() throws Exception {
        var design = Designer.design(PatternsReader.read(Files.readString(Path.of("samples/patterns/shop-orders.yaml"))));

        var model = exports.write(design, ExportDesign.Format.WORKBENCH_MODEL, folder.resolve("shop.json")).join();
        var schema = exports.write(design, ExportDesign.Format.ONETABLE_SCHEMA, folder.resolve("sub/schema.json")).join();

        assertThat(Files.readString(model)).contains("\"FacetName\": \"Customer\"").contains("Dec 01, 2026, 08:00 AM");
        assertThat(Files.readString(schema)).contains("\"format\" : \"onetable:1.1.0\"");
        try (var files = Files.walk(folder)) {
            assertThat(files.filter(f -> f.toString().endsWith(".part"))).isEmpty();
        }
    }

    @Test
    void aFileThatCannotBeWritten_failsInWords() throws Exception {
        var design = Designer.design(PatternsReader.read(Files.readString(Path.of("samples/patterns/shop-orders.yaml"))));
        var blocker = Files.writeString(folder.resolve("file"), "x");

        var failure = catchThrowable(() -> exports.write(design, ExportDesign.Format.WORKBENCH_MODEL, blocker.resolve("shop.json")).join());

        assertThat(failure).hasMessageContaining("Could not write " + blocker.resolve("shop.json"));
    }
}
