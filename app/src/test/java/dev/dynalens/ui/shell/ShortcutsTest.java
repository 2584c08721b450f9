package dev.dynalens.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.api.Test;

class ShortcutsTest {
    @Test
    void everyActionHasKeys_andNoKeyIsUsedTwice() {
        var seen = new HashSet<KeyCombination>();
        for (var shortcut : Shortcuts.TABLE) {
            assertThat(shortcut.keys()).isNotEmpty();
            for (var key : shortcut.keys()) {
                assertThat(seen.add(key)).as("%s is bound twice", key).isTrue();
            }
        }
        assertThat(Shortcuts.TABLE).extracting(Shortcuts.Shortcut::action).containsExactlyInAnyOrder(Shortcuts.Action.values());
    }

    @Test
    void onlyActionsWithAHandler_areOffered() {
        Map<Shortcuts.Action, Runnable> handlers = new EnumMap<>(Shortcuts.Action.class);
        handlers.put(Shortcuts.Action.RUN, () -> { });
        handlers.put(Shortcuts.Action.HELP, () -> { });
        assertThat(Shortcuts.available(handlers)).extracting(Shortcuts.Shortcut::action)
                .containsExactly(Shortcuts.Action.RUN, Shortcuts.Action.HELP);
    }

    @Test
    void theCommonActions_haveTheirUsualKeys() {
        assertThat(keysOf(Shortcuts.Action.RUN)).contains(KeyCombination.valueOf("Shortcut+Enter"));
        assertThat(keysOf(Shortcuts.Action.HELP)).contains(KeyCombination.valueOf("F1"));
        assertThat(keysOf(Shortcuts.Action.CANCEL)).contains(KeyCombination.valueOf("Esc"));
        assertThat(keysOf(Shortcuts.Action.COPY_JSON)).contains(KeyCombination.valueOf("Shortcut+Shift+C"));
    }

    @Test
    void commit_takesTheLongerChordOfRun_andCopyAsCodeHasItsOwnKey() {
        assertThat(keysOf(Shortcuts.Action.COMMIT)).containsExactly(KeyCombination.valueOf("Shortcut+Shift+Enter"));
        assertThat(keysOf(Shortcuts.Action.RUN)).doesNotContainAnyElementsOf(keysOf(Shortcuts.Action.COMMIT));
        assertThat(keysOf(Shortcuts.Action.COPY_CODE)).containsExactly(KeyCombination.valueOf("Shortcut+Shift+G"));
        assertThat(Shortcuts.TABLE).filteredOn(s -> s.action().group().equals("Table")).extracting(Shortcuts.Shortcut::action)
                .contains(Shortcuts.Action.COMMIT, Shortcuts.Action.COPY_CODE);
    }

    private static java.util.List<KeyCombination> keysOf(Shortcuts.Action action) {
        return Shortcuts.TABLE.stream().filter(s -> s.action() == action).findFirst().orElseThrow().keys();
    }
}
