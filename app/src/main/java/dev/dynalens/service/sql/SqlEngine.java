package dev.dynalens.service.sql;

import dev.dynalens.domain.design.SourcePosition;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.sql.PlannedRequest;
import dev.dynalens.domain.sql.SqlAttribute;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.sql.SqlEntity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.load.Backoff;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableInterpretable;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.adapter.enumerable.RexImpTable;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Programs;
import org.apache.calcite.tools.RelConversionException;
import org.apache.calcite.tools.ValidationException;

/**
 * The SQL workbench's engine: Apache Calcite parses, validates and optimizes a statement over the tables of a
 * {@link SqlCatalog} (entity types and the whole table), our rules push what DynamoDB can do into its requests, and
 * Calcite's enumerable operators do the rest (joins, aggregates, sorts, residual filters) on the desktop.
 *
 * <p>Names are case-sensitive and taken as written, as DynamoDB's are; a reserved word or an odd name is double-quoted
 * ({@code "USER→TEAM"}, {@code "status"}). Planning sends nothing; {@link #start} sends the plan's requests.
 * Decision 0008 says why the engine is built this way.
 */
public final class SqlEngine {
    private static final List<String> FUNCTIONS = List.of("begins_with", "contains", "size", "attribute_exists",
            "attribute_not_exists", "item_at");

    private static final java.util.regex.Pattern MISSING = java.util.regex.Pattern.compile("Missing conversion is Logical(\\w+)");

    private static final SqlParser.Config PARSER = SqlParser.config()
            .withQuoting(Quoting.DOUBLE_QUOTE)
            .withUnquotedCasing(Casing.UNCHANGED)
            .withQuotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(true)
            .withConformance(SqlConformanceEnum.LENIENT);

    /** Plans a statement. Nothing is read. */
    public SqlPlan plan(String statement, SqlCatalog catalog) {
        Objects.requireNonNull(statement, "statement");
        Objects.requireNonNull(catalog, "catalog");
        var started = System.nanoTime();
        StatementBounds.check(statement);
        var root = Frameworks.createRootSchema(false);
        var columns = new HashSet<String>();
        for (var entity : catalog.tables()) {
            root.add(entity.name(), new EntityTable(catalog, entity));
            entity.attributes().forEach(a -> columns.add(a.name()));
        }
        addFunctions(root);
        var planner = Frameworks.getPlanner(config(root, statement));
        try {
            var parsed = planner.parse(FunctionNames.quoteReserved(statement));
            refuseAllButQueries(parsed, statement);
            var rewritten = PathRewriter.rewrite(parsed, columns);
            var validated = planner.validate(rewritten);
            var converted = planner.rel(validated);
            var relational = ExactArithmetic.rewrite(converted.project());
            refuseUnsupportedAggregates(relational, statement);
            var optimized = ReadsKept.mark((EnumerableRel) planner.transform(0,
                    relational.getTraitSet().replace(EnumerableConvention.INSTANCE), relational));
            // named as written: the optimized plan's names are Calcite's (SK0 for a second SK, an alias lost with a projection)
            var names = ColumnNames.of(validated, converted.validatedRowType.getFieldNames(), statement);
            var requests = new ArrayList<PlannedRequest>();
            collectRequests(optimized, requests);
            var explain = RelOptUtil.toString(optimized, SqlExplainLevel.EXPPLAN_ATTRIBUTES);
            return new SqlPlan(statement, catalog, names, requests, explain, optimized, System.nanoTime() - started);
        } catch (SqlParseException e) {
            if (causedByStackOverflow(e)) {
                throw tooDeep(e);
            }
            var pos = e.getPos();
            var position = pos == null ? SourcePosition.NONE
                    : new SourcePosition(pos.getLineNum(), FunctionNames.originalColumn(statement, pos.getLineNum(), pos.getColumnNum()));
            throw new SqlException(firstLine(e.getMessage()), position, e);
        } catch (ValidationException e) {
            throw causedByStackOverflow(e) ? tooDeep(e) : validation(e, statement);
        } catch (RelOptPlanner.CannotPlanException e) {
            throw new SqlException("Cannot plan the statement: the workbench has no way to run its " + missing(e.getMessage()), SourcePosition.NONE, e);
        } catch (RelConversionException e) {
            throw new SqlException("Cannot plan the statement: " + e.getMessage(), SourcePosition.NONE, e);
        } catch (CalciteContextException e) {
            throw new SqlException(e.getMessage(), position(statement, e), e);
        } catch (StackOverflowError e) {
            throw tooDeep(e);
        } catch (RuntimeException e) {
            if (e instanceof SqlException) {
                throw e;
            }
            if (causedByStackOverflow(e)) {
                throw tooDeep(e);
            }
            throw new SqlException("Cannot plan the statement: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()),
                    SourcePosition.NONE, e);
        } finally {
            planner.close();
        }
    }

