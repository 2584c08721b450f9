package dev.dynalens.domain.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.design.SourcePosition;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChangeFileReaderTest {

    static final String BACKFILL = """
            table: Orders                  # the table
            where:
              entity: ORDER
              condition: "status = 'SHIPPED' AND attribute_not_exists(GSI2PK)"
            set:
              GSI2PK: "STATUS#{status}"
              GSI2SK: "{createdAt}#{orderId}"
            remove: [legacyFlag]
            rename: {cust_id: customerId}
            """;

    private static List<ChangeProblem> problems(String text) {
        try {
            ChangeFileReader.read(text);
        } catch (ChangeFileException e) {
            return e.problems();
        }
        throw new AssertionError("read without a problem: " + text);
    }

    @Test
    void theIssuesExampleReads() {
        var spec = ChangeFileReader.read(BACKFILL);
        assertThat(spec.table()).isEqualTo("Orders");
        assertThat(spec.entity()).isEqualTo("ORDER");
        assertThat(spec.condition()).isEqualTo("status = 'SHIPPED' AND attribute_not_exists(GSI2PK)");
        assertThat(spec.set()).containsOnlyKeys("GSI2PK", "GSI2SK");
        assertThat(spec.set().get("GSI2SK").attributes()).containsExactly("createdAt", "orderId");
        assertThat(spec.remove()).containsExactly("legacyFlag");
        assertThat(spec.rename()).containsEntry("cust_id", "customerId");
        assertThat(spec.delete()).isFalse();
        assertThat(spec.position("set.GSI2PK")).isEqualTo(new SourcePosition(6, 3));
        assertThat(spec.reads()).containsExactly("status", "createdAt", "orderId", "cust_id");
        assertThat(spec.describe()).isEqualTo("set GSI2PK, GSI2SK; remove legacyFlag; rename cust_id → customerId");
    }

    @Test
    void jsonReadsToo() {
        var spec = ChangeFileReader.read("""
                {"table": "Orders", "where": {"entity": "TEST_ITEM"}, "delete": true}
                """);
        assertThat(spec.delete()).isTrue();
        assertThat(spec.describe()).isEqualTo("delete");
    }

    @Test
    void aTemplateWithAnUnclosedBraceIsNamedWhereItIs() {
        assertThat(problems("""
                table: Orders
                where: {entity: ORDER}
                set:
                  GSI2PK: "STATUS#{status"
                """)).singleElement().satisfies(p -> {
            assertThat(p.position()).isEqualTo(new SourcePosition(4, 11));
            assertThat(p.message()).startsWith("the template of GSI2PK: ");
        });
    }

    @Test
    void aSetAndARemoveOfTheSameAttributeIsRefused() {
        assertThat(problems("""
                table: Orders
                where: {entity: ORDER}
                set: {flag: "x"}
                remove: [flag]
                """)).singleElement().satisfies(p -> {
            assertThat(p.position()).isEqualTo(new SourcePosition(4, 10));
            assertThat(p.message()).isEqualTo("'flag' is both set (line 3, column 7) and removed");
        });
    }

    @Test
    void everyProblemIsSaidAtOnce_withItsPlace() {
        var found = problems("""
                table: Orders
                where: {}
                colour: red
                delete: maybe
                rename: {a: b, c: b}
                """);
        assertThat(found).extracting(ChangeProblem::toString).containsExactly(
                "line 3, column 1: unknown key 'colour': a change file has table, where, set, remove, rename, delete",
                "line 2, column 8: where names an entity type, a condition, or both",
                "line 4, column 9: delete is true or false",
                "line 5, column 16: 'c' and 'a' are both renamed to 'b'");
    }

    @Test
    void aDeleteWithASetOrNothingToDoIsRefused() {
        assertThat(problems("""
                table: Orders
                where: {entity: ORDER}
                delete: true
                set: {a: "x"}
                """)).extracting(ChangeProblem::message).containsExactly("delete: true deletes the items; it goes with no set, remove or rename");
        assertThat(problems("""
                table: Orders
                where: {entity: ORDER}
                """)).extracting(ChangeProblem::message).containsExactly("the change does nothing: give set, remove, rename or delete: true");
    }

    @Test
    void yamlThatDoesNotParseSaysWhere() {
        assertThatThrownBy(() -> ChangeFileReader.read("table: [Orders\nwhere: x\n")).isInstanceOf(ChangeFileException.class)
                .satisfies(e -> assertThat(((ChangeFileException) e).problems().get(0).position().known()).isTrue());
    }
}
