package dev.dynalens.service.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.change.ChangeOutcome;
import dev.dynalens.domain.change.UndoEntry;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.usecase.ApplyChange;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangeJournalTest {
    private static final TableDescription ORDERS = new TableDescription("Orders", KeySchema.of("PK", "SK"), List.of(), List.of(), 0, 0,
            TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    private static final String CHANGE = """
            table: Orders
            where: {condition: "attribute_exists(status)"}
            set: {GSI2PK: "STATUS#{status}"}
            """;

    @TempDir
    Path dir;

    private static Item order(int i) {
        var values = new LinkedHashMap<String, AttributeValue>();
        values.put("PK", AttributeValue.s("C#" + i));
        values.put("SK", AttributeValue.s("O#" + i));
        values.put("status", AttributeValue.s("OPEN"));
        values.put("total", AttributeValue.n("0.000000000000000000000000000000000000001"));
        values.put("blob", AttributeValue.b(new byte[] {0, (byte) 255, (byte) i}));
        values.put("ns", AttributeValue.ns("1", "2.50"));
        return new Item(values);
    }

    private Path journal(int items) throws Exception {
        var file = dir.resolve("j.jsonl");
        var plan = new java.util.ArrayList<Map.Entry<Map<String, AttributeValue>, Item>>();
        for (int i = 0; i < items; i++) {
            plan.add(Map.entry(order(i).key("PK", "SK"), order(i)));
        }
        var header = new ChangeJournal.Header("Orders", "c.yaml", ApplyChange.sha256(CHANGE), items, dir.resolve("u.jsonl").toString(), "run-1",
                Instant.parse("2026-12-03T19:00:00Z"));
        try (var journal = ChangeJournal.create(file, header, plan, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC))) {
            journal.record(0, ChangeOutcome.APPLIED, null);
            journal.record(1, ChangeOutcome.SKIPPED_CHANGED, "changed since the plan");
        }
        return file;
    }

    @Test
    void aJournalReadsBackItsPlanBitForBit_andTheLastOutcomeOfEachItem() throws Exception {
        var state = ChangeJournal.read(journal(3)).orElseThrow();

        assertThat(state.befores()).containsExactly(order(0), order(1), order(2));
        assertThat(state.outcomes()).containsOnlyKeys(0, 1);
        assertThat(state.outcomes().get(1)).isEqualTo(new ChangeJournal.Outcome(ChangeOutcome.SKIPPED_CHANGED, "changed since the plan"));
        assertThat(state.settled()).isEqualTo(2);
        assertThat(state.complete()).isFalse();
        assertThat(state.header().run()).isEqualTo("run-1");
    }

    @Test
    void aTornLastLine_fromAProcessKilledInsideAWrite_isPassedOver_andTheNextLineStartsClean() throws Exception {
        var file = journal(3);
        Files.writeString(file, "{\"done\":2,\"outc", StandardOpenOption.APPEND);

        assertThat(ChangeJournal.read(file).orElseThrow().outcomes()).containsOnlyKeys(0, 1);
        try (var journal = ChangeJournal.append(file)) {
            journal.record(2, ChangeOutcome.APPLIED, null);
        }
        assertThat(ChangeJournal.read(file).orElseThrow().complete()).isTrue();
    }

    @Test
    void aPlanCutShort_orAFileThatIsNoJournal_isRefusedWithItsLine() throws Exception {
        var file = journal(3);
        var lines = Files.readAllLines(file);
        var cut = dir.resolve("cut.jsonl");
        Files.write(cut, lines.subList(0, 2));
        var other = Files.writeString(dir.resolve("other.jsonl"), "{\"journal\":\"dynalens-fanout\",\"version\":1}\n");

        assertThatThrownBy(() -> ChangeJournal.read(cut)).hasMessageContaining("cut.jsonl:2").hasMessageContaining("the plan is incomplete");
        assertThatThrownBy(() -> ChangeJournal.read(other)).hasMessageContaining("other.jsonl:1: not a DynaLens change journal");
        assertThat(ChangeJournal.read(dir.resolve("missing.jsonl"))).isEmpty();
    }

    @Test
    void aResumeRePlansTheSameWrites_andRefusesAnEditedChangeFileOrAnotherTable() throws Exception {
        var state = ChangeJournal.read(journal(3)).orElseThrow();
        var profile = ConnectionProfile.create("dev", new CredentialsSource.LocalPlaceholder(), "us-east-1", URI.create("http://localhost:1"),
                false, ConnectionTag.DEV);
        var apply = new ApplyChange(new FakeDynamoSession(profile), ChangeSettings.DEFAULTS, WriteConfirmer.typed(null, "x"));

        var resumed = apply.resume(ChangeFileReader.read(CHANGE), CHANGE, ORDERS, state);

        assertThat(resumed.toWrite()).isEqualTo(1);
        var planner = new dev.dynalens.domain.change.ChangePlanner(ChangeFileReader.read(CHANGE), ORDERS);
        assertThat(resumed.changes()).isEqualTo(List.of(planner.plan(order(0)), planner.plan(order(1)), planner.plan(order(2))));
        var edited = CHANGE.replace("STATUS#", "STATE#");
        assertThatThrownBy(() -> apply.resume(ChangeFileReader.read(edited), edited, ORDERS, state))
                .hasMessageContaining("the change file is not the one this journal was written for");
        var other = new TableDescription("Other", KeySchema.of("PK", "SK"), List.of(), List.of(), 0, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
        assertThatThrownBy(() -> apply.resume(ChangeFileReader.read(CHANGE), CHANGE, other, state))
                .hasMessageContaining("the journal holds a change of table Orders, not Other");
    }

    @Test
    void anUndoFileKeepsTheLastEntryOfEachKey_andADeletedItemHasNoAfter() throws Exception {
        var file = dir.resolve("u.jsonl");
        try (var undo = UndoFile.create(file, "Orders", "c.yaml", "abc", Instant.EPOCH)) {
            undo.record(new UndoEntry(order(0).key("PK", "SK"), order(0), order(0).with("x", AttributeValue.s("1"))));
            undo.record(new UndoEntry(order(0).key("PK", "SK"), order(0), order(0).with("x", AttributeValue.s("1"))));
            undo.record(new UndoEntry(order(1).key("PK", "SK"), order(1), null));
        }
        var contents = UndoFile.read(file);
        assertThat(contents.table()).isEqualTo("Orders");
        assertThat(contents.entries()).hasSize(2);
        assertThat(contents.entries().get(1).after()).isNull();
        assertThat(contents.entries().get(1).before()).isEqualTo(order(1));
        Files.writeString(file, "{\"key\":{\"PK\"", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertThat(UndoFile.read(file).entries()).hasSize(2);
        var notUndo = Files.writeString(dir.resolve("n.jsonl"), "{\"journal\":\"dynalens-change\"}\n");
        assertThatThrownBy(() -> UndoFile.read(notUndo)).hasMessageContaining("n.jsonl:1: not a DynaLens undo file");
    }
}
