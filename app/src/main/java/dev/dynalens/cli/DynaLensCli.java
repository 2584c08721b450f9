package dev.dynalens.cli;

import dev.dynalens.domain.codec.JsonProblems;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.connection.Problems;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The headless `dynalens` command: the same services as the app, output for scripts. */
@Command(name = "dynalens", mixinStandardHelpOptions = true, version = "DynaLens 0.1.0",
        description = "Explore DynamoDB tables from the command line. Run without arguments to open the app.",
        subcommands = {TablesCommand.class, DescribeCommand.class, ScanCommand.class, QueryCommand.class, AnalyzeCommand.class, StaleCommand.class,
                FanoutCommand.class, SizeCommand.class, ExportCommand.class, ImportCommand.class, ExportToS3Command.class, ExportsCommand.class, ExprCommand.class, SqlCommand.class, DesignCommand.class,
                ChangeCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:the request failed (endpoint, credentials, table...)", "2:invalid usage or input"})
public final class DynaLensCli implements Runnable {
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    final CliContext context;

    public DynaLensCli(CliContext context) {
        this.context = context;
    }

    @Override
    public void run() {
        throw new CliException("Missing subcommand: one of tables, describe, scan, query, analyze, stale, fanout, size, export, import, export-to-s3, exports, expr, sql, design (see dynalens --help)");
    }

    /** Runs the command line and returns the process exit code; errors go to stderr in one line. */
    public static int execute(CliContext context, String... args) {
        var code = commandLine(context).execute(args);
        context.out().flush();
        context.err().flush();
        return code;
    }

    /**
     * The command line with every subcommand, each answering --help, -h and --version, each number option checked
     * ({@link PositiveNumbers}), writing to the context.
     */
    static CommandLine commandLine(CliContext context) {
        var commandLine = new CommandLine(new DynaLensCli(context));
        // Here rather than on each @Command, so that a subcommand added later answers them too.
        var version = commandLine.getCommandSpec().version();
        commandLine.getSubcommands().values().forEach(sub -> sub.getCommandSpec().mixinStandardHelpOptions(true).version(version));
        PositiveNumbers.registerOn(commandLine);
        commandLine.setOut(context.out());
        commandLine.setErr(context.err());
        commandLine.setExecutionExceptionHandler((error, cmd, parsed) -> {
            var root = Problems.unwrap(error);
            // Messages may quote a file (a key, a cell): its control characters are shown by code, never sent to the terminal.
            if (root instanceof CliException) {
                context.err().println("dynalens: " + JsonProblems.printable(root.getMessage()));
                context.err().flush();
                return USAGE;
            }
            context.err().println("dynalens: " + JsonProblems.printable(Problems.describe(root)));
            if (!(root instanceof DynamoAccessException) && !(root instanceof IllegalArgumentException)
                    && !(root instanceof java.io.IOException)) {
                context.err().println("  (" + root.getClass().getName() + ")");
            }
            context.err().flush();
            return root instanceof IllegalArgumentException ? USAGE : FAILED;
        });
        return commandLine;
    }
}
