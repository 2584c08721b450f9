package dev.dynalens.service.load;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Waits without blocking a thread: the future completes after the delay. Tests pass one that records the delays. */
@FunctionalInterface
public interface Delayer {
    CompletableFuture<Void> delay(Duration duration);

    /** Wall-clock delays on the JDK's delay scheduler. */
    static Delayer system() {
        return duration -> {
            var done = new CompletableFuture<Void>();
            CompletableFuture.delayedExecutor(duration.toNanos(), TimeUnit.NANOSECONDS).execute(() -> done.complete(null));
            return done;
        };
    }
}
