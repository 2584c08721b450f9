package dev.dynalens.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.SampleModels;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** The committed samples are exactly what {@link SampleModelsGenerator} writes, so they never drift from their source. */
class SampleModelsGeneratorTest {

    @ParameterizedTest
    @FieldSource("dev.dynalens.domain.inference.SampleModels#FILES")
    void committedSampleIsWhatTheGeneratorWrites(String fileName) throws IOException {
        var expected = SampleModelsGenerator.render().get(fileName);
        var committed = Files.readString(SampleModels.path(fileName), StandardCharsets.UTF_8);
        assertThat(committed)
                .as("samples/%s differs from SampleModelsGenerator's output; change the generator and run its main "
                        + "(see its javadoc), never the file by hand", fileName)
                .isEqualTo(expected);
    }
}
