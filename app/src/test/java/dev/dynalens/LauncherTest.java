package dev.dynalens;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The Java check that runs before anything compiled for Java 21 is loaded. */
class LauncherTest {

    @ParameterizedTest
    @CsvSource(textBlock = """
            1.8,  8
            11,   11
            17,   17
            20,   20
            """)
    void aJavaOlderThan21_getsOneSentenceNamingItsVersionAndWhatToInstall(String specification, int major) {
        var sentence = Launcher.javaProblem(specification, "/opt/java-old");

        assertThat(sentence).contains("needs Java 21 or newer").contains("Java " + major + " (/opt/java-old)")
                .contains("install a Java 21").doesNotContain("\n");
        assertThat(sentence.chars().filter(c -> c == '.').count()).as("one sentence").isEqualTo(1);
        assertThat(sentence).endsWith(".");
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            21
            25
            26-ea
            ''
            unknown
            """)
    void java21OrNewer_orAVersionItCannotRead_starts(String specification) {
        assertThat(Launcher.javaProblem(specification.isEmpty() ? null : specification, "/opt/java")).isNull();
    }

    @Test
    void theLauncherIsCompiledForJava8_soAnOldJavaCanRunTheCheck() throws IOException {
        try (var in = new DataInputStream(Launcher.class.getResourceAsStream("Launcher.class"))) {
            assertThat(in.readInt()).isEqualTo(0xCAFEBABE);
            in.readUnsignedShort(); // minor version
            assertThat(in.readUnsignedShort()).as("class file major version (52 is Java 8)").isEqualTo(52);
        }
    }
}
