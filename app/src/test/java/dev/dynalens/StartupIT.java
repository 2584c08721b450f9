package dev.dynalens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start of the real entry point in a process of its own, as a person's terminal shows it. */
class StartupIT {
    /** Debian's Java 17, the default java of this project's machines; elsewhere the test is skipped. */
    private static final Path OLD_JAVA = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");

    @TempDir
    Path dir;

    @Test
    void startedWithJava17_theJarSaysInOneSentenceToInstallJava21() throws Exception {
        assumeTrue(Files.isExecutable(OLD_JAVA), "no Java 17 at " + OLD_JAVA);

        var run = run(OLD_JAVA.toString(), List.of(), true);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.output()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("DynaLens needs Java 21 or newer, but it was started with Java 17").contains("install a Java 21"));
    }

    @Test
    void withoutADisplay_theAppSaysSoInOneSentence_withoutAStackTrace() throws Exception {
        var java = ProcessHandle.current().info().command().orElse("java");

        var run = run(java, List.of(), false);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.output()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("DynaLens could not open its window because there is no display (DISPLAY is not set)"));
    }

    @Test
    void aSubcommandStillRunsWithoutADisplay() throws Exception {
        var java = ProcessHandle.current().info().command().orElse("java");

        var run = run(java, List.of("--version"), false);

        assertThat(run.exitCode()).isZero();
        assertThat(run.output()).contains("DynaLens 0.1.0");
    }

    private record Run(int exitCode, List<String> output) {
    }

    /** The Launcher from the test class path (as the jar runs it), without DISPLAY, the config folder in a temporary one. */
    private Run run(String java, List<String> arguments, boolean onlyTheLauncher) throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(java));
        if (!onlyTheLauncher) command.add("--enable-native-access=ALL-UNNAMED"); // what the jar's manifest says
        command.addAll(List.of("-cp", onlyTheLauncher ? launcherClasses() : System.getProperty("java.class.path"),
                "-Ddynalens.config.dir=" + dir.resolve("config"), "-Ddynalens.samples=false", "dev.dynalens.Launcher"));
        command.addAll(arguments);
        var builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out.log").toFile());
        builder.environment().remove("DISPLAY");
        builder.environment().remove("WAYLAND_DISPLAY");
        var process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the process ends by itself").isTrue();
        var lines = Files.readAllLines(dir.resolve("out.log"), StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
        return new Run(process.exitValue(), lines);
    }

    /** The compiled main classes (the old Java must find the Launcher where the jar has it, and nothing else matters). */
    private static String launcherClasses() {
        return Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
    }
}
