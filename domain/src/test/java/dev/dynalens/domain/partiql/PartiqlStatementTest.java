package dev.dynalens.domain.partiql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PartiqlStatementTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            SELECT * FROM "Tracker" WHERE PK = 'ORG#acme'                        | SELECT | Tracker   |
            select title from Tracker."GSI1" where GSI1PK = ?                      | SELECT | Tracker   | GSI1
            SELECT * FROM "Order""s" WHERE "from" = 'FROM x'                       | SELECT | Order"s   |
            SELECT x['FROM'] FROM Tracker                                          | SELECT | Tracker   |
            INSERT INTO "Tracker" VALUE {'PK': 'a', 'SK': 'b'}                     | INSERT | Tracker   |
            UPDATE Tracker SET title = 'x' WHERE PK = 'a' AND SK = 'b'             | UPDATE | Tracker   |
            DELETE FROM "Tracker" WHERE PK = 'a' AND SK = 'b'                      | DELETE | Tracker   |
            -- a comment naming FROM Other\\nSELECT * FROM /* FROM x */ Tracker    | SELECT | Tracker   |
            """)
    void theKindAndTable_areReadFromTheStatement(String text, PartiqlStatement.Kind kind, String table, String index) {
        var statement = PartiqlStatement.of(text.replace("\\n", "\n"));

        assertThat(statement.kind()).isEqualTo(kind);
        assertThat(statement.tableName()).isEqualTo(table);
        assertThat(statement.indexName()).isEqualTo(index);
        assertThat(statement.writes()).isEqualTo(kind != PartiqlStatement.Kind.SELECT);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            EXISTS(SELECT * FROM T)          | starts with SELECT, INSERT, UPDATE or DELETE | 1 | 1
            SELECT *                         | SELECT needs FROM                             | 1 | 8
            SELECT * FROM 'T'                | needs a table name                            | 1 | 15
            SELECT * FROM "T                 | quoted name is not closed                     | 1 | 15
            """)
    void aStatementThatIsNotOne_isRefusedWithWhere(String text, String message, int line, int column) {
        assertThatThrownBy(() -> PartiqlStatement.of(text)).isInstanceOfSatisfying(PartiqlException.class, e -> {
            assertThat(e).hasMessageContaining(message);
            assertThat(e.position().line()).isEqualTo(line);
            assertThat(e.position().column()).isEqualTo(column);
        });
    }
}
