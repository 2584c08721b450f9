package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TemplateRegistryTest {

    /** Observes every key, then returns how each now reads. */
    private static List<String> read(String... keys) {
        var registry = new TemplateRegistry();
        Arrays.stream(keys).forEach(key -> registry.observe(KeyTemplates.infer(key)));
        return Arrays.stream(keys).map(key -> registry.normalize(KeyTemplates.infer(key)).render()).toList();
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = ';', textBlock = """
            CATEGORY#books, CATEGORY#games;                 CATEGORY#{}, CATEGORY#{}
            STATUS#OPEN, STATUS#SHIPPED, STATUS#OPEN;       STATUS#{}, STATUS#{}, STATUS#{}
            STATUS#OPEN, STATUS#OPEN;                       STATUS#OPEN, STATUS#OPEN
            User:UserA, Room:Music, Room:Art;               User:{}, Room:{}, Room:{}
            ORDER#123, ORDER#pending;                       ORDER#{}, ORDER#{}
            u#1#follower, u#1#following, u#2#post;          u#{}#follower, u#{}#following, u#{}#post
            TENANT#acme#USER#1, TENANT#globex#ORDER#2;      TENANT#{}#USER#{}, TENANT#{}#ORDER#{}
            PROFILE, METADATA, INFO;                        PROFILE, METADATA, INFO
            USER#1, TEAM#2;                                 USER#{}, TEAM#{}
            """)
    void readsLiteralPositionsAcrossThePopulation(String keys, String expected) {
        assertThat(read(split(keys))).containsExactly(split(expected));
    }

    @Test
    void manyDifferentNamesInOneShapeAreData() {
        var names = IntStream.range(0, TemplateRegistry.HIGH).mapToObj(i -> "user" + (char) ('a' + i) + "name").toArray(String[]::new);
        assertThat(read(names)).containsOnly("{}");
        assertThat(read(Arrays.copyOf(names, TemplateRegistry.HIGH - 1))).doesNotContain("{}");
    }

    @Test
    void manyQualifiersAfterAVariableAreData() {
        var keys = IntStream.range(0, TemplateRegistry.HIGH).mapToObj(i -> "u#1#q" + (char) ('a' + i) + "x").toArray(String[]::new);
        assertThat(read(keys)).containsOnly("u#{}#{}");
    }

    @Test
    void aMergeBumpsTheRevisionAndAKnownShapeDoesNot() {
        var registry = new TemplateRegistry();
        registry.observe(KeyTemplates.infer("USER#1"));
        registry.observe(KeyTemplates.infer("CATEGORY#books"));
        int before = registry.revision();
        registry.observe(KeyTemplates.infer("USER#2"));
        registry.observe(KeyTemplates.infer("CATEGORY#books"));
        assertThat(registry.revision()).isEqualTo(before);
        registry.observe(KeyTemplates.infer("CATEGORY#games"));
        assertThat(registry.revision()).isGreaterThan(before);
    }

    @Property
    void aTemplateOnlyEverGainsVariables(@ForAll List<@net.jqwik.api.constraints.StringLength(max = 6) @net.jqwik.api.constraints.AlphaChars String> words) {
        var registry = new TemplateRegistry();
        var first = KeyTemplates.infer("CATEGORY#books#x");
        var before = registry.observe(first);
        for (var word : words) {
            registry.observe(KeyTemplates.infer("CATEGORY#" + word + "#" + word));
            var now = registry.normalize(first);
            for (int i = 0; i < now.size(); i++) {
                if (before.segment(i) instanceof KeyTemplate.Variable) {
                    assertThat(now.segment(i)).isInstanceOf(KeyTemplate.Variable.class);
                }
            }
            before = now;
        }
    }

    private static String[] split(String list) {
        return Arrays.stream(list.split(",")).map(String::strip).toArray(String[]::new);
    }
}
