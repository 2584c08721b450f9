package dev.dynalens;

import java.nio.file.Path;
import java.util.Locale;

/**
 * One sentence for a GUI that could not start, saying what to install or do. JavaFX names the missing piece only in
 * its exception's message (its Linux toolkit is GTK 3, found at run time), so the messages are read here, and a
 * failure none of them matches still ends in one sentence, with the stack trace kept in a file.
 */
final class StartupProblems {
    private StartupProblems() {
    }

    /**
     * @param display       the {@code DISPLAY} variable, or null when it is not set
     * @param detailsFile   where the stack trace was written, or null when it could not be
     */
    static String sentence(Throwable failure, String display, Path detailsFile) {
        for (var cause = failure; cause != null; cause = cause.getCause()) {
            var message = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("glass gtk library") || message.contains("libgtk-3") || message.contains("gtk3")) {
                return "DynaLens could not open its window because GTK 3 is missing: install it (Debian and Ubuntu: "
                        + "sudo apt install libgtk-3-0, Fedora: sudo dnf install gtk3) and start DynaLens again.";
            }
            if (message.contains("unable to open display")) {
                return "DynaLens could not open its window because there is no display"
                        + (display == null || display.isBlank() ? " (DISPLAY is not set)" : " (DISPLAY=" + display + " cannot be opened)")
                        + ": start it from a desktop session, or run a subcommand (dynalens --help) to work without one.";
            }
            if (message.contains("no suitable pipeline") || message.contains("graphics device initialization failed")) {
                return "DynaLens could not open its window because no graphics pipeline started: update the graphics driver, "
                        + "or start it with java -Dprism.order=sw -jar dynalens.jar to draw in software.";
            }
        }
        var root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        var reason = root.getMessage() == null || root.getMessage().isBlank() ? root.getClass().getSimpleName() : root.getMessage();
        return "DynaLens could not start (" + reason.strip() + ")"
                + (detailsFile == null ? "." : "; the details are in " + detailsFile + " for a bug report.");
    }
}
