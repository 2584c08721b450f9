package dev.dynalens.domain.editing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StagedEditsTest {
    private static final KeySchema KEYS = KeySchema.of("PK", null);
    private final StagedEdits edits = new StagedEdits("t", KEYS);

    private static Item item(String pk, String name) {
        return Item.of(Map.of("PK", AttributeValue.s(pk), "name", AttributeValue.s(name)));
    }

    @Test
    void twoEditsOfOneItem_foldIntoOneUpdateAgainstTheItemAsFirstRead() {
        edits.stageEdit(item("1", "a"), item("1", "b"));
        edits.stageEdit(item("1", "b"), item("1", "c"));

        assertThat(edits.changes()).containsExactly(new StagedChange.Update("t", KEYS, item("1", "a"), item("1", "c")));
    }

    @Test
    void anEditBackToTheItemAsRead_leavesNothingStaged() {
        edits.stageEdit(item("1", "a"), item("1", "b"));
        edits.stageEdit(item("1", "b"), item("1", "a"));
        assertThat(edits.isEmpty()).isTrue();
    }

    @Test
    void createThenEdit_isOneCreate_andCreateThenDelete_isNothing() {
        edits.stageCreate(item("9", "new"));
        edits.stageEdit(item("9", "new"), item("9", "newer"));
        assertThat(edits.changes()).containsExactly(new StagedChange.Create("t", KEYS, item("9", "newer")));
        edits.stageDelete(item("9", "newer"));
        assertThat(edits.isEmpty()).isTrue();
    }

    @Test
    void editThenDelete_deletesTheItemAsRead() {
        edits.stageEdit(item("1", "a"), item("1", "b"));
        edits.stageDelete(item("1", "b"));
        assertThat(edits.changes()).containsExactly(new StagedChange.Delete("t", KEYS, item("1", "a")));
    }

    @Test
    void aDuplicateUnderAKeyAlreadyStaged_isRefused() {
        edits.stageCreate(item("9", "x"));
        assertThatThrownBy(() -> edits.stageCreate(item("9", "y"))).hasMessageContaining("already staged");
    }

    @Test
    void undo_stepsBackOneStagingActionAtATime() {
        edits.stageEdit(item("1", "a"), item("1", "b"));
        edits.stageDelete(item("2", "x"));
        edits.discard(Map.of("PK", AttributeValue.s("1")));
        assertThat(edits.changes()).hasSize(1);

        edits.undo();
        assertThat(edits.changes()).hasSize(2);
        edits.undo();
        assertThat(edits.changes()).containsExactly(new StagedChange.Update("t", KEYS, item("1", "a"), item("1", "b")));
        edits.undo();
        assertThat(edits.isEmpty()).isTrue();
        assertThat(edits.canUndo()).isFalse();
    }

    @Test
    void writtenChangesAreForgotten_conflictingOnesStay() {
        edits.stageEdit(item("1", "a"), item("1", "b"));
        edits.stageDelete(item("2", "x"));
        edits.forgetWritten(java.util.List.of(edits.changes().getFirst()));
        assertThat(edits.changes()).containsExactly(new StagedChange.Delete("t", KEYS, item("2", "x")));
    }
}
