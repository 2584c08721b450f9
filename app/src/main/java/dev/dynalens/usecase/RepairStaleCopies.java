package dev.dynalens.usecase;

import dev.dynalens.service.fanout.JournalEntry;
import dev.dynalens.service.fanout.JournalState;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.staleness.Finding;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.fanout.FanoutJournal;
import dev.dynalens.service.fanout.FanoutProgress;
import dev.dynalens.service.fanout.FanoutReport;
import dev.dynalens.service.fanout.FanoutRunner;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Repair stale copies with guarded updates ({@code SET copy = :new} only where {@code copy = :old}): the plan made from a
 * complete detection, the journal that holds it and every outcome (so an interrupted repair resumes without writing
 * anything twice), and the run over {@link FanoutRunner}. {@code dynalens fanout} and the app's "Repair stale copies…"
 * are adapters over it; {@code --confirm-table} and the name typed in the app are just {@link WriteConfirmer}s.
 */
public final class RepairStaleCopies {
    /** What writes, in the question and the refusal: "… the fan-out on Blog was refused". */
    static final String ACTION = "the fan-out";
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private final DynamoSession session;
    private final FanoutSettings settings;
    private final FindStaleCopies finder;

    public RepairStaleCopies(DynamoSession session, FanoutSettings settings) {
        this(session, settings, new FindStaleCopies(session));
    }

    /** @param analysis where a detection made to plan feeds its domain classes (tests pass {@code Runnable::run}) */
    public RepairStaleCopies(DynamoSession session, FanoutSettings settings, Executor analysis) {
        this(session, settings, new FindStaleCopies(session, analysis));
    }

    private RepairStaleCopies(DynamoSession session, FanoutSettings settings, FindStaleCopies finder) {
        this.session = Objects.requireNonNull(session, "session");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.finder = finder;
    }

    // ---- the plan ----

    /** A plan and the detection it was made from (its warnings and counts). */
    public record PlannedRepair(RepairPlan plan, StaleDetection detection) {
    }

    /**
     * The plan that repairs every stale copy of a detection; empty for a detection that is not complete, or whose
     * lists were cut at its {@code maxListed}: a plan must cover every stale copy.
     */
    public static Optional<RepairPlan> plan(StaleDetection detection) {
        if (!detection.complete() || detection.report().truncated()) {
            return Optional.empty();
        }
        return Optional.of(RepairPlan.of(detection.tableName(), detection.report().staleCopies()));
    }

    /**
     * Finds every stale copy of {@code tableName} and plans their repair, however many there are: the detection lists
     * none and the plan collects each as it is found. A cancelled detection fails the result with a
     * {@link CancellationException}; a failed one with its {@link StaleDetectionFailedException}.
     */
    public Job<StaleProgress, PlannedRepair> planFromTable(String tableName, RuleChoice rules, Consumer<? super StaleProgress> listener) {
        return planFromTable(tableName, null, rules, listener);
    }

    /** What finding the stale copies to plan will read and cost ({@link FindStaleCopies#plan}), to say and confirm first. */
    public CompletableFuture<StaleReadPlan> planRead(String tableName, RuleChoice rules) {
        return finder.plan(tableName, rules);
    }

    /** As {@link #planFromTable(String, RuleChoice, Consumer)}, reading as the (confirmed) plan says. */
    public Job<StaleProgress, PlannedRepair> planFromTable(StaleReadPlan read, RuleChoice rules, Consumer<? super StaleProgress> listener) {
        return planFromTable(read.tableName(), read, rules, listener);
    }

    private Job<StaleProgress, PlannedRepair> planFromTable(String tableName, StaleReadPlan read, RuleChoice rules,
                                                           Consumer<? super StaleProgress> listener) {
        // Filled on the detection's lane, read once its result completed.
        var staleCopies = new ArrayList<Finding.StaleCopy>();
        Consumer<Finding> collect = finding -> {
            if (finding instanceof Finding.StaleCopy stale) {
                staleCopies.add(stale);
            }
        };
        var started = read == null ? finder.start(tableName, rules, 0, collect, listener) : finder.start(read, rules, 0, collect, listener);
        return started.map(detection -> {
            if (!detection.complete()) {
                throw new CancellationException("The detection was cancelled; nothing was planned");
            }
            return new PlannedRepair(RepairPlan.of(tableName, staleCopies), detection);
        });
    }

    // ---- the journals ----

    /** Where the app keeps a new plan's journal: {@code Blog-20261130-090000.jsonl} in {@code directory}. */
    public static Path journalFileFor(Path directory, String tableName, LocalDateTime at) {
        return directory.resolve(tableName.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + at.format(FILE_TIME) + ".jsonl");
    }

