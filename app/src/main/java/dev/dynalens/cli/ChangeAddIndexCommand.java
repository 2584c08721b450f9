package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.design.AccessPattern;
import dev.dynalens.domain.design.IndexProposal;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.fanout.FanoutSettings;
import dev.dynalens.usecase.AddIndex;
import dev.dynalens.usecase.PlanChange;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynalens change add-index TABLE --entity E --equals A [--sort-by B | --between B]}: a new access pattern served by a
 * new global secondary index, in the four steps of {@link AddIndex}: proposed (and its backfill planned, with the costs),
 * backfilled, created until ACTIVE, and proved by the pattern's Query on it. {@code --plan-only} stops after the first.
 */
@Command(name = "add-index", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Add a global secondary index for a new access pattern: the design planner proposes its key templates "
                + "(GSI2PK = STATUS#{status}, GSI2SK = {createdAt}), a change backfills them onto the entity's items (journaled, "
                + "with an undo file, as change apply), UpdateTable creates the index and it is waited for until ACTIVE, and the "
                + "pattern's Query on it is compared with what the backfill wrote.",
                "--plan-only says the proposal, the backfill's counts and its cost, and writes nothing."},
        footer = {"", "Exit status: 0 when the index is ACTIVE and the pattern's Query returned what it should; 1 when the proof failed; "
                + "4 when the backfill left items unwritten (apply the change file again with its journal).",
                "", "Examples:",
                "  dynalens change add-index Orders --entity ORDER --equals status --between createdAt --connection dev --plan-only",
                "  dynalens change add-index Blog --entity COMMENT --equals commenterId --sort-by createdAt --descending --endpoint http://localhost:8000",
                "  dynalens change add-index Orders --entity ORDER --equals status --connection prod --confirm-read --confirm-table Orders --json"})
final class ChangeAddIndexCommand implements Callable<Integer> {
    static final int PROOF_FAILED = 1;

    @ParentCommand
    ChangeCommand parent;

    @Parameters(index = "0", paramLabel = "TABLE", description = "The table to add the index to.")
    String tableName;

    @Option(names = "--entity", required = true, paramLabel = "TYPE", description = "The entity type the pattern reads, as `dynalens analyze` names it.")
    String entity;

    @Option(names = "--equals", required = true, paramLabel = "ATTR", description = "An attribute the pattern gives by equality (repeatable).")
    List<String> equals = new ArrayList<>();

    @ArgGroup(exclusive = true)
    Order order;

    static final class Order {
        @Option(names = "--sort-by", paramLabel = "ATTR", description = "The attribute the results come ordered by.")
        String sortBy;

        @Option(names = "--between", paramLabel = "ATTR", description = "The attribute the pattern reads a range of (from, to).")
        String between;
    }

    @Option(names = "--descending", description = "Largest first.")
    boolean descending;

    @Option(names = "--limit", paramLabel = "N", description = "At most N results per Query.")
    int limit;

    @Option(names = "--pattern", paramLabel = "NAME", description = "The pattern's name, for the report (default: ENTITY by ATTR).")
    String patternName;

    @Option(names = "--index", paramLabel = "NAME", description = "The index's name (default: the first free GSIn); its keys are NAMEPK and NAMESK.")
    String indexName;

    @Option(names = "--read-capacity", paramLabel = "N", description = "A provisioned table's index's read units (default: the table's).")
    Long readCapacity;

    @Option(names = "--write-capacity", paramLabel = "N", description = "A provisioned table's index's write units (default: the table's).")
    Long writeCapacity;

    @Option(names = "--change-file", paramLabel = "FILE", description = "Where the backfill's change file goes; its journal and undo file "
            + "go beside it (default: TABLE-INDEX.add-index.yaml here).")
    Path changeFile;

    @Option(names = "--max-wcu-per-second", paramLabel = "N", description = "The backfill's write budget (default: none; it adapts to throttling).")
    BigDecimal budget;

    @Option(names = "--plan-only", description = "Propose the index and plan its backfill with its cost; write nothing.")
    boolean planOnly;

    @Option(names = "--json", description = "The report as JSON, for a CI job.")
    boolean json;

    @Mixin
    ConnectionOptions connection;

    @Mixin
    ConfirmTableOption confirmation;

    @Mixin
    ConfirmReadOption readConfirmation;

