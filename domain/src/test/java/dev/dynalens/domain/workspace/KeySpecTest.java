package dev.dynalens.domain.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.table.KeySchema.ScalarType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeySpecTest {

    @Test
    void keySchemas_withAndWithoutTypes() {
        assertThat(KeySpec.parse("PK")).isEqualTo(new KeySpec("PK", null, null, null));
        assertThat(KeySpec.parse("PK,SK")).isEqualTo(new KeySpec("PK", null, "SK", null));
        assertThat(KeySpec.parse(" pk : s , sk:N ")).isEqualTo(new KeySpec("pk", ScalarType.S, "sk", ScalarType.N));
        assertThat(KeySpec.parse("PK:B,SK").toString()).isEqualTo("PK:B,SK");
    }

    @Test
    void indexes_nameTheirKeys() {
        assertThat(IndexSpec.parse("GSI1=GSI1PK,GSI1SK:N")).isEqualTo(new IndexSpec("GSI1", new KeySpec("GSI1PK", null, "GSI1SK", ScalarType.N)));
        assertThat(IndexSpec.parse("by-email=email")).isEqualTo(new IndexSpec("by-email", new KeySpec("email", null, null, null)));
    }

    @ParameterizedTest(name = "[{0}]")
    @CsvSource(delimiter = '|', textBlock = """
            ''        | A key schema names the partition key and, if the table has one, the sort key: PK or PK,SK (a type may follow a colon: PK:S,SK:N)
            A,B,C     | Key schema 'A,B,C' names 3 attributes; a key has a partition key and at most a sort key: PK or PK,SK
            PK,       | Key schema 'PK,': the sort key name is empty
            ,SK       | Key schema ',SK': the partition key name is empty
            PK:X      | Key schema 'PK:X': 'X' is not a key type for the partition key; use S (string), N (number) or B (binary)
            PK,SK:BOOL| Key schema 'PK,SK:BOOL': 'BOOL' is not a key type for the sort key; use S (string), N (number) or B (binary)
            PK,PK     | Key schema 'PK,PK': the partition key and the sort key must be different attributes
            """)
    void badKeySchemas_sayWhatIsWrong(String text, String message) {
        assertThatThrownBy(() -> KeySpec.parse(text)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @ParameterizedTest(name = "[{0}]")
    @CsvSource(delimiter = '|', textBlock = """
            GSI1           | Index 'GSI1' needs the form NAME=PK or NAME=PK,SK, like GSI1=GSI1PK,GSI1SK
            G=PK           | Index 'G=PK': the index name 'G' must be 3 to 255 characters of a-z, A-Z, 0-9, '_', '-' and '.'
            by email=email | Index 'by email=email': the index name 'by email' must be 3 to 255 characters of a-z, A-Z, 0-9, '_', '-' and '.'
            GSI1=          | Index GSI1: A key schema names the partition key and, if the table has one, the sort key: PK or PK,SK (a type may follow a colon: PK:S,SK:N)
            GSI1=a,b,c     | Index GSI1: Key schema 'a,b,c' names 3 attributes; a key has a partition key and at most a sort key: PK or PK,SK
            """)
    void badIndexes_sayWhatIsWrong(String text, String message) {
        assertThatThrownBy(() -> IndexSpec.parse(text)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void anIndexGivenTwice_isRefused() {
        assertThatThrownBy(() -> WorkspaceOptions.parse("PK", List.of("GSI1=a", "GSI1=b")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Index GSI1 is given twice");
        assertThat(WorkspaceOptions.parse(null, null)).isEqualTo(WorkspaceOptions.NONE);
    }

    @Test
    void aSchemaForItems_takesEachTypeNotGivenFromTheFirstItemThatHasTheAttribute() {
        var sample = List.of(new dev.dynalens.domain.item.Item(java.util.Map.of("PK", dev.dynalens.domain.item.AttributeValue.s("a"))),
                new dev.dynalens.domain.item.Item(java.util.Map.of("PK", dev.dynalens.domain.item.AttributeValue.s("b"),
                        "SK", dev.dynalens.domain.item.AttributeValue.n("7"))));
        var schema = KeySpec.parse("PK,SK").schemaFor(sample);
        assertThat(schema.partitionKey().type()).isEqualTo(ScalarType.S);
        assertThat(schema.sortKey().type()).isEqualTo(ScalarType.N);
        assertThat(KeySpec.parse("PK,SK:B").schemaFor(sample).sortKey().type()).isEqualTo(ScalarType.B);
        assertThat(KeySpec.parse("id").schemaFor(sample).partitionKey().type()).as("no item has it").isEqualTo(ScalarType.S);
    }
}
