package dev.dynalens.usecase;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.design.SourcePosition;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlException;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlUnsupportedException;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.sql.SqlPlan;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Run a statement in DynamoDB's own dialect, PartiQL ({@code SELECT}, {@code INSERT}, {@code UPDATE}, {@code DELETE}),
 * with ExecuteStatement, following every NextToken page. Before anything is sent it is linted against the real key
 * schema ({@link #lint}): a SELECT says whether it Queries or Scans (from the SQL engine's plan of the same SELECT), a
 * write that does not name the full primary key is refused as DynamoDB would refuse it. Writes go through the write
 * guard like every other write. Where the endpoint has no PartiQL (dynalite answers UnknownOperationException, a
 * workspace has no DynamoDB) a SELECT runs through the SQL engine instead, and the outcome says which path ran.
 */
public final class RunPartiql {
    private final RunSql sql;

    public RunPartiql(RunSql sql) {
        this.sql = Objects.requireNonNull(sql, "sql");
    }

    /**
     * What a statement will do, before it is sent.
     *
     * @param operation  for a SELECT the first request of the engine's plan of it (Query, GetItem, Scan…), else the kind
     * @param enginePlan the SQL engine's plan of a SELECT (what runs where the endpoint has no PartiQL); null for a write
     */
    public record Lint(PartiqlStatement statement, String operation, String message, SqlPlan enginePlan) {
        public boolean scans() {
            return enginePlan != null && enginePlan.scans();
        }
    }

    public Lint lint(String text, SqlCatalog catalog) {
        var statement = PartiqlStatement.of(text);
        if (!statement.tableName().equals(catalog.tableName())) {
            throw new PartiqlException("The statement names table " + statement.tableName() + "; this is " + catalog.tableName(),
                    new SourcePosition(1, 1));
        }
        if (!statement.writes()) {
            var plan = sql.plan(asSql(statement), catalog);
            var scans = !plan.requests().isEmpty() && plan.requests().getFirst().isScan();
            var operation = (scans ? ReadOperation.SCAN : ReadOperation.QUERY).label();
            var message = operation.equals("Scan")
                    ? "DynamoDB will Scan " + catalog.tableName() + ": " + plan.requests().getFirst().note()
                    : "DynamoDB will Query " + catalog.tableName() + " (the WHERE pins its partition key)";
            return new Lint(statement, operation, message, plan);
        }
        var keys = catalog.description().keySchema();
        var missing = new ArrayList<String>();
        for (var key : !keys.hasSortKey() ? List.of(keys.partitionKeyName()) : List.of(keys.partitionKeyName(), keys.sortKeyName())) {
            if (!namesKey(text, key, statement.kind())) {
                missing.add(key);
            }
        }
        if (!missing.isEmpty()) {
            throw new PartiqlException(statement.kind() + " on " + catalog.tableName() + " needs the full primary key ("
                    + String.join(", ", missing) + " missing): DynamoDB refuses a write that does not name one item",
                    new SourcePosition(1, 1));
        }
        return new Lint(statement, statement.kind().name(), statement.kind() + " of one item of " + catalog.tableName()
                + ": a write, guarded as every write", null);
    }

    /** Whether the key attribute is given: {@code PK = …} in a WHERE, {@code 'PK': …} in an INSERT's VALUE. */
    private static boolean namesKey(String text, String key, PartiqlStatement.Kind kind) {
        var quoted = java.util.regex.Pattern.quote(key);
        var pattern = kind == PartiqlStatement.Kind.INSERT ? "'" + quoted + "'\\s*:" : "(\"" + quoted + "\"|\\b" + quoted + "\\b)\\s*=";
        return java.util.regex.Pattern.compile(pattern).matcher(text).find();
    }

    /**
     * Runs a statement: a SELECT page by page (rows as they come; the endpoint's PartiQL, or the engine where it has
     * none), a write once through the guard (its confirmation asked before anything is sent).
     */
    public Job<RunSql.Progress, RunSql.Outcome> run(DynamoSession session, SqlCatalog catalog, String text, WriteConfirmer confirmer,
                                                    RunSql.Options options, Consumer<List<List<Object>>> rows) {
        Lint lint;
        try {
            lint = lint(text, catalog);
        } catch (RuntimeException e) {
            return Job.failed(e);
        }
        if (lint.statement().writes()) {
            return write(session, lint, confirmer);
        }
        var refusal = RunSql.refusal(lint.enginePlan(), session, options);
        if (refusal.isPresent()) {
            return Job.failed(refusal.get());
        }
        var job = new Job<RunSql.Progress, RunSql.Outcome>(progress -> { });
        var select = new Select(session, lint, options, rows, job);
        select.page(null);
        job.result().whenComplete((done, failure) -> { });
        return fallbackOnUnsupported(session, lint, options, rows, job, select);
    }

    /** Where the endpoint has no PartiQL, the SELECT's first page fails with {@code PartiqlUnsupportedException}: the engine runs it. */
    private Job<RunSql.Progress, RunSql.Outcome> fallbackOnUnsupported(DynamoSession session, Lint lint, RunSql.Options options,
                                                                        Consumer<List<List<Object>>> rows, Job<RunSql.Progress, RunSql.Outcome> job,
                                                                        Select select) {
        var outer = new Job<RunSql.Progress, RunSql.Outcome>(progress -> { });
        job.result().whenComplete((outcome, failure) -> {
            var cause = failure == null ? null : Problems.unwrap(failure);
            if (cause instanceof PartiqlUnsupportedException unsupported && select.pages == 0) {
                var engine = sql.run(session, lint.enginePlan(), new RunSql.Options(options.maxRcu(), true, options.maxRows()), rows,
                        "sql", "PartiQL ran through the SQL engine: " + unsupported.getMessage());
                outer.onCancel(engine::cancel);
                engine.result().whenComplete((value, error) -> {
                    if (error != null) {
                        outer.result().completeExceptionally(error);
                    } else {
                        outer.result().complete(value);
                    }
                });
            } else if (failure != null) {
                outer.result().completeExceptionally(failure);
            } else {
                outer.result().complete(outcome);
            }
        });
        outer.onCancel(job::cancel);
        return outer;
    }

    private Job<RunSql.Progress, RunSql.Outcome> write(DynamoSession session, Lint lint, WriteConfirmer confirmer) {
        var statement = lint.statement();
        var guard = WriteGuard.forAction(session, Objects.requireNonNull(confirmer, "confirmer"));
        CompletableFuture<RunSql.Outcome> done = guard.confirmWrites(statement.tableName(), "PartiQL " + statement.kind())
                .thenCompose(ok -> guard.executeStatement(statement, false, null, null))
                .thenApply(page -> new RunSql.Outcome(List.of(), List.of(), null, 1, page.capacity(), "partiql", false, true,
                        statement.kind() + " sent to " + statement.tableName()))
                .exceptionallyCompose(error -> CompletableFuture.failedFuture(Problems.unwrap(error) instanceof PartiqlUnsupportedException u
                        ? new PartiqlUnsupportedException(u.getMessage() + " A PartiQL write cannot run through the SQL engine.", u)
                        : error));
        return Job.of(done, progress -> { });
    }

    /** A SELECT page by page: each answer's NextToken asks for the next, until there is none or the run is cancelled. */
    private static final class Select {
        private final DynamoSession session;
        private final Lint lint;
        private final RunSql.Options options;
        private final Consumer<List<List<Object>>> listener;
        private final Job<RunSql.Progress, RunSql.Outcome> job;
        private final List<Item> items = new ArrayList<>();
        private volatile long pages;
        private ConsumedCapacity consumed = ConsumedCapacity.NOT_REPORTED;
        private volatile CompletableFuture<?> inFlight;

        Select(DynamoSession session, Lint lint, RunSql.Options options, Consumer<List<List<Object>>> listener,
               Job<RunSql.Progress, RunSql.Outcome> job) {
            this.session = session;
            this.lint = lint;
            this.options = options;
            this.listener = listener;
            this.job = job;
            job.onCancel(() -> {
                var request = inFlight;
                if (request != null) {
                    request.cancel(true);
                }
            });
        }

        void page(String nextToken) {
            var request = session.executeStatement(lint.statement(), false, null, nextToken);
            inFlight = request;
            request.whenComplete((page, failure) -> {
                if (failure != null) {
                    if (job.cancelRequested()) {
                        finish(false, false);
                    } else {
                        job.result().completeExceptionally(failure);
                    }
                    return;
                }
                pages++;
                consumed = consumed.plus(page.capacity());
                var room = options.maxRows() - items.size();
                var taken = page.items().subList(0, Math.min(room, page.items().size()));
                items.addAll(taken);
                listener.accept(taken.stream().map(item -> cells(item, columns())).toList());
                job.report(new RunSql.Progress(items.size(), pages, consumed.reported() ? consumed.capacityUnits() : 0));
                var truncated = page.items().size() > taken.size();
                if (truncated || page.nextToken() == null || job.cancelRequested()) {
                    finish(!job.cancelRequested(), truncated);
                } else {
                    page(page.nextToken());
                }
            });
        }

        private List<String> columns() {
            var names = new LinkedHashSet<String>();
            items.forEach(item -> names.addAll(item.attributes().keySet()));
            return List.copyOf(names);
        }

        private void finish(boolean complete, boolean truncated) {
            var columns = columns();
            var rows = items.stream().map(item -> cells(item, columns)).toList();
            job.result().complete(new RunSql.Outcome(columns, rows, lint.enginePlan(), pages, consumed, "partiql", truncated, complete,
                    truncated ? "More than " + options.maxRows() + " rows: the first are shown" : ""));
        }

        private static List<Object> cells(Item item, List<String> columns) {
            var cells = new ArrayList<Object>(columns.size());
            for (var column : columns) {
                AttributeValue value = item.attributes().get(column);
                cells.add(value instanceof AttributeValue.Null ? null : value);
            }
            return java.util.Collections.unmodifiableList(cells);
        }
    }

    /** The SELECT as the engine reads it: the same text, with {@code "Table"."Index"} read as the whole table. */
    static String asSql(PartiqlStatement statement) {
        var text = statement.text();
        if (statement.indexName() == null) {
            return text;
        }
        var index = java.util.regex.Pattern.compile("\\.\\s*\"?" + java.util.regex.Pattern.quote(statement.indexName()) + "\"?",
                java.util.regex.Pattern.CASE_INSENSITIVE);
        var from = text.toUpperCase(Locale.ROOT).indexOf("FROM");
        var matcher = index.matcher(text);
        return from >= 0 && matcher.find(from) ? text.substring(0, matcher.start()) + text.substring(matcher.end()) : text;
    }
}
