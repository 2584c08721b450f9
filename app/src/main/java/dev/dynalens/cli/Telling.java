package dev.dynalens.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Who says how a long command ended, once: the command's thread, or the shutdown hook of a Ctrl-C. The JVM stops once
 * its hooks are done, whatever the command's thread is doing, so a hook that lost the claim waits here until the
 * winner has said it (and flushed): without that, a Ctrl-C could end the process with nothing said.
 */
final class Telling {
    private final AtomicBoolean claimed = new AtomicBoolean();
    private final CountDownLatch said = new CountDownLatch(1);

    /** True for the first caller only, who then says how it ended and calls {@link #done()}. */
    boolean claim() {
        return claimed.compareAndSet(false, true);
    }

    /** The one who claimed has said it. */
    void done() {
        said.countDown();
    }

    /** For the hook that lost the claim: waits (at most {@code seconds}) until the other has said it. */
    void awaitSaid(long seconds) {
        try {
            said.await(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