    /**
     * Starts a planned statement: the first request goes out when the first row is asked for.
     *
     * @param pages where the pager hands pages over (a thread of its own: the query's thread waits for them)
     */
    public SqlExecution start(SqlPlan plan, DynamoSession session, Executor pages) {
        return start(plan, session, pages, RunLimits.uncapped());
    }

    /**
     * Starts a planned statement within {@code limits}: past its read capacity it stops before the next request, with
     * the rows so far ({@link SqlExecution#stoppedAtBudget()}).
     */
    public SqlExecution start(SqlPlan plan, DynamoSession session, Executor pages, RunLimits limits) {
        return start(plan, session, pages, SqlRun.backoff(), limits);
    }

    SqlExecution start(SqlPlan plan, DynamoSession session, Executor pages, Backoff backoff, RunLimits limits) {
        var run = new SqlRun(session, pages, backoff, limits);
        var compiled = compile(plan);
        // the stashed reads are the plan's; what belongs to this run is in its own map
        var parameters = new LinkedHashMap<>(compiled.parameters());
        parameters.put(SqlRun.KEY, run);
        var context = new SqlDataContext(plan.root().getCluster(), parameters, run.cancelFlag());
        return new SqlExecution(plan, run, () -> compiled.bindable().bind(context));
    }

    /** The plan's generated code, compiled at its first run (Janino takes tens of milliseconds) and kept with the plan. */
    private static SqlPlan.Compiled compile(SqlPlan plan) {
        return plan.compiled(() -> {
            var stashed = new LinkedHashMap<String, Object>();
            var bindable = EnumerableInterpretable.toBindable(stashed, null, plan.root(), EnumerableRel.Prefer.ARRAY);
            return new SqlPlan.Compiled(bindable, stashed);
        });
    }

    /** Statements of the shapes a person writes first: a key-pinned read, a join in one collection, an aggregate. */
    private static final List<String> WARM_STATEMENTS = List.of(
            "SELECT name, n FROM A WHERE PK = 'A#1' AND SK = 'A'",
            "SELECT a.name, b.name FROM A a JOIN B b ON b.PK = a.PK WHERE a.PK = 'A#1'",
            "SELECT name, COUNT(*) AS c, SUM(n) AS s FROM B WHERE n > 1 GROUP BY name ORDER BY c DESC LIMIT 10");
    private static final AtomicBoolean WARMED = new AtomicBoolean();

    /**
     * Warms Calcite in this JVM: plans and compiles a few statements over a made-up table, so that the first plan a
     * person asks for does not pay for the planner's first run and its code generation (2.4 s before, on this
     * machine). Reads nothing; done once per JVM, later calls return at once. The app calls it when a table tab opens.
     */
    public static void warm() {
        if (!WARMED.compareAndSet(false, true)) {
            return;
        }
        warmPlans().forEach(SqlEngine::compile);
    }

    /** The warm-up's statements, planned. */
    static List<SqlPlan> warmPlans() {
        var engine = new SqlEngine();
        var catalog = warmCatalog();
        return WARM_STATEMENTS.stream().map(statement -> engine.plan(statement, catalog)).toList();
    }

