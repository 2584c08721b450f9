package dev.dynalens.domain.expression;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.connection.ConnectionProblem;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The evaluator against a real endpoint: generated items, conditions and updates (jqwik generators; each run samples
 * new cases, and a divergence prints its whole case: item, expressions, names and values)
 * go through {@link ConditionEvaluator}/{@link UpdateEvaluator} and through a guarded UpdateItem on dynalite; both
 * must agree on every case: condition passed or failed, the item after the update, or the same kind of
 * ValidationException. One table, one item per case, 16 requests in flight.
 *
 * <p>{@code -Dexpr.cases=N} changes the number of cases; the known differences between dynalite and
 * DynamoDB that the generators stay clear of are listed in docs/expressions.md.
 */
@ExtendWith(DynamoEndpointExtension.class)
class ExpressionDifferentialIT {
    private static final int CASES = Integer.getInteger("expr.cases", 1200);
    private static final int IN_FLIGHT = 16;
    private static final KeySchema KEY_SCHEMA = KeySchema.of(DifferentialCases.KEY, null);

    enum Status { APPLIED, CONDITION_FAILED, VALIDATION }

    record Outcome(Status status, Item item, String error) {
        static Outcome applied(Item item) {
            return new Outcome(Status.APPLIED, item, null);
        }

        static Outcome validation(String error) {
            return new Outcome(Status.VALIDATION, null, error);
        }

        static final Outcome CONDITION_FAILED = new Outcome(Status.CONDITION_FAILED, null, null);
    }

    @Test
    void evaluatorAndEndpoint_agreeOnEveryGeneratedCase(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = endpoint.uniqueTableName("expr-diff");
        session.createTable(new CreateTableSpec(table, KEY_SCHEMA, List.of())).get(30, TimeUnit.SECONDS);
        var cases = generate();

        long started = System.nanoTime();
        var divergences = Collections.synchronizedList(new ArrayList<String>());
        var counts = Collections.synchronizedMap(new EnumMap<Status, Integer>(Status.class));
        var errorKinds = Collections.synchronizedMap(new java.util.TreeMap<String, Integer>());
        for (int from = 0; from < cases.size(); from += IN_FLIGHT) {
            var batch = cases.subList(from, Math.min(cases.size(), from + IN_FLIGHT));
            CompletableFuture.allOf(batch.stream().map(c -> run(session, table, c).thenAccept(actual -> {
                var expected = expect(c);
                counts.merge(expected.status(), 1, Integer::sum);
                if (expected.status() == Status.VALIDATION) {
                    errorKinds.merge(expected.error(), 1, Integer::sum);
                }
                var difference = difference(expected, actual);
                if (difference != null) {
                    divergences.add(describe(c, expected, actual, difference));
                }
            })).toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        System.out.printf("Expression differential suite: %d cases in %d ms against %s; outcomes %s; errors %s; %d divergences%n",
                cases.size(), millis, endpoint.endpoint(), counts, errorKinds, divergences.size());

        assertThat(divergences).as("cases where the evaluator and the endpoint disagree").isEmpty();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(1000);
        assertThat(counts).as("every outcome is exercised").containsKeys(Status.APPLIED, Status.CONDITION_FAILED, Status.VALIDATION);
    }

    private static List<DifferentialCases.Case> generate() {
        // sampleStream runs the generators in a jqwik context of their own (generator() outside a property has none)
        var samples = DifferentialCases.cases(0).sampleStream().limit(CASES).toList();
        var cases = new ArrayList<DifferentialCases.Case>(CASES);
        for (int i = 0; i < samples.size(); i++) {
            var c = samples.get(i);
            cases.add(new DifferentialCases.Case(i, c.stored(), c.request(), c.description()));
        }
        return cases;
    }

    /** What the evaluator says DynamoDB does. */
    static Outcome expect(DifferentialCases.Case c) {
        var analysis = Expressions.analyze(c.request(), KEY_SCHEMA);
        if (!analysis.valid()) {
            return Outcome.validation(analysis.errors().get(0).kind().name());
        }
        var stored = c.stored() == null ? Item.EMPTY : DifferentialCases.withKey(c.stored(), c.key());
        var condition = analysis.expressions().condition();
        if (condition != null && !ConditionEvaluator.evaluate(condition, stored)) {
            return Outcome.CONDITION_FAILED;
        }
        try {
            return Outcome.applied(UpdateEvaluator.apply(analysis.expressions().update(), c.stored() == null ? Item.of(c.key()) : stored));
        } catch (ExpressionException e) {
            return Outcome.validation(e.kind().name());
        }
    }

    private static CompletableFuture<Outcome> run(DynamoSession session, String table, DifferentialCases.Case c) {
        var put = c.stored() == null
                ? CompletableFuture.<WriteResult>completedFuture(null)
                : session.write(ItemWrite.Put.unconditional(table, DifferentialCases.withKey(c.stored(), c.key())));
        var request = c.request();
        var update = new ItemWrite.Update(table, c.key(), request.updateExpression(), request.conditionExpression(),
                request.names(), request.values());
        return put.thenCompose(ignored -> session.write(update))
                .thenApply(result -> result.applied() ? Outcome.applied(result.returned().orElseThrow()) : Outcome.CONDITION_FAILED)
                .exceptionally(failure -> {
                    var cause = failure instanceof CompletionException ? failure.getCause() : failure;
                    if (cause instanceof DynamoAccessException e && e.problem().kind() == ConnectionProblem.Kind.VALIDATION) {
                        return Outcome.validation(e.getMessage());
                    }
                    return new Outcome(null, null, String.valueOf(cause));
                });
    }

    private static String difference(Outcome expected, Outcome actual) {
        if (expected.status() != actual.status()) {
            return "status";
        }
        return switch (expected.status()) {
            case APPLIED -> expected.item().equals(actual.item()) ? null : "item";
            case CONDITION_FAILED -> null;
            case VALIDATION -> actual.error().contains(ExpressionError.Kind.valueOf(expected.error()).dynamoMessage()) ? null : "error";
        };
    }

    private static String describe(DifferentialCases.Case c, Outcome expected, Outcome actual, String difference) {
        var r = c.request();
        return "case " + c.id() + " (" + c.description() + ") differs in " + difference
                + "\n  stored:    " + (c.stored() == null ? "none" : DynamoJsonCodec.writeItem(c.stored()))
                + "\n  update:    " + r.updateExpression() + "\n  condition: " + r.conditionExpression()
                + "\n  names:     " + r.names() + "\n  values:    " + r.values()
                + "\n  expected:  " + expected.status() + " " + (expected.item() == null ? expected.error() : DynamoJsonCodec.writeItem(expected.item()))
                + "\n  endpoint:  " + actual.status() + " " + (actual.item() == null ? actual.error() : DynamoJsonCodec.writeItem(actual.item()));
    }
}
