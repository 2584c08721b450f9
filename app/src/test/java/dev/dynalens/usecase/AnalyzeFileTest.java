package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.workspace.WorkspaceFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalyzeFileTest {
    private static final WorkspaceOptions PK_SK = WorkspaceOptions.parse("PK,SK", List.of());

    @TempDir
    Path dir;

    private List<Item> sample(String name) throws IOException {
        return WorkspaceFiles.read(Path.of("samples/" + name + ".json"), WorkspaceOptions.NONE).tables().getFirst().items();
    }

    private Path jsonLines(String name, List<Item> items) throws IOException {
        var lines = new StringBuilder();
        for (var item : items) {
            lines.append("{\"Item\":").append(DynamoJsonCodec.writeItem(item)).append("}\n");
        }
        return Files.writeString(dir.resolve(name + ".jsonl"), lines);
    }

    @Test
    void aJsonLinesFile_isAnalysedAsItsItemsAreByOneAnalyzer_andEachItemObservedOnceInFileOrder() throws IOException {
        for (var name : List.of("online-shop", "blog", "teams")) {
            var items = sample(name);
            var file = jsonLines(name, items);
            var observed = new ArrayList<Item>();

            var analysed = new AnalyzeFile().analyze(file, PK_SK, (batch, analyzer) -> observed.addAll(batch)).orElseThrow();

            var reference = new Analyzer(new TableKeys(analysed.table().name(), analysed.table().keys(), analysed.table().indexes()));
            reference.acceptAll(items);
            assertThat(analysed.naming().result()).as(name).isEqualTo(reference.result());
            assertThat(observed).as(name).isEqualTo(items);
            assertThat(analysed.table().name()).isEqualTo(name);
        }
    }

    @Test
    void aFileThatMustBeReadAsAWorkspace_givesNothing_andNothingIsObserved() throws IOException {
        var observed = new ArrayList<Item>();
        var items = sample("blog");
        var duplicateKey = jsonLines("duplicate", List.of(items.get(0), items.get(1), items.get(0)));

        assertThat(new AnalyzeFile().analyze(Path.of("samples/blog.json"), PK_SK, (batch, analyzer) -> observed.addAll(batch))).isEmpty();
        assertThat(new AnalyzeFile().analyze(duplicateKey, PK_SK, AnalyzeTable.PageObserver.NONE)).isEmpty();
        assertThat(observed).isEmpty();
    }

    @Test
    void aMissingFile_failsWithTheIoError() {
        assertThatThrownBy(() -> new AnalyzeFile().analyze(dir.resolve("none.jsonl"), PK_SK, AnalyzeTable.PageObserver.NONE))
                .isInstanceOf(NoSuchFileException.class);
    }
}
