package dev.dynalens.service.transfer;

import static dev.dynalens.domain.ItemAssertions.assertIdentical;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.DynaliteProcess;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Lossless through a real DynamoDB-compatible server (a dynalite of its own): jqwik-generated items of
 * every type plus fixed edge cases go into a table, the table is exported in each format, the file is
 * imported into a fresh table, and every item of the two tables is compared exactly (number text, set
 * and map order; the order of top-level attributes aside, which a CSV row sets by its columns).
 */
class TransferRoundTripIT {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static DynaliteProcess dynalite;
    private static DynamoSession session;
    private static Path dir;

    @BeforeContainer
    static void startDynalite() throws IOException {
        dynalite = DynamoEndpointExtension.startPrivateDynalite();
        session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("round-trip", dynalite.endpoint()));
        dir = Files.createTempDirectory("dynalens-transfer-it");
    }

    @AfterContainer
    static void stopDynalite() throws IOException {
        session.close();
        dynalite.close();
        try (var files = Files.walk(dir)) {
            for (var file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    @Provide
    Arbitrary<List<Item>> tables() {
        return ItemArbitraries.items().list().ofMaxSize(40).map(TransferItems::keyed);
    }

    @Property(tries = 8)
    void jsonLines_exportThenImport_givesIdenticalItems(@ForAll("tables") List<Item> items) throws Exception {
        roundTrip(TransferFormat.JSONL, items);
    }

    @Property(tries = 8)
    void plainJson_exportThenImport_givesIdenticalItems(@ForAll("tables") List<Item> items) throws Exception {
        roundTrip(TransferFormat.JSON, items);
    }

    @Property(tries = 8)
    void csv_exportThenImport_givesIdenticalItems(@ForAll("tables") List<Item> items) throws Exception {
        roundTrip(TransferFormat.CSV, items);
    }

    @Property(tries = 8)
    void workbenchModel_exportThenImport_givesIdenticalItems(@ForAll("tables") List<Item> items) throws Exception {
        roundTrip(TransferFormat.WORKBENCH, items);
    }

    private static void roundTrip(TransferFormat format, List<Item> generated) throws Exception {
        var items = new ArrayList<>(TransferItems.edgeCases());
        items.addAll(generated);
        int n = TABLES.incrementAndGet();
        var source = "export-" + format.cliName() + "-" + n;
        TransferItems.createAndLoad(session, source, items);
        var file = dir.resolve(n + "-export" + (format == TransferFormat.WORKBENCH ? ".model" : "") + format.extension());
        var progress = new CopyOnWriteArrayList<ExportProgress>();

        // Page size 7 makes the export follow several pages.
        var exported = new TableExporter(session).start(new ExportRequest(new ReadRequest.Scan(source, null, 7, null), format, file),
                progress::add).result().get(2, TimeUnit.MINUTES);

        assertThat(exported.outcome()).isEqualTo(ExportReport.Outcome.COMPLETED);
        assertThat(exported.items()).isEqualTo(items.size());
        assertThat(exported.pages()).isGreaterThanOrEqualTo(items.size() / 7);
        assertThat(progress.getLast().items()).isEqualTo(items.size());
        assertThat(Files.exists(file.resolveSibling(file.getFileName() + ".part"))).isFalse();

        var target = "import-" + format.cliName() + "-" + n;
        TransferItems.create(session, target);
        var imported = new TableImporter(session).start(new ImportRequest(target, file, null), p -> { })
                .result().get(2, TimeUnit.MINUTES);

        assertThat(imported.format()).isEqualTo(format);
        assertThat(imported.rejected()).isEmpty();
        assertThat(imported.outcome()).isEqualTo(ImportReport.Outcome.COMPLETED);
        assertThat(imported.written()).isEqualTo(items.size());
        var before = TransferItems.scan(session, source);
        var after = TransferItems.scan(session, target);
        assertThat(before).hasSize(items.size());
        assertThat(after.keySet()).isEqualTo(before.keySet());
        before.forEach((key, item) -> assertIdentical(item, inOrderOf(item, after.get(key))));
        session.deleteTable(source).get(30, TimeUnit.SECONDS);
        session.deleteTable(target).get(30, TimeUnit.SECONDS);
    }

    private static Item inOrderOf(Item like, Item item) {
        if (!like.attributes().keySet().equals(item.attributes().keySet())) {
            return item;
        }
        var ordered = new LinkedHashMap<String, AttributeValue>();
        like.attributes().keySet().forEach(name -> ordered.put(name, item.attributes().get(name)));
        return new Item(ordered);
    }
}
