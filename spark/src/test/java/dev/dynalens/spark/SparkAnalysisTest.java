package dev.dynalens.spark;

import static dev.dynalens.spark.SparkTests.SHOP;
import static dev.dynalens.spark.SparkTests.assertSameAnalysis;
import static dev.dynalens.spark.SparkTests.desktop;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
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
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on {@code local[2]} against exports in an in-process S3 server (and a local folder): its analysis is the
 * desktop analyzer's on the same items, read one after another, whatever the number of files; incremental exports are
 * applied; an export that cannot be read as it is stops the job with the export reader's sentence. One Spark for the
 * class.
 */
class SparkAnalysisTest {
    static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    static final Instant T1 = T0.plusSeconds(3600);
    static final String BUCKET = "exports";
    static final AtomicInteger EXPORTS = new AtomicInteger();
    static JavaSparkContext spark;
    static S3TestServer s3;

    @TempDir
    Path folder;

    @BeforeAll
    static void start() {
        s3 = S3TestServer.start();
        s3.createBucket(BUCKET);
        // The job signs with the default credentials chain, whose first link is these properties.
        System.setProperty("aws.accessKeyId", S3TestServer.IDENTITY);
        System.setProperty("aws.secretAccessKey", S3TestServer.CREDENTIAL);
        spark = SparkTests.spark(2);
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.close();
        }
        System.clearProperty("aws.accessKeyId");
        System.clearProperty("aws.secretAccessKey");
        s3.close();
    }

    /** A fresh export id (each test's exports stay apart in the bucket). */
    static String exportId(String kind) {
        return String.format("0176400%07d-%s", EXPORTS.incrementAndGet(), kind);
    }

    /** Writes a full export of the items in this many files and puts it in the bucket; returns its S3 URI. */
    String fullExportInS3(String table, List<Item> items, int files) throws IOException {
        var id = exportId("full");
        var root = folder.resolve(id);
        new ExportWriter(root, "dynamo", table).full(id, ExportFormat.DYNAMODB_JSON, items, files, T0);
        s3.upload(root, BUCKET);
        return "s3://" + BUCKET + "/dynamo/AWSDynamoDB/" + id;
    }

    static JobOptions options(TableKeys keys, String... exports) {
        var args = new ArrayList<String>();
        for (var export : exports) {
            args.addAll(List.of("--export", export));
        }
        args.addAll(List.of("--s3-endpoint", s3.endpoint().toString(), "--region", "us-east-1", "--out", "unused.json"));
        args.addAll(SparkTests.keyOptions(keys));
        return JobOptions.parse(args.toArray(String[]::new));
    }

    @Test
    void theAnalysisOfEverySample_isTheDesktops() throws IOException {
        for (var file : SampleModels.FILES) {
            var sample = SampleModels.load(file);
            var uri = fullExportInS3(sample.keys().tableName(), sample.items(), 3);
            var analysis = SparkJob.analyze(spark, options(sample.keys(), uri));
            assertSameAnalysis(analysis, desktop(sample.keys(), sample.items()));
        }
    }

    @Test
    void aGeneratedShop_isAnalysedAsTheDesktopDoes_inOneFileOrMany() throws IOException {
        var items = SparkTests.shop(400, 7);
        var expected = desktop(SHOP, items);
        assertThat(spark.master()).isEqualTo("local[2]");
        assertThat(expected.entities()).extracting(e -> e.name()).contains("USER", "ORDER", "ITEM", "PRODUCT");
        var one = SparkJob.analyze(spark, options(SHOP, fullExportInS3("Shop", items, 1)));
        var many = SparkJob.analyze(spark, options(SHOP, fullExportInS3("Shop", items, 9)));
        assertSameAnalysis(one, expected);
        assertSameAnalysis(many, expected);
        assertThat(ResultFile.json(many)).isEqualTo(ResultFile.json(one));
        var order = many.entity("ORDER").orElseThrow();
        assertThat(order.sizes().items()).isEqualTo(order.count());
        assertThat(order.sizes().largestBytes()).isPositive();
    }

    @Test
    void incrementalExportsAreApplied() throws IOException {
        var items = SparkTests.shop(60, 11);
        var root = folder.resolve("incremental");
        var writer = new ExportWriter(root, "", "Shop");
        var full = exportId("full");
        writer.full(full, ExportFormat.DYNAMODB_JSON, items, 4, T0);
        var profile = items.stream().filter(i -> i.get("SK").orElseThrow().equals(AttributeValue.s("PROFILE"))).findFirst().orElseThrow();
        var order = items.stream().filter(i -> ((AttributeValue.Str) i.get("SK").orElseThrow()).value().startsWith("ORDER#")).findFirst().orElseThrow();
        var changed = profile.with("nickname", AttributeValue.s("Zed"));
        var added = SparkTests.item("USER#new", "ORDER#new", Map.of("total", AttributeValue.n("12"), "status", AttributeValue.s("OPEN"),
                "GSI1PK", AttributeValue.s("STATUS#OPEN"), "GSI1SK", AttributeValue.s("2026-11-30")));
        var incremental = exportId("incr");
        writer.incremental(incremental, ExportFormat.DYNAMODB_JSON, List.of(
                new ExportWriter.Change(key(profile), changed, profile),
                new ExportWriter.Change(key(order), null, order),
                new ExportWriter.Change(key(added), added, null)), 2, T0, T1);
        s3.upload(root, BUCKET);
        var expected = new ArrayList<>(items);
        expected.set(expected.indexOf(profile), changed);
        expected.remove(order);
        expected.add(added);

        var analysis = SparkJob.analyze(spark, options(SHOP, "s3://" + BUCKET + "/AWSDynamoDB/" + full, "s3://" + BUCKET + "/AWSDynamoDB/" + incremental));
        assertSameAnalysis(analysis, desktop(SHOP, expected));
        assertThat(analysis.entity("USER").orElseThrow().attribute("nickname")).isPresent();
    }

    static Map<String, AttributeValue> key(Item item) {
        return Map.of("PK", item.get("PK").orElseThrow(), "SK", item.get("SK").orElseThrow());
    }

    @Test
    void aLocalFolderIsReadToo_andTheResultGoesToS3AsOneJsonFile() throws IOException {
        var items = SparkTests.shop(50, 3);
        var id = exportId("local");
        var export = new ExportWriter(folder, "", "Shop").full(id, ExportFormat.ION, items, 3, T0);
        var out = "s3://" + BUCKET + "/results/" + id + ".json";
        var given = options(SHOP, export.toString());
        var options = new JobOptions(given.exports(), given.s3Endpoint(), given.region(), given.keySchema(), given.indexes(), out, 0);
        var err = new java.io.ByteArrayOutputStream();
        int code = SparkJob.runOn(spark, options, new java.io.PrintStream(new java.io.ByteArrayOutputStream()), new java.io.PrintStream(err));
        assertThat(code).as(err.toString()).isZero();
        var written = s3.client().getObjectAsBytes(b -> b.bucket(BUCKET).key("results/" + id + ".json")).asUtf8String();
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var result = mapper.readTree(written);
        assertThat(result.properties()).extracting(Map.Entry::getKey).containsExactly("analysis");
        assertThat(result.get("analysis")).isEqualTo(mapper.readTree(SparkTests.analysisJson(desktop(SHOP, items))));
        assertThat(result.get("analysis").has("relationships")).as("not looked for yet, so not said to be none").isFalse();
    }

    @Test
    void aCorruptedDataFile_stopsTheJobWithTheReadersSentence() throws IOException {
        var items = SparkTests.shop(30, 5);
        var id = exportId("bad5");
        var export = new ExportWriter(folder, "", "Shop").full(id, ExportFormat.DYNAMODB_JSON, items, 3, T0);
        var file = dataFiles(export).get(1);
        var bytes = Files.readAllBytes(file);
        var tampered = new java.io.ByteArrayOutputStream();
        try (var gzip = new java.util.zip.GZIPOutputStream(tampered)) {
            gzip.write(new String(new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(bytes)).readAllBytes(), StandardCharsets.UTF_8)
                    .replace("User", "Usr").getBytes(StandardCharsets.UTF_8));
        }
        Files.write(file, tampered.toByteArray());
        assertThatThrownBy(() -> SparkJob.analyze(spark, options(SHOP, export.toString()))).isInstanceOf(JobException.class)
                .hasMessageStartingWith("The data file " + file + " is corrupted: its MD5 is");
    }

    @Test
    void aMissingDataFile_isNamed() throws IOException {
        var id = exportId("bad6");
        var export = new ExportWriter(folder, "", "Shop").full(id, ExportFormat.DYNAMODB_JSON, SparkTests.shop(30, 6), 3, T0);
        var file = dataFiles(export).get(0);
        Files.delete(file);
        assertThatThrownBy(() -> SparkJob.analyze(spark, options(SHOP, export.toString()))).isInstanceOf(JobException.class)
                .hasMessage("The data file " + file + " is missing (the manifest lists it)");
    }

    @Test
    void anExportStillInProgress_saysSo() throws IOException {
        var id = exportId("bad7");
        var root = folder.resolve(id);
        var export = new ExportWriter(root, "", "Shop").full(id, ExportFormat.DYNAMODB_JSON, SparkTests.shop(10, 7), 2, T0);
        Files.delete(export.resolve("manifest-summary.json"));
        s3.upload(root, BUCKET);
        var uri = "s3://" + BUCKET + "/AWSDynamoDB/" + id;
        assertThatThrownBy(() -> SparkJob.analyze(spark, options(SHOP, uri))).isInstanceOf(JobException.class)
                .hasMessageStartingWith("The export " + uri + " is not complete: it has _started but no manifest-summary.json yet");
    }

    static List<Path> dataFiles(Path export) throws IOException {
        try (var files = Files.list(export.resolve("data"))) {
            return files.filter(f -> {
                try {
                    return Files.size(f) > 40;
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).sorted().toList();
        }
    }
}
