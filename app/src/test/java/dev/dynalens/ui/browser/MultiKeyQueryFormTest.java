package dev.dynalens.ui.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.ReadRequests;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The browser's Query form on an index of a multi-attribute key: one field per key attribute, the sort condition on the last given. */
class MultiKeyQueryFormTest {
    private final FakeDynamoSession session = new FakeDynamoSession(ConnectionProfile.local("t", URI.create("http://127.0.0.1:9")));
    private final TableBrowserViewModel model = new TableBrowserViewModel(session, "TournamentMatches", Runnable::run);

    private static final TableDescription MATCHES = new TableDescription("TournamentMatches", KeySchema.of("matchId", null),
            List.of(new IndexDescription("TournamentRegionIndex", IndexDescription.Kind.GLOBAL, new IndexKey(
                    List.of(new KeyAttribute("tournamentId", ScalarType.S), new KeyAttribute("region", ScalarType.S)),
                    List.of(new KeyAttribute("round", ScalarType.S), new KeyAttribute("bracket", ScalarType.S),
                            new KeyAttribute("matchId", ScalarType.S))), IndexDescription.Projection.ALL, List.of(), 0L, 0L, "ACTIVE")),
            List.of(), 0, 0, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());

    @BeforeEach
    void describe() {
        session.description.complete(MATCHES);
        model.loadDescription();
        model.modeProperty().set(TableBrowserViewModel.Mode.QUERY);
    }

    private TableBrowserViewModel.KeyField field(String attribute) {
        return model.keyFields().stream().filter(f -> f.attribute().equals(attribute)).findFirst().orElseThrow();
    }

    @Test
    void theTable_hasOneFieldPerSide_andTheIndex_oneFieldPerKeyAttribute_inOrder() {
        assertThat(model.keyFields()).extracting(TableBrowserViewModel.KeyField::prompt).containsExactly("matchId (S, partition)");
        assertThat(model.multiAttributeKeyProperty().get()).isFalse();

        model.indexProperty().set("TournamentRegionIndex");

        assertThat(model.keyFields()).extracting(TableBrowserViewModel.KeyField::prompt).containsExactly("tournamentId (S, partition)",
                "region (S, partition)", "round (S, sort)", "bracket (S, sort)", "matchId (S, sort)");
        assertThat(model.multiAttributeKeyProperty().get()).isTrue();
        assertThat(field("tournamentId").value()).isSameAs(model.partitionValueProperty());
        assertThat(field("round").value()).isSameAs(model.sortValueProperty());
    }

    @Test
    void aQuery_givesEveryPartitionField_andTheSortFieldsGiven_theLastWithTheOperator() {
        model.indexProperty().set("TournamentRegionIndex");
        field("tournamentId").value().set("WINTER2024");
        field("region").value().set("NA-EAST");
        field("round").value().set("SEMIFINALS");
        field("bracket").value().set("UP");
        model.sortOperatorProperty().set(SortKeyCondition.Operator.BEGINS_WITH);

        model.run();

        var query = (ReadRequest.Query) session.reads.get(0);
        assertThat(ReadRequests.keyCondition(query)).isEqualTo("tournamentId = \"WINTER2024\" AND region = \"NA-EAST\" AND round = \"SEMIFINALS\" "
                + "AND begins_with(bracket, \"UP\")");
        assertThat(query.indexName()).isEqualTo("TournamentRegionIndex");
    }

    @Test
    void aSkippedSortField_isNamed_andNothingIsRead() {
        model.indexProperty().set("TournamentRegionIndex");
        field("tournamentId").value().set("WINTER2024");
        field("region").value().set("NA-EAST");
        field("bracket").value().set("UPPER");

        model.run();

        assertThat(session.reads).isEmpty();
        assertThat(model.errorProperty().get())
                .isEqualTo("Give round before bracket: sort key attributes are given from the left (round, bracket, matchId), without skipping one.");
    }
}
