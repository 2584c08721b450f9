package dev.dynalens.service.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileWorkspaceOpenerTest {
    @TempDir
    Path dir;

    private final FileWorkspaceOpener opener = new FileWorkspaceOpener(Runnable::run);

    @Test
    void aSampleModel_opensWithItsTable() throws Exception {
        var opened = opener.open(Path.of("samples/online-shop.json")).join();
        assertThat(opened.needsKeySchema()).isFalse();
        assertThat(opened.session().listTables().join()).containsExactly("OnlineShop");
        assertThat(opened.summary()).contains("1 table(s)").contains("108 items");
    }

    @Test
    void aFileWithUnguessableKeys_asksForAKeySchema_thenOpensWithIt() throws Exception {
        var file = dir.resolve("export.jsonl");
        Files.writeString(file, """
                {"Item": {"tenant": {"S": "acme"}, "at": {"N": "1"}, "v": {"S": "x"}}}
                {"Item": {"tenant": {"S": "acme"}, "at": {"N": "2"}, "v": {"S": "y"}}}
                """);

        var first = opener.open(file).join();
        assertThat(first.needsKeySchema()).isTrue();
        assertThat(first.problems()).anySatisfy(p -> assertThat(p).contains("key schema"));

        var second = opener.open(file, "tenant,at", List.of()).join();
        assertThat(second.needsKeySchema()).isFalse();
        var table = second.session().listTables().join().get(0);
        assertThat(second.session().describeTable(table).join().keySchema().sortKeyName()).isEqualTo("at");
    }

    @Test
    void aBadKeySpec_failsWithItsMessage() {
        assertThatThrownBy(() -> opener.open(dir.resolve("x.jsonl"), "a,b,c", List.of()).join())
                .isInstanceOf(CompletionException.class);
    }
}
