package dev.dynalens.domain.inference;

import static dev.dynalens.domain.inference.TestItems.item;
import static dev.dynalens.domain.inference.TestItems.keyed;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.Item;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LensTest {
    private static final Lens LENS = Lens.NONE
            .withSplit("USER", new Lens.AttributeEquals("role", "admin"), "ADMIN")
            .withSplit("USER", new Lens.SkTemplate("SETTINGS"), "USER_SETTINGS")
            .withSplit("TEAM", new Lens.PkTemplate("ORG#{}"), "ORG_TEAM")
            .withMerge(List.of("ITEMS", "EQUIPMENTS"), "INVENTORY")
            .withRename("USER", "Person")
            .withRename("INVENTORY", "Inventory")
            .withRename("ADMIN", "Administrator");

    @ParameterizedTest(name = "{0} ({1}, {2}) → {3}")
    @CsvSource(textBlock = """
            USER,       USER#{},  PROFILE,  Person
            USER,       USER#{},  SETTINGS, USER_SETTINGS
            TEAM,       ORG#{},   METADATA, ORG_TEAM
            TEAM,       TEAM#{},  METADATA, TEAM
            ITEMS,      {},       ITEMS#{}, Inventory
            EQUIPMENTS, {},       EQUIPMENTS#{}, Inventory
            ORDER,      CUSTOMER#{}, ORDER#{}, ORDER
            """)
    void splitsThenMergesThenRenames(String inferred, String pk, String sk, String shown) {
        assertThat(LENS.apply(inferred, pk, sk, Item.EMPTY)).isEqualTo(shown);
    }

    @Test
    void splitsByAnAttributeValueBeforeRenaming() {
        assertThat(LENS.apply("USER", "USER#{}", "PROFILE", item("USER#1", "PROFILE", "role", "admin"))).isEqualTo("Administrator");
        assertThat(LENS.apply("USER", "USER#{}", "PROFILE", item("USER#1", "PROFILE", "role", "member"))).isEqualTo("Person");
    }

    @Test
    void attributeConditionsCompareNumbersAsNumbersAndBooleansAsWords() {
        var lens = Lens.NONE.withSplit("X", new Lens.AttributeEquals("tier", "2.0"), "TWO")
                .withSplit("Y", new Lens.AttributeEquals("vip", "true"), "VIP");
        assertThat(lens.apply("X", "", "", item("X#1", null, "tier", 2))).isEqualTo("TWO");
        assertThat(lens.apply("X", "", "", item("X#1", null, "tier", "2"))).isEqualTo("X");
        assertThat(lens.apply("Y", "", "", item("Y#1", null, "vip", true))).isEqualTo("VIP");
    }

    @Test
    void aSplitAppliesOnlyToItsEntity() {
        assertThat(LENS.apply("ORDER", "USER#{}", "SETTINGS", Item.EMPTY)).isEqualTo("ORDER");
    }

    @Test
    void anEmptyLensChangesNothing() {
        assertThat(Lens.NONE.isEmpty()).isTrue();
        assertThat(Lens.NONE.apply("USER", "USER#{}", "PROFILE", Item.EMPTY)).isEqualTo("USER");
    }

    @Test
    void refusesBlankNamesAndTooManySplits() {
        assertThatThrownBy(() -> Lens.NONE.withRename(" ", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Lens.Merge(List.of(), "x")).isInstanceOf(IllegalArgumentException.class);
        var lens = Lens.NONE;
        for (int i = 0; i < Lens.MAX_SPLITS; i++) {
            lens = lens.withSplit("E", new Lens.SkTemplate("S" + i), "F" + i);
        }
        var full = lens;
        assertThatThrownBy(() -> full.withSplit("E", new Lens.SkTemplate("S"), "F")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theAnalysisShowsTheLensedNames() {
        var analyzer = new Analyzer(TestItems.TABLE, LENS);
        analyzer.acceptAll(List.of(item("USER#1", "PROFILE", "role", "admin"), keyed("USER#2|PROFILE"), keyed("USER#2|SETTINGS"),
                keyed("ORG#1|METADATA")));
        assertThat(analyzer.result().entityCounts()).containsOnly(Map.entry("Administrator", 1L), Map.entry("Person", 1L),
                Map.entry("USER_SETTINGS", 1L), Map.entry("ORG", 1L));
    }
}
