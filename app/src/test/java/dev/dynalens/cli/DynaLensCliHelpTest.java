package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every subcommand (found from the command line itself, so a new one is covered) answers --help and -h, and --version. */
class DynaLensCliHelpTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private CliContext context() {
        return new CliContext(profile -> {
            throw new AssertionError("help opens no connection");
        }, RealCli.noSavedConnections(), RealCli.noProfiles(), Map.of(), new PrintWriter(out), new PrintWriter(err));
    }

    static Stream<String> subcommands() {
        return DynaLensCli.commandLine(new DynaLensCliHelpTest().context()).getSubcommands().keySet().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("subcommands")
    void everySubcommand_answersHelp_withBothNames(String subcommand) {
        for (var help : new String[] {"--help", "-h"}) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);

            var code = DynaLensCli.execute(context(), subcommand, help);

            assertThat(code).as(subcommand + " " + help + ": " + err).isZero();
            assertThat(out.toString()).as(subcommand + " " + help).startsWith("Usage: dynalens " + subcommand)
                    .contains("-h, --help");
            assertThat(err.toString()).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("subcommands")
    void everySubcommand_saysTheVersion(String subcommand) {
        assertThat(DynaLensCli.execute(context(), subcommand, "--version")).isZero();
        assertThat(out.toString().strip()).isEqualTo("DynaLens 0.1.0");
    }
}
