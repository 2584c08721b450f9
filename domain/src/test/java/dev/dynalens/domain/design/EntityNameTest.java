package dev.dynalens.domain.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.time.LocalDateTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 28: an entity name is a name in any script: letters are letters (Character.isLetter), digits digits. */
class EntityNameTest {
    private static String patterns(String entity) {
        return """
                entities:
                  "%s": {id: [nummer], attributes: {nummer: S, titel: S}}
                accessPatterns:
                  - {name: byNummer, entity: "%s", equals: [nummer]}
                """.formatted(entity, entity);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bücher", "Übersicht", "Straße_2", "Café", "Cafe\u0301", "Книга", "書籍", "_Ärger"})
    void aNameOfLettersInAnyScript_isDesigned_andExported(String entity) throws IOException {
        var design = Designer.design(PatternsReader.read(patterns(entity)));
        var model = new StringWriter();
        var oneTable = new StringWriter();
        DesignExports.workbenchModel(design, model, LocalDateTime.of(2026, 12, 3, 10, 0));
        DesignExports.oneTableSchema(design, oneTable);

        assertThat(design.entities()).extracting(EntityDesign::name).containsExactly(entity);
        assertThat(model.toString()).contains(entity);
        assertThat(oneTable.toString()).contains(entity);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bad Name", "2Bücher", "Bücher#1", "Bü-cher"})
    void whatIsNotAName_isStillRefused(String entity) {
        assertThatThrownBy(() -> Designer.design(PatternsReader.read(patterns(entity))))
                .isInstanceOfSatisfying(PatternsException.class, e -> assertThat(e.problems()).extracting(PatternsProblem::toString)
                        .anyMatch(problem -> problem.contains("entity name '" + entity + "' is not a name")));
    }
}
