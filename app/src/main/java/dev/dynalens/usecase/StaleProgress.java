package dev.dynalens.usecase;

import dev.dynalens.domain.staleness.DenormalizationRule;
import java.util.List;
import java.util.Locale;

/**
 * Where a detection of stale copies is: reading the table (once), then naming the entities, inferring the rules and
 * checking every copy over what the read kept.
 *
 * @param step     what it does now
 * @param items    items read so far (in every step after the read: all of them)
 * @param done     chunks of the kept items done in this step (0 while reading)
 * @param of       chunks in all (0 while reading)
 * @param checking the rules being checked; empty before detection began
 */
public record StaleProgress(Step step, long items, int done, int of, List<DenormalizationRule> checking) {
    /** Where a run is before its first page. */
    static final StaleProgress STARTING = new StaleProgress(Step.READING, 0, 0, 0, List.of());

    /** The steps of a detection, in order; {@link #INFERRING} only when rules are inferred. */
    public enum Step {
        READING("Reading the table"), NAMING("Naming the entities"), INFERRING("Inferring the rules"),
        DETECTING("Checking every copy against its source");

        private final String text;

        Step(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    public StaleProgress {
        checking = List.copyOf(checking);
    }

    /** "Reading the table · 1,234 items", "Inferring the rules · 3 of 12 parts". */
    public String text() {
        if (step == Step.READING) {
            return String.format(Locale.ROOT, "%s · %,d items", step.text(), items);
        }
        return String.format(Locale.ROOT, "%s · %,d items · %d of %d part%s", step.text(), items, done, of, of == 1 ? "" : "s");
    }
}
