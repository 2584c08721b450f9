package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LensCodecTest {
    private static final Lens LENS = Lens.NONE
            .withRename("u", "User")
            .withMerge(List.of("ITEMS", "EQUIPMENTS"), "INVENTORY")
            .withSplit("USER", new Lens.AttributeEquals("role", "admin"), "ADMIN")
            .withSplit("u", new Lens.SkTemplate("\"count\""), "USER_COUNTS")
            .withSplit("TEAM", new Lens.PkTemplate("ORG#{}#TEAM#{}"), "ORG_TEAM");

    @Test
    void writesASmallReadableDocument() {
        assertThat(LensCodec.toJson(LENS)).isEqualToIgnoringWhitespace("""
                {
                  "version": 1,
                  "renames": {"u": "User"},
                  "merges": [{"from": ["ITEMS", "EQUIPMENTS"], "into": "INVENTORY"}],
                  "splits": [
                    {"entity": "USER", "when": {"attribute": "role", "equals": "admin"}, "into": "ADMIN"},
                    {"entity": "u", "when": {"skTemplate": "\\"count\\""}, "into": "USER_COUNTS"},
                    {"entity": "TEAM", "when": {"pkTemplate": "ORG#{}#TEAM#{}"}, "into": "ORG_TEAM"}
                  ]
                }
                """);
    }

    @Test
    void renamesMergesAndSplitsSurviveARoundTripThroughAFile() {
        var writer = new StringWriter();
        LensCodec.write(LENS, writer);
        var read = LensCodec.read(new StringReader(writer.toString()));
        assertThat(read).isEqualTo(LENS);
        assertThat(read.apply("u", "u#{}", "\"count\"", dev.dynalens.domain.item.Item.EMPTY)).isEqualTo("USER_COUNTS");
        assertThat(read.apply("EQUIPMENTS", "{}", "EQUIPMENTS#{}", dev.dynalens.domain.item.Item.EMPTY)).isEqualTo("INVENTORY");
    }

    @Test
    void ruleChoicesSurviveARoundTrip_andAreLeftOutWhenThereAreNone() {
        var lens = LENS.withRules(new Lens.RuleChoices(List.of("POST.authorName=USER.name@authorId", "TASK.projectTitle=PROJECT.title@key"),
                List.of("COMMENT.body=POST.body@postId")));

        var json = LensCodec.toJson(lens);

        assertThat(json).contains("\"staleness\"").contains("TASK.projectTitle=PROJECT.title@key");
        assertThat(LensCodec.fromJson(json)).isEqualTo(lens);
        assertThat(LensCodec.toJson(LENS)).doesNotContain("staleness");
        assertThatThrownBy(() -> LensCodec.fromJson("{\"staleness\": {\"confirmed\": \"x\"}}"))
                .isInstanceOf(LensFormatException.class).hasMessageContaining("staleness.confirmed");
    }

    @Test
    void sectionsMayBeLeftOut() {
        assertThat(LensCodec.fromJson("{}")).isEqualTo(Lens.NONE);
        assertThat(LensCodec.fromJson("{\"renames\": {\"a\": \"b\"}}")).isEqualTo(Lens.NONE.withRename("a", "b"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            not json                                                        | not valid JSON at line 1
            []                                                              | holds a JSON object
            {"version": 2}                                                  | version 2
            {"renames": []}                                                 | "renames" must be an object
            {"renames": {"a": 1}}                                           | renames.a must be a string
            {"merges": [{"from": "A", "into": "B"}]}                        | merges[0].from must be a list
            {"merges": [{"from": [], "into": "B"}]}                         | at least one entity
            {"splits": [{"entity": "A", "into": "B"}]}                      | splits[0].when needs one of
            {"splits": [{"entity": "A", "when": {"attribute": "x"}, "into": "B"}]} | splits[0].when.equals must be a string
            {"renames": {"a": " "}}                                         | must not be blank
            """)
    void explainsWhatIsWrongWithABadFile(String json, String message) {
        assertThatThrownBy(() -> LensCodec.fromJson(json)).isInstanceOf(LensFormatException.class).hasMessageContaining(message);
    }

    @Property
    void anyLensSurvivesARoundTrip(@ForAll("lenses") Lens lens) {
        assertThat(LensCodec.fromJson(LensCodec.toJson(lens))).isEqualTo(lens);
    }

    @Provide
    Arbitrary<Lens> lenses() {
        var name = Arbitraries.strings().ofMinLength(1).ofMaxLength(12).filter(s -> !s.isBlank());
        var renames = Arbitraries.maps(name, name).ofMaxSize(4);
        var merges = Combinators.combine(name.list().ofMinSize(1).ofMaxSize(3), name).as(Lens.Merge::new).list().ofMaxSize(3);
        Arbitrary<Lens.Condition> condition = Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(12).map(Lens.PkTemplate::new),
                Arbitraries.strings().ofMaxLength(12).map(Lens.SkTemplate::new),
                Combinators.combine(name, Arbitraries.strings().ofMaxLength(8)).as(Lens.AttributeEquals::new));
        var splits = Combinators.combine(name, condition, name).as(Lens.Split::new).list().ofMaxSize(4);
        return Combinators.combine(renames, merges, splits).as((r, m, s) -> new Lens(Map.copyOf(r), m, s));
    }
}
