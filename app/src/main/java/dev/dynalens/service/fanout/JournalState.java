package dev.dynalens.service.fanout;

import dev.dynalens.domain.staleness.RepairOutcome;
import dev.dynalens.domain.staleness.RepairPlan;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a fan-out journal file holds ({@link FanoutJournal#read}): its plan and the last outcome recorded for each step. */
public record JournalState(Path file, RepairPlan plan, String fingerprint, Instant created, Map<Integer, JournalEntry> outcomes) {
    public JournalState {
        outcomes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(outcomes));
    }

    public long settled() {
        return outcomes.values().stream().filter(e -> e.outcome().settled()).count();
    }

    public boolean complete() {
        return settled() == plan.steps().size();
    }

    public long count(RepairOutcome outcome) {
        return outcomes.values().stream().filter(e -> e.outcome() == outcome).count();
    }
}
