package dev.dynalens.service.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.service.spill.SpillFile;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.SqlTrackerData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.calcite.linq4j.Enumerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The items a join keeps so that a read is sent once: every value comes back exactly (38-digit numbers, sets in their
 * order, binary, null, nested maps and lists), for readers at their own pace, in memory or spilled to disk.
 */
class KeptItemsTest {
    @TempDir
    Path folder;

    @Provide
    Arbitrary<List<Item>> lists() {
        return ItemArbitraries.items().list().ofMaxSize(60);
    }

    @Property(tries = 60)
    void everyItemComesBackExactly_toReadersInterleaved_inMemoryOrSpilled(@ForAll("lists") List<Item> items,
                                                                          @ForAll boolean spillAll) throws Exception {
        var folder = Files.createTempDirectory("kept");
        var spill = new SpillFile.Lazy(folder, "sql");
        try {
            var kept = new KeptItems(new KeptItems.Budget(spillAll ? 0 : Long.MAX_VALUE), spill::open);
            var early = kept.cursor();
            var readByEarly = new ArrayList<Item>();
            for (var item : items) {
                kept.add(item);
                // a reader that follows the writer, one item behind at most
                var next = early.next();
                assertThat(next).isNotNull();
                readByEarly.add(next);
            }
            assertThat(early.next()).isNull();
            var late = kept.cursor();
            var readByLate = new ArrayList<Item>();
            for (var next = late.next(); next != null; next = late.next()) {
                readByLate.add(next);
            }

            assertThat(readByEarly).isEqualTo(items);
            assertThat(readByLate).isEqualTo(items);
            assertThat(kept.size()).isEqualTo(items.size());
        } finally {
            spill.close();
            Files.deleteIfExists(folder);
        }
    }

    @Test
    void chunksPastTheBudget_goToTheSpillFile_andAreReadBackFromIt() {
        var spill = new SpillFile.Lazy(folder, "sql");
        try {
            var budget = new KeptItems.Budget(64 * 1024);
            var kept = new KeptItems(budget, spill::open);
            var items = new ArrayList<Item>();
            for (int i = 0; i < 20_000; i++) {
                var item = SqlTrackerData.item("PK", "ORDER#" + i, "SK", "LINE#" + i, "amount",
                        AttributeValue.n("1234567890123456789012345678901234567." + i % 10));
                items.add(item);
                kept.add(item);
            }
            var cursor = kept.cursor();
            var back = new ArrayList<Item>();
            for (var next = cursor.next(); next != null; next = cursor.next()) {
                back.add(next);
            }

            assertThat(back).isEqualTo(items);
            assertThat(kept.spilledBytes()).isPositive();
            assertThat(spill.size()).isEqualTo(kept.spilledBytes());
        } finally {
            spill.close();
        }
    }

    @Test
    void aReadKeptOnce_isPulledFromItsRequestsOnce_whateverTheReadersDo() {
        var pulls = new int[1];
        var source = counting(List.of(item(1), item(2), item(3)), pulls);
        var spill = new SpillFile.Lazy(folder, "sql");
        var once = new ReadOnce(source, new KeptItems(new KeptItems.Budget(Long.MAX_VALUE), spill::open));

        // a first reader that stops after one item (a semi-join's first match), then two that read all, interleaved
        var first = once.reader();
        assertThat(first.moveNext()).isTrue();
        first.close();
        var a = once.reader();
        var b = once.reader();
        var readA = new ArrayList<Item>();
        var readB = new ArrayList<Item>();
        boolean moreA = true;
        boolean moreB = true;
        while (moreA || moreB) {
            if (moreA && (moreA = a.moveNext())) {
                readA.add(a.current());
            }
            if (moreB && (moreB = b.moveNext())) {
                readB.add(b.current());
            }
        }

        assertThat(readA).containsExactly(item(1), item(2), item(3));
        assertThat(readB).isEqualTo(readA);
        assertThat(pulls[0]).isEqualTo(3);
        once.close();
        spill.close();
    }

    @Test
    void aReadEnumeratedAgain_thatNothingKept_isSaidAfterTheRun() {
        var session = new FakeDynamoSession(ConnectionProfile.create("conn", new CredentialsSource.LocalPlaceholder(), "us-east-1", null, false,
                ConnectionTag.DEV));
        var run = new SqlRun(session, Runnable::run, SqlRun.backoff(), RunLimits.uncapped());
        var read = new LeafRead(null, null, null, List.of(), false, false);

        run.enumerated(read, "ORDER");
        assertThat(run.rereads()).isEmpty();
        run.enumerated(read, "ORDER");
        run.enumerated(read, "ORDER");

        assertThat(run.rereads()).containsEntry("ORDER", 2);
        run.close();
    }

    private static Item item(int n) {
        return SqlTrackerData.item("PK", "P#" + n, "SK", "S");
    }

    private static Enumerator<Item> counting(List<Item> items, int[] pulls) {
        Iterator<Item> iterator = items.iterator();
        return new Enumerator<>() {
            private Item current;

            @Override
            public Item current() {
                return current;
            }

            @Override
            public boolean moveNext() {
                if (!iterator.hasNext()) {
                    return false;
                }
                pulls[0]++;
                current = iterator.next();
                return true;
            }

            @Override
            public void reset() {
                throw new UnsupportedOperationException();
            }

            @Override
            public void close() {
            }
        };
    }
}
