package dev.dynalens.usecase;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.JsonLinesStream;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.job.BatchHandOff;
import dev.dynalens.service.workspace.WorkspaceFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Analyse a DynamoDB JSON lines file (DynamoDB's export to S3) read straight through, as {@code analyze --file} with
 * its key schema given reads one: the file is parsed on the calling thread and analysed on a second one
 * ({@link BatchHandOff}), so parsing and analysis overlap; no workspace of a million items is built. The same result as
 * the file opened as a workspace and read through {@link AnalyzeTable}, and only for a file whose load as a workspace
 * would report nothing ({@link JsonLinesStream}); otherwise {@link #analyze} says so and the file is read as a
 * workspace, which reports what is wrong with it.
 */
public final class AnalyzeFile {
    /** The file's table as the workspace would describe it, and the analysis of every item. */
    public record Analysed(JsonLinesStream.Table table, EntityNaming naming) {
    }

    /**
     * @param observer what else to do with each item once the analyzer has it, on the analysis thread
     * @return the analysis, or empty when the file must be read as a workspace instead (nothing is kept then)
     * @throws IOException when the file cannot be read
     */
    public Optional<Analysed> analyze(Path file, WorkspaceOptions options, AnalyzeTable.PageObserver observer) throws IOException {
        Objects.requireNonNull(observer, "observer");
        var analyzer = new Analyzer[1]; // made when the file's keys are known
        var naming = new EntityNaming[1];
        var handOff = new BatchHandOff<Item>("dynalens-analyze", observer == AnalyzeTable.PageObserver.NONE
                ? items -> analyzer[0].acceptAll(items)
                : items -> items.forEach(item -> { // each item observed as the analyzer reads right after it
                    analyzer[0].accept(item);
                    observer.analysed(List.of(item), naming[0]);
                }));
        Optional<JsonLinesStream.Table> table;
        try {
            table = WorkspaceFiles.stream(file, options, read -> {
                analyzer[0] = new Analyzer(new TableKeys(read.name(), read.keys(), read.indexes()));
                naming[0] = new EntityNaming(analyzer[0]);
                handOff.start();
                return handOff;
            });
        } catch (IOException | RuntimeException e) {
            handOff.abandon();
            throw e;
        }
        if (table.isEmpty()) {
            handOff.abandon();
            return Optional.empty();
        }
        handOff.finish();
        return Optional.of(new Analysed(table.get(), naming[0]));
    }
}
