package dev.dynalens.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.export.fixtures.ExportWriter;
import dev.dynalens.export.fixtures.S3TestServer;
import dev.dynalens.export.s3.S3ExportStore;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/** Exports read from a real S3-compatible server (S3Proxy, in-process, on a loopback port) through the SDK's async client. */
class S3ExportStoreIT {
    static S3TestServer s3;

    @TempDir
    Path folder;

    @BeforeAll
    static void start() {
        s3 = S3TestServer.start();
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    static S3ExportStore store(String bucket, String root, String secret) {
        return S3ExportStore.open(bucket, root, "us-east-1", s3.endpoint(),
                StaticCredentialsProvider.create(AwsBasicCredentials.create(S3TestServer.IDENTITY, secret)), 4);
    }

    static ExportSnapshot open(String bucket, String secret, String... uris) {
        var sources = new java.util.ArrayList<ExportSource>();
        for (var uri : uris) {
            var location = ExportLocation.parse(uri);
            sources.add(new ExportSource(location, store(location.bucket(), location.root(), secret)));
        }
        return ExportSnapshot.open(sources);
    }

    @Test
    void aFullExportAndTwoIncrementalsReadFromS3AsFromTheFolder() throws Exception {
        var writer = new ExportWriter(folder, "nightly", "Shop");
        var items = ExportSnapshotTest.everyType();
        writer.full("01764000000000-full0001", ExportFormat.ION, items, 4, ExportSnapshotTest.T0);
        var changed = items.get(3).with("status", AttributeValue.s("SHIPPED"));
        writer.incremental("01764000003600-incr0001", ExportFormat.ION,
                List.of(new ExportWriter.Change(ExportSnapshotTest.key(items.get(3)), changed, items.get(3))), 2,
                ExportSnapshotTest.T0, ExportSnapshotTest.T1);
        writer.incremental("01764000007200-incr0002", ExportFormat.ION,
                List.of(new ExportWriter.Change(ExportSnapshotTest.key(items.get(4)), null, items.get(4))), 2,
                ExportSnapshotTest.T1, ExportSnapshotTest.T2);
        s3.createBucket("exports-a");
        s3.upload(folder, "exports-a");
        var expected = new java.util.ArrayList<>(items);
        expected.set(3, changed);
        expected.remove(4);
        try (var snapshot = open("exports-a", S3TestServer.CREDENTIAL,
                "s3://exports-a/nightly/AWSDynamoDB/01764000000000-full0001",
                "s3://exports-a/nightly/AWSDynamoDB/01764000003600-incr0001/",
                "s3://exports-a/nightly/AWSDynamoDB/01764000007200-incr0002/manifest-summary.json")) {
            assertThat(ExportSnapshotTest.readAll(snapshot, 4)).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(snapshot.snapshotTime()).isEqualTo(ExportSnapshotTest.T2);
            assertThat(snapshot.counters().bytes()).isEqualTo(ExportSnapshotTest.dataBytes(folder.resolve("nightly/AWSDynamoDB/01764000000000-full0001")));
        }
    }

    @Test
    void aWrongSecretIsAccessDenied() throws Exception {
        new ExportWriter(folder, "", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, ExportSnapshotTest.everyType(), 2,
                ExportSnapshotTest.T0);
        s3.createBucket("exports-b");
        s3.upload(folder, "exports-b");
        assertThatThrownBy(() -> open("exports-b", "wrong-secret", "s3://exports-b/AWSDynamoDB/01764000000000-full0001"))
                .isInstanceOf(ExportReadException.class)
                .hasMessageStartingWith("Access denied to s3://exports-b/AWSDynamoDB/01764000000000-full0001/manifest-summary.json");
    }

    @Test
    void aMissingBucketAndAMissingExportAreNamed() {
        assertThatThrownBy(() -> open("no-such-bucket", S3TestServer.CREDENTIAL, "s3://no-such-bucket/AWSDynamoDB/0176-x"))
                .isInstanceOf(ExportReadException.class).hasMessageContaining("no-such-bucket");
        s3.createBucket("exports-c");
        assertThatThrownBy(() -> open("exports-c", S3TestServer.CREDENTIAL, "s3://exports-c/AWSDynamoDB/0176-x"))
                .isInstanceOf(ExportReadException.class)
                .hasMessage("No export at s3://exports-c/AWSDynamoDB/0176-x: there is no s3://exports-c/AWSDynamoDB/0176-x/manifest-summary.json");
    }

    @Test
    void aCorruptedObjectInS3IsNamed() throws Exception {
        var exportFolder = new ExportWriter(folder, "", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON,
                ExportSnapshotTest.everyType(), 3, ExportSnapshotTest.T0);
        var file = ExportSnapshotTest.dataFiles(exportFolder).get(0);
        java.nio.file.Files.write(file, new byte[] {0}, java.nio.file.StandardOpenOption.APPEND);
        s3.createBucket("exports-d");
        s3.upload(folder, "exports-d");
        var key = folder.relativize(file).toString();
        try (var snapshot = open("exports-d", S3TestServer.CREDENTIAL, "s3://exports-d/AWSDynamoDB/01764000000000-full0001")) {
            assertThatThrownBy(() -> ExportSnapshotTest.readAll(snapshot, 2)).isInstanceOf(ExportReadException.class)
                    .hasMessageContaining("The data file s3://exports-d/" + key + " is corrupted: its MD5 is");
        }
    }
}