    private static SqlCatalog warmCatalog() {
        var keys = KeySchema.of("PK", "SK");
        var description = new TableDescription("Warm", keys, List.of(), List.of(), 0, 0, TableDescription.BillingMode.PAY_PER_REQUEST,
                null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
        var columns = List.of(new SqlAttribute("PK", Set.of(AttributeType.S)), new SqlAttribute("SK", Set.of(AttributeType.S)),
                new SqlAttribute("name", Set.of(AttributeType.S)), new SqlAttribute("n", Set.of(AttributeType.N)));
        var tables = List.of(new SqlEntity("Warm", true, List.of(), List.of(), columns, 20, 100),
                new SqlEntity("A", false, List.of("A#{}"), List.of("A"), columns, 10, 100),
                new SqlEntity("B", false, List.of("A#{}"), List.of("B#{}"), columns, 10, 100));
        return new SqlCatalog(description, tables, new SqlCatalog.EntitySource("warm-up", null, 20, 0, true));
    }

    /**
     * SQL here reads: a write (INSERT, UPDATE, DELETE, MERGE) is said in a sentence that points to PartiQL, which
     * writes; EXPLAIN and the other statements that are no query, likewise.
     */
    private static void refuseAllButQueries(SqlNode parsed, String statement) {
        var kind = parsed.getKind();
        if (kind.belongsTo(SqlKind.QUERY)) {
            return;
        }
        var pos = parsed.getParserPosition();
        var position = new SourcePosition(pos.getLineNum(), FunctionNames.originalColumn(statement, pos.getLineNum(), pos.getColumnNum()));
        if (kind.belongsTo(SqlKind.DML)) {
            throw new SqlException("SQL mode reads; " + kind.sql + " writes. To write, use PartiQL: dynalens sql --partiql, or the PartiQL "
                    + "button of the SQL tab", position, null);
        }
        // an EXPLAIN's place is its query's: the statement's first word is meant
        var start = start(statement);
        if (kind == SqlKind.EXPLAIN) {
            throw new SqlException("EXPLAIN is not a statement here: the plan of a SELECT is shown with --explain (in the SQL tab, in its "
                    + "plan pane)", start, null);
        }
        throw new SqlException("Only queries run here (SELECT, WITH, VALUES, UNION…); this statement is a " + kind.sql, start, null);
    }

    /**
     * A statement within {@link StatementBounds} that still nests deeper than the planning thread's stack: a sentence,
     * never the error (the stack is unwound by then; nothing of the planner outlives the call).
     */
    private static SqlException tooDeep(Throwable e) {
        return new SqlException("The statement nests too deep to plan on this thread's stack: use fewer parentheses and write a list "
                + "of alternatives as IN (…)", SourcePosition.NONE, e);
    }

    private static boolean causedByStackOverflow(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StackOverflowError) {
                return true;
            }
        }
        return false;
    }

    /** Where the statement's first word is. */
    private static SourcePosition start(String statement) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < statement.length() && Character.isWhitespace(statement.charAt(i)); i++) {
            if (statement.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new SourcePosition(line, column);
    }

    /** An aggregate function the enumerable operators do not have (STDDEV_POP…), named with its place. */
    private static void refuseUnsupportedAggregates(RelNode node, String statement) {
        if (node instanceof Aggregate aggregate) {
            for (var call : aggregate.getAggCallList()) {
                if (RexImpTable.INSTANCE.get(call.getAggregation(), false) == null) {
                    var pos = call.getParserPosition();
                    var position = pos.getLineNum() <= 0 ? SourcePosition.NONE
                            : new SourcePosition(pos.getLineNum(), FunctionNames.originalColumn(statement, pos.getLineNum(), pos.getColumnNum()));
                    throw new SqlException(call.getAggregation().getName() + " is not an aggregate the workbench computes; it has COUNT, SUM, "
                            + "MIN, MAX, AVG, ANY_VALUE, BOOL_AND, BOOL_OR, LISTAGG, ARRAY_AGG and a few more", position, null);
                }
            }
        }
        node.getInputs().forEach(input -> refuseUnsupportedAggregates(input, statement));
    }

    /** What Calcite's planner found no implementation for, in words: "Missing conversion is LogicalWindow[…]" is a window. */
    private static String missing(String message) {
        var matcher = MISSING.matcher(message == null ? "" : message);
        if (!matcher.find()) {
            return "parts";
        }
        var what = matcher.group(1).replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
        return what + " (nothing in the workbench runs it)";
    }

    private static FrameworkConfig config(SchemaPlus root, String statement) {
        List<RelOptRule> rules = new ArrayList<>(EnumerableRules.ENUMERABLE_RULES);
        rules.remove(EnumerableRules.ENUMERABLE_TABLE_SCAN_RULE);
        rules.addAll(List.of(CoreRules.FILTER_INTO_JOIN, CoreRules.JOIN_CONDITION_PUSH, CoreRules.JOIN_PUSH_TRANSITIVE_PREDICATES,
                CoreRules.FILTER_MERGE, CoreRules.PROJECT_MERGE, CoreRules.PROJECT_REMOVE, CoreRules.FILTER_PROJECT_TRANSPOSE,
                CoreRules.PROJECT_FILTER_TRANSPOSE, CoreRules.AGGREGATE_PROJECT_MERGE, CoreRules.SORT_PROJECT_TRANSPOSE,
                CoreRules.PROJECT_JOIN_TRANSPOSE, CoreRules.SORT_REMOVE, CoreRules.JOIN_PUSH_EXPRESSIONS, CoreRules.JOIN_COMMUTE,
                CoreRules.AGGREGATE_EXPAND_DISTINCT_AGGREGATES, CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW));
        rules.addAll(DynamoRules.all());
        return Frameworks.newConfigBuilder()
                .defaultSchema(root)
                .parserConfig(PARSER)
                .sqlValidatorConfig(SqlValidator.Config.DEFAULT.withIdentifierExpansion(true)
                        .withConformance(SqlConformanceEnum.LENIENT).withTypeCoercionFactory(SameTypeComparisons.forStatement(statement)))
                .sqlToRelConverterConfig(SqlToRelConverter.config().withTrimUnusedFields(true).withExpand(false)
                        .withInSubQueryThreshold(Integer.MAX_VALUE))
                .typeSystem(SqlTypes.TYPE_SYSTEM)
                .traitDefs(ConventionTraitDef.INSTANCE, RelCollationTraitDef.INSTANCE)
                .programs(Programs.sequence(Programs.subQuery(DefaultRelMetadataProvider.INSTANCE), Programs.decorrelate(),
                        // two joins or more are ordered first (smallest reads first, left-deep), so a key side can
                        // feed the next read's keys; then the rules choose each read
                        Programs.heuristicJoinOrder(rules, false, 2), Programs.calc(DefaultRelMetadataProvider.INSTANCE)))
                .build();
    }

    private static void addFunctions(SchemaPlus root) {
        for (var name : FUNCTIONS) {
            root.add(name, AnyTypedFunction.of(name));
        }
    }

    private static void collectRequests(RelNode node, List<PlannedRequest> requests) {
        if (node instanceof DynamoRead read) {
            var plan = read.access().accessPlan();
            for (var request : plan.requests()) {
                // a Query shared by both sides of a join is sent once: listed once
                if (!plan.shared() || !requests.contains(request)) {
                    requests.add(request);
                }
            }
            return;
        }
        if (node instanceof LookupJoin lookup) {
            node.getInputs().forEach(input -> collectRequests(input, requests));
            requests.add(lookup.plannedRequest(node.getCluster().getMetadataQuery()));
            return;
        }
        node.getInputs().forEach(input -> collectRequests(input, requests));
    }

    private static SqlException validation(ValidationException e, String statement) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SqlException ours) {
                return ours;
            }
            if (t instanceof CalciteContextException context) {
                var message = context.getCause() != null && context.getCause().getMessage() != null ? context.getCause().getMessage()
                        : context.getMessage();
                return new SqlException(message, position(statement, context), e);
            }
        }
        return new SqlException(e.getMessage(), SourcePosition.NONE, e);
    }

    /** Where Calcite says the problem is, in the statement as the person wrote it. */
    private static SourcePosition position(String statement, CalciteContextException e) {
        return new SourcePosition(e.getPosLine(), FunctionNames.originalColumn(statement, e.getPosLine(), e.getPosColumn()));
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "Syntax error";
        }
        var end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }
}
