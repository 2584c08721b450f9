package dev.dynalens.testsupport;

import dev.dynalens.ui.common.WorkNotifier;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link WorkNotifier} that keeps each notice as one line, {@code "title | summary | ok"} (or {@code | failed}), for
 * view-model tests to compare; safe to be told from a background thread.
 */
public final class RecordedNotices implements WorkNotifier {
    private final List<String> lines = new CopyOnWriteArrayList<>();

    @Override
    public void workEnded(String title, String summary, boolean failed) {
        lines.add(title + " | " + summary + " | " + (failed ? "failed" : "ok"));
    }

    /** The notices so far, oldest first. */
    public List<String> lines() {
        return lines;
    }
}
