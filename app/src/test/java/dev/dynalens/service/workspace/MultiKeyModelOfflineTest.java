package dev.dynalens.service.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequest.KeyEquality;
import dev.dynalens.domain.table.ReadRequest.SortPart;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.SortKeyCondition.Operator;
import dev.dynalens.domain.workspace.FileWorkspaces;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A NoSQL Workbench model whose index has a multi-attribute key (the Developer Guide's TournamentRegionIndex, in the
 * domain's test resources) opens offline: the index is described with every key attribute, and Queries through it
 * follow the rules (docs/expressions.md, Multi-attribute GSI keys).
 */
class MultiKeyModelOfflineTest {

    private static WorkspaceSession open() throws Exception {
        // the model is in the domain's test jar: copied out, as a file the workspace opens
        var file = java.nio.file.Files.createTempDirectory("multi-key").resolve("TournamentMatches.json");
        try (var in = MultiKeyModelOfflineTest.class.getResourceAsStream("/models/multi-attribute-keys/TournamentMatches.json")) {
            java.nio.file.Files.copy(java.util.Objects.requireNonNull(in, "the model is in the domain's test resources"), file);
        }
        file.toFile().deleteOnExit();
        file.getParent().toFile().deleteOnExit();
        var workspace = FileWorkspaces.read(file, WorkspaceOptions.NONE);
        assertThat(workspace.report().errorCount()).isZero();
        return new WorkspaceSession(workspace, Runnable::run);
    }

    private static ReadRequest.Query winterNaEast() {
        return ReadRequest.Query.of("TournamentMatches", List.of(new KeyEquality("tournamentId", AttributeValue.s("WINTER2024")),
                new KeyEquality("region", AttributeValue.s("NA-EAST")))).onIndex("TournamentRegionIndex");
    }

    private static List<String> matchIds(ReadRequest.Query query, WorkspaceSession session) {
        return session.read(query).join().items().stream().map(i -> i.get("matchId").orElseThrow()).map(v -> ((AttributeValue.Str) v).value())
                .toList();
    }

    @Test
    void theIndexIsDescribedWithEveryKeyAttribute_andHoldsTheItemsThatHaveThemAll() throws Exception {
        var session = open();

        var index = session.describeTable("TournamentMatches").join().index("TournamentRegionIndex").orElseThrow();

        assertThat(index.key()).isEqualTo(new IndexKey(
                List.of(new KeyAttribute("tournamentId", ScalarType.S), new KeyAttribute("region", ScalarType.S)),
                List.of(new KeyAttribute("round", ScalarType.S), new KeyAttribute("bracket", ScalarType.S),
                        new KeyAttribute("matchId", ScalarType.S))));
        // match-005 has no bracket: it is in the table, not in the index.
        assertThat(index.itemCount()).isEqualTo(5);
    }

    @Test
    void aQueryGivesEveryPartitionAttribute_andSortAttributesFromTheLeft() throws Exception {
        var session = open();

        assertThat(matchIds(winterNaEast(), session)).containsExactly("match-003", "match-002", "match-001");
        assertThat(matchIds(winterNaEast().withSort(List.of(new SortPart("round", SortKeyCondition.of(Operator.EQ, AttributeValue.s("SEMIFINALS"))))),
                session)).containsExactly("match-002", "match-001");
        assertThat(matchIds(winterNaEast().withSort(List.of(
                new SortPart("round", SortKeyCondition.of(Operator.EQ, AttributeValue.s("SEMIFINALS"))),
                new SortPart("bracket", SortKeyCondition.of(Operator.BEGINS_WITH, AttributeValue.s("UP"))))), session))
                .containsExactly("match-001");
        assertThat(matchIds(winterNaEast().withSort(List.of(new SortPart("round", SortKeyCondition.of(Operator.LT, AttributeValue.s("G")))))
                .withScanIndexForward(false), session)).containsExactly("match-003");
    }
}
