package dev.dynalens.ui.collections;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.LensStore;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The person's corrections to the inferred entity names (the table's {@link Lens}): rename, merge, split, reset, export.
 * Each one is saved with the table, renames the open collection at once, and has a shown overview read again.
 */
final class LensModel {
    private final String tableName;
    private final Executor fx;
    private final Executor analysis;
    private final LensStore lenses;
    private final String lensScope;
    private final EntityNames names;
    private final Supplier<TableDescription> description;
    private final OverviewModel overview;
    private final PartitionModel partition;
    private final ReadOnlyStringWrapper error;

    LensModel(String tableName, Executor fx, Executor analysis, LensStore lenses, String lensScope, EntityNames names,
              Supplier<TableDescription> description, OverviewModel overview, PartitionModel partition, ReadOnlyStringWrapper error) {
        this.tableName = tableName;
        this.fx = fx;
        this.analysis = analysis;
        this.lenses = lenses;
        this.lensScope = lensScope;
        this.names = names;
        this.description = description;
        this.overview = overview;
        this.partition = partition;
        this.error = error;
    }

    CompletableFuture<Void> rename(String from, String to) {
        if (to == null || to.isBlank() || to.strip().equals(from)) {
            return CompletableFuture.completedFuture(null);
        }
        // Renaming a name that is itself a rename changes the original entry, so names never chain.
        return change(current -> current.withRename(beforeRename(current, from), to.strip()), "Renamed " + from + " to " + to.strip());
    }

    CompletableFuture<Void> merge(Collection<String> from, String into) {
        if (from.size() < 2 || into == null || into.isBlank()) {
            return CompletableFuture.completedFuture(null);
        }
        return change(current -> current.withMerge(from.stream().map(name -> beforeRename(current, name)).toList(), into.strip()),
                "Merged " + String.join(", ", from) + " into " + into.strip());
    }

    /** A lens renames last (after splits and merges): the name an entity had before its rename, if it has one. */
    private static String beforeRename(Lens lens, String shown) {
        return lens.renames().entrySet().stream().filter(e -> e.getValue().equals(shown))
                .map(Map.Entry::getKey).findFirst().orElse(shown);
    }

    CompletableFuture<Void> split(String entity, String attribute, String value, String into) {
        return change(current -> current.withSplit(beforeRename(current, entity), new Lens.AttributeEquals(attribute.strip(), value),
                into.strip()), "Split " + into.strip() + " out of " + entity);
    }

    CompletableFuture<Void> splitByKeyTemplate(String entity, boolean sortKey, String template, String into) {
        Lens.Condition when = sortKey ? new Lens.SkTemplate(template.strip()) : new Lens.PkTemplate(template.strip());
        return change(current -> current.withSplit(beforeRename(current, entity), when, into.strip()),
                "Split " + into.strip() + " out of " + entity);
    }

    CompletableFuture<Void> reset() {
        return change(current -> Lens.NONE, "Back to the inferred entity names");
    }

    CompletableFuture<Void> export(Path file) {
        return CompletableFuture.runAsync(() -> lenses.export(names.lens(), file), analysis).handleAsync((ok, failure) -> {
            overview.say(failure == null ? "Lens exported to " + file : "Export failed: " + Problems.describe(failure));
            return null;
        }, fx);
    }

    private CompletableFuture<Void> change(UnaryOperator<Lens> change, String message) {
        var table = description.get();
        if (table == null) {
            return CompletableFuture.completedFuture(null);
        }
        var keys = TableKeys.from(table);
        // An overview shown is read again with the new names; one still running read with the old ones, so it starts over.
        var rescan = overview.shownOrRunning();
        return CompletableFuture.supplyAsync(() -> {
            // The staleness view saves its rule choices into the same lens: keep what is stored, not what was loaded.
            var changed = change.apply(names.lens()).withRules(lenses.load(lensScope, tableName).lens().rules());
            lenses.save(lensScope, tableName, changed);
            names.readWith(keys, changed);
            return partition.regroupNow();
        }, analysis).handleAsync((grouped, failure) -> {
            if (failure != null) {
                error.set("Could not save the entity names: " + Problems.describe(failure));
                return null;
            }
            partition.groups.setAll(grouped);
            overview.say(message + (rescan ? "; analysing again…" : ""));
            if (rescan) {
                overview.run(table);
            }
            return null;
        }, fx);
    }
}
