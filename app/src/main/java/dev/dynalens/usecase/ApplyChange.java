package dev.dynalens.usecase;

import dev.dynalens.domain.change.ChangeOutcome;
import dev.dynalens.domain.change.ChangePlanner;
import dev.dynalens.domain.change.ChangeSpec;
import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.change.ChangeJournal;
import dev.dynalens.service.change.ChangeProgress;
import dev.dynalens.service.change.ChangeReport;
import dev.dynalens.service.change.ChangeRunner;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.change.UndoFile;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Applies a bulk change ({@code dynalens change apply}, the app's Change items…): the plan of a complete dry run
 * ({@link PlanChange}) written to a journal before anything is sent, then each changing item's conditional writes within
 * the write budget ({@link ChangeRunner}), every item written recorded in the undo file first. A journal that already
 * holds a plan is resumed: its before images are planned again from the change file, which must be the one it was
 * written for, and only the items not settled are sent, so each item is written once.
 *
 * <p>The write is confirmed ({@link #confirm}) before anything is read: a read-only connection refuses, and a production
 * one needs the table name.
 */
public final class ApplyChange {
    /** What writes, in the question and the refusal: "… the change on Orders was refused". */
    static final String ACTION = "the change";
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private final WriteGuard guard;
    private final ChangeSettings settings;
    private final Clock clock;

    public ApplyChange(DynamoSession session, ChangeSettings settings, WriteConfirmer confirmer) {
        this(session, settings, confirmer, Clock.systemUTC());
    }

    public ApplyChange(DynamoSession session, ChangeSettings settings, WriteConfirmer confirmer, Clock clock) {
        this.guard = WriteGuard.forAction(Objects.requireNonNull(session, "session"), confirmer);
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * A run ready to start.
     *
     * @param changes  the changing items, in the journal's order
     * @param settled  outcomes an earlier run settled (empty for a new run)
     * @param resumed  the journal holds the plan already; otherwise {@link #start} writes it
     */
    public record Prepared(ChangeSpec spec, TableDescription table, String changeFile, String sha256, List<ItemChange> changes,
                           Map<Integer, ChangeOutcome> settled, Path journal, Path undo, String run, boolean resumed) {
        public Prepared {
            changes = List.copyOf(changes);
            settled = Map.copyOf(settled);
        }

        /** Items this run will write (those not settled before). */
        public int toWrite() {
            return changes.size() - (int) settled.values().stream().filter(ChangeOutcome::settled).count();
        }

        /** The write units of the items still to write, as the plan counts them. */
        public dev.dynalens.domain.capacity.CapacityUnits writeUnits() {
            var units = dev.dynalens.domain.capacity.CapacityUnits.ZERO;
            for (int i = 0; i < changes.size(); i++) {
                var outcome = settled.get(i);
                if (outcome == null || !outcome.settled()) {
                    units = units.plus(changes.get(i).writeUnits());
                }
            }
            return units;
        }
    }

    /** The SHA-256 of a change file's text, which a journal keeps to resume only the change it was written for. */
    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Beside the change file: {@code backfill.journal-20261203-193000.jsonl} (kind "journal") or {@code backfill.undo-….jsonl}. */
    public static Path fileBeside(Path changeFile, String kind, LocalDateTime at) {
        var name = changeFile.getFileName().toString();
        int dot = name.lastIndexOf('.');
        var stem = dot > 0 ? name.substring(0, dot) : name;
        var parent = changeFile.toAbsolutePath().getParent();
        return parent.resolve(stem + "." + kind + "-" + at.format(FILE_TIME) + ".jsonl");
    }

    /**
     * Where the app keeps one change's files in {@code directory} (the config folder's {@code changes}): the change file as
     * it was applied ({@code Blog-20261203-193000.yaml}, which a resumed run checks against the journal's SHA-256), its
     * journal ({@code Blog-20261203-193000.journal.jsonl}) and its undo file ({@code Blog-20261203-193000.undo.jsonl}).
     */
    public record AppFiles(Path change, Path journal, Path undo) {
        public static AppFiles in(Path directory, String tableName, LocalDateTime at) {
            var stem = tableName.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + at.format(FILE_TIME);
            return new AppFiles(directory.resolve(stem + ".yaml"), directory.resolve(stem + ".journal.jsonl"),
                    directory.resolve(stem + ".undo.jsonl"));
        }
    }

    /**
     * The newest unfinished change journal of {@code tableName} in {@code directory}, if any; files that are not change
     * journals (undo files, fan-out journals, files cut short) are passed over.
     */
    public static java.util.Optional<ChangeJournal.State> newestUnfinished(Path directory, String tableName) {
        if (!Files.isDirectory(directory)) {
            return java.util.Optional.empty();
        }
        try (var files = Files.list(directory)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".jsonl")).map(file -> {
                try {
                    return ChangeJournal.read(file).orElse(null);
                } catch (IOException e) {
                    return null;
                }
            }).filter(Objects::nonNull).filter(state -> state.header().table().equals(tableName) && !state.complete())
                    .max(java.util.Comparator.comparing((ChangeJournal.State state) -> state.header().created()));
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * Whether this connection may write the change into {@code tableName}, asked before anything is read: fails on a
     * read-only connection, and on a production one unless the confirmer confirms.
     */
    public CompletableFuture<Void> confirm(String tableName) {
        return guard.confirmWrites(tableName, ACTION);
    }

    /** The plan and outcomes a journal holds, to resume it; empty when the file does not exist. */
    public static java.util.Optional<ChangeJournal.State> readJournal(Path file) throws IOException {
        return ChangeJournal.read(file);
    }

    /** A new run of a complete plan: its changing items, in read order. */
    public Prepared fresh(PlanChange.Plan plan, String changeFile, String changeText, Path journal, Path undo) {
        var changing = plan.changes().stream().filter(change -> !change.writes().isEmpty()).toList();
        return new Prepared(plan.spec(), plan.table(), changeFile, sha256(changeText), changing, Map.of(), journal, undo,
                UUID.randomUUID().toString(), false);
    }

    /**
     * The run a journal holds, to resume: its before images planned again from the change file.
     *
     * @throws ChangeJournal.JournalException when the journal is for another table or another version of the change file
     */
    public Prepared resume(ChangeSpec spec, String changeText, TableDescription table, ChangeJournal.State state) throws IOException {
        var header = state.header();
        if (!header.table().equals(table.name())) {
            throw new ChangeJournal.JournalException(state.file(), 1, "the journal holds a change of table " + header.table() + ", not "
                    + table.name() + "; choose another --journal file");
        }
        if (!header.sha256().equals(sha256(changeText))) {
            throw new ChangeJournal.JournalException(state.file(), 1, "the change file is not the one this journal was written for "
                    + "(it was " + header.changeFile() + " with SHA-256 " + header.sha256() + "); restore that file to resume, "
                    + "or apply with a new --journal");
        }
        var planner = new ChangePlanner(spec, table);
        var changes = new ArrayList<ItemChange>(state.befores().size());
        for (var before : state.befores()) {
            changes.add(planner.plan(before));
        }
        var settled = new LinkedHashMap<Integer, ChangeOutcome>();
        state.outcomes().forEach((index, outcome) -> settled.put(index, outcome.outcome()));
        return new Prepared(spec, table, header.changeFile(), header.sha256(), changes, settled, state.file(), Path.of(header.undoFile()),
                header.run(), true);
    }

    /**
     * Writes the plan to the journal (a new run) and opens the undo file, then applies every item not settled. The
     * result fails with an {@link IOException} when the journal or the undo file cannot be written (nothing sent), and
     * with the guard's refusal when the write is not confirmed.
     */
    public Job<ChangeProgress, ChangeReport> start(Prepared prepared, Consumer<? super ChangeProgress> listener) {
        var job = new Job<ChangeProgress, ChangeReport>(listener);
        confirm(prepared.table().name()).whenComplete((confirmed, refused) -> {
            if (refused != null) {
                job.result().completeExceptionally(Problems.unwrap(refused));
                return;
            }
            ChangeJournal journal = null;
            UndoFile undo = null;
            try {
                if (prepared.resumed()) {
                    journal = ChangeJournal.append(prepared.journal());
                    undo = Files.exists(prepared.undo()) ? UndoFile.append(prepared.undo()) : createUndo(prepared);
                } else {
                    var plan = new ArrayList<Map.Entry<Map<String, AttributeValue>, Item>>();
                    for (var change : prepared.changes()) {
                        plan.add(Map.entry(change.key(), change.before()));
                    }
                    undo = createUndo(prepared);
                    journal = ChangeJournal.create(prepared.journal(), new ChangeJournal.Header(prepared.table().name(),
                            prepared.changeFile(), prepared.sha256(), plan.size(), prepared.undo().toString(), prepared.run(),
                            clock.instant()), plan, clock);
                }
            } catch (IOException | RuntimeException e) {
                closeQuietly(journal, undo);
                job.result().completeExceptionally(e);
                return;
            }
            var run = new ChangeRunner(guard, settings).start(prepared.table().name(), prepared.changes(), prepared.settled(),
                    prepared.run(), journal, undo, job::report);
            job.onCancel(run::cancel);
            var opened = new AutoCloseable[] {journal, undo};
            run.result().whenComplete((report, failure) -> {
                if (failure != null) {
                    closeQuietly((ChangeJournal) opened[0], (UndoFile) opened[1]);
                    job.result().completeExceptionally(Problems.unwrap(failure));
                } else {
                    job.result().complete(report);
                }
            });
        });
        return job;
    }

    private UndoFile createUndo(Prepared prepared) throws IOException {
        return UndoFile.create(prepared.undo(), prepared.table().name(), prepared.changeFile(), prepared.sha256(), clock.instant());
    }

    private static void closeQuietly(ChangeJournal journal, UndoFile undo) {
        try {
            if (journal != null) {
                journal.close();
            }
            if (undo != null) {
                undo.close();
            }
        } catch (IOException e) {
            // the failure that stopped the run is what the person needs to read
        }
    }
}
