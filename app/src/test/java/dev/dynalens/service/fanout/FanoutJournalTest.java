package dev.dynalens.service.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.staleness.RepairOutcome;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RepairStep;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FanoutJournalTest {
    @TempDir
    Path dir;

    static RepairPlan plan() {
        var key = new LinkedHashMap<String, AttributeValue>();
        key.put("PK", AttributeValue.s("POST#1"));
        key.put("SK", AttributeValue.n("12345678901234567890123456789012345678"));
        var rich = AttributeValue.m(Map.of("bin", AttributeValue.b(new byte[] {0, (byte) 0xff, 7}),
                "ns", AttributeValue.NumberSet.of(List.of(DynamoNumber.parse("-1E-130"), DynamoNumber.parse("9.9999999999999999999999999999999999999E+125"))),
                "nil", AttributeValue.nul(), "list", AttributeValue.l(AttributeValue.s("ünïcode \"q\"\n"), AttributeValue.bool(true))));
        return new RepairPlan("Blog", List.of(
                new RepairStep(key, AttributePath.of("authorName"), AttributeValue.s("Ann"), AttributeValue.s("Ann Lee"), "POST.authorName=USER.name@authorId"),
                new RepairStep(Map.of("PK", AttributeValue.s("TASK#2")), AttributePath.of("assignee", "name"), AttributeValue.s(""), rich, "r2"),
                new RepairStep(Map.of("PK", AttributeValue.s("TASK#3")), AttributePath.of("x"), AttributeValue.s("a"), AttributeValue.s("b"), "r3")),
                List.of());
    }

    @Test
    void journal_keepsThePlanBitForBit_andTheLastOutcomeOfEachStep() throws Exception {
        var file = dir.resolve("sub/fix.jsonl");
        var plan = plan();
        try (var journal = FanoutJournal.create(file, plan)) {
            journal.record(0, RepairOutcome.FAILED, "throttled");
            journal.record(1, RepairOutcome.SKIPPED_CHANGED, "changed since detection");
            journal.record(0, RepairOutcome.UPDATED, null);
        }

        var state = FanoutJournal.read(file).orElseThrow();

        assertThat(state.plan().steps()).isEqualTo(plan.steps());
        assertThat(state.plan().tableName()).isEqualTo("Blog");
        assertThat(state.fingerprint()).isEqualTo(plan.fingerprint());
        assertThat(state.outcomes()).containsExactly(Map.entry(0, new JournalEntry(RepairOutcome.UPDATED, null)),
                Map.entry(1, new JournalEntry(RepairOutcome.SKIPPED_CHANGED, "changed since detection")));
        assertThat(state.settled()).isEqualTo(2);
        assertThat(state.complete()).isFalse();
    }

    @Test
    void aTornLastLine_isIgnored_andTheNextOutcomeStartsOnItsOwnLine() throws Exception {
        var file = dir.resolve("fix.jsonl");
        try (var journal = FanoutJournal.create(file, plan())) {
            journal.record(0, RepairOutcome.UPDATED, null);
        }
        Files.writeString(file, "{\"done\":1,\"outc", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertThat(FanoutJournal.read(file).orElseThrow().outcomes()).containsOnlyKeys(0);

        try (var journal = FanoutJournal.append(file)) {
            journal.record(2, RepairOutcome.ALREADY_REPAIRED, null);
        }

        assertThat(FanoutJournal.read(file).orElseThrow().outcomes()).containsOnlyKeys(0, 2);
    }

    @Test
    void anEditedPlan_isRefusedWithItsLine_andAnExistingJournalIsNeverOverwritten() throws Exception {
        var file = dir.resolve("fix.jsonl");
        FanoutJournal.create(file, plan()).close();
        assertThatThrownBy(() -> FanoutJournal.create(file, plan())).isInstanceOf(FileAlreadyExistsException.class);

        Files.writeString(file, Files.readString(file).replace("Ann Lee", "Mallory"));
        assertThatThrownBy(() -> FanoutJournal.read(file)).isInstanceOf(FanoutJournal.JournalException.class)
                .hasMessageContaining("fix.jsonl:1").hasMessageContaining("fingerprint");

        var cut = dir.resolve("cut.jsonl");
        FanoutJournal.create(cut, plan()).close();
        var lines = Files.readAllLines(cut);
        Files.write(cut, lines.subList(0, 2));
        assertThatThrownBy(() -> FanoutJournal.read(cut)).hasMessageContaining("plan is incomplete");

        assertThat(FanoutJournal.read(dir.resolve("absent.jsonl"))).isEmpty();
        Files.writeString(dir.resolve("other.json"), "{\"hello\":1}\n");
        assertThatThrownBy(() -> FanoutJournal.read(dir.resolve("other.json"))).hasMessageContaining("not a DynaLens fan-out journal");
    }

    @Test
    void bytesSurviveInTheJournal() throws Exception {
        var file = dir.resolve("b.jsonl");
        FanoutJournal.create(file, plan()).close();
        var value = (AttributeValue.MapValue) FanoutJournal.read(file).orElseThrow().plan().steps().get(1).newValue();
        assertThat(((AttributeValue.Bin) value.values().get("bin")).value()).isEqualTo(Bytes.of(new byte[] {0, (byte) 0xff, 7}));
    }
}
