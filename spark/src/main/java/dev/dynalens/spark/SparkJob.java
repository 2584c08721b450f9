package dev.dynalens.spark;

import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.workspace.KeyGuess;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.export.ExportReadException;
import dev.dynalens.export.ExportSnapshot;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The DynaLens Spark job: a table's analysis (entity types with their item counts and sizes, attributes, index meanings)
 * from its exports to S3, written as one JSON file. {@code spark-submit --class dev.dynalens.spark.SparkJob
 * dynalens-spark.jar --export … --out …} on a cluster, or {@code java -jar dynalens-spark-local.jar --local N …} on one
 * machine (docs/spark.md).
 */
public final class SparkJob {
    /** Items read on the driver to guess the key schema or the types of the keys given, as the app does. */
    static final int SAMPLE_ITEMS = 1_000;

    private SparkJob() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command line; returns the exit code (0 done, 1 failed, 2 a command line that cannot run). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        JobOptions options;
        try {
            options = JobOptions.parse(args);
        } catch (JobOptions.UsageException e) {
            if (e.getMessage() == null) {
                out.print(JobOptions.USAGE);
                return 0;
            }
            err.println("dynalens-spark: " + e.getMessage());
            err.print(JobOptions.USAGE);
            return 2;
        }
        if (options.local() > 0) {
            quietLocalSpark();
        }
        var conf = new SparkConf().setAppName("DynaLens analysis");
        if (options.local() > 0) {
            conf.setMaster("local[" + options.local() + "]")
                    .set("spark.driver.bindAddress", "127.0.0.1")
                    .set("spark.driver.host", "127.0.0.1")
                    .set("spark.ui.enabled", "false");
        }
        try (var spark = new JavaSparkContext(conf)) {
            return runOn(spark, options, out, err);
        }
    }

    /** The analysis on this Spark, written where the options say; returns the exit code (0 done, 1 failed). */
    static int runOn(JavaSparkContext spark, JobOptions options, PrintStream out, PrintStream err) {
        try {
            var analysis = analyze(spark, options);
            ResultFile.write(options.out(), ResultFile.json(analysis), options.s3Endpoint(), region(options));
            out.println("dynalens-spark: " + analysis.itemCount() + " item(s), " + analysis.entities().size() + " entity type(s); result in "
                    + options.out());
            return 0;
        } catch (JobException e) {
            err.println("dynalens-spark: " + e.getMessage());
            return 1;
        }
    }

    /** On a machine of its own, Spark says only what goes wrong (its own config file, when one is given, wins). */
    private static void quietLocalSpark() {
        if (System.getProperty("log4j2.configurationFile") == null && System.getProperty("log4j.configurationFile") == null) {
            System.setProperty("log4j2.configurationFile", "dev/dynalens/spark/log4j2-local.properties");
        }
        if (System.getProperty("io.netty.tryReflectionSetAccessible") == null) {
            System.setProperty("io.netty.tryReflectionSetAccessible", "true");
        }
    }

    static String region(JobOptions options) {
        if (options.region() != null) {
            return options.region();
        }
        var env = System.getenv();
        return env.getOrDefault("AWS_REGION", env.getOrDefault("AWS_DEFAULT_REGION", "us-east-1"));
    }

    /**
     * The analysis of the exports the options name, on this Spark.
     *
     * @throws JobException in a sentence: an export that cannot be read as it is, a key schema that cannot be told
     */
    static TableAnalysis analyze(JavaSparkContext spark, JobOptions options) {
        var access = new ExportAccess(options.exports(), options.s3Endpoint(), region(options));
        try {
            ExportSnapshot snapshot;
            try {
                snapshot = access.snapshot();
            } catch (IllegalArgumentException e) {
                throw new JobException(e.getMessage(), e);
            }
            var keys = keys(snapshot, options);
            return DistributedAnalysis.analyze(spark, access, keys, snapshot.parts().size());
        } catch (ExportReadException e) {
            throw new JobException(e.getMessage(), e);
        } catch (JobException e) {
            throw e;
        } catch (Exception e) {
            // A task's failure comes back as a SparkException (checked, though Scala does not say so).
            throw new JobException(sentenceOf(e), e);
        } finally {
            ExportAccess.closeAll();
        }
    }

    /**
     * What a failed Spark job says: the export reader's sentence when a task failed on the export (Spark wraps the task's
     * exception, and on a cluster may give only its text), else the deepest message.
     */
    static String sentenceOf(Throwable failure) {
        for (var cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ExportReadException || cause instanceof JobException) {
                return cause.getMessage();
            }
        }
        var marker = ExportReadException.class.getName() + ": ";
        for (var cause = failure; cause != null; cause = cause.getCause()) {
            var message = cause.getMessage();
            int at = message == null ? -1 : message.indexOf(marker);
            if (at >= 0) {
                var rest = message.substring(at + marker.length());
                int end = rest.indexOf('\n');
                return end < 0 ? rest : rest.substring(0, end);
            }
        }
        Throwable deepest = failure;
        while (deepest.getCause() != null) {
            deepest = deepest.getCause();
        }
        return "The Spark job failed: " + (deepest.getMessage() == null ? deepest.getClass().getSimpleName() : deepest.getMessage());
    }

    /** The table's keys: as given (types from the first items where not given), else guessed from the attribute names. */
    static TableKeys keys(ExportSnapshot snapshot, JobOptions options) {
        var name = snapshot.full().tableName().orElse(snapshot.full().exportId());
        var sample = snapshot.firstItems(SAMPLE_ITEMS);
        if (options.keySchema() != null) {
            WorkspaceOptions given;
            try {
                given = WorkspaceOptions.parse(options.keySchema(), options.indexes());
            } catch (IllegalArgumentException e) {
                throw new JobException("--key-schema/--gsi: " + e.getMessage(), e);
            }
            var indexes = new LinkedHashMap<String, KeySchema>();
            given.indexes().forEach(index -> indexes.put(index.name(), index.keys().schemaFor(sample)));
            return new TableKeys(name, given.keySchema().schemaFor(sample), indexes);
        }
        var guess = KeyGuess.guess(sample).orElseThrow(() -> new JobException("The export " + snapshot.full().exportId()
                + " does not carry its key schema, and no attribute named like PK, pk or id is on every item: give --key-schema PK[,SK] "
                + "(and --gsi)"));
        Map<String, KeySchema> indexes = new LinkedHashMap<>();
        guess.indexes().forEach(index -> indexes.put(index.name(), index.singleKey("a guessed index")));
        return new TableKeys(name, guess.keys(), indexes);
    }
}
