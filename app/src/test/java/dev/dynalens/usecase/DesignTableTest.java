package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.design.AccessPattern;
import dev.dynalens.domain.design.EntitySpec;
import dev.dynalens.domain.design.PatternsFile;
import dev.dynalens.domain.design.PatternsProblem;
import dev.dynalens.domain.item.AttributeType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DesignTableTest {
    private final DesignTable designs = new DesignTable();

    @Test
    void aGoodFile_givesItsDesign() throws Exception {
        var outcome = designs.design(Files.readString(Path.of("samples/patterns/shop-orders.yaml")));

        assertThat(outcome.problems()).isEmpty();
        assertThat(outcome.designed()).hasValueSatisfying(d -> assertThat(d.tableName()).isEqualTo("ShopOrders"));
        assertThat(outcome.file().accessPatterns()).hasSize(5);
    }

    @Test
    void textThatCannotBeRead_givesItsProblems_neverThrows() {
        var outcome = designs.design("entities: {E: {id: [a], attributes: {a: S}}}\naccessPatterns:\n  - {name: p, entity: F}\n");

        assertThat(outcome.designed()).isEmpty();
        assertThat(outcome.file()).isNull();
        assertThat(outcome.problems()).extracting(PatternsProblem::toString)
                .containsExactly("line 3, column 23: pattern p names unknown entity 'F' (entities: E)");
    }

    @Test
    void rowsThatCannotBeDesignedFrom_giveTheirProblems() {
        var file = new PatternsFile(List.of(new EntitySpec("E", List.of(), Map.of("a", AttributeType.S))),
                List.of(AccessPattern.of("p", "E", List.of("a"))));

        var outcome = designs.design(file);

        assertThat(outcome.file()).isSameAs(file);
        assertThat(outcome.problems()).extracting(PatternsProblem::message)
                .containsExactly("entity E has no id: name the attributes that identify one item");
    }
}
