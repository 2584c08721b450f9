package dev.dynalens.ui.common;

/**
 * Told when a piece of long background work ends (completed, cancelled or failed), with a one-line summary. The
 * workbench passes its notification area; view models take it as a plain interface, so they stay toolkit-free and
 * tests pass a recording fake.
 */
@FunctionalInterface
public interface WorkNotifier {
    /** Tells nobody: the default until a notifier is set. */
    WorkNotifier NONE = (title, summary, failed) -> { };

    /**
     * @param title   what ended ("Repair finished", "Export cancelled")
     * @param summary one line with the counts
     * @param failed  the work ended with an error or was cancelled rather than its result
     */
    void workEnded(String title, String summary, boolean failed);
}
