package dev.dynalens;

import dev.dynalens.cli.CliContext;
import dev.dynalens.cli.DynaLensCli;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.aws.AwsExportSources;
import dev.dynalens.service.aws.SdkAwsEnvironment;
import dev.dynalens.service.config.ConfigDirectory;
import dev.dynalens.service.config.JsonConnectionStore;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What starts once {@link Launcher} found a Java that will do: no arguments opens the GUI, a subcommand runs headless.
 * It does not extend Application, so a plain (shaded) jar can start JavaFX from the class path. A GUI that cannot
 * start (no GTK 3, no display) ends with one sentence saying what to do, never a stack trace.
 */
public final class Startup {
    /** Held so the level set on it stays: JUL keeps loggers weakly. */
    private static final Logger JAVAFX_LOG = Logger.getLogger("javafx");

    private Startup() {
    }

    static {
        // Netty otherwise reaches for sun.misc.Unsafe, which JDK 24+ warns about on every start.
        if (System.getProperty("io.netty.noUnsafe") == null) {
            System.setProperty("io.netty.noUnsafe", "true");
        }
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            var code = gui(args);
            if (code != 0) System.exit(code); // JavaFX's threads may still be there after a failed start
            return;
        }
        var context = new CliContext(new AwsDynamoSessionFactory(), new JsonConnectionStore(ConfigDirectory.current()),
                new SdkAwsEnvironment(), System.getenv(),
                new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false),
                new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true),
                new AwsExportSources(System.getenv()));
        System.exit(DynaLensCli.execute(context, args));
    }

    /** Runs the app until its window closes; 0, or 1 after the sentence saying why it could not start. */
    private static int gui(String[] args) {
        // JavaFX warns on every start that it runs from the class path, which is how the shaded jar and the installers
        // run it; the warning says nothing a person can act on.
        JAVAFX_LOG.setLevel(Level.SEVERE);
        try {
            App.launchGui(args);
            return 0;
        } catch (RuntimeException | LinkageError e) {
            System.err.println(StartupProblems.sentence(e, System.getenv("DISPLAY"), details(e)));
            return 1;
        }
    }

    /** The stack trace of a failure {@link StartupProblems} has no sentence for, kept in a file for a bug report. */
    private static Path details(Throwable failure) {
        var trace = new StringWriter();
        failure.printStackTrace(new PrintWriter(trace));
        try {
            var file = Files.createTempFile("dynalens-start-", ".log");
            Files.writeString(file, trace.toString());
            return file;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
