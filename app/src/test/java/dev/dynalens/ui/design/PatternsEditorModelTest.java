package dev.dynalens.ui.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.usecase.DesignTable;
import org.junit.jupiter.api.Test;

class PatternsEditorModelTest {
    private static final String TWO_PATTERNS = """
            entities:
              Customer: {id: [customerId], attributes: {customerId: S, email: S}}
            accessPatterns:
              - {name: getCustomer, entity: Customer, equals: [customerId]}
              - {name: customerByEmail, entity: Customer, equals: [email]}
            """;

    private final PatternsEditorModel editor = new PatternsEditorModel(new DesignTable());

    @Test
    void textThatReads_fillsTheRows_andDesigns() {
        editor.textProperty().set(TWO_PATTERNS);

        assertThat(editor.entities()).singleElement().satisfies(row -> {
            assertThat(row.nameProperty().get()).isEqualTo("Customer");
            assertThat(row.idProperty().get()).isEqualTo("customerId");
            assertThat(row.attributesProperty().get()).isEqualTo("customerId: S, email: S");
        });
        assertThat(editor.patterns()).extracting(r -> r.nameProperty().get()).containsExactly("getCustomer", "customerByEmail");
        assertThat(editor.problems()).isEmpty();
        assertThat(editor.outcomeProperty().get().designed()).isPresent();
    }

    @Test
    void anEditedRow_writesTheTextAgain_inTheFormatItWasIn() {
        editor.textProperty().set(TWO_PATTERNS);

        editor.patterns().get(1).equalsProperty().set("customerId, email");

        assertThat(editor.textProperty().get()).contains("- {name: customerByEmail, entity: Customer, equals: [customerId, email]}");
        assertThat(editor.patterns()).hasSize(2);

        editor.textProperty().set(dev.dynalens.domain.design.PatternsWriter.json(dev.dynalens.domain.design.PatternsReader.read(TWO_PATTERNS)));
        editor.addPattern();
        assertThat(editor.textProperty().get()).startsWith("{").contains("\"name\": \"pattern3\"");
    }

    @Test
    void textThatDoesNotRead_listsItsProblems_andKeepsTheRows() {
        editor.textProperty().set(TWO_PATTERNS);

        editor.textProperty().set(TWO_PATTERNS.replace("equals: [email]", "equals: [emial]"));

        assertThat(editor.problems()).containsExactly("line 5, column 56: unknown attribute 'emial' of Customer (its attributes: customerId, email)");
        assertThat(editor.patterns()).hasSize(2);
        assertThat(editor.outcomeProperty().get().designed()).isEmpty();
    }

    @Test
    void aRowThatCannotBeRead_isAProblem_andTheTextStays() {
        editor.textProperty().set(TWO_PATTERNS);
        var before = editor.textProperty().get();

        editor.entities().getFirst().attributesProperty().set("customerId S");

        assertThat(editor.problems()).containsExactly("entity Customer: write the attributes as name: TYPE, name: TYPE (not 'customerId S')");
        assertThat(editor.textProperty().get()).isEqualTo(before);
    }

    @Test
    void rowsAddedByHand_designOnceTheyAreComplete() {
        editor.addEntity();
        var entity = editor.entities().getFirst();
        entity.nameProperty().set("Device");
        entity.idProperty().set("deviceId");
        entity.attributesProperty().set("deviceId: S, siteId: S");
        editor.addPattern();
        editor.patterns().getFirst().equalsProperty().set("siteId");

        assertThat(editor.patterns().getFirst().entitiesProperty().get()).isEqualTo("Device");
        assertThat(editor.problems()).isEmpty();
        assertThat(editor.outcomeProperty().get().designed()).isPresent();
        assertThat(editor.textProperty().get()).contains("Device: {id: [deviceId], attributes: {deviceId: S, siteId: S}}");
    }
}
