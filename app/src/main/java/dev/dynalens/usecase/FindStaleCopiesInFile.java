package dev.dynalens.usecase;

import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.Finding;
import dev.dynalens.domain.staleness.ProjectionStore;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.StaleScan;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.workspace.JsonLinesStream;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.job.BatchHandOff;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.usecase.support.ExecutorTasks;
import dev.dynalens.service.spill.SpillFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Find stale copies in a DynamoDB JSON lines file (DynamoDB's export to S3) read straight through, as
 * {@code dynalens analyze --file} reads one: the file is parsed on the calling thread and each item's projection kept
 * by a second thread ({@link StaleScan}, one partial: a file is one part read in order), then the passes run over
 * what was kept, on every processor. No workspace of a million items is built. Only for a file whose load as a
 * workspace would report nothing ({@link JsonLinesStream}); otherwise {@link #find} says so and the file is read as a
 * workspace through {@link FindStaleCopies}, which reports what is wrong with it.
 */
public final class FindStaleCopiesInFile {
    private final FindStaleCopies.Settings settings;
    private final Executor workers;

    /** @param workers where the passes' chunks run ({@code Runnable::run} runs them in turn) */
    public FindStaleCopiesInFile(FindStaleCopies.Settings settings, Executor workers) {
        this.settings = settings;
        this.workers = workers;
    }

    /** Every processor, on virtual threads. */
    public FindStaleCopiesInFile() {
        this(FindStaleCopies.Settings.defaults(), task -> Thread.ofVirtual().name("stale-copies").start(task));
    }

    /**
     * @return the detection, or empty when the file must be read as a workspace instead (nothing is kept then)
     * @throws IOException when the file cannot be read
     */
    public Optional<StaleDetection> find(Path file, WorkspaceOptions options, RuleChoice rules, int maxListed,
                                         Consumer<? super Finding> onFinding) throws IOException {
        var spill = new SpillFile.Lazy(settings.spillDirectory());
        try {
            var kept = new Kept[1]; // made when the file's keys are known
            Optional<JsonLinesStream.Table> table;
            try {
                table = WorkspaceFiles.stream(file, options, read -> {
                    var keys = new TableKeys(read.name(), read.keys(), read.indexes());
                    var scan = new StaleScan(keys, rules, settings.inference(), new ProjectionStore.Budget(settings.memoryBudgetBytes(), spill::open));
                    var partial = scan.firstPartial();
                    kept[0] = new Kept(scan, partial, new BatchHandOff<>("dynalens-stale-keep", partial::acceptAll));
                    kept[0].handOff().start();
                    return kept[0].handOff();
                });
            } catch (IOException | RuntimeException e) {
                if (kept[0] != null) {
                    kept[0].handOff().abandon();
                }
                throw e;
            }
            if (table.isEmpty()) {
                if (kept[0] != null) {
                    kept[0].handOff().abandon();
                }
                return Optional.empty();
            }
            kept[0].handOff().finish();
            kept[0].partial().end();
            var result = kept[0].scan().finish(List.of(kept[0].partial()), rules, new ExecutorTasks(workers), settings.parallelism(),
                    maxListed, onFinding,
                    progress -> { }, () -> false);
            var warnings = new ArrayList<StaleDetection.UnknownEntity>();
            if (rules instanceof RuleChoice.Given given) {
                for (var rule : given.rules()) {
                    for (var entity : List.of(rule.source().entity(), rule.copy().entity())) {
                        if (!result.entities().contains(entity)) {
                            warnings.add(new StaleDetection.UnknownEntity(given.origin(), rule, entity, table.get().name(),
                                    new java.util.TreeSet<>(result.entities())));
                        }
                    }
                }
            }
            KeySchema keySchema = table.get().keys();
            var read = new StaleRead(0, 1, null, false, spill.size());
            return Optional.of(new StaleDetection(table.get().name(), result.report(), rules instanceof RuleChoice.Inferred, result.items(),
                    warnings, true, new StaleProgress(StaleProgress.Step.DETECTING, result.items(), 1, 1, result.checked()), keySchema,
                    null, read));
        } finally {
            spill.close();
        }
    }

    /** The read's one part, and the hand-off that keeps the file's items in it on a second thread as they are parsed. */
    private record Kept(StaleScan scan, StaleScan.Partial partial, BatchHandOff<Item> handOff) {
    }
}
