package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.DynamoAccessException;
import dev.dynalens.domain.design.AccessPattern;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.IndexCreatingRelay;
import dev.dynalens.testsupport.SampleTables;
import dev.dynalens.testsupport.TestEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Add an index on dynalite: the blog sample's comments read by their commenter, newest first, a pattern no key of the
 * table serves. dynalite 4.0.0 takes UpdateTable's Create and ignores it (the second test shows it), so the index's
 * creation is played by {@link IndexCreatingRelay}: the table is made with GSI2 already, which dynalite fills from every
 * write; the relay hides it until UpdateTable asks for it, then says CREATING, backfilling, ACTIVE. The backfill's writes,
 * DescribeTable's table and the proof's Queries on GSI2 are dynalite's own.
 */
@ExtendWith(DynamoEndpointExtension.class)
class AddIndexIT {
    private static final IndexDescription GSI2 = new IndexDescription("GSI2", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI2PK", "GSI2SK"),
            IndexDescription.Projection.ALL, List.of(), null, null, null);
    private static final AccessPattern COMMENTS_OF_A_USER = new AccessPattern("commentsOfAUserNewestFirst", List.of("COMMENT"),
            List.of("commenterId"), null, "createdAt", true, 0, 0, 0);
    private static final AddIndex.Settings QUICK = new AddIndex.Settings(Duration.ofMillis(50), Duration.ofMinutes(1), Duration.ofMillis(200), 5);

    @TempDir
    Path dir;

    private static boolean isComment(Item item) {
        return ((AttributeValue.Str) item.get("SK").orElseThrow()).value().startsWith("COMMENT#");
    }

    @Test
    void theWholeFlow_backfillsTheKeys_createsTheIndex_waitsUntilActive_andThePatternsQueryReturnsExactlyTheEntitysItems(
            TestEndpoint endpoint, DynamoSession session) throws Exception {
        var table = SampleTables.loadBlog(endpoint, session, "add-index", List.of(GSI2));
        var before = SampleTables.scan(session, table);
        var comments = before.stream().filter(AddIndexIT::isComment).toList();
        var executor = Executors.newSingleThreadExecutor();
        try (var relay = new IndexCreatingRelay(endpoint.endpoint(), "GSI2", 3);
             var relayed = WriteGuard.protect(new AwsDynamoSessionFactory().open(ConnectionProfile.create("relay",
                     new CredentialsSource.LocalPlaceholder(), "us-east-1", relay.endpoint(), false, ConnectionTag.LOCAL)))) {
            var addIndex = new AddIndex(relayed, executor, WriteConfirmer.NONE, ChangeSettings.DEFAULTS, QUICK, Clock.systemUTC());
            var described = relayed.describeTable(table).get(30, TimeUnit.SECONDS);
            assertThat(described.index("GSI2")).as("the relay hides GSI2 until it is created").isEmpty();

            var plan = addIndex.plan(described, "COMMENT", COMMENTS_OF_A_USER, null, null, addIndex.cost(described), p -> { })
                    .result().get(1, TimeUnit.MINUTES);

            assertThat(plan.proposal().index().name()).isEqualTo("GSI2");
            assertThat(plan.proposal().keyTemplates()).hasToString("{GSI2PK=COMMENTER#{commenterId}, GSI2SK={createdAt}}");
            assertThat(plan.backfilled()).isEqualTo(comments.size());

            var progress = new CopyOnWriteArrayList<AddIndex.Progress>();
            var changeFile = dir.resolve(AddIndex.changeFileName(plan));
            var report = addIndex.start(plan, changeFile, progress::add).result().get(2, TimeUnit.MINUTES);

            assertThat(report.stopped()).isNull();
            assertThat(report.backfill().counts().applied()).isEqualTo(comments.size());
            assertThat(report.index().status()).isEqualTo("ACTIVE");
            assertThat(report.proof().passed()).as(String.valueOf(report.proof().problem())).isTrue();
            assertThat(report.proof().runs()).hasSize(AddIndex.PROOF_RUNS)
                    .allSatisfy(run -> assertThat(run.returned()).isEqualTo(run.expected()).isPositive());
            assertThat(progress).extracting(AddIndex.Progress::step).contains(AddIndex.Step.BACKFILL, AddIndex.Step.CREATE, AddIndex.Step.PROVE);
            assertThat(progress).extracting(AddIndex.Progress::text).anyMatch(text -> text.startsWith("GSI2 CREATING, backfilling"));
            assertThat(relay.operations()).containsOnlyOnce("UpdateTable");
            assertThat(Files.readString(changeFile)).contains("GSI2PK").contains("COMMENTER#{commenterId}");
            assertThat(report.undo()).exists();
        } finally {
            executor.shutdownNow();
        }

        // the whole table: every comment has its two new keys, as the templates make them; nothing else changed
        var after = byKey(SampleTables.scan(session, table));
        assertThat(after).hasSize(before.size());
        for (var item : before) {
            var now = after.get(item.key("PK", "SK"));
            if (isComment(item)) {
                var expected = new HashMap<>(item.attributes());
                expected.put("GSI2PK", AttributeValue.s("COMMENTER#" + ((AttributeValue.Str) item.get("commenterId").orElseThrow()).value()));
                expected.put("GSI2SK", item.get("createdAt").orElseThrow());
                assertThat(now.attributes()).isEqualTo(expected);
            } else {
                assertThat(now).isEqualTo(item);
            }
        }
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    /**
     * What docs/changes.md records of dynalite 4.0.0: it refuses a Create without ProvisionedThroughput (its validation
     * predates on-demand tables, whose indexes take none), and answers one with it without the index, which it never makes.
     */
    @Test
    void dynaliteItself_refusesAnOnDemandCreate_andTakesAProvisionedOneWithoutMakingTheIndex(TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var table = SampleTables.loadBlog(endpoint, session, "add-index-dynalite");

        var onDemand = failure(session.createGlobalSecondaryIndex(CreateIndexSpec.onDemand(table, GSI2)));
        var provisioned = failure(session.createGlobalSecondaryIndex(new CreateIndexSpec(table, GSI2, 1L, 1L)));

        assertThat(onDemand.getMessage()).contains("Value null at 'globalSecondaryIndexUpdates.1.member.create.provisionedThroughput' "
                + "failed to satisfy constraint: Member must not be null");
        assertThat(provisioned.getMessage()).contains("took UpdateTable but its answer does not list index GSI2 of " + table
                + ": it did not create the index");
        assertThat(session.describeTable(table).get(30, TimeUnit.SECONDS).index("GSI2")).isEmpty();
        session.deleteTable(table).get(30, TimeUnit.SECONDS);
    }

    private static Throwable failure(java.util.concurrent.CompletableFuture<?> future) throws Exception {
        try {
            future.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(DynamoAccessException.class);
            return e.getCause();
        }
        throw new AssertionError("dynalite made the index: the relay of the test above is no longer needed");
    }

    private static Map<Map<String, AttributeValue>, Item> byKey(List<Item> items) {
        var map = new HashMap<Map<String, AttributeValue>, Item>();
        items.forEach(item -> map.put(item.key("PK", "SK"), item));
        return map;
    }
}
