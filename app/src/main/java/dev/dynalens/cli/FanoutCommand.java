package dev.dynalens.cli;

import dev.dynalens.service.fanout.JournalEntry;
import dev.dynalens.service.fanout.JournalState;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.staleness.RepairPlan;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.fanout.FanoutProgress;
import dev.dynalens.service.fanout.FanoutReport;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.usecase.RepairStaleCopies;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * Repairs stale copies with guarded updates. The plan (one {@code SET copy = :new} where {@code copy = :old} per
 * stale copy) is written to the journal before anything is sent; a journal that already holds a plan is resumed
 * instead of scanning again, so a run killed half-way finishes the plan it started, and a dry run's plan is
 * exactly what a later --apply executes.
 */
@Command(name = "fanout", sortOptions = false,
        description = {"Repair stale denormalized copies with guarded updates: SET copy = :new only where copy = :old.",
                "The plan goes to the --journal file first; running again with the same journal resumes it."},
        footer = {"", "Exit status: 0 when every step is settled, 4 when steps failed or are still pending (run again to resume).",
                "", "Examples:",
                "  dynalens fanout Blog --endpoint http://localhost:8000 --dry-run --journal blog-fix.jsonl",
                "  dynalens fanout Blog --endpoint http://localhost:8000 --apply --journal blog-fix.jsonl",
                "  dynalens fanout Blog --connection prod --rule 'POST.authorName=USER.name@authorId' --apply --journal fix.jsonl "
                        + "--confirm-read --confirm-table Blog"})
final class FanoutCommand implements Callable<Integer> {
    static final int INCOMPLETE = 4;
    private static final int STEPS_IN_TEXT = 20;

    @ParentCommand
    DynaLensCli root;

    @Mixin
    SourceOptions source;

    @Mixin
    RuleOptions ruleOptions;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Mode mode;

    static final class Mode {
        @Option(names = "--dry-run", required = true, description = "Plan only: write the plan to the journal and print it; send nothing.")
        boolean dryRun;

        @Option(names = "--apply", required = true, description = "Send the guarded updates (resuming the journal's plan if it has one).")
        boolean apply;
    }

    @Option(names = "--journal", required = true, paramLabel = "FILE", description = "The plan and every outcome, appended as the run goes.")
    Path journalFile;

    @Option(names = "--concurrency", paramLabel = "N", description = "Updates in flight at most (default: ${DEFAULT-VALUE}).")
    int concurrency = FanoutSettings.DEFAULTS.maxConcurrency();

    @Mixin
    ConfirmTableOption confirmation;

    @Mixin
    ConfirmReadOption readConfirmation;

    @Option(names = "--report", paramLabel = "FILE", description = "Also save the final report as JSON to FILE.")
    Path reportFile;

    @Option(names = "--json", description = "Print the plan or the report as JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        var rules = ruleOptions.choose();
        FanoutSettings settings;
        try {
            settings = FanoutSettings.DEFAULTS.withMaxConcurrency(concurrency);
        } catch (IllegalArgumentException e) {
            throw new CliException("--concurrency: " + e.getMessage());
        }
        var context = root.context;
        var existing = readJournal();
        var opened = source.open(context);
        try (var session = opened.session()) {
            var tableName = opened.tableName();
            var profile = session.profile();
            var repair = new RepairStaleCopies(session, settings);
            var confirmer = confirmation.confirmer("apply");
            if (mode.apply) {
                try {
                    repair.confirm(tableName, confirmer).join();
                } catch (CompletionException e) {
                    throw new CliException(Problems.describe(e) + (profile.readOnly() ? "; nothing was written" : ""));
                }
            }
            RepairPlan plan;
            Map<Integer, JournalEntry> settled;
            if (existing != null) {
                if (!existing.plan().tableName().equals(tableName)) {
                    throw new CliException(journalFile + " holds a plan for table " + existing.plan().tableName() + ", not " + tableName
                            + "; choose another --journal file");
                }
                if (ruleOptions.given()) {
                    context.err().println("dynalens: --journal " + journalFile + " already holds a plan; resuming it (--rule and --lens are not used)");
                }
                plan = existing.plan();
                settled = existing.outcomes();
                context.err().println("dynalens: resuming the plan in " + journalFile + " from " + existing.created() + ": "
                        + existing.settled() + " of " + plan.steps().size() + " steps settled");
            } else {
                var read = repair.planRead(tableName, rules).join();
                if (opened.label() == null) {
                    context.err().println("dynalens: " + read.text());
                    context.err().flush();
                }
                // --confirm-table confirms the writes; the whole-table read asks for itself, as in a dry run.
                read = readConfirmation.confirm(read);
                var planned = repair.planFromTable(read, rules, progress -> { }).result().join();
                RuleOptions.printWarnings(context.err(), planned.detection());
                plan = planned.plan();
                settled = Map.of();
                RepairStaleCopies.writeJournal(journalFile, plan);
            }
            context.err().flush();
            if (mode.dryRun) {
                printPlan(context.out(), plan, settled);
                return 0;
            }
            var report = apply(context, repair, plan, settled, confirmer);
            var text = renderReport(plan, report);
            context.out().print(text);
            context.out().flush();
            if (reportFile != null) {
                Files.writeString(reportFile, json ? text : reportJson(plan, report), StandardCharsets.UTF_8);
            }
            if (report.fatal() != null) {
                context.err().println("dynalens: stopped: " + report.fatal().getMessage());
                context.err().flush();
            }
            return report.complete() ? 0 : INCOMPLETE;
        }
    }

