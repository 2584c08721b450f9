package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.service.change.ChangeProgress;
import dev.dynalens.service.change.ChangeReport;
import dev.dynalens.service.job.Job;
import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** How {@code change apply} and {@code change revert} run a job and say how it went, as text or JSON. */
final class ChangeRunOutput {
    private ChangeRunOutput() {
    }

    /** A listener that prints the counts to stderr at most once a second. */
    static java.util.function.Consumer<ChangeProgress> progressTo(CliContext context) {
        var lastPrinted = new AtomicLong();
        var err = context.err();
        return progress -> {
            long now = System.nanoTime();
            long last = lastPrinted.get();
            if (now - last >= TimeUnit.SECONDS.toNanos(1) && lastPrinted.compareAndSet(last, now)) {
                synchronized (err) {
                    err.println("dynalens: " + line(progress));
                    err.flush();
                }
            }
        };
    }

    static String line(ChangeProgress p) {
        return String.format(Locale.ROOT, "%,d of %,d items: %,d written, %,d already so, %,d changed since (skipped), %,d failed; "
                + "%s WCU; %d in flight", p.finished(), p.total(), p.applied(), p.alreadyApplied(), p.skippedChanged(), p.failed(),
                p.units(), p.inFlight());
    }

    /**
     * Waits for the job; Ctrl-C cancels it (nothing more is sent; what is in flight finishes and is journaled), waits up to
     * 30 s for it to end, then exits. A file problem is rethrown as it is; any other failure is a sentence.
     */
    static <P, R> R await(Job<P, R> job) throws IOException {
        var stop = new Thread(() -> {
            job.cancel();
            try {
                job.result().get(30, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // exiting anyway; the journal has every outcome recorded
            }
        }, "dynalens-change-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            return job.result().join();
        } catch (CompletionException e) {
            if (Problems.unwrap(e) instanceof IOException fileProblem) {
                throw fileProblem;
            }
            throw new CliException(Problems.describe(e));
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running
            }
        }
    }

    static void text(CliContext context, String verb, ChangeReport report) {
        var out = context.out();
        var counts = report.counts();
        out.printf(Locale.ROOT, "%s %,d of %,d items in %.1f s: %,d written (%s WCU), %,d already so, %,d changed since and left, %,d failed%n",
                verb, counts.finished(), counts.total(), report.elapsed().toMillis() / 1000.0, counts.applied(), counts.units(),
                counts.alreadyApplied(), counts.skippedChanged(), counts.failed());
        if (report.itemByItem()) {
            out.println("Moves went item by item (put, then delete): the endpoint has no transactions.");
        }
        for (var item : report.notable()) {
            out.printf(Locale.ROOT, "  %s %s: %s%n", item.outcome() == dev.dynalens.domain.change.ChangeOutcome.FAILED ? "Failed" : "Skipped",
                    KeyText.named(item.change().key()), item.detail());
        }
        if (report.pending() > 0) {
            out.printf(Locale.ROOT, "%,d items not written yet%s%n", report.pending(), report.cancelled() ? " (stopped)" : "");
        }
        out.flush();
        if (report.fatal() != null) {
            context.err().println("dynalens: stopped: " + report.fatal().getMessage());
            context.err().flush();
        }
    }

    static void json(JsonGenerator gen, ChangeReport report) throws IOException {
        var counts = report.counts();
        gen.writeNumberField("total", counts.total());
        gen.writeNumberField("applied", counts.applied());
        gen.writeNumberField("alreadyApplied", counts.alreadyApplied());
        gen.writeNumberField("skippedChanged", counts.skippedChanged());
        gen.writeNumberField("failed", counts.failed());
        gen.writeNumberField("pending", report.pending());
        gen.writeStringField("writeUnits", counts.units().toBigDecimal().toPlainString());
        gen.writeNumberField("seconds", report.elapsed().toNanos() / 1e9);
        gen.writeBooleanField("itemByItem", report.itemByItem());
        gen.writeBooleanField("complete", report.complete());
        if (report.fatal() != null) {
            gen.writeStringField("stopped", report.fatal().getMessage());
        }
        gen.writeArrayFieldStart("notable");
        for (var item : report.notable()) {
            gen.writeStartObject();
            gen.writeFieldName("key");
            DynamoJsonCodec.writeItem(gen, new Item(item.change().key()));
            gen.writeStringField("outcome", item.outcome().name().toLowerCase(Locale.ROOT));
            gen.writeStringField("detail", item.detail());
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }
}
