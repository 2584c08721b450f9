package dev.dynalens.domain.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.workspace.WorkspaceTable;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The SQL tab's examples are built from the table's own entity types (issue 28: the tab opened empty). */
class ExampleStatementsTest {

    private static SqlCatalog catalog(String sample) {
        var model = SampleModels.load(sample);
        var keys = model.keys();
        var indexes = keys.indexes().entrySet().stream().map(i -> new IndexDescription(i.getKey(), IndexDescription.Kind.GLOBAL,
                i.getValue(), IndexDescription.Projection.ALL, List.of(), null, null, null)).toList();
        var description = WorkspaceTable.of(keys.tableName() == null ? "T" : keys.tableName(), keys.keySchema(), indexes, model.items())
                .description();
        var analyzer = new Analyzer(TableKeys.from(description)).measuringItemSizes();
        analyzer.acceptAll(model.items());
        return SqlCatalog.of(description, analyzer.result(), new SqlCatalog.EntitySource("test", null, model.items().size(), 0, true));
    }

    @Test
    void theTrackerSample_getsAKeyPinnedRead_aJoinInOneCollection_andAnAggregate() {
        var examples = ExampleStatements.of(catalog(SampleModels.TRACKER));

        assertThat(examples).extracting(ExampleStatements.Example::statement).containsExactly(
                "SELECT * FROM \"USER\" WHERE \"PK\" = 'USER#…' AND \"SK\" = 'PROFILE'",
                "SELECT o.email, m.since FROM \"USER\" o JOIN \"WATCH\" m ON m.\"PK\" = o.\"PK\" WHERE o.\"PK\" = 'USER#…'",
                "SELECT status, COUNT(*) AS n FROM \"TASK\" GROUP BY status ORDER BY n DESC");
        assertThat(examples).extracting(ExampleStatements.Example::purpose).containsExactly("one USER by its key",
                "USER with its WATCH items, in one Query of their partition", "TASK items counted by status (a Scan: every item is read)");
    }

    @Test
    void namesAreQuotedWhereSqlNeedsIt() {
        assertThat(ExampleStatements.name("title")).isEqualTo("title");
        assertThat(ExampleStatements.name("USER")).isEqualTo("\"USER\"");
        assertThat(ExampleStatements.name("value")).isEqualTo("\"value\"");
        assertThat(ExampleStatements.name("ORG→USER")).isEqualTo("\"ORG→USER\"");
        assertThat(ExampleStatements.name("a\"b")).isEqualTo("\"a\"\"b\"");
    }

    @Test
    void everySampleGetsExamples_andATableWithoutEntityTypesNone() {
        for (var sample : List.of(SampleModels.BLOG, SampleModels.TEAMS, SampleModels.ONLINE_SHOP, SampleModels.TRACKER)) {
            assertThat(ExampleStatements.of(catalog(sample))).as(sample).isNotEmpty();
        }
    }
}