    @Override
    public Integer call() throws IOException {
        var context = parent.root.context;
        if (!connection.given()) {
            throw new CliException("An index is added on a connection: give --connection, or --endpoint, --region, --profile");
        }
        if ((readCapacity == null) != (writeCapacity == null)) {
            throw new CliException("Give both --read-capacity and --write-capacity, or neither");
        }
        var pattern = pattern();
        ChangeSettings settings;
        try {
            settings = new ChangeSettings(FanoutSettings.DEFAULTS, budget);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        var opened = TableSource.open(context, tableName, connection, null, null, null, List.of());
        var analysis = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("dynalens-add-index").daemon().factory());
        try (var session = opened.session()) {
            var table = session.describeTable(opened.tableName()).join();
            var addIndex = new AddIndex(session, analysis, confirmation.confirmer("add the index"), settings, AddIndex.Settings.DEFAULTS,
                    Clock.systemUTC());
            if (!planOnly) {
                try {
                    addIndex.confirm(table.name()).join();
                } catch (CompletionException e) {
                    throw new CliException(Problems.describe(e) + (session.profile().readOnly() ? "; nothing was read or written" : ""));
                }
            }
            var read = readConfirmation.confirm(context, addIndex.cost(table));
            context.err().println("dynalens: " + read.text());
            context.err().flush();
            AddIndex.Plan plan;
            try {
                var capacity = readCapacity == null ? null : new long[] {readCapacity, writeCapacity};
                plan = addIndex.plan(table, entity, pattern, indexName, capacity, read, progress -> { }).result().join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof IndexProposal.NotProposedException refused) {
                    throw new CliException(refused.getMessage());
                }
                throw new CliException(Problems.describe(e));
            }
            var file = changeFile != null ? changeFile : Path.of(AddIndex.changeFileName(plan));
            if (planOnly) {
                if (json) {
                    writeJson(context, plan, file, null);
                } else {
                    writePlan(context, plan);
                    context.out().println("Nothing was written (--plan-only).");
                    context.out().flush();
                }
                return 0;
            }
            if (!json) {
                writePlan(context, plan);
                context.out().flush();
            }
            context.err().printf(Locale.ROOT, "dynalens: change file %s (its journal and undo file beside it)%n", file);
            context.err().flush();
            var report = ChangeRunOutput.await(addIndex.start(plan, file, progressTo(context)));
            if (json) {
                writeJson(context, plan, file, report);
            } else {
                writeReport(context, report);
            }
            if (report.stopped() != null) {
                return ChangeApplyCommand.INCOMPLETE;
            }
            return report.proof().passed() ? 0 : PROOF_FAILED;
        } finally {
            analysis.shutdownNow();
        }
    }

    private AccessPattern pattern() {
        var sortBy = order == null ? null : order.sortBy;
        var between = order == null ? null : order.between;
        if (descending && sortBy == null && between == null) {
            throw new CliException("--descending orders by --sort-by or --between: give one");
        }
        if (limit < 0) {
            throw new CliException("--limit is at least 1");
        }
        var name = patternName != null ? patternName : entity + " by " + String.join(" and ", equals);
        return new AccessPattern(name, List.of(entity), equals, between, sortBy, descending, limit, 0, 0);
    }

    private static void writePlan(CliContext context, AddIndex.Plan plan) {
        var out = context.out();
        var proposal = plan.proposal();
        var keys = proposal.index().singleKey("a proposed index");
        out.println("Index " + proposal.index().name() + " of " + proposal.tableName() + " for " + proposal.pattern().name() + " ("
                + proposal.entity() + "), projecting every attribute:");
        proposal.keyTemplates().forEach((attribute, template) -> out.println("  " + attribute + " = " + template + "  ("
                + (attribute.equals(keys.partitionKeyName()) ? keys.partitionKey().type() : keys.sortKey().type()) + ")"));
        proposal.reasons().forEach(reason -> out.println("  - " + reason));
        out.println("The pattern: " + proposal.pattern().reason());
        var counts = plan.change().counts();
        out.printf(Locale.ROOT, "Backfill: %,d %s items written (%,d left: an attribute missing; %,d already so; %,d refused), %s WCU "
                        + "(the table's updates and the index's entries)%n", plan.backfilled(), proposal.entity(),
                counts.getOrDefault(PlanChange.Action.UNCHANGED_MISSING_ATTRIBUTE, 0L), counts.getOrDefault(PlanChange.Action.UNCHANGED_ALREADY_SO, 0L),
                counts.getOrDefault(PlanChange.Action.REFUSED, 0L), plan.writeUnits());
        out.println("UpdateTable: " + (plan.create().provisioned() ? "with " + plan.create().readCapacityUnits() + " read and "
                + plan.create().writeCapacityUnits() + " write units" : "on demand"));
    }

    private static void writeReport(CliContext context, AddIndex.Report report) {
        var out = context.out();
        if (report.backfill() != null) {
            ChangeRunOutput.text(context, "Backfilled", report.backfill());
            out.println("Undo file: " + report.undo() + " (dynalens change revert " + report.undo() + ")");
        }
        if (report.stopped() != null) {
            out.println("Stopped: " + report.stopped());
            out.flush();
            return;
        }
        out.println("Index " + report.index().name() + " is ACTIVE (" + report.creating().toSeconds() + " s after UpdateTable)");
        var proof = report.proof();
        if (proof.passed()) {
            out.printf(Locale.ROOT, "Proof: %s through %s returned exactly the items written (%s)%n", proof.pattern(), proof.index(),
                    String.join(", ", proof.runs().stream().map(AddIndex.ProofRun::returned).map(n -> n + " items").toList()));
        } else {
            out.println("Proof failed: " + proof.pattern() + " through " + proof.index() + ": " + proof.problem().orElse(""));
        }
        out.flush();
    }

    private static void writeJson(CliContext context, AddIndex.Plan plan, Path file, AddIndex.Report report) throws IOException {
        try (var gen = JsonOutput.generator(context.out())) {
            var proposal = plan.proposal();
            var keys = proposal.index().singleKey("a proposed index");
            gen.writeStartObject();
            gen.writeStringField("table", proposal.tableName());
            gen.writeStringField("entity", proposal.entity());
            gen.writeStringField("pattern", proposal.pattern().name());
            gen.writeObjectFieldStart("index");
            gen.writeStringField("name", proposal.index().name());
            gen.writeStringField("partitionKey", keys.partitionKeyName());
            gen.writeStringField("partitionKeyType", keys.partitionKey().type().name());
            gen.writeStringField("partitionTemplate", proposal.partition().toString());
            if (keys.sortKey() != null) {
                gen.writeStringField("sortKey", keys.sortKeyName());
                gen.writeStringField("sortKeyType", keys.sortKey().type().name());
                gen.writeStringField("sortTemplate", proposal.sort().toString());
            }
            gen.writeStringField("projection", proposal.index().projectionSummary());
            if (plan.create().provisioned()) {
                gen.writeNumberField("readCapacityUnits", plan.create().readCapacityUnits());
                gen.writeNumberField("writeCapacityUnits", plan.create().writeCapacityUnits());
            }
            gen.writeEndObject();
            gen.writeStringField("keyCondition", proposal.pattern().keyCondition());
            gen.writeBooleanField("scanIndexForward", proposal.pattern().scanIndexForward());
            gen.writeArrayFieldStart("reasons");
            for (var reason : proposal.reasons()) {
                gen.writeString(reason);
            }
            gen.writeEndArray();
            gen.writeObjectFieldStart("backfill");
            gen.writeNumberField("items", plan.backfilled());
            gen.writeObjectFieldStart("counts");
            for (var entry : plan.change().counts().entrySet()) {
                gen.writeNumberField(entry.getKey().name().toLowerCase(Locale.ROOT), entry.getValue());
            }
            gen.writeEndObject();
            gen.writeNumberField("writeUnits", plan.writeUnits().toBigDecimal());
            gen.writeNumberField("itemsRead", plan.change().itemsRead());
            gen.writeStringField("changeFile", file.toString());
            if (report != null && report.backfill() != null) {
                gen.writeStringField("journal", report.journal().toString());
                gen.writeStringField("undo", report.undo().toString());
                gen.writeFieldName("run");
                gen.writeStartObject();
                ChangeRunOutput.json(gen, report.backfill());
                gen.writeEndObject();
            }
            gen.writeEndObject();
            gen.writeBooleanField("written", report != null);
            if (report != null) {
                if (report.index() != null) {
                    gen.writeStringField("indexStatus", report.index().status());
                    gen.writeNumberField("creatingSeconds", report.creating().toSeconds());
                }
                if (report.proof() != null) {
                    writeProof(gen, report.proof());
                }
                gen.writeStringField("stopped", report.stopped());
            }
            gen.writeEndObject();
        }
        context.out().println();
        context.out().flush();
    }

    private static void writeProof(JsonGenerator gen, AddIndex.Proof proof) throws IOException {
        gen.writeObjectFieldStart("proof");
        gen.writeBooleanField("passed", proof.passed());
        gen.writeStringField("problem", proof.problem().orElse(null));
        gen.writeArrayFieldStart("runs");
        for (var run : proof.runs()) {
            gen.writeStartObject();
            gen.writeObjectFieldStart("parameters");
            for (var parameter : run.parameters().entrySet()) {
                gen.writeStringField(parameter.getKey(), ValueText.literal(parameter.getValue()));
            }
            gen.writeEndObject();
            gen.writeNumberField("returned", run.returned());
            gen.writeNumberField("expected", run.expected());
            gen.writeStringField("problem", run.problem());
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeEndObject();
    }

    /** Each step's lines to stderr: the backfill's at most once a second, the others (one per DescribeTable or Query) each. */
    private static java.util.function.Consumer<AddIndex.Progress> progressTo(CliContext context) {
        var lastPrinted = new AtomicLong();
        var lastStep = new java.util.concurrent.atomic.AtomicReference<AddIndex.Step>();
        var err = context.err();
        return progress -> {
            long now = System.nanoTime();
            long last = lastPrinted.get();
            boolean newStep = lastStep.getAndSet(progress.step()) != progress.step();
            if (newStep || progress.step() != AddIndex.Step.BACKFILL || now - last >= TimeUnit.SECONDS.toNanos(1)) {
                lastPrinted.set(now);
                synchronized (err) {
                    err.println("dynalens: " + progress.step().title() + ": " + progress.text());
                    err.flush();
                }
            }
        };
    }
}
