package dev.dynalens.service.fanout;

import dev.dynalens.domain.staleness.RepairOutcome;
import java.util.Objects;

/** One outcome a fan-out journal recorded for a step; {@code detail} says why it was skipped or failed (null otherwise). */
public record JournalEntry(RepairOutcome outcome, String detail) {
    public JournalEntry {
        Objects.requireNonNull(outcome, "outcome");
    }
}
