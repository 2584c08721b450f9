package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.design.AccessPattern;
import dev.dynalens.domain.design.IndexProposal;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.service.workspace.WorkspaceSession;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Add an index's first step on the blog sample (a workspace), on a same-thread executor; the whole flow runs in AddIndexIT. */
class AddIndexTest {
    private static final AccessPattern COMMENTS_OF_A_USER = new AccessPattern("commentsOfAUserNewestFirst", List.of("COMMENT"),
            List.of("commenterId"), null, "createdAt", true, 0, 0, 0);

    @TempDir
    Path dir;

    private static WorkspaceSession blog() throws Exception {
        return new WorkspaceSession(WorkspaceFiles.read(Path.of("samples/blog.json"), WorkspaceOptions.NONE), Runnable::run);
    }

    private static AddIndex addIndex(WorkspaceSession session) {
        return new AddIndex(session, Runnable::run, WriteConfirmer.NONE, ChangeSettings.DEFAULTS, AddIndex.Settings.DEFAULTS, Clock.systemUTC());
    }

    @Test
    void theFirstStep_proposesTheIndex_andPlansItsBackfill_withTheIndexsEntriesInItsCost() throws Exception {
        var session = blog();
        var addIndex = addIndex(session);
        var table = session.describeTable("Blog").join();

        var plan = addIndex.plan(table, "COMMENT", COMMENTS_OF_A_USER, null, null, addIndex.cost(table), p -> { }).result().get();

        assertThat(plan.proposal().keyTemplates()).hasToString("{GSI2PK=COMMENTER#{commenterId}, GSI2SK={createdAt}}");
        assertThat(plan.create().provisioned()).isFalse();
        assertThat(plan.create().index()).isEqualTo(plan.proposal().index());
        assertThat(plan.changeText()).isEqualTo("""
                # the keys of a new index, written onto every COMMENT item (dynalens change add-index)
                table: "Blog"
                where:
                  entity: "COMMENT"
                set:
                  "GSI2PK": "COMMENTER#{commenterId}"
                  "GSI2SK": "{createdAt}"
                """);
        assertThat(ChangeFileReader.read(plan.changeText()).set()).isEqualTo(plan.backfill().set());
        long comments = plan.change().counts().get(PlanChange.Action.UPDATE);
        assertThat(plan.backfilled()).isEqualTo(comments).isPositive();
        assertThat(plan.written()).hasSize((int) comments).allSatisfy(item -> assertThat(item.has("GSI2PK")).isTrue());
        // each comment (under 1 KB): its update, and its entry put into GSI2 (projection ALL)
        assertThat(plan.writeUnits().toBigDecimal()).isEqualByComparingTo(BigDecimal.valueOf(2 * comments));
    }

    @Test
    void anEntityTheTableDoesNotHave_isASentence_namingItsEntities() throws Exception {
        var session = blog();
        var addIndex = addIndex(session);
        var table = session.describeTable("Blog").join();
        var pattern = new AccessPattern("ordersByStatus", List.of("ORDER"), List.of("status"), null, null, false, 0, 0, 0);

        assertThatThrownBy(() -> addIndex.plan(table, "ORDER", pattern, null, null, addIndex.cost(table), p -> { }).result().get())
                .isInstanceOf(ExecutionException.class).cause().isInstanceOf(IndexProposal.NotProposedException.class)
                .hasMessage("no entity type ORDER in Blog; its entity types: COMMENT, TAG→POST, POST, USER");
    }

    @Test
    void onAConnectionThatCannotWrite_nothingIsWritten_notEvenTheChangeFile() throws Exception {
        var session = blog();
        var addIndex = addIndex(session);
        var table = session.describeTable("Blog").join();
        var plan = addIndex.plan(table, "COMMENT", COMMENTS_OF_A_USER, null, null, addIndex.cost(table), p -> { }).result().get();
        var changeFile = dir.resolve(AddIndex.changeFileName(plan));

        assertThatThrownBy(() -> addIndex.start(plan, changeFile, p -> { }).result().get()).cause()
                .isInstanceOf(ReadOnlyConnectionException.class).hasMessageContaining("adding an index on Blog was refused");
        assertThat(changeFile).doesNotExist();
        assertThat(AddIndex.changeFileName(plan)).isEqualTo("Blog-GSI2.add-index.yaml");
    }
}
