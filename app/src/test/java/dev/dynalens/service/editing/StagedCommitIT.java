package dev.dynalens.service.editing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.editing.CommitOutcome;
import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.domain.editing.StagedEdits;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Staged commits against dynalite: every write is guarded by the item as read, so a concurrent change of any attribute
 * type, a concurrent delete or a concurrent create turns into a reported conflict and nothing is overwritten.
 */
@ExtendWith(DynamoEndpointExtension.class)
class StagedCommitIT {
    private static final KeySchema KEYS = KeySchema.of("PK", "SK");
    private static String table;
    private static int counter;

    @BeforeAll
    static void createTable(TestEndpoint endpoint, DynamoSession session) throws Exception {
        table = endpoint.uniqueTableName("staged");
        session.createTable(new CreateTableSpec(table, KEYS, List.of())).get(30, TimeUnit.SECONDS);
    }

    /** An item with every attribute type, nested documents (also empty ones) and numbers beyond double. */
    private static Item everyType(String pk) {
        var nested = new LinkedHashMap<String, AttributeValue>();
        nested.put("street", AttributeValue.s("1 Main St"));
        nested.put("zip", AttributeValue.n("01234"));
        nested.put("tags", AttributeValue.l(AttributeValue.s("home"), AttributeValue.ns("1", "2.50")));
        nested.put("empty", AttributeValue.m(Map.of()));
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s("PROFILE"));
        attributes.put("name", AttributeValue.s("Ann"));
        attributes.put("balance", AttributeValue.n("12345678901234567890.123456789012345678"));
        attributes.put("photo", AttributeValue.b("\u0000\u00ffpng".getBytes(StandardCharsets.ISO_8859_1)));
        attributes.put("active", AttributeValue.bool(true));
        attributes.put("nickname", AttributeValue.nul());
        attributes.put("roles", AttributeValue.ss("admin", "editor"));
        attributes.put("scores", AttributeValue.ns("1", "2.5", "-3E+2"));
        attributes.put("keys", AttributeValue.BinarySet.of(List.of(Bytes.of(new byte[] {1, 2}), Bytes.of(new byte[] {3}))));
        attributes.put("address", AttributeValue.m(nested));
        attributes.put("history", AttributeValue.l(AttributeValue.n("1"), AttributeValue.m(Map.of("at", AttributeValue.s("2024"))),
                AttributeValue.l()));
        attributes.put("nothing", AttributeValue.l());
        return new Item(attributes);
    }

    private static Item seeded(DynamoSession session) throws Exception {
        var item = everyType("CUSTOMER#" + (++counter));
        session.write(ItemWrite.Put.unconditional(table, item)).get(10, TimeUnit.SECONDS);
        return read(session, item).orElseThrow();
    }

    private static Optional<Item> read(DynamoSession session, Item item) throws Exception {
        return session.getItem(table, item.key("PK", "SK"), true).get(10, TimeUnit.SECONDS).item();
    }

    private static CommitOutcome commit(DynamoSession session, StagedChange change) throws Exception {
        return new StagedCommitter(session).commitOne(change).get(10, TimeUnit.SECONDS);
    }

    @Test
    void update_ofAnUnchangedItem_isWritten_andEveryOtherValueSurvivesExactly(DynamoSession session) throws Exception {
        var read = seeded(session);
        var edited = new LinkedHashMap<>(read.attributes());
        edited.put("name", AttributeValue.s("Ann Lee"));
        edited.remove("nickname");
        edited.put("since", AttributeValue.n("99999999999999999999999999999999999999"));

        var outcome = commit(session, new StagedChange.Update(table, KEYS, read, new Item(edited)));

        assertThat(outcome.status()).isEqualTo(CommitOutcome.Status.APPLIED);
        assertThat(read(session, read)).contains(new Item(edited));
    }

    @ParameterizedTest(name = "someone else changes {0}")
    @CsvSource(textBlock = """
            name,      S
            balance,   N
            photo,     B
            active,    BOOL
            nickname,  NULL
            roles,     SS
            scores,    NS
            keys,      BS
            address,   M
            history,   L
            nothing,   L
            """)
    void aConcurrentChangeOfAnyAttributeType_isAConflict_andIsNotOverwritten(String attribute, String type,
                                                                             DynamoSession session) throws Exception {
        var read = seeded(session);
        var theirs = read.with(attribute, changedValue(read.get(attribute).orElseThrow()));
        session.write(ItemWrite.Put.unconditional(table, theirs)).get(10, TimeUnit.SECONDS);
        var mine = read.with("name", AttributeValue.s("Mine"));
        if (attribute.equals("name")) mine = read.with("name", AttributeValue.s("Mine too"));

        var outcome = commit(session, new StagedChange.Update(table, KEYS, read, mine));

        assertThat(outcome.status()).as(type).isEqualTo(CommitOutcome.Status.CONFLICT);
        assertThat(outcome.current()).contains(theirs);
        assertThat(outcome.message()).contains("changed by someone else").contains(attribute);
        assertThat(read(session, read)).contains(theirs);
    }

    /** A small change deep inside: the kind a careless guard would miss. */
    private static AttributeValue changedValue(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> AttributeValue.s(s.value() + "!");
            case AttributeValue.Num n -> AttributeValue.n(n.value().toBigDecimal().add(new java.math.BigDecimal("1E-18")).toPlainString());
            case AttributeValue.Bin b -> AttributeValue.b(new byte[] {0, (byte) 0xfe});
            case AttributeValue.Bool b -> AttributeValue.bool(!b.value());
            case AttributeValue.Null n -> AttributeValue.s("now a string");
            case AttributeValue.StringSet s -> AttributeValue.ss("admin");
            case AttributeValue.NumberSet s -> AttributeValue.ns("1", "2.5", "-301");
            case AttributeValue.BinarySet s -> AttributeValue.BinarySet.of(List.of(Bytes.of(new byte[] {1, 2})));
            case AttributeValue.MapValue m -> {
                var copy = new LinkedHashMap<>(m.values());
                var tags = (AttributeValue.ListValue) copy.get("tags");
                copy.put("tags", AttributeValue.l(tags.values().get(0), AttributeValue.ns("1", "2.51")));
                yield AttributeValue.m(copy);
            }
            case AttributeValue.ListValue l -> l.values().isEmpty() ? AttributeValue.l(AttributeValue.nul())
                    : AttributeValue.l(l.values().get(0), AttributeValue.m(Map.of("at", AttributeValue.s("2025"))), l.values().get(2));
        };
    }

    @Test
    void aMapChangedOnlyByAnAddedEntry_orAListByAnAppendedElement_isAConflict(DynamoSession session) throws Exception {
        var read = seeded(session);
        var address = new LinkedHashMap<>(((AttributeValue.MapValue) read.get("address").orElseThrow()).values());
        address.put("extra", AttributeValue.s("x"));
        var theirs = read.with("address", AttributeValue.m(address));
        session.write(ItemWrite.Put.unconditional(table, theirs)).get(10, TimeUnit.SECONDS);

        var outcome = commit(session, new StagedChange.Delete(table, KEYS, read));

        assertThat(outcome.status()).isEqualTo(CommitOutcome.Status.CONFLICT);
        assertThat(read(session, read)).contains(theirs);
    }

    @Test
    void delete_isGuardedTheSameWay_unchangedItemIsDeleted_changedItemIsKept(DynamoSession session) throws Exception {
        var unchanged = seeded(session);
        assertThat(commit(session, new StagedChange.Delete(table, KEYS, unchanged)).status()).isEqualTo(CommitOutcome.Status.APPLIED);
        assertThat(read(session, unchanged)).isEmpty();

        var read = seeded(session);
        var theirs = read.with("active", AttributeValue.bool(false));
        session.write(ItemWrite.Put.unconditional(table, theirs)).get(10, TimeUnit.SECONDS);
        var outcome = commit(session, new StagedChange.Delete(table, KEYS, read));
        assertThat(outcome.status()).isEqualTo(CommitOutcome.Status.CONFLICT);
        assertThat(outcome.current()).contains(theirs);
        assertThat(outcome.change().read()).contains(read);
        assertThat(read(session, read)).contains(theirs);
    }

    @Test
    void anItemDeletedMeanwhile_isAConflict_andTheEditDoesNotRecreateIt(DynamoSession session) throws Exception {
        var read = seeded(session);
        session.deleteItem(table, read.key("PK", "SK")).get(10, TimeUnit.SECONDS);

        var outcome = commit(session, new StagedChange.Update(table, KEYS, read, read.with("name", AttributeValue.s("Zoe"))));

        assertThat(outcome.status()).isEqualTo(CommitOutcome.Status.CONFLICT);
        assertThat(outcome.current()).isEmpty();
        assertThat(outcome.message()).contains("deleted by someone else");
        assertThat(read(session, read)).isEmpty();
    }

    @Test
    void aCreate_whoseKeyWasCreatedMeanwhile_isAConflict_andTheirItemIsKept(DynamoSession session) throws Exception {
        var theirs = seeded(session);
        var mine = everyType(theirs.get("PK").map(v -> ((AttributeValue.Str) v).value()).orElseThrow()).with("name", AttributeValue.s("Mine"));

        var outcome = commit(session, new StagedChange.Create(table, KEYS, mine));

        assertThat(outcome.status()).isEqualTo(CommitOutcome.Status.CONFLICT);
        assertThat(outcome.current()).contains(theirs);
        assertThat(outcome.message()).contains("created by someone else");
        assertThat(read(session, theirs)).contains(theirs);
    }

    @Test
    void anAttributeAddedByBoth_isAConflict_butOneAddedOnlyByThem_isKeptByMyUpdate(DynamoSession session) throws Exception {
        var read = seeded(session);
        var theirs = read.with("note", AttributeValue.s("theirs"));
        session.write(ItemWrite.Put.unconditional(table, theirs)).get(10, TimeUnit.SECONDS);

        var clash = commit(session, new StagedChange.Update(table, KEYS, read, read.with("note", AttributeValue.s("mine"))));
        assertThat(clash.status()).isEqualTo(CommitOutcome.Status.CONFLICT);

        var mine = read.with("name", AttributeValue.s("Ann B."));
        var outcome = commit(session, new StagedChange.Update(table, KEYS, read, mine));
        assertThat(outcome.status()).isEqualTo(CommitOutcome.Status.APPLIED);
        assertThat(read(session, read)).contains(mine.with("note", AttributeValue.s("theirs")));
    }

    @Test
    void aStagedSet_isCommittedItemByItem_withAReportOfWrittenAndConflicting(DynamoSession session) throws Exception {
        var first = seeded(session);
        var second = seeded(session);
        var edits = new StagedEdits(table, KEYS);
        edits.stageEdit(first, first.with("name", AttributeValue.s("First")));
        edits.stageDelete(second);
        edits.stageCreate(everyType("NEW#" + (++counter)));
        session.write(ItemWrite.Put.unconditional(table, second.with("active", AttributeValue.bool(false)))).get(10, TimeUnit.SECONDS);

        var report = new StagedCommitter(session).commit(edits.changes(), StagedCommitter.Mode.ITEM_BY_ITEM).get(20, TimeUnit.SECONDS);

        assertThat(report.outcomes()).extracting(CommitOutcome::status).containsExactly(
                CommitOutcome.Status.APPLIED, CommitOutcome.Status.CONFLICT, CommitOutcome.Status.APPLIED);
        assertThat(report.summary()).startsWith("2 written, 1 conflict(s), 0 failed (item by item");
        edits.forgetWritten(report.written());
        assertThat(edits.changes()).hasSize(1).first().isInstanceOf(StagedChange.Delete.class);
        assertThat(read(session, second)).isPresent();
    }

    /**
     * Asked for a transaction, dynalite answers UnknownOperationException through the real SDK: the session reports
     * UNSUPPORTED, the committer falls back to guarded item-by-item writes and says so, a concurrent change is still a
     * conflict, and the endpoint is not asked for a transaction again (counted in the request history).
     */
    @Test
    void transactionMode_onAnEndpointWithoutTransactions_fallsBackItemByItem_saysSo_andAsksOnlyOnce(DynamoSession session)
            throws Exception {
        var history = new dev.dynalens.domain.history.RequestHistory();
        var recording = new dev.dynalens.service.history.RecordingSession(session, history, java.time.Clock.systemUTC());
        var first = seeded(session);
        var second = seeded(session);
        var edits = new StagedEdits(table, KEYS);
        edits.stageEdit(first, first.with("name", AttributeValue.s("Tx")));
        edits.stageEdit(second, second.with("name", AttributeValue.s("Tx")));
        session.write(ItemWrite.Put.unconditional(table, second.with("name", AttributeValue.s("Theirs")))).get(10, TimeUnit.SECONDS);
        var committer = new StagedCommitter(recording);

        var report = committer.commit(edits.changes(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).get(20, TimeUnit.SECONDS);

        assertThat(report.method()).isEqualTo(dev.dynalens.domain.editing.CommitReport.Method.ITEM_BY_ITEM);
        assertThat(report.outcomes()).extracting(CommitOutcome::status)
                .containsExactly(CommitOutcome.Status.APPLIED, CommitOutcome.Status.CONFLICT);
        assertThat(report.summary()).startsWith("1 written, 1 conflict(s), 0 failed (item by item, each guarded).")
                .contains("does not support transactions (TransactWriteItems)");
        assertThat(committer.transactionsUnsupported()).contains("does not support transactions");
        assertThat(read(session, second).orElseThrow().get("name")).contains(AttributeValue.s("Theirs"));

        edits.forgetWritten(report.written());
        var again = seeded(session);
        edits.stageEdit(again, again.with("name", AttributeValue.s("Tx2")));
        var secondReport = committer.commit(edits.changes(), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).get(20, TimeUnit.SECONDS);

        assertThat(secondReport.summary()).contains("does not support transactions");
        assertThat(history.snapshot()).filteredOn(r -> r.operation().equals("TransactWriteItems")).hasSize(1)
                .first().satisfies(r -> assertThat(r.error()).isEqualTo("not supported by the endpoint"));
    }

    /**
     * All or nothing, on whatever the suite runs against: where the endpoint has TransactWriteItems (run with
     * {@code -Ddynamodb.endpoint=…}), one stale change cancels the whole set and nothing is written, then the set
     * without it commits at once; where it has not (dynalite), the same set is written item by item and only the stale
     * change is refused.
     */
    @Test
    void transactionMode_isAllOrNothing_whereTheEndpointHasTransactions_andGuardedItemByItemWhereNot(DynamoSession session)
            throws Exception {
        var first = seeded(session);
        var second = seeded(session);
        var stale = seeded(session);
        session.write(ItemWrite.Put.unconditional(table, stale.with("name", AttributeValue.s("Changed")))).get(10, TimeUnit.SECONDS);
        var changes = List.<StagedChange>of(new StagedChange.Update(table, KEYS, first, first.with("name", AttributeValue.s("T1"))),
                new StagedChange.Delete(table, KEYS, second),
                new StagedChange.Update(table, KEYS, stale, stale.with("name", AttributeValue.s("T3"))));
        var committer = new StagedCommitter(session);

        var report = committer.commit(changes, StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).get(20, TimeUnit.SECONDS);

        assertThat(report.outcomes().get(2).status()).isEqualTo(CommitOutcome.Status.CONFLICT);
        assertThat(read(session, stale).orElseThrow().get("name")).contains(AttributeValue.s("Changed"));
        if (report.method() == dev.dynalens.domain.editing.CommitReport.Method.TRANSACTION) {
            assertThat(report.outcomes()).extracting(CommitOutcome::status).containsExactly(
                    CommitOutcome.Status.HELD_BACK, CommitOutcome.Status.HELD_BACK, CommitOutcome.Status.CONFLICT);
            assertThat(read(session, first)).contains(first);
            assertThat(read(session, second)).contains(second);
            var retry = committer.commit(changes.subList(0, 2), StagedCommitter.Mode.TRANSACTION_WHEN_POSSIBLE).get(20, TimeUnit.SECONDS);
            assertThat(retry.outcomes()).extracting(CommitOutcome::status).containsOnly(CommitOutcome.Status.APPLIED);
        } else {
            assertThat(committer.transactionsUnsupported()).contains("does not support transactions");
            assertThat(report.outcomes()).extracting(CommitOutcome::status).containsExactly(
                    CommitOutcome.Status.APPLIED, CommitOutcome.Status.APPLIED, CommitOutcome.Status.CONFLICT);
        }
        assertThat(read(session, first).orElseThrow().get("name")).contains(AttributeValue.s("T1"));
        assertThat(read(session, second)).isEmpty();
    }

    @Test
    void aReadOnlyConnection_refusesEveryChange_andWritesNothing(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var read = seeded(session);
        var profile = ConnectionProfile.create("mirror", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                endpoint.endpoint(), true, ConnectionTag.PRODUCTION);
        try (var readOnly = new AwsDynamoSessionFactory().open(profile)) {
            var changes = List.<StagedChange>of(new StagedChange.Update(table, KEYS, read, read.with("name", AttributeValue.s("X"))),
                    new StagedChange.Delete(table, KEYS, read), new StagedChange.Create(table, KEYS, everyType("RO#1")));

            for (var mode : StagedCommitter.Mode.values()) {
                var report = new StagedCommitter(readOnly).commit(changes, mode).get(10, TimeUnit.SECONDS);

                assertThat(report.outcomes()).allSatisfy(o -> {
                    assertThat(o.status()).isEqualTo(CommitOutcome.Status.FAILED);
                    assertThat(o.message()).startsWith("Refused").containsIgnoringCase("read-only");
                });
            }
            assertThat(readOnly.transactWrite(changes.stream().map(StagedChange::toWrite).toList(), "t-1"))
                    .failsWithin(10, TimeUnit.SECONDS).withThrowableThat().havingRootCause()
                    .isInstanceOf(dev.dynalens.domain.connection.ReadOnlyConnectionException.class);
        }
        assertThat(read(session, read)).contains(read);
        assertThat(read(session, everyType("RO#1"))).isEmpty();
    }

    /** Why documents are compared structurally: dynalite's {@code =} on a map never holds, even for an equal map. */
    @Test
    void dynalite_neverHoldsEqualsOnAMap_soTheGuardComparesDocumentsStructurally(DynamoSession session) throws Exception {
        var read = seeded(session);
        var plainEquals = new ItemWrite.Delete(table, read.key("PK", "SK"), "#a = :a", Map.of("#a", "address"),
                Map.of(":a", read.get("address").orElseThrow()));

        assertThat(session.write(plainEquals).get(10, TimeUnit.SECONDS).status())
                .isEqualTo(dev.dynalens.domain.write.WriteResult.Status.CONDITION_FAILED);
        assertThat(commit(session, new StagedChange.Delete(table, KEYS, read)).status()).isEqualTo(CommitOutcome.Status.APPLIED);
    }

    @Test
    void dynalite_hasNoTransactWriteItems_soCommitsGoItemByItem(TestEndpoint endpoint) {
        var request = TransactWriteItemsRequest.builder().transactItems(List.of()).build();
        assertThatThrownBy(() -> endpoint.client().transactWriteItems(request).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("UnknownOperation");
    }
}
