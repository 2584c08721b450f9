package dev.dynalens.service.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.connection.ReadOnlyConnectionException;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.table.CreateIndexSpec;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.service.DynamoSession;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every write the {@link DynamoSession} port has goes through the guard. The port's methods are listed by reflection:
 * a method not named among the reads below counts as a write, so a write added to the port later is checked here
 * without anyone remembering to add it.
 */
class WriteGuardTest {
    private static final String TABLE = "Orders";
    /**
     * The port's methods that do not write. Anything else is a write and must be guarded. The PartiQL methods are not
     * here: they write whenever their statement does, and are called below with statements that write. An export to S3
     * is here: it writes into S3, reading nothing from the table and changing nothing in it.
     */
    private static final Set<String> READS = Set.of("profile", "writeProfile", "scansAnsweredFrom", "testConnection", "listTables", "describeTable", "read", "getItem",
            "batchGet", "close", "describeContinuousBackups", "exportTableToPointInTime", "describeExport", "listExports");

    /** Every method of the port, its default ones too (a default write would otherwise go unguarded, unseen here). */
    static Stream<Method> writes() {
        return Arrays.stream(DynamoSession.class.getMethods())
                .filter(method -> !java.lang.reflect.Modifier.isStatic(method.getModifiers()))
                .filter(method -> !READS.contains(method.getName()))
                .sorted(Comparator.comparing(Method::getName));
    }

    @Test
    void thePortHasTheWritesWeKnowOf() {
        assertThat(writes().map(Method::getName)).containsExactly("batchExecuteStatement", "batchPut", "createGlobalSecondaryIndex", "createTable", "deleteItem",
                "deleteTable", "executeStatement", "executeTransaction", "putItem", "transactWrite", "updateContinuousBackups", "write");
    }

