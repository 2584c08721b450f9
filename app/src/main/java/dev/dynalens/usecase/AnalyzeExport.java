package dev.dynalens.usecase;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.export.ExportSnapshot;
import dev.dynalens.service.job.BatchHandOff;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Analyse a table read from its export straight through, as {@code analyze --export} does: the data files are read and
 * parsed on {@code threads} threads at once, and their items analysed on one more ({@link BatchHandOff}), so reading,
 * parsing and analysis overlap and no page is built. The analysis does not depend on the order the items come in
 * (the template registry merges in any order), so it equals the analysis of the same items read through Scan pages.
 */
public final class AnalyzeExport {
    private final int threads;

    /** @param threads the data files read at once */
    public AnalyzeExport(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("At least one thread reads an export: " + threads);
        }
        this.threads = threads;
    }

    /**
     * Reads every item of the snapshot into an analyzer of the table's keys; returns when all were analysed.
     *
     * @throws dev.dynalens.export.ExportReadException        when the export cannot be read as it is (nothing is returned)
     * @throws java.util.concurrent.CancellationException when {@code cancelled} said so
     */
    public EntityNaming analyze(ExportSnapshot snapshot, TableDescription table, BooleanSupplier cancelled) {
        Objects.requireNonNull(snapshot, "snapshot");
        var analyzer = new Analyzer(TableKeys.from(table));
        var handOff = new BatchHandOff<Item>("dynalens-analyze", analyzer::acceptAll);
        handOff.start();
        try {
            snapshot.forEachItem(threads, item -> {
                synchronized (handOff) {
                    handOff.accept(item);
                }
            }, cancelled);
        } catch (RuntimeException e) {
            handOff.abandon();
            throw e;
        }
        handOff.finish();
        return new EntityNaming(analyzer);
    }
}
