package dev.dynalens.spark;

import static dev.dynalens.spark.SparkTests.SHOP;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.export.ExportFormat;
import dev.dynalens.export.fixtures.ExportWriter;
import dev.dynalens.export.fixtures.S3TestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local jar as a person runs it: {@code java -jar dynalens-spark-local.jar --local 2 …}, with no JVM option (the
 * opens Spark needs are in its manifest), on an export in S3 (the in-process server) and on a local folder.
 */
class LocalJarIT {
    static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    @TempDir
    Path folder;

    record Run(int code, String out, String err) {
    }

    static Run run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        var jar = Path.of(System.getProperty("spark.localJar", "spark/target/dynalens-spark-local.jar"));
        assertThat(jar).exists();
        var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command);
        builder.environment().putAll(env);
        var out = Files.createTempFile("spark-out", ".txt");
        var err = Files.createTempFile("spark-err", ".txt");
        builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        var process = builder.start();
        if (!process.waitFor(180, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("The local jar did not finish in 180 s: " + Files.readString(err));
        }
        try {
            return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    @Test
    void theLocalJarAnalysesAnExportInS3() throws Exception {
        var items = SparkTests.shop(200, 21);
        var root = folder.resolve("bucket");
        new ExportWriter(root, "ddb", "Shop").full("01764000000001-jar", ExportFormat.DYNAMODB_JSON, items, 4, T0);
        var result = folder.resolve("out/result.json");
        Run run;
        try (var s3 = S3TestServer.start()) {
            s3.createBucket("exports");
            s3.upload(root, "exports");
            run = run(Map.of("AWS_ACCESS_KEY_ID", S3TestServer.IDENTITY, "AWS_SECRET_ACCESS_KEY", S3TestServer.CREDENTIAL, "AWS_REGION", "us-east-1"),
                    "--local", "2", "--export", "s3://exports/ddb/AWSDynamoDB/01764000000001-jar", "--s3-endpoint", s3.endpoint().toString(),
                    "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK", "--out", result.toString());
        }
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("dynalens-spark: " + items.size() + " item(s)").contains("result in " + result);
        var mapper = new ObjectMapper();
        var written = mapper.readTree(Files.readString(result, StandardCharsets.UTF_8));
        assertThat(written.get("analysis")).isEqualTo(mapper.readTree(SparkTests.analysisJson(SparkTests.desktop(SHOP, items))));
    }

    @Test
    void aMissingFileInALocalFolder_isOneSentence() throws Exception {
        var export = new ExportWriter(folder, "", "Shop").full("01764000000002-jar", ExportFormat.DYNAMODB_JSON, SparkTests.shop(20, 2), 3, T0);
        var file = SparkAnalysisTest.dataFiles(export).get(0);
        Files.delete(file);
        var run = run(Map.of(), "--local", "1", "--export", export.toString(), "--key-schema", "PK,SK", "--out", folder.resolve("r.json").toString());
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("dynalens-spark: The data file " + file + " is missing (the manifest lists it)").doesNotContain("\tat ");
        assertThat(folder.resolve("r.json")).doesNotExist();
    }
}