    /** A method the guard does not override would be answered by the port's default, not by the connection. */
    @Test
    void theGuard_passesOnEveryMethodOfThePort() {
        for (var method : DynamoSession.class.getMethods()) {
            if (java.lang.reflect.Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            assertThat(Arrays.stream(WriteGuard.class.getDeclaredMethods())
                    .anyMatch(m -> m.getName().equals(method.getName()) && Arrays.equals(m.getParameterTypes(), method.getParameterTypes())))
                    .as("WriteGuard overrides " + method).isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writes")
    void everyWrite_onAReadOnlyConnection_isRefusedAndNothingReachesTheConnection(Method write) throws Exception {
        var connection = new Recorder(profile(true, ConnectionTag.NONE));

        var failure = failureOf(call(WriteGuard.protect(connection.session()), write));

        assertThat(failure).isInstanceOf(ReadOnlyConnectionException.class);
        assertThat(connection.calls).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writes")
    void everyWrite_onAProductionConnection_isRefusedWithoutConfirmation(Method write) throws Exception {
        var connection = new Recorder(profile(false, ConnectionTag.PRODUCTION));

        var failure = failureOf(call(WriteGuard.protect(connection.session()), write));

        assertThat(failure).isInstanceOf(WriteNotConfirmedException.class);
        assertThat(((WriteNotConfirmedException) failure).tableName()).isEqualTo(TABLE);
        assertThat(connection.calls).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writes")
    void everyWrite_onAProductionConnection_isSentOnceTheTableNameIsConfirmed(Method write) throws Exception {
        var connection = new Recorder(profile(false, ConnectionTag.PRODUCTION));
        var guard = WriteGuard.forAction(WriteGuard.protect(connection.session()), WriteConfirmer.typed(" Orders ", "type %s"));

        call(guard, write).get();

        assertThat(connection.calls).containsExactly(write.getName());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writes")
    void everyWrite_onAProductionConnection_isRefusedWhenAnotherTableWasTyped(Method write) throws Exception {
        var connection = new Recorder(profile(false, ConnectionTag.PRODUCTION));
        var guard = WriteGuard.forAction(connection.session(), WriteConfirmer.typed("orders", "repeat the table name with --confirm-table %s"));

        var failure = failureOf(call(guard, write));

        assertThat(failure).hasMessage("Connection 'prod' is tagged production: repeat the table name with --confirm-table Orders");
        assertThat(connection.calls).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("writes")
    void everyWrite_onAnOrdinaryConnection_goesStraightThrough(Method write) throws Exception {
        var connection = new Recorder(profile(false, ConnectionTag.DEV));

        call(WriteGuard.protect(connection.session()), write).get();

        assertThat(connection.calls).containsExactly(write.getName());
    }

    @Test
    void anAction_isAskedOncePerTable_beforeItReadsAnything_andNotAgainForItsWrites() throws Exception {
        var connection = new Recorder(profile(false, ConnectionTag.PRODUCTION));
        var asked = new ArrayList<WriteIntent>();
        var guard = WriteGuard.forAction(WriteGuard.protect(connection.session()), intent -> {
            asked.add(intent);
            return CompletableFuture.completedFuture(null);
        });

        guard.confirmWrites(TABLE, "import").get();
        guard.putItem(TABLE, item()).get();
        guard.batchPut(TABLE, List.of(item(), item())).get();

        assertThat(asked).extracting(WriteIntent::action).containsExactly("import");
        assertThat(asked.getFirst().tableName()).isEqualTo(TABLE);
        assertThat(connection.calls).containsExactly("putItem", "batchPut");
    }

    @Test
    void aNewAction_isAskedAgain() throws Exception {
        var connection = new Recorder(profile(false, ConnectionTag.PRODUCTION));
        var asked = new AtomicInteger();
        WriteConfirmer counting = intent -> {
            asked.incrementAndGet();
            return CompletableFuture.completedFuture(null);
        };
        var shared = WriteGuard.protect(connection.session());

        WriteGuard.forAction(shared, counting).putItem(TABLE, item()).get();
        WriteGuard.forAction(shared, counting).putItem(TABLE, item()).get();

        assertThat(asked).hasValue(2);
    }

    @Test
    void aTransactionOverTwoTables_needsBoth() {
        var connection = new Recorder(profile(false, ConnectionTag.PRODUCTION));
        var guard = WriteGuard.forAction(connection.session(), WriteConfirmer.typed(TABLE, "type %s"));
        var writes = List.<ItemWrite>of(ItemWrite.Put.unconditional(TABLE, item()), ItemWrite.Put.unconditional("Audit", item()));

        assertThatThrownBy(() -> guard.transactWrite(writes, "token").get()).cause()
                .isInstanceOf(WriteNotConfirmedException.class).hasMessageContaining("Audit");
        assertThat(connection.calls).isEmpty();
    }

    @Test
    void readsPassThrough_evenWhenWritesAreRefused() throws Exception {
        var connection = new Recorder(profile(true, ConnectionTag.PRODUCTION));
        var guard = WriteGuard.protect(connection.session());

        guard.read(new ReadRequest.Scan(TABLE, null, null, null)).get();
        guard.describeTable(TABLE).get();
        guard.getItem(TABLE, Map.of("PK", AttributeValue.s("A")), true).get();

        assertThat(connection.calls).containsExactly("read", "describeTable", "getItem");
    }

    @Test
    void partiqlSelects_passThroughEvenOnAReadOnlyConnection() throws Exception {
        var connection = new Recorder(profile(true, ConnectionTag.PRODUCTION));
        var guard = WriteGuard.protect(connection.session());
        var select = PartiqlStatement.of("SELECT * FROM \"Orders\" WHERE PK = ?", List.of(AttributeValue.s("A")));

        guard.executeStatement(select, false, null, null).get();
        guard.batchExecuteStatement(List.of(select)).get();
        guard.executeTransaction(List.of(select), "token").get();

        assertThat(connection.calls).containsExactly("executeStatement", "batchExecuteStatement", "executeTransaction");
    }

    @Test
    void aBatchWithOneWritingStatement_isAWrite_forTheTableThatStatementNames() {
        var connection = new Recorder(profile(false, ConnectionTag.PRODUCTION));
        var guard = WriteGuard.forAction(connection.session(), WriteConfirmer.typed("Orders", "type %s"));
        var batch = List.of(PartiqlStatement.of("SELECT * FROM Orders WHERE PK = 'A'"),
                PartiqlStatement.of("DELETE FROM \"Audit\" WHERE PK = 'A' AND SK = 'B'"));

        assertThatThrownBy(() -> guard.batchExecuteStatement(batch).get()).cause()
                .isInstanceOf(WriteNotConfirmedException.class).hasMessageContaining("Audit");
        assertThat(connection.calls).isEmpty();
    }

    @Test
    void closingAnActionsGuard_leavesTheConnectionOpen() {
        var connection = new Recorder(profile(false, ConnectionTag.PRODUCTION));
        var shared = WriteGuard.protect(connection.session());

        WriteGuard.forAction(shared, WriteConfirmer.NONE).close();
        assertThat(connection.calls).isEmpty();
        shared.close();
        assertThat(connection.calls).containsExactly("close");
    }

    // ---- helpers ----

    private static ConnectionProfile profile(boolean readOnly, ConnectionTag tag) {
        return ConnectionProfile.create("prod", new CredentialsSource.LocalPlaceholder(), "us-east-1", URI.create("http://localhost:1"),
                readOnly, tag);
    }

    private static Item item() {
        return Item.of(Map.of("PK", AttributeValue.s("A"), "SK", AttributeValue.s("B")));
    }

    private static CompletableFuture<?> call(DynamoSession session, Method method) throws Exception {
        try {
            return (CompletableFuture<?>) method.invoke(session, arguments(method));
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }

    private static Object[] arguments(Method method) {
        var types = method.getGenericParameterTypes();
        var arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            arguments[i] = argument(types[i]);
        }
        return arguments;
    }

    private static Object argument(java.lang.reflect.Type type) {
        if (type == String.class) return TABLE;
        if (type == Item.class) return item();
        if (type == boolean.class) return false;
        if (type == CreateTableSpec.class) return new CreateTableSpec(TABLE, KeySchema.of("PK", "SK"), List.of());
        if (type == CreateIndexSpec.class) return CreateIndexSpec.onDemand(TABLE, new IndexDescription("GSI2", IndexDescription.Kind.GLOBAL,
                KeySchema.of("GSI2PK", "GSI2SK"), IndexDescription.Projection.ALL, List.of(), null, null, null));
        if (type == ItemWrite.class) return ItemWrite.Put.unconditional(TABLE, item());
        if (type == Integer.class) return null;
        if (type == PartiqlStatement.class) return PartiqlStatement.of("UPDATE \"" + TABLE + "\" SET n = 1 WHERE PK = 'A' AND SK = 'B'");
        if (type instanceof ParameterizedType parameterized && parameterized.getRawType() == Map.class) {
            return Map.of("PK", AttributeValue.s("A"));
        }
        if (type instanceof ParameterizedType parameterized && parameterized.getRawType() == List.class) {
            var element = parameterized.getActualTypeArguments()[0];
            return List.of(argument(element));
        }
        throw new AssertionError("No test argument for a parameter of type " + type + ": add one here");
    }

    private static Throwable failureOf(CompletableFuture<?> future) {
        try {
            future.get();
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("the write was not refused");
    }

    /** A connection that records the name of every method called on it and answers at once. */
    private static final class Recorder {
        final List<String> calls = new ArrayList<>();
        final ConnectionProfile profile;

        Recorder(ConnectionProfile profile) {
            this.profile = profile;
        }

        DynamoSession session() {
            return (DynamoSession) Proxy.newProxyInstance(DynamoSession.class.getClassLoader(), new Class<?>[] {DynamoSession.class},
                    (proxy, method, args) -> {
                        if (method.getName().equals("profile") || method.getName().equals("writeProfile")) return profile;
                        if (method.getDeclaringClass() == Object.class) return method.invoke(this, args);
                        calls.add(method.getName());
                        return method.getReturnType() == CompletableFuture.class ? CompletableFuture.completedFuture(null) : null;
                    });
        }
    }
}