    private JournalState readJournal() {
        try {
            return RepairStaleCopies.readJournal(journalFile).orElse(null);
        } catch (IOException e) {
            throw new CliException("--journal: " + e.getMessage());
        }
    }

    private FanoutReport apply(CliContext context, RepairStaleCopies repair, RepairPlan plan, Map<Integer, JournalEntry> settled,
                               WriteConfirmer confirmer) throws IOException {
        var lastPrinted = new AtomicLong();
        var err = context.err();
        var handle = repair.apply(plan, settled, RepairStaleCopies.JournalFile.append(journalFile), confirmer, progress -> {
            long now = System.nanoTime();
            long last = lastPrinted.get();
            if (now - last >= TimeUnit.SECONDS.toNanos(1) && lastPrinted.compareAndSet(last, now)) {
                synchronized (err) {
                    err.println("dynalens: " + progressLine(progress));
                    err.flush();
                }
            }
        });
        // Ctrl-C: send nothing more, let the updates in flight finish and be journaled, then exit.
        var stopOnInterrupt = new Thread(() -> {
            handle.cancel();
            try {
                handle.result().get(30, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // Exiting anyway; the journal has every outcome that was recorded.
            }
        }, "dynalens-fanout-stop");
        Runtime.getRuntime().addShutdownHook(stopOnInterrupt);
        try {
            return handle.result().join();
        } catch (CompletionException e) {
            if (Problems.unwrap(e) instanceof IOException journalProblem) {
                throw journalProblem;
            }
            throw new CliException(Problems.describe(e));
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnInterrupt);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running: it waits for the same result.
            }
        }
    }

    static String progressLine(FanoutProgress p) {
        return p.finished() + "/" + p.total() + " steps: " + p.updated() + " updated, " + p.alreadyRepaired() + " already repaired, "
                + p.skippedChanged() + " skipped (changed), " + p.failed() + " failed; " + p.retries() + " retries, "
                + p.inFlight() + " in flight (limit " + p.concurrency() + ")";
    }

    private void printPlan(PrintWriter out, RepairPlan plan, Map<Integer, JournalEntry> settled) throws IOException {
        if (json) {
            try (var gen = JsonOutput.prettyGenerator(out)) {
                gen.writeStartObject();
                gen.writeStringField("table", plan.tableName());
                gen.writeStringField("journal", journalFile.toString());
                gen.writeStringField("fingerprint", plan.fingerprint());
                gen.writeBooleanField("applied", false);
                gen.writeArrayFieldStart("steps");
                for (int i = 0; i < plan.steps().size(); i++) {
                    var step = plan.steps().get(i);
                    var update = step.toUpdate(plan.tableName());
                    gen.writeStartObject();
                    gen.writeFieldName("key");
                    AnalysisOutput.writeKey(gen, step.key());
                    gen.writeStringField("attribute", step.copyPath().render());
                    gen.writeFieldName("oldValue");
                    PlainJsonCodec.writeValue(gen, step.oldValue());
                    gen.writeFieldName("newValue");
                    PlainJsonCodec.writeValue(gen, step.newValue());
                    gen.writeStringField("rule", step.rule());
                    gen.writeStringField("UpdateExpression", update.updateExpression());
                    gen.writeStringField("ConditionExpression", update.conditionExpression());
                    var entry = settled.get(i);
                    gen.writeStringField("outcome", entry == null ? "PENDING" : entry.outcome().name());
                    gen.writeEndObject();
                }
                gen.writeEndArray();
                writeLeftAlone(gen, plan);
                gen.writeEndObject();
            }
            out.println();
        } else {
            out.println("Plan for " + plan.tableName() + " (journal " + journalFile + "): " + plan.steps().size() + " guarded update"
                    + (plan.steps().size() == 1 ? "" : "s") + (settled.isEmpty() ? "" : ", " + settled.values().stream()
                    .filter(e -> e.outcome().settled()).count() + " already settled"));
            for (int i = 0; i < Math.min(STEPS_IN_TEXT, plan.steps().size()); i++) {
                var step = plan.steps().get(i);
                var update = step.toUpdate(plan.tableName());
                out.println("  " + AnalysisOutput.keyText(step.key()) + "  " + step.copyPath().render() + ": "
                        + ValueText.literal(step.oldValue()) + " -> " + ValueText.literal(step.newValue()));
                out.println("      UpdateExpression " + update.updateExpression() + "  ConditionExpression " + update.conditionExpression()
                        + "  " + update.names());
            }
            if (plan.steps().size() > STEPS_IN_TEXT) {
                out.println("  … and " + (plan.steps().size() - STEPS_IN_TEXT) + " more (--json lists all)");
            }
            for (var left : plan.leftAlone()) {
                out.println("  left alone: " + AnalysisOutput.keyText(left.finding().key()) + " " + left.finding().attribute().render()
                        + ": " + left.reason());
            }
            out.println("Nothing was written. Run again with --apply and the same --journal to execute exactly this plan.");
        }
        out.flush();
    }

    private static void writeLeftAlone(JsonGenerator gen, RepairPlan plan) throws IOException {
        gen.writeArrayFieldStart("leftAlone");
        for (var left : plan.leftAlone()) {
            gen.writeStartObject();
            gen.writeFieldName("key");
            AnalysisOutput.writeKey(gen, left.finding().key());
            gen.writeStringField("attribute", left.finding().attribute().render());
            gen.writeStringField("reason", left.reason());
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }

    private String renderReport(RepairPlan plan, FanoutReport report) throws IOException {
        if (json) {
            return reportJson(plan, report);
        }
        var text = new StringWriter();
        var out = new PrintWriter(text);
        var c = report.counts();
        out.println("Fan-out on " + plan.tableName() + " (journal " + journalFile + "): " + (report.complete() ? "complete"
                : report.cancelled() ? "cancelled" : "incomplete") + " in " + report.elapsed().toMillis() + " ms");
        out.println("  " + c.updated() + " updated, " + c.alreadyRepaired() + " already repaired, " + c.skippedChanged()
                + " skipped because the copy changed, " + c.failed() + " failed, " + report.pending() + " pending; "
                + c.retries() + " retries; " + report.sentThisRun() + " updates applied by this run");
        for (var step : report.notable().subList(0, Math.min(STEPS_IN_TEXT, report.notable().size()))) {
            out.println("  " + step.outcome() + " " + AnalysisOutput.keyText(step.step().key()) + " " + step.step().copyPath().render()
                    + (step.detail() == null ? "" : ": " + step.detail()));
        }
        if (!report.complete()) {
            out.println("Run the same command again to resume: settled steps are not sent again.");
        }
        out.flush();
        return text.toString();
    }

    private String reportJson(RepairPlan plan, FanoutReport report) throws IOException {
        var text = new StringWriter();
        try (var gen = JsonOutput.prettyGenerator(text)) {
            var c = report.counts();
            gen.writeStartObject();
            gen.writeStringField("table", plan.tableName());
            gen.writeStringField("journal", journalFile.toString());
            gen.writeBooleanField("applied", true);
            gen.writeBooleanField("complete", report.complete());
            gen.writeBooleanField("cancelled", report.cancelled());
            gen.writeObjectFieldStart("counts");
            gen.writeNumberField("steps", c.total());
            gen.writeNumberField("updated", c.updated());
            gen.writeNumberField("alreadyRepaired", c.alreadyRepaired());
            gen.writeNumberField("skippedChanged", c.skippedChanged());
            gen.writeNumberField("failed", c.failed());
            gen.writeNumberField("pending", report.pending());
            gen.writeNumberField("retries", c.retries());
            gen.writeNumberField("appliedThisRun", report.sentThisRun());
            gen.writeEndObject();
            gen.writeNumberField("elapsedMillis", report.elapsed().toMillis());
            gen.writeArrayFieldStart("notable");
            for (var step : report.notable()) {
                gen.writeStartObject();
                gen.writeFieldName("key");
                AnalysisOutput.writeKey(gen, step.step().key());
                gen.writeStringField("attribute", step.step().copyPath().render());
                gen.writeStringField("outcome", step.outcome().name());
                gen.writeStringField("detail", step.detail());
                gen.writeEndObject();
            }
            gen.writeEndArray();
            writeLeftAlone(gen, plan);
            if (report.fatal() != null) {
                gen.writeStringField("error", report.fatal().getMessage());
            }
            gen.writeEndObject();
        }
        return text + System.lineSeparator();
    }
}
