package dev.dynalens.domain.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeType;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PatternsReaderTest {
    static final String EXAMPLE = """
            entities:
              Customer: {id: [customerId], attributes: {customerId: S, email: S, name: S, createdAt: S}}
              Order:    {id: [orderId], attributes: {orderId: S, customerId: S, status: S, createdAt: S, total: N}}
            accessPatterns:
              - {name: getCustomer, entity: Customer, equals: [customerId]}
              - {name: customerByEmail, entity: Customer, equals: [email]}
              - {name: ordersOfCustomerNewestFirst, entity: Order, equals: [customerId], sortBy: createdAt, descending: true}
              - {name: ordersByStatusBetween, entity: Order, equals: [status], between: createdAt}
              - {name: customerWithOrders, entities: [Customer, Order], equals: [customerId]}
            """;

    @Test
    void theIssuesExample_readsIntoItsEntitiesAndPatterns() {
        var file = PatternsReader.read(EXAMPLE);

        assertThat(file.entities()).extracting(EntitySpec::name).containsExactly("Customer", "Order");
        // YAML reads a bare N as the boolean false; the type keeps what was written
        assertThat(file.requireEntity("Order").attributes()).containsEntry("total", AttributeType.N).containsEntry("status", AttributeType.S);
        assertThat(file.requireEntity("Order").id()).containsExactly("orderId");
        var newest = file.accessPatterns().get(2);
        assertThat(newest.equals()).containsExactly("customerId");
        assertThat(newest.sortBy()).isEqualTo("createdAt");
        assertThat(newest.descending()).isTrue();
        assertThat(file.accessPatterns().get(3).between()).isEqualTo("createdAt");
        assertThat(file.accessPatterns().get(4).entities()).containsExactly("Customer", "Order");
        assertThat(file.positionOf("accessPatterns.customerByEmail.equals.email")).isEqualTo(new SourcePosition(6, 56));
    }

    @Test
    void jsonOfTheSameShape_readsIntoTheSameFile() {
        var json = PatternsWriter.json(PatternsReader.read(EXAMPLE));

        assertThat(json).startsWith("{");
        assertThat(PatternsReader.read(json)).isEqualTo(PatternsReader.read(EXAMPLE));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            {name: p, entity: Customer, equals: [emial]}          | 5 | 42 | unknown attribute 'emial' of Customer (its attributes: customerId, email)
            {name: p, equals: [email]}                            | 5 |  5 | pattern p names no entity: give entity (or entities, for an item collection)
            {name: p, entity: Client, equals: [email]}            | 5 | 23 | pattern p names unknown entity 'Client' (entities: Customer)
            {name: p, entity: Customer, sortby: email}            | 5 | 33 | unknown key 'sortby'; did you mean sortBy?
            {name: p, entity: Customer, equals: [email], between: email} | 5 | 59 | email is given both by equality and as a range in p
            {name: p, entity: Customer, descending: true}         | 5 | 45 | descending needs sortBy (or between) in p
            {name: p, entity: Customer, limit: 0}                 | 5 | 40 | the limit of p is at least 1
            {entity: Customer}                                    | 5 |  5 | an access pattern has no name
            """)
    void aMistakeInAPattern_isReportedWithItsLineAndColumn(String pattern, int line, int column, String message) {
        var text = """
                entities:
                  Customer: {id: [customerId], attributes: {customerId: S, email: S}}
                accessPatterns:
                  - {name: ok, entity: Customer, equals: [customerId]}
                  - %s
                """.formatted(pattern);

        assertThatThrownBy(() -> PatternsReader.read(text)).isInstanceOfSatisfying(PatternsException.class, e ->
                assertThat(e.problems()).containsExactly(new PatternsProblem(new SourcePosition(line, column), message)));
    }

    @Test
    void mistakesInEntities_areAllReported_eachWhereItIs() {
        var text = """
                entities:
                  Customer: {id: [customerld], attributes: {customerId: S, email: X}}
                  " ": {attributes: {a: S}}
                accessPatterns: []
                """;

        assertThatThrownBy(() -> PatternsReader.read(text)).isInstanceOfSatisfying(PatternsException.class, e -> {
            assertThat(e.problems()).extracting(PatternsProblem::toString).containsExactly(
                    "line 2, column 67: unknown type 'X' of Customer.email (types: S, N, B, BOOL, L, M, SS, NS, BS)",
                    "line 2, column 19: unknown attribute 'customerld' of Customer (its attributes: customerId)",
                    "line 3, column 3: an entity has a blank name");
            assertThat(e.getMessage()).startsWith("line 2, column 67: unknown type").endsWith("(and 2 more)");
        });
    }

    @Test
    void aSyntaxError_isOneProblemAtItsPosition_inYamlAndInJson() {
        assertThatThrownBy(() -> PatternsReader.read("entities:\n  Customer: {id: [a, attributes: {a: S}}\n"))
                .isInstanceOfSatisfying(PatternsException.class, e -> {
                    assertThat(e.problems()).hasSize(1);
                    assertThat(e.problems().getFirst().position().line()).isEqualTo(2);
                });
        assertThatThrownBy(() -> PatternsReader.read("{\"entities\": {\"Customer\": }}"))
                .isInstanceOfSatisfying(PatternsException.class, e ->
                        assertThat(e.problems().getFirst().position()).isEqualTo(new SourcePosition(1, 27)));
    }

    @Test
    void textThatIsNoMap_orLacksTheSections_saysWhatAFileIs() {
        assertThatThrownBy(() -> PatternsReader.read("- just a list")).hasMessage("line 1, column 1: a patterns file is a map with entities and accessPatterns");
        assertThatThrownBy(() -> PatternsReader.read("")).hasMessage("line 1, column 1: a patterns file is a map with entities and accessPatterns");
        assertThatThrownBy(() -> PatternsReader.read("table: T\n")).isInstanceOfSatisfying(PatternsException.class, e ->
                assertThat(e.problems()).extracting(PatternsProblem::message).containsExactly(
                        "no entities: a patterns file lists its entities under 'entities'",
                        "no accessPatterns: list the ways the application reads under 'accessPatterns'"));
    }

    @Test
    void aDuplicatePatternName_andADuplicateKey_areProblems() {
        var text = """
                entities:
                  E: {id: [a], attributes: {a: S, a: N}}
                accessPatterns:
                  - {name: p, entity: E}
                  - {name: p, entity: E}
                """;

        assertThatThrownBy(() -> PatternsReader.read(text)).isInstanceOfSatisfying(PatternsException.class, e ->
                assertThat(e.problems()).extracting(PatternsProblem::toString).containsExactly(
                        "line 2, column 35: key 'a' is given twice", "line 5, column 12: a second pattern named p"));
    }

    @Test
    void namesYamlReadsAsBooleans_stayNames_andTheWriterQuotesThem() {
        var file = new PatternsFile(List.of(new EntitySpec("E", List.of("on"), java.util.Map.of("on", AttributeType.S))),
                List.of(AccessPattern.of("no", "E", List.of("on"))));

        var yaml = PatternsWriter.yaml(file);

        assertThat(yaml).contains("\"on\"").contains("\"no\"");
        assertThat(PatternsReader.read(yaml)).isEqualTo(file);
        assertThat(PatternsReader.read("entities:\n  E: {id: [on], attributes: {on: S}}\naccessPatterns:\n  - {name: p, entity: E, equals: [on]}\n")
                .accessPatterns().getFirst().equals()).containsExactly("on");
    }

    @Property(tries = 200)
    void whatTheWriterWrites_theReaderReadsBack_asYamlAndAsJson(@ForAll("files") PatternsFile file) {
        assertThat(PatternsReader.read(PatternsWriter.yaml(file))).isEqualTo(file);
        assertThat(PatternsReader.read(PatternsWriter.json(file))).isEqualTo(file);
    }

    @Provide
    Arbitrary<PatternsFile> files() {
        return Arbitraries.randomValue(RandomPatternSets::patternSet);
    }
}
