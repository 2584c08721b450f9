package dev.dynalens.domain.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.change.WhereCondition;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SelectWhereTest {

    @Test
    void aSelectOfOneEntityType_givesItsNameAndItsWhereAsWritten() {
        assertThat(SelectWhere.of("SELECT title, readingMinutes FROM POST WHERE readingMinutes > 5 AND status = 'DRAFT' ORDER BY title LIMIT 10"))
                .contains(new SelectWhere("POST", "readingMinutes > 5 AND status = 'DRAFT'"));
        assertThat(SelectWhere.of("select * from POST where begins_with(title, 'How')\n;"))
                .contains(new SelectWhere("POST", "begins_with(title, 'How')"));
    }

    @Test
    void withoutAWhere_givesTheNameAlone() {
        assertThat(SelectWhere.of("SELECT * FROM POST")).contains(new SelectWhere("POST", null));
        assertThat(SelectWhere.of("SELECT * FROM POST p ORDER BY p.title")).contains(new SelectWhere("POST", null));
    }

    @Test
    void theAliasQualifierIsDropped_butANestedPathIsKept() {
        assertThat(SelectWhere.of("SELECT p.title FROM POST AS p WHERE p.status = 'DRAFT' AND p.author.name <> 'x' AND address.p = 1"))
                .contains(new SelectWhere("POST", "status = 'DRAFT' AND author.name <> 'x' AND address.p = 1"));
        assertThat(SelectWhere.of("SELECT * FROM \"TAG→POST\" t WHERE t.\"odd name\" = 'a'"))
                .contains(new SelectWhere("TAG→POST", "\"odd name\" = 'a'"));
    }

    @Test
    void keywordsInQuotesAndCommentsAreNotReadAsClauses() {
        assertThat(SelectWhere.of("SELECT * FROM POST -- ORDER BY nothing\nWHERE title = 'ORDER BY it' /* LIMIT */ LIMIT 3"))
                .contains(new SelectWhere("POST", "title = 'ORDER BY it'"));
    }

    @Test
    void aJoinAListOfTablesOrASubqueryGivesNothing() {
        assertThat(SelectWhere.of("SELECT * FROM PROJECT p JOIN TASK t ON t.PK = p.PK WHERE t.status = 'open'")).isEmpty();
        assertThat(SelectWhere.of("SELECT * FROM PROJECT, TASK WHERE status = 'open'")).isEmpty();
        assertThat(SelectWhere.of("SELECT * FROM (SELECT * FROM TASK) WHERE status = 'open'")).isEmpty();
        assertThat(SelectWhere.of("UPDATE Blog SET a = 1 WHERE PK = 'x'")).isEmpty();
        assertThat(SelectWhere.of("")).isEmpty();
    }

    @Test
    void theWhereTaken_readsAsAChangeFilesCondition() {
        var where = SelectWhere.of("SELECT * FROM POST p WHERE p.readingMinutes BETWEEN 3 AND 10 AND NOT contains(p.tags, 'draft')")
                .map(SelectWhere::where);
        assertThat(where).isEqualTo(Optional.of("readingMinutes BETWEEN 3 AND 10 AND NOT contains(tags, 'draft')"));
        assertThat(WhereCondition.parse(where.orElseThrow()).expression()).isNotBlank();
    }
}
