package dev.dynalens.spark;

import static dev.dynalens.spark.SparkTests.SHOP;
import static dev.dynalens.spark.SparkTests.assertSameAnalysis;
import static dev.dynalens.spark.SparkTests.desktop;

import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.export.ExportFormat;
import dev.dynalens.export.fixtures.ExportWriter;
import java.nio.file.Path;
import java.time.Instant;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same analyses on {@code local[1]}: one core, so every task of a stage runs one after another in one thread, and
 * the answer is still the desktop's (as on {@code local[2]}, {@link SparkAnalysisTest}), from local folders.
 */
class SparkOneCoreTest {
    static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    static JavaSparkContext spark;

    @TempDir
    Path folder;

    @BeforeAll
    static void start() {
        spark = SparkTests.spark(1);
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.close();
        }
    }

    static JobOptions options(dev.dynalens.domain.inference.TableKeys keys, Path export) {
        var args = new java.util.ArrayList<>(java.util.List.of("--export", export.toString(), "--out", "unused.json"));
        args.addAll(SparkTests.keyOptions(keys));
        return JobOptions.parse(args.toArray(String[]::new));
    }

    @Test
    void aGeneratedShopInManyFiles_isAnalysedAsTheDesktopDoes() {
        var items = SparkTests.shop(400, 7);
        var export = new ExportWriter(folder, "", "Shop").full("01764000000001-many", ExportFormat.DYNAMODB_JSON, items, 9, T0);
        org.assertj.core.api.Assertions.assertThat(spark.master()).isEqualTo("local[1]");
        assertSameAnalysis(SparkJob.analyze(spark, options(SHOP, export)), desktop(SHOP, items));
    }

    @Test
    void theTeamsSampleInOneFile_isAnalysedAsTheDesktopDoes() {
        var sample = SampleModels.load(SampleModels.TEAMS);
        var export = new ExportWriter(folder, "", sample.keys().tableName()).full("01764000000002-one", ExportFormat.ION, sample.items(), 1, T0);
        assertSameAnalysis(SparkJob.analyze(spark, options(sample.keys(), export)), desktop(sample.keys(), sample.items()));
    }
}
