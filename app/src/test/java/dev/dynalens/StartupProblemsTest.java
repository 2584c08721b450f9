package dev.dynalens;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The one sentence a GUI that cannot start ends with; the exceptions are the ones JavaFX 21 throws on Linux. */
class StartupProblemsTest {

    @Test
    void withoutGtk3_theSentenceSaysToInstallIt() {
        // What JavaFX's GtkApplication throws when libglassgtk3 cannot be loaded (libgtk-3.so.0 is missing).
        var failure = new UnsupportedOperationException("Unable to load glass GTK library.");

        var sentence = StartupProblems.sentence(failure, ":0", null);

        assertThat(sentence).contains("GTK 3 is missing").contains("apt install libgtk-3-0").contains("dnf install gtk3");
        assertOneSentence(sentence);
    }

    @Test
    void aGtkFailureWrappedByTheLauncherThread_isFoundInTheCauses() {
        var failure = new RuntimeException("Exception in Application start method",
                new UnsatisfiedLinkError("libglassgtk3.so: libgtk-3.so.0: cannot open shared object file"));

        assertThat(StartupProblems.sentence(failure, ":0", null)).contains("GTK 3 is missing");
    }

    @Test
    void withoutADisplay_theSentenceSaysDisplayIsNotSet_andOffersTheCommandLine() {
        var failure = new UnsupportedOperationException("Unable to open DISPLAY");

        var unset = StartupProblems.sentence(failure, null, null);
        var broken = StartupProblems.sentence(failure, ":42", null);

        assertThat(unset).contains("no display (DISPLAY is not set)").contains("dynalens --help");
        assertThat(broken).contains("DISPLAY=:42 cannot be opened");
        assertOneSentence(unset);
    }

    @Test
    void noGraphicsPipeline_suggestsSoftwareRendering() {
        var failure = new RuntimeException("Error initializing QuantumRenderer: no suitable pipeline found");

        assertThat(StartupProblems.sentence(failure, ":0", null)).contains("-Dprism.order=sw");
    }

    @Test
    void anyOtherFailure_isStillOneSentence_withItsReason_andWhereTheDetailsAre() {
        var failure = new RuntimeException("Exception in Application start method", new IllegalStateException("config folder is read-only"));

        var sentence = StartupProblems.sentence(failure, ":0", Path.of("/tmp/dynalens-start-1.log"));

        assertThat(sentence).isEqualTo("DynaLens could not start (config folder is read-only); the details are in "
                + Path.of("/tmp/dynalens-start-1.log") + " for a bug report.");
        assertThat(StartupProblems.sentence(new NullPointerException(), ":0", null)).isEqualTo("DynaLens could not start (NullPointerException).");
    }

    private static void assertOneSentence(String sentence) {
        assertThat(sentence).doesNotContain("\n").doesNotContain("\tat ").endsWith(".");
        assertThat(sentence.substring(0, sentence.length() - 1)).as("one full stop, at the end").doesNotContain(". ");
    }
}
