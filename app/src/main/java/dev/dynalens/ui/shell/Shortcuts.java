package dev.dynalens.ui.shell;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * The keyboard shortcuts, in one table: the help overlay lists it and {@link #register} puts it on the scene. A feature
 * adds its action here and passes a handler; an action without a handler is neither registered nor listed.
 */
public final class Shortcuts {
    private Shortcuts() {
    }

    public enum Action {
        RUN("Run the Scan or Query", "Table"),
        LOAD_MORE("Load the next page", "Table"),
        CANCEL("Cancel the request in flight", "Table"),
        FOCUS_FILTER("Focus the key / filter field", "Table"),
        SAVE_QUERY("Save the query…", "Table"),
        COMMIT("Commit the staged changes", "Table"),
        COPY_JSON("Copy the selected item as JSON", "Table"),
        COPY_DYNAMO_JSON("Copy the selected item as DynamoDB JSON", "Table"),
        COPY_CODE("Copy the update for the selected item as code (language last used, else Java)", "Table"),
        NEW_TAB("New tab: pick a table to open", "Tabs"),
        CLOSE_TAB("Close the tab", "Tabs"),
        NEXT_TAB("Next tab", "Tabs"),
        PREVIOUS_TAB("Previous tab", "Tabs"),
        SWITCH_CONNECTION("Switch connection", "Tabs"),
        HISTORY("Request history", "General"),
        FONT_LARGER("Larger text", "General"),
        FONT_SMALLER("Smaller text", "General"),
        FONT_RESET("Default text size", "General"),
        TOGGLE_THEME("Switch between light and dark", "General"),
        HELP("Keyboard shortcuts (this list)", "General");

        private final String description;
        private final String group;

        Action(String description, String group) {
            this.description = description;
            this.group = group;
        }

        public String description() { return description; }
        public String group() { return group; }
    }

    /** An action and its keys; the first key is the one shown. */
    public record Shortcut(Action action, List<KeyCombination> keys) {
        public String keysText() {
            return String.join("  or  ", keys.stream().map(KeyCombination::getDisplayText).toList());
        }
    }

    private static KeyCombination key(KeyCode code, KeyCombination.Modifier... modifiers) {
        return new KeyCodeCombination(code, modifiers);
    }

    private static final KeyCombination.Modifier SHORTCUT = KeyCombination.SHORTCUT_DOWN;
    private static final KeyCombination.Modifier SHIFT = KeyCombination.SHIFT_DOWN;

    /** Ctrl on Linux and Windows, Cmd on macOS (SHORTCUT_DOWN). */
    public static final List<Shortcut> TABLE = List.of(
            new Shortcut(Action.RUN, List.of(key(KeyCode.ENTER, SHORTCUT), key(KeyCode.F5))),
            new Shortcut(Action.LOAD_MORE, List.of(key(KeyCode.L, SHORTCUT))),
            new Shortcut(Action.CANCEL, List.of(key(KeyCode.ESCAPE))),
            new Shortcut(Action.FOCUS_FILTER, List.of(key(KeyCode.F, SHORTCUT))),
            new Shortcut(Action.SAVE_QUERY, List.of(key(KeyCode.S, SHORTCUT, SHIFT))),
            // Shift keeps it apart from Ctrl+Enter (run): a commit writes, so it takes the longer chord.
            new Shortcut(Action.COMMIT, List.of(key(KeyCode.ENTER, SHORTCUT, SHIFT))),
            new Shortcut(Action.COPY_JSON, List.of(key(KeyCode.C, SHORTCUT, SHIFT))),
            new Shortcut(Action.COPY_DYNAMO_JSON, List.of(key(KeyCode.D, SHORTCUT, SHIFT))),
            new Shortcut(Action.COPY_CODE, List.of(key(KeyCode.G, SHORTCUT, SHIFT))),
            new Shortcut(Action.NEW_TAB, List.of(key(KeyCode.T, SHORTCUT))),
            new Shortcut(Action.CLOSE_TAB, List.of(key(KeyCode.W, SHORTCUT))),
            new Shortcut(Action.NEXT_TAB, List.of(key(KeyCode.PAGE_DOWN, SHORTCUT))),
            new Shortcut(Action.PREVIOUS_TAB, List.of(key(KeyCode.PAGE_UP, SHORTCUT))),
            new Shortcut(Action.SWITCH_CONNECTION, List.of(key(KeyCode.K, SHORTCUT))),
            new Shortcut(Action.HISTORY, List.of(key(KeyCode.H, SHORTCUT))),
            new Shortcut(Action.FONT_LARGER, List.of(key(KeyCode.EQUALS, SHORTCUT), key(KeyCode.ADD, SHORTCUT))),
            new Shortcut(Action.FONT_SMALLER, List.of(key(KeyCode.MINUS, SHORTCUT), key(KeyCode.SUBTRACT, SHORTCUT))),
            new Shortcut(Action.FONT_RESET, List.of(key(KeyCode.DIGIT0, SHORTCUT))),
            new Shortcut(Action.TOGGLE_THEME, List.of(key(KeyCode.J, SHORTCUT, SHIFT))),
            new Shortcut(Action.HELP, List.of(key(KeyCode.F1), key(KeyCode.SLASH, SHORTCUT))));

    /** The shortcuts that have a handler, in table order. */
    public static List<Shortcut> available(Map<Action, Runnable> handlers) {
        return TABLE.stream().filter(s -> handlers.containsKey(s.action())).toList();
    }

    /** Registers every shortcut that has a handler as an accelerator of the scene. */
    public static List<Shortcut> register(Scene scene, Map<Action, Runnable> handlers) {
        var registered = new ArrayList<Shortcut>();
        for (var shortcut : available(new EnumMap<>(handlers))) {
            for (var key : shortcut.keys()) {
                scene.getAccelerators().put(key, handlers.get(shortcut.action()));
            }
            registered.add(shortcut);
        }
        return registered;
    }
}
