package dev.dynalens.spark;

import java.util.ArrayList;
import java.util.List;

/**
 * The job's command line: {@code --export URI} (repeatable: a full export, then incremental exports in order),
 * {@code --s3-endpoint URL}, {@code --region REGION}, {@code --key-schema PK[,SK]}, {@code --gsi NAME=PK[,SK]}
 * (repeatable), {@code --out URI} and {@code --local N}.
 *
 * @param local the cores of a Spark of its own in this JVM ({@code local[N]}), or 0 to run on the Spark that
 *              spark-submit set up
 */
record JobOptions(List<String> exports, String s3Endpoint, String region, String keySchema, List<String> indexes, String out, int local) {
    static final String USAGE = """
            Usage: dynalens-spark --export URI [--export URI …] --out URI [options]
              --export URI        an export: s3://BUCKET/PREFIX/AWSDynamoDB/<ExportId> or a local folder; the first a full export,
                                  any more incremental exports applied in order
              --out URI           the result file (JSON): a local path or s3://BUCKET/KEY
              --key-schema PK[,SK]  the table's key (a type may follow a colon: PK:S,SK:N); guessed from the attribute names
                                  when not given
              --gsi NAME=PK[,SK]  a global secondary index (repeatable), with --key-schema
              --s3-endpoint URL   an S3-compatible endpoint (path-style) instead of AWS's
              --region REGION     the buckets' region (else AWS_REGION, else us-east-1)
              --local N           run on a Spark of its own in this JVM with N cores (the local jar); without it, on the
                                  cluster spark-submit runs it on
            """;

    JobOptions {
        exports = List.copyOf(exports);
        indexes = List.copyOf(indexes);
    }

    /** @throws UsageException with a sentence saying what is wrong */
    static JobOptions parse(String[] args) {
        var exports = new ArrayList<String>();
        var indexes = new ArrayList<String>();
        String endpoint = null;
        String region = null;
        String keySchema = null;
        String out = null;
        int local = 0;
        for (int i = 0; i < args.length; i++) {
            var option = args[i];
            if (option.equals("--help") || option.equals("-h")) {
                throw new UsageException(null);
            }
            if (!option.startsWith("--")) {
                throw new UsageException("Unexpected argument '" + option + "': every value follows its option (--export URI)");
            }
            if (i + 1 >= args.length) {
                throw new UsageException(option + " needs a value");
            }
            var value = args[++i];
            switch (option) {
                case "--export" -> exports.add(value);
                case "--gsi" -> indexes.add(value);
                case "--s3-endpoint" -> endpoint = once(option, endpoint, value);
                case "--region" -> region = once(option, region, value);
                case "--key-schema" -> keySchema = once(option, keySchema, value);
                case "--out" -> out = once(option, out, value);
                case "--local" -> local = cores(value);
                default -> throw new UsageException("Unknown option " + option);
            }
        }
        if (exports.isEmpty()) {
            throw new UsageException("Give the export to read: --export s3://BUCKET/PREFIX/AWSDynamoDB/<ExportId> (or a local folder)");
        }
        if (out == null) {
            throw new UsageException("Give where the result goes: --out FILE or --out s3://BUCKET/KEY");
        }
        if (keySchema == null && !indexes.isEmpty()) {
            throw new UsageException("--gsi goes with --key-schema");
        }
        return new JobOptions(exports, endpoint, region, keySchema, indexes, out, local);
    }

    private static String once(String option, String before, String value) {
        if (before != null) {
            throw new UsageException(option + " is given twice");
        }
        return value;
    }

    private static int cores(String value) {
        try {
            int cores = Integer.parseInt(value.strip());
            if (cores >= 1) {
                return cores;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UsageException("--local takes a number of cores, 1 or more: " + value);
    }

    /** A command line that cannot run; a null message asks for the usage alone. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
