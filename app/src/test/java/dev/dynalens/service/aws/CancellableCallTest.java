package dev.dynalens.service.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class CancellableCallTest {

    @Test
    void cancel_cancelsTheTrackedSdkFutures() {
        var call = new CancellableCall<String>();
        var first = call.track(new CompletableFuture<String>());
        var second = call.track(new CompletableFuture<Integer>());

        assertTrue(call.cancel(true));

        assertTrue(call.isCancelled());
        assertTrue(first.isCancelled());
        assertTrue(second.isCancelled());
    }

    @Test
    void cancel_reachesTheSdkFutureThroughMappingStages() {
        var call = new CancellableCall<Integer>();
        var sdk = new CompletableFuture<String>();
        call.track(sdk).thenApply(String::length).whenComplete((v, e) -> {
            if (e == null) {
                call.complete(v);
            }
        });

        call.cancel(true);

        assertTrue(sdk.isCancelled(), "a thenApply stage alone would not have passed the cancellation back");
    }

    @Test
    void track_afterCancel_cancelsAtOnce() {
        var call = new CancellableCall<String>();
        call.cancel(true);

        var late = call.track(new CompletableFuture<String>());

        assertTrue(late.isCancelled());
    }

    @Test
    void completedFutures_areForgotten() {
        var call = new CancellableCall<String>();
        var done = call.track(new CompletableFuture<String>());
        done.complete("x");

        assertEquals(0, call.inFlightCount());
        call.cancel(true);
        assertFalse(done.isCancelled());
    }
}
