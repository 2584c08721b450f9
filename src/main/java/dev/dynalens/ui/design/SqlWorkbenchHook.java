package dev.dynalens.ui.design;

import java.util.function.Consumer;

/**
 * Where "Open in SQL workbench" hands a pattern's PartiQL statement. The SQL workbench is being built on another branch
 * and is not on main yet: until it is, {@link #notYet} puts the statement on the clipboard and says so. When the
 * workbench's tab lands, the shell passes a hook that opens the statement there instead.
 */
public final class SqlWorkbenchHook {
    private SqlWorkbenchHook() {
    }

    /**
     * Copies the statement and reports, through {@code status}, that the workbench is not in this build.
     *
     * @param copy puts text on the clipboard (the FX thread's)
     */
    public static Consumer<String> notYet(Consumer<String> copy, Consumer<String> status) {
        return statement -> {
            copy.accept(statement);
            status.accept("The SQL workbench is not in this build yet; the statement is on the clipboard: " + statement);
        };
    }
}
