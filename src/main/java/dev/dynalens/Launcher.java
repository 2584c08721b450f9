package dev.dynalens;

import dev.dynalens.cli.CliContext;
import dev.dynalens.cli.DynaLensCli;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.aws.SdkAwsEnvironment;
import dev.dynalens.service.config.ConfigDirectory;
import dev.dynalens.service.config.JsonConnectionStore;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Entry point of the runnable jar: no arguments opens the GUI, a subcommand runs headless.
 * It does not extend Application, so a plain (shaded) jar can start JavaFX from the class path.
 */
public final class Launcher {
    private Launcher() {
    }

    static {
        // Netty otherwise reaches for sun.misc.Unsafe, which JDK 24+ warns about on every start.
        if (System.getProperty("io.netty.noUnsafe") == null) {
            System.setProperty("io.netty.noUnsafe", "true");
        }
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            App.launchGui(args);
            return;
        }
        var context = new CliContext(new AwsDynamoSessionFactory(), new JsonConnectionStore(ConfigDirectory.current()),
                new SdkAwsEnvironment(), System.getenv(),
                new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false),
                new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
        System.exit(DynaLensCli.execute(context, args));
    }
}
