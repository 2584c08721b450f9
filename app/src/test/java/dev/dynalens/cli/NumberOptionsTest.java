package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.testsupport.FakeDynamoSession;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every number option of every command (found by reflection, so a new one is covered) refuses NaN, infinities, 0,
 * negatives, absurd sizes and non-numbers as a usage error naming the option and the value, before anything is read.
 */
class NumberOptionsTest {
    private static final Set<Class<?>> NUMBER_TYPES = Set.of(int.class, Integer.class, long.class, Long.class, double.class, Double.class,
            float.class, Float.class, short.class, Short.class, BigDecimal.class, BigInteger.class);

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<FakeDynamoSession> sessions = new ArrayList<>();

    @TempDir
    Path dir;

    private CliContext context() {
        return new CliContext(profile -> {
            var session = new FakeDynamoSession(profile);
            sessions.add(session);
            return session;
        }, RealCli.noSavedConnections(), RealCli.noProfiles(), Map.of(), new PrintWriter(out), new PrintWriter(err));
    }

    private int run(String... args) {
        return DynaLensCli.execute(context(), args);
    }

    /** Each subcommand with each of its number options. */
    static Stream<Arguments> numberOptions() {
        var commandLine = DynaLensCli.commandLine(new NumberOptionsTest().context());
        var found = new ArrayList<Arguments>();
        commandLine.getSubcommands().forEach((name, sub) -> {
            for (OptionSpec option : sub.getCommandSpec().options()) {
                if (NUMBER_TYPES.contains(option.type())) {
                    found.add(Arguments.of(name, option.longestName()));
                }
            }
        });
        return found.stream();
    }

    @Test
    void theNumberOptionsAreFound() {
        assertThat(numberOptions().map(a -> a.get()[0] + " " + a.get()[1]))
                .contains("scan --limit", "query --page-size", "stale --segments", "fanout --concurrency", "sql --max-rcu",
                        "sql --max-rows", "export --page-size");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("numberOptions")
    void aNumberOption_refusesWhatIsNotAPositiveNumberOfSensibleSize(String command, String option) {
        for (var value : List.of("NaN", "Infinity", "-Infinity", "0", "-1", "-0.5", "1e300", "99999999999999999999", "many", "0x10")) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);

            var code = run(command, option, value, "--endpoint", "http://localhost:8000", "T");

            assertThat(code).as(command + " " + option + " " + value + ": " + err).isEqualTo(DynaLensCli.USAGE);
            assertThat(err.toString()).as(command + " " + option + " " + value)
                    .contains("Invalid value for option '" + option + "': '" + value + "' is ");
            assertThat(sessions).as("nothing is opened").isEmpty();
        }
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            NaN,          'NaN' is not a number
            Infinity,     'Infinity' is not a number
            -2,           '-2' is not a number above 0
            0,            '0' is not a number above 0
            1e-400,       '1e-400' is too small to be told from 0
            1e16,         '1e16' is more than 1,000,000,000,000,000, the most this option takes
            """)
    void maxRcu_nanOrNoBudget_isAUsageError_andNothingIsRead(String value, String sentence) throws Exception {
        var file = dir.resolve("tracker.jsonl");
        Files.writeString(file, SqlCommandTest.TRACKER);

        var code = run("sql", "--file", file.toString(), "--key-schema", "PK,SK", "--max-rcu", value, "SELECT COUNT(*) AS n FROM tracker");

        assertThat(code).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("Invalid value for option '--max-rcu': " + sentence);
        assertThat(out.toString()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            --limit,     0,     '0' is not a whole number of 1 or more
            --limit,     1.5,   '1.5' is not a whole number
            --page-size, 3e9,   '3e9' is more than 2,147,483,647, the most this option takes
            """)
    void wholeNumberOptions_sayWhatIsWrong(String option, String value, String sentence) {
        assertThat(run("scan", "T", "--endpoint", "http://localhost:8000", option, value)).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("Invalid value for option '" + option + "': " + sentence);
    }

    @Test
    void sensibleNumbers_stillParse() throws Exception {
        var file = dir.resolve("tracker.jsonl");
        Files.writeString(file, SqlCommandTest.TRACKER);

        assertThat(run("sql", "--file", file.toString(), "--key-schema", "PK,SK", "--max-rcu", "2.5", "--max-rows", "10",
                "SELECT COUNT(*) AS n FROM tracker")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("5");
    }
}