    /** Writes {@code plan} to a new journal, forced to disk, before anything is sent; never overwrites a file. */
    public static void writeJournal(Path file, RepairPlan plan) throws IOException {
        writeJournal(file, plan, Clock.systemUTC());
    }

    /** {@link #writeJournal(Path, RepairPlan)}, its creation time read from {@code clock}. */
    public static void writeJournal(Path file, RepairPlan plan, Clock clock) throws IOException {
        FanoutJournal.create(file, plan, clock).close();
    }

    /** The plan and outcomes a journal holds; empty when the file does not exist. */
    public static Optional<JournalState> readJournal(Path file) throws IOException {
        return FanoutJournal.read(file);
    }

    /** The newest unfinished journal of {@code tableName} in {@code directory}, if any; files that are not journals are passed over. */
    public static Optional<JournalState> newestUnfinished(Path directory, String tableName) {
        if (!Files.isDirectory(directory)) {
            return Optional.empty();
        }
        try (var files = Files.list(directory)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".jsonl")).map(file -> {
                try {
                    return FanoutJournal.read(file).orElse(null);
                } catch (IOException e) {
                    return null;
                }
            }).filter(Objects::nonNull).filter(state -> state.plan().tableName().equals(tableName) && !state.complete())
                    .max(Comparator.comparing(JournalState::created));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The journal a run records into.
     *
     * @param holdsPlan the file already holds the plan (a resumed or dry-run plan) and outcomes are appended; otherwise
     *                  it is created with the plan when the run starts
     */
    public record JournalFile(Path file, boolean holdsPlan) {
        public JournalFile {
            Objects.requireNonNull(file, "file");
        }

        /** A new journal, written with the plan once the write is confirmed. */
        public static JournalFile create(Path file) {
            return new JournalFile(file, false);
        }

        /** The journal the plan was read from or written to, to resume. */
        public static JournalFile append(Path file) {
            return new JournalFile(file, true);
        }

        FanoutJournal open(RepairPlan plan) throws IOException {
            return holdsPlan ? FanoutJournal.append(file) : FanoutJournal.create(file, plan);
        }
    }

    // ---- applying ----

    /**
     * Whether this connection may write the repair into {@code tableName}, asked before anything is read: fails on a
     * read-only connection, and on a production one unless {@code confirmer} confirms.
     */
    public CompletableFuture<Void> confirm(String tableName, WriteConfirmer confirmer) {
        return WriteGuard.forAction(session, confirmer).confirmWrites(tableName, ACTION);
    }

    /**
     * Applies the steps of {@code plan} that {@code settledBefore} (a journal's outcomes) does not settle, at most
     * {@link FanoutSettings#maxConcurrency()} in flight, every outcome journaled. The write is confirmed first; a refusal
     * (read-only, production not confirmed) fails the result with nothing read, written, or journaled. A journal that
     * cannot be opened fails it with its {@link IOException}, nothing sent. Otherwise the result completes with the
     * report, also when cancelled (updates in flight finish and are journaled; the rest stay pending).
     *
     * @param listener told the counts after every step, one call at a time
     */
    public Job<FanoutProgress, FanoutReport> apply(RepairPlan plan, Map<Integer, JournalEntry> settledBefore, JournalFile journal,
                                                   WriteConfirmer confirmer, Consumer<? super FanoutProgress> listener) {
        var guard = WriteGuard.forAction(session, confirmer);
        var job = new Job<FanoutProgress, FanoutReport>(listener);
        var settled = Map.copyOf(settledBefore);
        guard.confirmWrites(plan.tableName(), ACTION).whenComplete((confirmed, refused) -> {
            if (refused != null) {
                job.result().completeExceptionally(Problems.unwrap(refused));
                return;
            }
            FanoutJournal opened;
            try {
                opened = journal.open(plan);
            } catch (IOException | RuntimeException e) {
                job.result().completeExceptionally(e);
                return;
            }
            var run = new FanoutRunner(guard, settings).start(plan, settled, opened, job::report);
            job.onCancel(run::cancel);
            run.result().whenComplete((report, failure) -> {
                if (failure != null) {
                    closeQuietly(opened);
                    job.result().completeExceptionally(Problems.unwrap(failure));
                } else {
                    job.result().complete(report);
                }
            });
        });
        return job;
    }

    /** A run that did not start leaves its journal to be closed here (a run that ran closes it when it ends). */
    private static void closeQuietly(FanoutJournal journal) {
        try {
            journal.close();
        } catch (IOException e) {
            // The run failed already; its failure is what the person needs to read.
        }
    }
}
