package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.sql.BudgetGate;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.sql.SqlEngine;
import dev.dynalens.service.sql.SqlExecution;
import dev.dynalens.service.sql.RunLimits;
import dev.dynalens.service.sql.SqlPlan;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Run SQL over a table's entity types: plan it ({@link #plan}, nothing is read: the plan lists every request with its
 * estimated read capacity), pass the budget gate ({@link #budgetRefusal}), then run it ({@link #run}) as a
 * {@link Job}: rows reach the listener in batches as they come, the consumed capacity is reported beside the estimate,
 * and cancel aborts the requests in flight. A result of more than {@link Options#maxRows()} rows is not kept: the run
 * stops there and says so, instead of filling the heap. The app's SQL tab and {@code dynalens sql} use it.
 */
public final class RunSql {
    /** Rows kept at most when none is set. */
    public static final int DEFAULT_MAX_ROWS = 100_000;
    /** Rows handed to the listener at a time. */
    static final int BATCH = 200;

    /**
     * @param maxRcu        the budget: a larger estimate needs {@code confirmed}
     * @param confirmed     the person agreed to a plan over the budget, or to a Scan of a production table
     * @param maxRows       the most rows kept
     * @param budgetAgreed  the person set {@code maxRcu} themselves ({@code dynalens sql --max-rcu}): their agreement to
     *                      any plan estimated within it, a Scan of a production table included
     */
    public record Options(BigDecimal maxRcu, boolean confirmed, int maxRows, boolean budgetAgreed) {
        public static final Options DEFAULT = new Options(BudgetGate.DEFAULT_MAX_RCU, false, DEFAULT_MAX_ROWS);

        public Options {
            Objects.requireNonNull(maxRcu, "maxRcu");
            if (maxRows < 1) {
                throw new IllegalArgumentException("maxRows must be at least 1");
            }
        }

        public Options(BigDecimal maxRcu, boolean confirmed, int maxRows) {
            this(maxRcu, confirmed, maxRows, false);
        }

        /** The budget the person set: whatever is estimated within it runs, a production Scan included. */
        public static Options budgetOf(BigDecimal maxRcu, int maxRows) {
            return new Options(maxRcu, false, maxRows, true);
        }

        /** Whether the person agreed to run this plan whatever the gate says. */
        boolean agreesTo(SqlPlan plan) {
            if (confirmed) {
                return true;
            }
            // a plan whose size is unknown runs within a budget the person set: the cap then stops it
            return budgetAgreed && (plan.sizeUnknown() || plan.estimatedRcu().toBigDecimal().compareTo(maxRcu) <= 0);
        }

        /**
         * What a run of {@code plan} may consume before it stops: the budget; once the person agreed to a plan past it,
         * half again its estimate, so that an estimate a little short does not cut the rows they agreed to.
         */
        public BigDecimal cap(SqlPlan plan) {
            if (!confirmed) {
                return maxRcu;
            }
            var agreed = plan.estimatedRcu().toBigDecimal().multiply(CONFIRMED_HEADROOM).setScale(0, RoundingMode.CEILING);
            return maxRcu.max(agreed);
        }
    }

    /** How far past its estimate a plan the person confirmed may consume. */
    private static final BigDecimal CONFIRMED_HEADROOM = new BigDecimal("1.5");

    /** How far a run is: rows so far, requests sent, capacity DynamoDB reported. */
    public record Progress(long rows, long requests, double consumedRcu) {
    }

    /**
     * What a run gave: its columns and rows (each cell a DynamoDB value, a {@link java.math.BigDecimal} too large for
     * DynamoDB, or null), the plan it followed, the requests it sent and the capacity consumed.
     *
     * @param path      which path ran: {@code sql}, or {@code partiql} for DynamoDB's own
     * @param truncated more rows would have come than {@link Options#maxRows()}: only the first are here
     * @param complete        false after a cancel, or a stop at the budget: the rows are only the first
     * @param note            for a person: why the path, the truncation; empty when there is nothing to say
     * @param stoppedAtBudget what the run consumed passed its budget ({@link Options#cap}), so it sent nothing more
     */
    public record Outcome(List<String> columns, List<List<Object>> rows, SqlPlan plan, long requests, ConsumedCapacity consumed,
                          String path, boolean truncated, boolean complete, String note, boolean stoppedAtBudget) {
        public Outcome {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
        }

        public Outcome(List<String> columns, List<List<Object>> rows, SqlPlan plan, long requests, ConsumedCapacity consumed,
                       String path, boolean truncated, boolean complete, String note) {
            this(columns, rows, plan, requests, consumed, path, truncated, complete, note, false);
        }

        public double consumedRcu() {
            return consumed.reported() ? consumed.capacityUnits() : 0;
        }
    }

    /** A run the budget gate stopped: nothing was sent. */
    public static final class BudgetRefusedException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String reason;
        private final transient CapacityUnits estimate;

        public BudgetRefusedException(String reason, CapacityUnits estimate) {
            super(reason + ": confirm to run it");
            this.reason = reason;
            this.estimate = estimate;
        }

        /** Why the plan needs the person's agreement, as the gate says it. */
        public String reason() {
            return reason;
        }

        /** What the plan is estimated to consume. */
        public CapacityUnits estimate() {
            return estimate;
        }
    }

    private final SqlEngine engine;
    private final Executor worker;
    private final Executor pages;

    /**
     * With an engine of its own: the engine keeps no state between statements, so one per use case costs nothing
     * (Calcite's code generation is cached for the whole JVM).
     *
     * @param worker runs the query (it waits for pages: not the FX thread; tests pass {@code Runnable::run})
     * @param pages  where the pager hands pages to the query, a thread other than the query's
     */
    public RunSql(Executor worker, Executor pages) {
        this(new SqlEngine(), worker, pages);
    }

    /** With a shared engine, as the composition root or a test may hand in. */
    public RunSql(SqlEngine engine, Executor worker, Executor pages) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.worker = Objects.requireNonNull(worker, "worker");
        this.pages = Objects.requireNonNull(pages, "pages");
    }

    /**
     * Warms the SQL engine in this JVM (Calcite's first planning and code generation), reading nothing, so that the
     * first plan a person asks for is quick; the app calls it in the background when a table tab opens.
     */
    public static void warmEngine() {
        SqlEngine.warm();
    }

    /** Plans a statement: nothing is read. Fails with a {@link dev.dynalens.service.sql.SqlException} saying where. */
    public SqlPlan plan(String statement, SqlCatalog catalog) {
        return engine.plan(statement, catalog);
    }

    /** Why this plan needs the person's agreement before it runs, or empty. */
    public static Optional<String> budgetRefusal(SqlPlan plan, DynamoSession session, Options options) {
        return BudgetGate.check(plan.requests(), options.maxRcu(), session.profile().tag().isProduction());
    }

    /** The budget gate, the one place it is asked: a refusal the person did not agree to. */
    static Optional<BudgetRefusedException> refusal(SqlPlan plan, DynamoSession session, Options options) {
        return budgetRefusal(plan, session, options).filter(reason -> !options.agreesTo(plan))
                .map(reason -> new BudgetRefusedException(reason, plan.estimatedRcu()));
    }

    /** Runs a plan. The budget gate is checked first: a refusal fails the job with nothing sent. */
    public Job<Progress, Outcome> run(DynamoSession session, SqlPlan plan, Options options, Consumer<List<List<Object>>> rows) {
        return run(session, plan, options, rows, "sql", "");
    }

    Job<Progress, Outcome> run(DynamoSession session, SqlPlan plan, Options options, Consumer<List<List<Object>>> rows, String path,
                               String note) {
        var refusal = refusal(plan, session, options);
        if (refusal.isPresent()) {
            return Job.failed(refusal.get());
        }
        var job = new Job<Progress, Outcome>(progress -> { });
        var listener = Objects.requireNonNull(rows, "rows");
        var execution = new SqlExecution[1];
        worker.execute(() -> {
            try {
                execution[0] = engine.start(plan, session, pages, RunLimits.capped(options.cap(plan)));
                job.onCancel(execution[0]::cancel);
                job.result().complete(drain(execution[0], options, listener, job, path, note));
            } catch (CancellationException e) {
                var done = execution[0];
                var budget = done != null && done.stoppedAtBudget();
                job.result().complete(new Outcome(plan.columns(), List.of(), plan, done == null ? 0 : done.requests(),
                        done == null ? ConsumedCapacity.NOT_REPORTED : done.consumed(), path, false, false,
                        budget ? budgetNote(done, options.cap(plan)) : "cancelled", budget));
            } catch (RuntimeException e) {
                job.result().completeExceptionally(e);
            } finally {
                if (execution[0] != null) {
                    execution[0].close();
                }
            }
        });
        return job;
    }

    private static Outcome drain(SqlExecution execution, Options options, Consumer<List<List<Object>>> listener, Job<Progress, Outcome> job,
                                 String path, String note) {
        var kept = new ArrayList<List<Object>>();
        var batch = new ArrayList<List<Object>>();
        var truncated = false;
        var complete = true;
        try {
            while (execution.next()) {
                if (kept.size() >= options.maxRows()) {
                    truncated = true;
                    execution.cancel();
                    break;
                }
                kept.add(execution.row());
                batch.add(execution.row());
                if (batch.size() >= BATCH) {
                    listener.accept(List.copyOf(batch));
                    batch.clear();
                    job.report(new Progress(kept.size(), execution.requests(), rcu(execution.consumed())));
                }
            }
        } catch (CancellationException e) {
            if (!job.cancelRequested() && !truncated && !execution.stoppedAtBudget()) {
                throw e;
            }
            complete = false;
        }
        if (!batch.isEmpty()) {
            listener.accept(List.copyOf(batch));
        }
        job.report(new Progress(kept.size(), execution.requests(), rcu(execution.consumed())));
        var budget = execution.stoppedAtBudget();
        var said = new ArrayList<String>();
        if (budget) {
            said.add(budgetNote(execution, options.cap(execution.plan())));
        } else if (truncated) {
            said.add("More than " + options.maxRows() + " rows: the first " + options.maxRows()
                    + " are shown and the read stopped; add a LIMIT or narrow the WHERE");
        } else if (!note.isEmpty()) {
            said.add(note);
        }
        rereadNote(execution).ifPresent(said::add);
        return new Outcome(execution.plan().columns(), kept, execution.plan(), execution.requests(), execution.consumed(), path, truncated,
                complete && !truncated && !budget && !job.cancelRequested(), String.join("; ", said), budget);
    }

    /** Why the rows end early: the budget, what was consumed, and what to do. */
    private static String budgetNote(SqlExecution execution, BigDecimal cap) {
        return "Stopped at the budget of " + cap.stripTrailingZeros().toPlainString() + " RCU: "
                + ConsumedCapacity.text(rcu(execution.consumed())) + " RCU consumed in " + execution.requests()
                + " request(s); the rows so far are shown and are incomplete. Raise the budget (--max-rcu) or narrow the WHERE";
    }

    /** The reads sent more than once (a plan no rule keeps from it), said with how many times. */
    private static Optional<String> rereadNote(SqlExecution execution) {
        var rereads = execution.rereads();
        if (rereads.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Read again: " + String.join(", ", rereads.entrySet().stream()
                .map(e -> e.getKey() + " " + (e.getValue() + 1) + " times").sorted().toList()));
    }

    private static double rcu(ConsumedCapacity capacity) {
        return capacity.reported() ? capacity.capacityUnits() : 0;
    }
}
