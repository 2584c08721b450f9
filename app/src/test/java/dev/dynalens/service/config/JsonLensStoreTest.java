package dev.dynalens.service.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.Lens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLensStoreTest {
    @TempDir
    Path dir;

    @Test
    void saveThenLoad_perConnectionAndTable() {
        var store = new JsonLensStore(dir);
        var lens = Lens.NONE.withRename("u", "User").withMerge(List.of("ORDER", "ORDER_V2"), "Order")
                .withSplit("TEAM", new Lens.AttributeEquals("kind", "guild"), "Guild");
        store.save("conn-1", "Shop", lens);

        assertThat(store.load("conn-1", "Shop").lens()).isEqualTo(lens);
        assertThat(store.load("conn-2", "Shop").lens()).isEqualTo(Lens.NONE);
        assertThat(store.location("conn-1", "Shop")).isEqualTo(dir.resolve("lenses/conn-1/Shop.lens.json"));
    }

    @Test
    void namesWithPathCharacters_staySafeInsideTheLensFolder() {
        var store = new JsonLensStore(dir);
        var location = store.location("/home/ada/shop.json", "../Orders");
        assertThat(location.normalize().startsWith(dir.resolve("lenses"))).isTrue();
        assertThat(location.getFileName().toString()).isEqualTo("_2e._2fOrders.lens.json");
        assertThat(location.getParent().getFileName().toString()).isEqualTo("_2fhome_2fada_2fshop.json");
    }

    @Test
    void aBrokenLensFile_isReported_andTheInferredNamesAreUsed() throws Exception {
        var store = new JsonLensStore(dir);
        var file = store.location("c", "T");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"version\": 1, \"renames\": 5}");
        var loaded = store.load("c", "T");
        assertThat(loaded.lens()).isEqualTo(Lens.NONE);
        assertThat(loaded.problem()).get().asString().contains("could not be read").contains(file.toString());
    }

    @Test
    void export_writesAFileThePersonChose() throws Exception {
        var store = new JsonLensStore(dir);
        var target = dir.resolve("shared/shop.lens.json");
        store.export(Lens.NONE.withRename("a", "b"), target);
        assertThat(Files.readString(target)).contains("\"a\"").contains("\"b\"");
    }
}
