package dev.dynalens.cli;

import java.io.PrintWriter;

/**
 * A progress line on stderr, redrawn in place at most a few times a second, only when a person watches
 * (a console, not --json): scripts reading stderr see no carriage returns.
 */
final class ProgressLine {
    private static final long INTERVAL_NANOS = 200_000_000L;
    private final PrintWriter err;
    private final boolean enabled;
    private long lastShown;
    private int shownLength;

    ProgressLine(PrintWriter err, boolean quiet) {
        this.err = err;
        this.enabled = !quiet && interactive();
    }

    /**
     * Whether a person watches: on JDK 22+ {@code System.console()} exists even when the streams are
     * redirected and {@code Console.isTerminal()} tells; on JDK 21 a console exists only on a terminal.
     */
    private static boolean interactive() {
        var console = System.console();
        if (console == null) return false;
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    synchronized void show(String text) {
        if (!enabled) return;
        long now = System.nanoTime();
        if (now - lastShown < INTERVAL_NANOS && shownLength > 0) return;
        lastShown = now;
        err.print("\r" + text + " ".repeat(Math.max(0, shownLength - text.length())));
        err.flush();
        shownLength = text.length();
    }

    synchronized void clear() {
        if (!enabled || shownLength == 0) return;
        err.print("\r" + " ".repeat(shownLength) + "\r");
        err.flush();
        shownLength = 0;
    }

    /** {@code [#######-------] 45%}. */
    static String bar(double fraction) {
        int width = 20;
        int filled = (int) Math.round(Math.max(0, Math.min(1, fraction)) * width);
        return "[" + "#".repeat(filled) + "-".repeat(width - filled) + "] " + Math.round(fraction * 100) + "%";
    }
}
