package dev.dynalens.service.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadExpressions;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.export.ExportFormat;
import dev.dynalens.export.fixtures.ExportWriter;
import dev.dynalens.service.ExportSources;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A table read from its export as a session: Scan pages and segments, an index, filters, key reads without a connection. */
class ExportSessionTest {
    @TempDir
    Path dir;
    List<Item> items;
    ExportSession session;

    @BeforeEach
    void open() {
        items = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            var values = new LinkedHashMap<String, AttributeValue>();
            values.put("PK", AttributeValue.s("ORDER#" + (i % 50)));
            values.put("SK", AttributeValue.s("LINE#" + i));
            values.put("n", AttributeValue.n(i));
            if (i % 5 == 0) {
                values.put("GSI1PK", AttributeValue.s("STATUS#" + (i % 3)));
                values.put("GSI1SK", AttributeValue.s("T" + i));
            }
            items.add(new Item(values));
        }
        var folder = new ExportWriter(dir, "", "Orders").full("01764000000000-sess0001", ExportFormat.DYNAMODB_JSON, items, 5,
                Instant.parse("2026-11-30T10:00:00Z"));
        var keys = WorkspaceOptions.parse("PK,SK", List.of("GSI1=GSI1PK,GSI1SK"));
        session = ExportTables.open(List.of(folder.toString()), ExportSources.localOnly(), new ExportTables.ProfileAndEndpoint(null, null),
                null, false, keys, null).session();
    }

    @AfterEach
    void close() {
        session.close();
    }

    private List<Item> readAll(ReadRequest first) {
        var read = new ArrayList<Item>();
        ReadRequest request = first;
        while (request != null) {
            Page page = session.read(request).join();
            read.addAll(page.items());
            request = page.next().map(request::withExclusiveStartKey).orElse(null);
        }
        return read;
    }

    @Test
    void describesTheExportsTable() {
        var table = session.describeTable("Orders").join();
        assertThat(table.keySchema()).isEqualTo(new KeySchema(new KeySchema.KeyAttribute("PK", KeySchema.ScalarType.S),
                new KeySchema.KeyAttribute("SK", KeySchema.ScalarType.S)));
        assertThat(table.itemCount()).isEqualTo(250);
        assertThat(table.globalSecondaryIndexes()).extracting(IndexDescription::name).containsExactly("GSI1");
        assertThat(session.profile().readOnly()).isTrue();
    }

    @Test
    void segmentsInSmallPagesTogetherReadEveryItemOnce() {
        var read = new ArrayList<Item>();
        for (int s = 0; s < 3; s++) {
            read.addAll(readAll(new ReadRequest.Scan("Orders", null, 7, null, new ReadRequest.Segment(s, 3))));
        }
        assertThat(read).containsExactlyInAnyOrderElementsOf(items);
        assertThat(session.progressText()).startsWith("5 of 5 files · 250 items");
    }

    @Test
    void aStartKeyThatIsNotTheLastPagesReadsTheSegmentAgainUpToIt() {
        var first = session.read(new ReadRequest.Scan("Orders", null, 10, null)).join();
        var second = session.read(new ReadRequest.Scan("Orders", null, 10, null)).join();
        // the second first page left its position open; continuing the first one finds its own
        var rest = readAll(new ReadRequest.Scan("Orders", null, 10, first.lastEvaluatedKey()));
        assertThat(second.items()).isEqualTo(first.items());
        var all = new ArrayList<>(first.items());
        all.addAll(rest);
        assertThat(all).containsExactlyInAnyOrderElementsOf(items);
        assertThatThrownBy(() -> session.read(new ReadRequest.Scan("Orders", null, 10,
                Map.of("PK", AttributeValue.s("NOPE"), "SK", AttributeValue.s("NOPE")))).join())
                .hasCauseInstanceOf(DynamoAccessException.class).hasMessageContaining("The provided starting key is invalid");
    }

    @Test
    void anIndexScanReadsTheItemsThatHaveItsKeys_andAFilterApplies() {
        var indexed = readAll(new ReadRequest.Scan("Orders", "GSI1", 4, null));
        assertThat(indexed).containsExactlyInAnyOrderElementsOf(items.stream().filter(i -> i.has("GSI1PK")).toList());
        var filtered = readAll(new ReadRequest.Scan("Orders", null, null, null, new ReadExpressions("#n < :max", null,
                Map.of("#n", "n"), Map.of(":max", AttributeValue.n(10)))));
        assertThat(filtered).containsExactlyInAnyOrderElementsOf(items.subList(0, 10));
    }

    @Test
    void withoutAConnection_keyReadsAreAnsweredFromTheExport_andWritesAreRefused() {
        var query = ReadRequest.Query.of("Orders", "PK", AttributeValue.s("ORDER#7"));
        assertThat(session.read(query).join().items()).containsExactlyInAnyOrderElementsOf(
                items.stream().filter(i -> i.get("PK").orElseThrow().equals(AttributeValue.s("ORDER#7"))).toList());
        Map<String, AttributeValue> key = Map.of("PK", AttributeValue.s("ORDER#7"), "SK", AttributeValue.s("LINE#57"));
        assertThat(session.getItem("Orders", key, false).join().item()).contains(items.get(57));
        var update = new ItemWrite.Update("Orders", key, "SET #n = :v", null, Map.of("#n", "n"), Map.of(":v", AttributeValue.n(1)));
        assertThatThrownBy(() -> session.write(update).join()).isInstanceOf(CompletionException.class)
                .hasMessageContaining("is a snapshot, read only");
    }

    /** Issue 24: the SQL tab of an export tab (and `sql --export`) plans its Scans at no read capacity, naming the export. */
    @Test
    void entityTypesLearntThroughTheExport_planScansAsAnsweredFromIt() {
        var guarded = dev.dynalens.service.guard.WriteGuard.protect(session);
        assertThat(guarded.scansAnsweredFrom()).contains("export 01764000000000-sess0001 as of 2026-11-30T10:00:00Z");
        var learn = new dev.dynalens.usecase.LearnEntityTypes(guarded, new dev.dynalens.service.EntityTypesStore() {
                    @Override public java.util.Optional<Kept> load(String scope, String table) { return java.util.Optional.empty(); }
                    @Override public void save(String scope, String table, Kept kept) { }
                }, "conn",
                Runnable::run, java.time.Clock.systemUTC());
        var table = session.describeTable("Orders").join();
        var catalog = learn.sample(table, dev.dynalens.domain.inference.Lens.NONE, true).result().join();
        assertThat(catalog.scansFrom()).isEqualTo("export 01764000000000-sess0001 as of 2026-11-30T10:00:00Z");
        assertThat(learn.describedHere(table).scansFrom()).isEqualTo(catalog.scansFrom());
    }
}
