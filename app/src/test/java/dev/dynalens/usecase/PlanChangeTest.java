package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.change.ChangeFileException;
import dev.dynalens.domain.change.ChangeFileReader;
import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.workspace.WorkspaceFiles;
import dev.dynalens.service.workspace.WorkspaceSession;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dry run of a change on the blog sample (a workspace), on a same-thread executor. */
class PlanChangeTest {

    private static PlanChange.Plan plan(String file) throws Exception {
        var workspace = WorkspaceFiles.read(Path.of("samples/blog.json"), WorkspaceOptions.NONE);
        var session = new WorkspaceSession(workspace, Runnable::run);
        var planner = new PlanChange(session, Runnable::run);
        var table = session.describeTable("Blog").join();
        return planner.start(ChangeFileReader.read(file), table, planner.cost(table), progress -> { }).result().get();
    }

    private static List<Item> blog() throws Exception {
        return WorkspaceFiles.read(Path.of("samples/blog.json"), WorkspaceOptions.NONE).tables().get(0).items();
    }

    private static boolean isPost(Item item) {
        return item.get("PK").map(pk -> ((AttributeValue.Str) pk).value().startsWith("POST#")).orElse(false)
                && item.get("SK").equals(java.util.Optional.of(AttributeValue.s("METADATA")));
    }

    @Test
    void theCountsAreExact_perAction() throws Exception {
        var plan = plan("""
                table: Blog
                where:
                  entity: POST
                  condition: "readingMinutes > 5"
                set: {GSI9PK: "AUTHOR#{authorId}", GSI9SK: "{publishedAt}#{postId}"}
                """);
        var expected = blog().stream().filter(PlanChangeTest::isPost)
                .filter(item -> ((AttributeValue.Num) item.get("readingMinutes").orElseThrow()).value().toBigDecimal().compareTo(BigDecimal.valueOf(5)) > 0)
                .toList();

        assertThat(expected).isNotEmpty();
        assertThat(plan.selected()).isEqualTo(expected.size());
        assertThat(plan.counts()).containsEntry(PlanChange.Action.UPDATE, (long) expected.size());
        assertThat(plan.changes()).allSatisfy(change -> assertThat(change).isInstanceOf(ItemChange.Update.class));
        assertThat(plan.changes()).extracting(change -> ((ItemChange.Update) change).before()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(plan.itemsRead()).isEqualTo(blog().size());
        // each post: its own write (1 KB) and GSI1's entry (ALL projection) rewritten: 2 units
        assertThat(plan.writeUnits().toBigDecimal()).isEqualByComparingTo(BigDecimal.valueOf(2L * expected.size()));
    }

    @Test
    void anUnknownEntityTypeOrAttributeIsAProblemOfTheFile() {
        assertThatThrownBy(() -> plan("""
                table: Blog
                where: {entity: ARTICLE}
                remove: [legacy]
                """)).hasCauseInstanceOf(ChangeFileException.class).hasMessageContaining("line 2, column 17: no entity type ARTICLE in Blog; its entity types: COMMENT, TAG→POST, POST, USER");
        assertThatThrownBy(() -> plan("""
                table: Blog
                where: {entity: POST}
                remove: [legacy]
                """)).hasCauseInstanceOf(ChangeFileException.class)
                .hasMessageContaining("line 3, column 10: unknown attribute legacy: no POST item has it");
    }

    @Test
    void aChangeForAnotherTableIsRefusedBeforeAnythingIsRead() {
        assertThatThrownBy(() -> plan("""
                table: Orders
                where: {entity: POST}
                delete: true
                """)).isInstanceOf(ChangeFileException.class).hasMessageContaining("the change is for table Orders, not Blog");
    }
}
