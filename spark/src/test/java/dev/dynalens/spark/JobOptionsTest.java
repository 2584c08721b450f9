package dev.dynalens.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line, and the keys the shuffle is keyed by (no Spark here). */
class JobOptionsTest {
    @Test
    void exportsInOrder_andEveryOption() {
        var options = JobOptions.parse(new String[] {"--export", "s3://b/p/AWSDynamoDB/full", "--export", "s3://b/p/AWSDynamoDB/incr",
                "--s3-endpoint", "http://127.0.0.1:9000", "--region", "eu-west-1", "--key-schema", "PK,SK", "--gsi", "GSI1=GSI1PK,GSI1SK",
                "--out", "s3://b/result.json", "--local", "4"});
        assertThat(options).isEqualTo(new JobOptions(List.of("s3://b/p/AWSDynamoDB/full", "s3://b/p/AWSDynamoDB/incr"), "http://127.0.0.1:9000",
                "eu-west-1", "PK,SK", List.of("GSI1=GSI1PK,GSI1SK"), "s3://b/result.json", 4));
    }

    @Test
    void aCommandLineThatCannotRun_saysWhy() {
        assertThatThrownBy(() -> JobOptions.parse(new String[] {"--out", "x.json"})).hasMessageStartingWith("Give the export to read");
        assertThatThrownBy(() -> JobOptions.parse(new String[] {"--export", "e"})).hasMessageStartingWith("Give where the result goes");
        assertThatThrownBy(() -> JobOptions.parse(new String[] {"--export", "e", "--out", "o", "--local", "0"}))
                .hasMessage("--local takes a number of cores, 1 or more: 0");
        assertThatThrownBy(() -> JobOptions.parse(new String[] {"--export", "e", "--out", "o", "--gsi", "G=a"}))
                .hasMessage("--gsi goes with --key-schema");
        assertThatThrownBy(() -> JobOptions.parse(new String[] {"--export", "e", "--out", "o", "--out", "p"})).hasMessage("--out is given twice");
        assertThatThrownBy(() -> JobOptions.parse(new String[] {"--export"})).hasMessage("--export needs a value");
        assertThatThrownBy(() -> JobOptions.parse(new String[] {"--exports", "e"})).hasMessage("Unknown option --exports");
        assertThatThrownBy(() -> JobOptions.parse(new String[] {"e"})).hasMessageStartingWith("Unexpected argument 'e'");
    }

    @Test
    void usageErrorsExitWith2_andHelpWith0() {
        var out = new java.io.ByteArrayOutputStream();
        var err = new java.io.ByteArrayOutputStream();
        assertThat(SparkJob.run(new String[] {"--export", "e"}, new java.io.PrintStream(out), new java.io.PrintStream(err))).isEqualTo(2);
        assertThat(err.toString()).startsWith("dynalens-spark: Give where the result goes").contains("Usage: dynalens-spark");
        assertThat(SparkJob.run(new String[] {"--help"}, new java.io.PrintStream(out), new java.io.PrintStream(err))).isZero();
        assertThat(out.toString()).startsWith("Usage: dynalens-spark");
    }

    @Test
    void fieldKeys_holdAnyTextAndNulls() {
        var key = FieldKey.of('E', "USER", null, "a:b\u00001:x", "", "-");
        assertThat(FieldKey.tag(key)).isEqualTo('E');
        assertThat(FieldKey.fields(key)).containsExactly("USER", null, "a:b\u00001:x", "", "-");
        assertThat(FieldKey.of('A', "ab", "c")).isNotEqualTo(FieldKey.of('A', "a", "bc"));
    }

    @Test
    void aFailedSparkJob_saysTheExportReadersSentence_evenAsText() {
        var reader = new dev.dynalens.export.ExportReadException("The data file x.json.gz is missing (the manifest lists it)");
        assertThat(SparkJob.sentenceOf(new RuntimeException("Job aborted", reader))).isEqualTo("The data file x.json.gz is missing (the manifest lists it)");
        assertThat(SparkJob.sentenceOf(new RuntimeException("Job aborted due to stage failure: Lost task 1.0: "
                + "dev.dynalens.export.ExportReadException: The data file y is corrupted\n\tat somewhere"))).isEqualTo("The data file y is corrupted");
        assertThat(SparkJob.sentenceOf(new RuntimeException("outer", new IllegalStateException("inner")))).isEqualTo("The Spark job failed: inner");
    }
}
