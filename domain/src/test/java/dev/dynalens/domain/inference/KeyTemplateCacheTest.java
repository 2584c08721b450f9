package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.workspace.FileWorkspaces;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The cached reading of key templates ({@link KeyTemplateCache}, the analyzer's hot path) against the
 * plain one ({@link KeyTemplates#infer(String)}): equal for every key, on generated keys and on every
 * string value of the real models (the seven AWS models of /work/shared/models, copied into the test
 * resources) and the samples, whatever the cache saw before.
 */
class KeyTemplateCacheTest {

    /** Every key read twice through one cache (a miss, then a hit): both equal the plain reading. */
    private static void assertReadsAsPlain(KeyTemplateCache cache, List<String> keys) {
        for (int pass = 0; pass < 2; pass++) {
            for (var key : keys) {
                assertThat(cache.read(key).raw).as("key %s, pass %d", key, pass).isEqualTo(KeyTemplates.infer(key));
            }
        }
    }

    @Property(tries = 400)
    void cachedReadingEqualsThePlainOneOnGeneratedKeys(@ForAll("keyLists") List<String> keys) {
        assertReadsAsPlain(new KeyTemplateCache(), keys);
    }

    @Property(tries = 300)
    void cachedReadingEqualsThePlainOneOnArbitraryText(@ForAll("texts") List<String> keys) {
        assertReadsAsPlain(new KeyTemplateCache(), keys);
    }

    @Test
    void sameShapeGivesTheSameInstanceAndDifferentLiteralsDoNot() {
        var cache = new KeyTemplateCache();
        var first = cache.read("CUSTOMER#C00000001").raw;
        assertThat(cache.read("CUSTOMER#C00000002").raw).isSameAs(first);
        assertThat(cache.read("CUSTOMER#00000003").raw).isSameAs(first);
        assertThat(cache.read("CUSTOMERS#C00000002").raw).isNotSameAs(first).isEqualTo(KeyTemplates.infer("CUSTOMERS#C1"));
        assertThat(cache.read("CUSTOMER#books").raw).isNotEqualTo(first); // a literal second segment
        assertThat(cache.read("CUSTOMER|C00000001").raw).isNotEqualTo(first);
    }

    @Test
    void keysThatAreAllDataFillTheCacheWhichEmptiesAndStaysBounded() {
        var cache = new KeyTemplateCache();
        var keys = new ArrayList<String>();
        for (int i = 0; i < 3 * KeyTemplateCache.CAPACITY; i++) {
            keys.add(word(i)); // user names as keys: each its own literal template
            keys.add("USER#" + i);
        }
        assertReadsAsPlain(cache, keys);
        assertThat(cache.size()).isLessThanOrEqualTo(KeyTemplateCache.CAPACITY);
        assertThat(cache.read("USER#x1").raw).isSameAs(cache.read("USER#x2").raw);
    }

    @Test
    void tooManySegmentsReadAsAnyValueAsThePlainReadingDoes() {
        var cache = new KeyTemplateCache();
        for (int n = KeyTemplates.MAX_SEGMENTS - 2; n <= KeyTemplates.MAX_SEGMENTS + 2; n++) {
            var key = String.join("#", java.util.Collections.nCopies(n, "A"));
            assertReadsAsPlain(cache, List.of(key, key.replace('#', ':'), key.replace("#", "::")));
        }
    }

    @Test
    void cachedReadingEqualsThePlainOneOnEveryStringOfTheRealModelsAndSamples() throws IOException {
        var files = dev.dynalens.domain.RealModels.modelsAndSamples();
        assertThat(files).hasSizeGreaterThanOrEqualTo(10);
        var keys = new ArrayList<String>();
        for (var file : files) {
            for (var table : FileWorkspaces.read(file, WorkspaceOptions.NONE).tables()) {
                for (var item : table.items()) {
                    item.attributes().values().forEach(value -> collectStrings(value, keys));
                }
            }
        }
        assertThat(keys).hasSizeGreaterThan(500);
        assertReadsAsPlain(new KeyTemplateCache(), keys);
    }

    private static void collectStrings(AttributeValue value, List<String> out) {
        switch (value) {
            case AttributeValue.Str s -> out.add(s.value());
            case AttributeValue.ListValue l -> l.values().forEach(v -> collectStrings(v, out));
            case AttributeValue.MapValue m -> m.values().values().forEach(v -> collectStrings(v, out));
            case AttributeValue.StringSet ss -> out.addAll(ss.values());
            default -> {
            }
        }
    }

    private static String word(int i) {
        var out = new StringBuilder();
        do {
            out.append((char) ('a' + i % 26));
            i /= 26;
        } while (i > 0);
        return out.append("user").toString();
    }

    // ---- generators --------------------------------------------------------------------------------

    @Provide
    Arbitrary<List<String>> keyLists() {
        return key().list().ofMinSize(1).ofMaxSize(40);
    }

    @Provide
    Arbitrary<List<String>> texts() {
        var alphabet = Arbitraries.strings().withChars("#|/:-_ .@aZ09xé\"<>()T")
                .withCharRange('a', 'f').withCharRange('A', 'F').ofMaxLength(30);
        return Arbitraries.oneOf(alphabet, Arbitraries.strings().ofMaxLength(20)).list().ofMaxSize(30);
    }

    private static Arbitrary<String> key() {
        var delimiter = Arbitraries.of("#", "|", "::", "/", ":", "#", "#");
        return Combinators.combine(delimiter, segment().list().ofMinSize(1).ofMaxSize(6), Arbitraries.of("", "", "", "#", ":"))
                .as((d, segments, lead) -> lead + String.join(d, segments));
    }

    private static Arbitrary<String> segment() {
        return Arbitraries.oneOf(
                Arbitraries.of("CUSTOMER", "ORDER", "ITEM", "PROFILE", "METADATA", "META", "USER", "TEAM", "u", "follower",
                        "OrderItem", "UserA", "custXYZ", "ORDER-ITEM", "my-first-post", "\"info\"", "<sub_feature>", "", " ",
                        "books", "Product 7", "2024-05-01T10:20:30Z", "10:20", "2024-05-01", "2024/05", "a@b.io",
                        "01ARZ3NDEKTSV4RRFFQ69G5FAV", "123e4567-e89b-12d3-a456-426614174000", "xQzPwLmKrTsVuYnB", "Żółw", "é"),
                Arbitraries.integers().between(0, 1_000_000).map(String::valueOf),
                Arbitraries.strings().withCharRange('A', 'Z').ofMinLength(1).ofMaxLength(8),
                Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(12),
                Arbitraries.strings().withChars("abcXYZ09-_ :.").ofMaxLength(10));
    }
}
