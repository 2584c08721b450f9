package dev.dynalens.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import dev.dynalens.export.fixtures.ExportWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ExportSnapshotTest {
    static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    static final Instant T1 = T0.plusSeconds(3600);
    static final Instant T2 = T1.plusSeconds(3600);

    @TempDir
    Path bucket;

    static Item item(String pk, String sk, Map<String, AttributeValue> more) {
        var values = new LinkedHashMap<String, AttributeValue>();
        values.put("PK", AttributeValue.s(pk));
        values.put("SK", AttributeValue.s(sk));
        values.putAll(more);
        return new Item(values);
    }

    /** Every type DynamoDB has, and numbers at the edges of its range. */
    static List<Item> everyType() {
        var items = new ArrayList<Item>();
        items.add(item("CUSTOMER#1", "PROFILE", Map.of(
                "big", AttributeValue.n("12345678901234567890123456789012345678"),
                "tiny", AttributeValue.n("1E-130"),
                "huge", AttributeValue.n("9.9999999999999999999999999999999999999E+125"),
                "negative", AttributeValue.n("-0.000000000000000000000000000000000001"),
                "tags", AttributeValue.StringSet.of(List.of("a", "b", "ü")),
                "scores", AttributeValue.NumberSet.of(List.of(DynamoNumber.parse("1"), DynamoNumber.parse("2.5"))),
                "blobs", AttributeValue.BinarySet.of(List.of(Bytes.of(new byte[] {0, 1, 2}), Bytes.of(new byte[] {(byte) 255}))),
                "photo", AttributeValue.b(new byte[] {(byte) 0xCA, (byte) 0xFE, 0}),
                "nothing", AttributeValue.nul(),
                "flag", AttributeValue.bool(false))));
        items.add(item("CUSTOMER#1", "ORDER#2024-001", Map.of(
                "address", AttributeValue.m(Map.of("city", AttributeValue.s("Zürich"), "lines", AttributeValue.l(AttributeValue.s("x"),
                        AttributeValue.n("600"), AttributeValue.m(Map.of())))),
                "empty", AttributeValue.l(),
                "text", AttributeValue.s("line\nbreak \"quoted\" \u2028 😀"))));
        for (int i = 0; i < 40; i++) {
            items.add(item("ORDER#" + i, "ORDER#" + i, Map.of("total", AttributeValue.n(i + ".50"), "status", AttributeValue.s("OPEN"))));
        }
        return items;
    }

    ExportSnapshot open(Path... folders) {
        var sources = new ArrayList<ExportSource>();
        for (var folder : folders) {
            sources.add(ExportSource.local(ExportLocation.parse(folder.toString())));
        }
        return ExportSnapshot.open(sources);
    }

    static List<Item> readAll(ExportSnapshot snapshot, int threads) {
        var items = Collections.synchronizedList(new ArrayList<Item>());
        snapshot.forEachItem(threads, items::add, () -> false);
        return items;
    }

    @ParameterizedTest
    @EnumSource(ExportFormat.class)
    void aFullExportReadsEveryItemExactly(ExportFormat format) {
        var items = everyType();
        var folder = new ExportWriter(bucket, "nightly/2026", "Shop").full("01764000000000-abcdef12", format, items, 5, T0);
        try (var snapshot = open(folder)) {
            assertThat(snapshot.parts()).hasSize(5);
            var read = readAll(snapshot, 3);
            assertThat(read).containsExactlyInAnyOrderElementsOf(items);
            assertThat(snapshot.snapshotTime()).isEqualTo(T0);
            assertThat(snapshot.full().tableName()).contains("Shop");
            assertThat(snapshot.counters().files()).isEqualTo(5);
            assertThat(snapshot.counters().items()).isEqualTo(items.size());
            assertThat(snapshot.counters().bytes()).isEqualTo(dataBytes(folder));
        }
    }

    @Test
    void numbersComeBackAsDynamoDbWritesThemWhateverTheFormat() {
        var items = everyType();
        var json = new ExportWriter(bucket, "", "Shop").full("01764000000000-json0001", ExportFormat.DYNAMODB_JSON, items, 2, T0);
        var ion = new ExportWriter(bucket, "", "Shop").full("01764000000000-ion00001", ExportFormat.ION, items, 2, T0);
        try (var fromJson = open(json); var fromIon = open(ion)) {
            var a = readAll(fromJson, 1);
            var b = readAll(fromIon, 1);
            var order = ((AttributeValue.ListValue) ((AttributeValue.MapValue) b.stream().filter(i -> i.has("address")).findFirst()
                    .orElseThrow().get("address").orElseThrow()).values().get("lines")).values().get(1);
            // Ion writes 600 as 6d2; the item says "600", as a JSON export (and DynamoDB) would.
            assertThat(((AttributeValue.Num) order).value().text()).isEqualTo("600");
            assertThat(b).containsExactlyInAnyOrderElementsOf(a);
        }
    }

    @ParameterizedTest
    @EnumSource(ExportFormat.class)
    void incrementalExportsApplyInOrderOntoTheFullOne(ExportFormat format) {
        var writer = new ExportWriter(bucket, "p", "Shop");
        var items = everyType();
        var full = writer.full("01764000000000-full0001", format, items, 4, T0);
        var order3 = items.get(5);
        var order4 = items.get(6);
        var changed3 = order3.with("status", AttributeValue.s("SHIPPED"));
        var added = item("ORDER#new", "ORDER#new", Map.of("total", AttributeValue.n("1")));
        var first = writer.incremental("01764000003600-incr0001", format, List.of(
                new ExportWriter.Change(key(order3), changed3, order3),
                new ExportWriter.Change(key(order4), null, order4),
                new ExportWriter.Change(key(added), added, null)), 3, T0, T1);
        var addedAgain = added.with("total", AttributeValue.n("2"));
        var second = writer.incremental("01764000007200-incr0002", format, List.of(
                new ExportWriter.Change(key(added), addedAgain, added),
                new ExportWriter.Change(key(order4), order4, null)), 2, T1, T2);
        var expected = new ArrayList<>(items);
        expected.set(5, changed3);
        expected.add(addedAgain);
        try (var snapshot = open(full, first, second)) {
            assertThat(snapshot.snapshotTime()).isEqualTo(T2);
            assertThat(snapshot.keyNames()).contains(List.of("PK", "SK"));
            assertThat(readAll(snapshot, 2)).containsExactlyInAnyOrderElementsOf(expected);
        }
        try (var snapshot = open(full, first)) {
            var once = new ArrayList<>(items);
            once.set(5, changed3);
            once.remove(order4);
            once.add(added);
            assertThat(readAll(snapshot, 2)).containsExactlyInAnyOrderElementsOf(once);
        }
    }

    static Map<String, AttributeValue> key(Item item) {
        return Map.of("PK", item.get("PK").orElseThrow(), "SK", item.get("SK").orElseThrow());
    }

    @Test
    void anIncrementalWindowThatDoesNotStartWhereThePreviousEndedIsRefused() {
        var writer = new ExportWriter(bucket, "", "Shop");
        var full = writer.full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, everyType(), 2, T0);
        var late = writer.incremental("01764000003600-incr0001", ExportFormat.DYNAMODB_JSON, List.of(), 1, T1, T2);
        assertThatThrownBy(() -> open(full, late)).isInstanceOf(ExportReadException.class)
                .hasMessageContaining("window starts at " + T1).hasMessageContaining("not where the previous export ends (" + T0 + ")");
        assertThatThrownBy(() -> open(late)).hasMessageContaining("is an incremental export: give the full export it builds on first");
        assertThatThrownBy(() -> open(full, full)).hasMessageContaining("is a full export: only the first export given may be one");
    }

    @Test
    void anExportStillInProgressSaysSo() throws IOException {
        var folder = new ExportWriter(bucket, "", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, everyType(), 2, T0);
        Files.delete(folder.resolve("manifest-summary.json"));
        assertThatThrownBy(() -> open(folder)).isInstanceOf(ExportReadException.class)
                .hasMessageContaining("is not complete: it has _started but no manifest-summary.json yet");
        Files.delete(folder.resolve("_started"));
        assertThatThrownBy(() -> open(folder)).hasMessageContaining("No export at");
    }

    @Test
    void aMissingDataFileIsNamed() throws IOException {
        var folder = new ExportWriter(bucket, "", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, everyType(), 3, T0);
        var file = dataFiles(folder).get(0);
        Files.delete(file);
        try (var snapshot = open(folder)) {
            assertThatThrownBy(() -> readAll(snapshot, 2)).isInstanceOf(ExportReadException.class)
                    .hasMessage("The data file " + file + " is missing (the manifest lists it)");
        }
    }

    @Test
    void aTruncatedDataFileIsNamedAndNothingIsShownAsComplete() throws IOException {
        var folder = new ExportWriter(bucket, "", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, everyType(), 3, T0);
        var file = dataFiles(folder).get(1);
        var bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        try (var snapshot = open(folder)) {
            assertThatThrownBy(() -> readAll(snapshot, 1)).isInstanceOf(ExportReadException.class)
                    .hasMessageContaining("The data file " + file + " is truncated or corrupted after line");
        }
    }

    @Test
    void aDataFileWhoseMd5DiffersFromTheManifestIsCorrupted() throws IOException {
        var folder = new ExportWriter(bucket, "", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, everyType(), 3, T0);
        var file = dataFiles(folder).get(0);
        // Bytes after the gzip stream: every line still parses, only the MD5 tells.
        Files.write(file, new byte[] {0}, java.nio.file.StandardOpenOption.APPEND);
        try (var snapshot = open(folder)) {
            assertThatThrownBy(() -> readAll(snapshot, 1)).isInstanceOf(ExportReadException.class)
                    .hasMessageContaining("The data file " + file + " is corrupted: its MD5 is");
        }
    }

    @Test
    void aFileHoldingOtherThanItsCountIsRefused() throws IOException {
        var folder = new ExportWriter(bucket, "", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, everyType(), 3, T0);
        var manifest = folder.resolve("manifest-files.json");
        var lines = Files.readAllLines(manifest);
        lines.set(0, lines.get(0).replaceFirst("\"itemCount\":(\\d+)", "\"itemCount\":999"));
        lines.set(1, lines.get(1).replaceFirst("\"itemCount\":(\\d+)", "\"itemCount\":0"));
        Files.write(manifest, lines);
        Files.delete(folder.resolve("manifest-files.checksum"));
        assertThatThrownBy(() -> open(folder)).isInstanceOf(ExportReadException.class)
                .hasMessageContaining("manifests disagree: its files hold");
    }

    @Test
    void aManifestWhoseChecksumDiffersIsCorrupted() throws IOException {
        var folder = new ExportWriter(bucket, "", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, everyType(), 3, T0);
        Files.writeString(folder.resolve("manifest-files.json"), "\n", java.nio.file.StandardOpenOption.APPEND);
        assertThatThrownBy(() -> open(folder)).isInstanceOf(ExportReadException.class)
                .hasMessageContaining("manifest-files.json is corrupted: its MD5 differs from");
    }

    @ParameterizedTest
    @EnumSource(ExportFormat.class)
    void aLineThatDoesNotParseIsNamedWithItsPosition(ExportFormat format) throws IOException {
        var folder = new ExportWriter(bucket, "", "Shop").full("01764000000000-full0001", format, everyType(), 2, T0);
        var file = dataFiles(folder).get(0);
        var lines = new ArrayList<>(List.of(gunzip(file).split("\n")));
        lines.set(2, format == ExportFormat.ION ? "$ion_1_0 {Item:{PK:\"x\", n: 1.5e0}}" : "{\"Item\":{\"PK\":{\"S\":\"x\"},\"n\":{\"N\":\"12a\"}}}");
        rewrite(folder, file, lines);
        try (var snapshot = open(folder)) {
            var message = format == ExportFormat.ION
                    ? "line 3, column 1: Item.n is an Ion float; DynamoDB writes numbers as decimals"
                    : "line 3, column ";
            assertThatThrownBy(() -> readAll(snapshot, 1)).isInstanceOf(ExportReadException.class)
                    .hasMessageContaining("The data file " + file + " " + message);
        }
    }

    @Test
    void anEmptyObjectIsAnEmptyPartition() throws IOException {
        var folder = new ExportWriter(bucket, "", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, everyType(), 3, T0);
        var empty = dataFiles(folder).get(2);
        Files.write(empty, new byte[0]);
        var manifest = folder.resolve("manifest-files.json");
        var text = Files.readString(manifest).replace(base64Md5OfEmptyGzip(), java.util.Base64.getEncoder().encodeToString(ExportWriter.md5(new byte[0])));
        Files.writeString(manifest, text);
        Files.delete(folder.resolve("manifest-files.checksum"));
        try (var snapshot = open(folder)) {
            assertThat(readAll(snapshot, 2)).hasSize(everyType().size());
        }
    }

    @Test
    void aFolderCopiedOutOfItsLayoutIsReadFromItsDataFolder() throws IOException {
        var folder = new ExportWriter(bucket, "p", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, everyType(), 3, T0);
        var copy = bucket.resolve("copied");
        try (var files = Files.walk(folder)) {
            for (var file : files.filter(Files::isRegularFile).toList()) {
                var target = copy.resolve(folder.relativize(file));
                Files.createDirectories(target.getParent());
                Files.copy(file, target);
            }
        }
        try (var snapshot = open(copy)) {
            assertThat(readAll(snapshot, 2)).containsExactlyInAnyOrderElementsOf(everyType());
        }
    }

    @Test
    void aCancelStopsTheRead_andACancelAfterTheLastItemDoesNot() {
        var folder = new ExportWriter(bucket, "", "Shop").full("01764000000000-full0001", ExportFormat.DYNAMODB_JSON, everyType(), 3, T0);
        try (var snapshot = open(folder)) {
            var read = new java.util.concurrent.atomic.AtomicInteger();
            assertThatThrownBy(() -> snapshot.forEachItem(2, item -> read.incrementAndGet(), () -> read.get() >= 5))
                    .isInstanceOf(java.util.concurrent.CancellationException.class);
            assertThat(read.get()).isLessThan(everyType().size());
            var all = new java.util.concurrent.atomic.AtomicInteger();
            var done = new java.util.concurrent.atomic.AtomicBoolean();
            // asked only between items: a flag that turns true once every item was handed on cancels nothing
            snapshot.forEachItem(1, item -> {
                if (all.incrementAndGet() == everyType().size()) {
                    done.set(true);
                }
            }, done::get);
            assertThat(all.get()).isEqualTo(everyType().size());
            assertThat(done.get()).isTrue();
        }
    }

    @Test
    void locationsParse() {
        var s3 = ExportLocation.parse("s3://my-bucket/nightly/2026/AWSDynamoDB/01764000000000-abcdef12/");
        assertThat(s3.bucket()).isEqualTo("my-bucket");
        assertThat(s3.root()).isEqualTo("nightly/2026/");
        assertThat(s3.exportId()).isEqualTo("01764000000000-abcdef12");
        assertThat(s3.resolve("nightly/2026/AWSDynamoDB/data/abc.json.gz")).isEqualTo("AWSDynamoDB/data/abc.json.gz");
        assertThat(s3.resolve("AWSDynamoDB/01764000000000-abcdef12/data/x.json.gz")).isEqualTo("AWSDynamoDB/01764000000000-abcdef12/data/x.json.gz");
        assertThat(ExportLocation.parse("s3://b/AWSDynamoDB/0176-x/manifest-summary.json").root()).isEmpty();
        assertThatThrownBy(() -> ExportLocation.parse("s3://b/some/prefix")).hasMessageContaining("should end in AWSDynamoDB/<ExportId>");
        assertThatThrownBy(() -> ExportLocation.parse("s3:///AWSDynamoDB/x")).hasMessageContaining("names no bucket");
        assertThatThrownBy(() -> ExportLocation.parse("/no/such/folder")).hasMessageContaining("No such folder: /no/such/folder");
    }

    static String base64Md5OfEmptyGzip() throws IOException {
        var bytes = new java.io.ByteArrayOutputStream();
        new java.util.zip.GZIPOutputStream(bytes).close();
        return java.util.Base64.getEncoder().encodeToString(ExportWriter.md5(bytes.toByteArray()));
    }

    static List<Path> dataFiles(Path exportFolder) throws IOException {
        try (var files = Files.walk(exportFolder.resolve("data"))) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }

    static long dataBytes(Path exportFolder) {
        try {
            long total = 0;
            for (var file : dataFiles(exportFolder)) {
                total += Files.size(file);
            }
            return total;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static String gunzip(Path file) throws IOException {
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(file))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Rewrites a data file with other lines and mends its manifest line (count, MD5), so only the lines are wrong. */
    static void rewrite(Path exportFolder, Path file, List<String> lines) throws IOException {
        var bytes = new java.io.ByteArrayOutputStream();
        try (var gzip = new java.util.zip.GZIPOutputStream(bytes)) {
            gzip.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        var old = java.util.Base64.getEncoder().encodeToString(ExportWriter.md5(Files.readAllBytes(file)));
        Files.write(file, bytes.toByteArray());
        var manifest = exportFolder.resolve("manifest-files.json");
        Files.writeString(manifest, Files.readString(manifest).replace(old,
                java.util.Base64.getEncoder().encodeToString(ExportWriter.md5(bytes.toByteArray()))));
        Files.delete(exportFolder.resolve("manifest-files.checksum"));
    }

}
