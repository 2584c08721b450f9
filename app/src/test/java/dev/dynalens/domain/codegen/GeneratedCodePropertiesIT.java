package dev.dynalens.domain.codegen;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.KeySchema.KeyAttribute;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.DynaliteProcess;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Generated values of every type (ItemArbitraries: 38-digit numbers at DynamoDB's range bounds, binary of any bytes,
 * any Unicode text, nested lists and maps up to the depth limit, sets) written by each language's snippet into
 * dynalite, under a binary partition key and a number sort key. Each try is one batch of cases, run in one process (or
 * one compiler run), so a try costs one process start. Shrinking is off: every step would start a process again, and a
 * failure already names each failing case with its snippet and the attributes that differ.
 *
 * <p>jqwik does not run JUnit Jupiter extensions, so this class starts a dynalite of its own (or uses
 * {@code -Ddynamodb.endpoint}).
 */
class GeneratedCodePropertiesIT {
    private static final KeySchema KEY_SCHEMA = new KeySchema(new KeyAttribute("pk", ScalarType.B),
            new KeyAttribute("sk", ScalarType.N));
    private static final Set<String> RESERVED = Set.of("pk", "sk", "keep");
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);

    private static DynaliteProcess dynalite;
    private static URI endpoint;
    private static DynamoSession session;

    @BeforeContainer
    static void startEndpoint() {
        var external = System.getProperty("dynamodb.endpoint", "").strip();
        if (external.isEmpty()) {
            dynalite = DynamoEndpointExtension.startPrivateDynalite();
            endpoint = dynalite.endpoint();
        } else {
            endpoint = URI.create(external);
        }
        session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("generated code", endpoint));
    }

    @AfterContainer
    static void stopEndpoint() {
        if (session != null) {
            session.close();
        }
        if (dynalite != null) {
            dynalite.close();
        }
    }

    @Property(tries = 6, shrinking = ShrinkingMode.OFF)
    void javaSnippets_writeGeneratedValuesExactly(@ForAll("batches") List<SnippetCase> cases) throws Exception {
        check(Language.JAVA, cases);
    }

    @Property(tries = 6, shrinking = ShrinkingMode.OFF)
    void javaScriptSnippets_writeGeneratedValuesExactly(@ForAll("batches") List<SnippetCase> cases) throws Exception {
        check(Language.JAVASCRIPT, cases);
    }

    @Property(tries = 6, shrinking = ShrinkingMode.OFF)
    void pythonSnippets_writeGeneratedValuesExactly(@ForAll("batches") List<SnippetCase> cases) throws Exception {
        check(Language.PYTHON, cases);
    }

    /** Fewer cases: the CLI starts one process per snippet, about a second each. */
    @Property(tries = 2, shrinking = ShrinkingMode.OFF)
    void cliSnippets_writeGeneratedValuesExactly(@ForAll("smallBatches") List<SnippetCase> cases) throws Exception {
        check(Language.CLI, cases);
    }

    private static void check(Language language, List<SnippetCase> cases) throws Exception {
        var table = "codegen-props-" + language.optionValue() + "-" + RUN + "-" + TABLES.incrementAndGet();
        SnippetChecks.createTable(session, table, KEY_SCHEMA);
        SnippetChecks.runAndVerify(language, session, endpoint, table, cases);
    }

    @Provide
    Arbitrary<List<SnippetCase>> batches() {
        return drafts().list().ofMinSize(8).ofMaxSize(12).map(GeneratedCodePropertiesIT::numbered);
    }

    @Provide
    Arbitrary<List<SnippetCase>> smallBatches() {
        return drafts().list().ofMinSize(4).ofMaxSize(6).map(GeneratedCodePropertiesIT::numbered);
    }

    /** A case before it has its place in a batch: the batch index makes each partition key unique. */
    private record Draft(Bytes keySalt, DynamoNumber sortKey, AttributeValue keep, boolean conditionHolds,
                         Map<String, AttributeValue> assignments) {
    }

    private static Arbitrary<Draft> drafts() {
        var keep = Arbitraries.oneOf(ItemArbitraries.strings().map(AttributeValue::s),
                ItemArbitraries.numbers().map(AttributeValue.Num::new), ItemArbitraries.bytes().map(AttributeValue.Bin::new));
        var assignments = Arbitraries.maps(ItemArbitraries.names().filter(name -> !RESERVED.contains(name)),
                ItemArbitraries.values(ItemArbitraries.MAX_DEPTH)).ofMinSize(1).ofMaxSize(5);
        return Combinators.combine(ItemArbitraries.bytes(), ItemArbitraries.numbers(), keep,
                Arbitraries.of(true, true, true, false), assignments).as(Draft::new);
    }

    private static List<SnippetCase> numbered(List<Draft> drafts) {
        var cases = new ArrayList<SnippetCase>();
        for (int i = 0; i < drafts.size(); i++) {
            var draft = drafts.get(i);
            var pk = new byte[draft.keySalt().length() + 1];
            pk[0] = (byte) i;
            System.arraycopy(draft.keySalt().toArray(), 0, pk, 1, draft.keySalt().length());
            var key = new LinkedHashMap<String, AttributeValue>();
            key.put("pk", AttributeValue.b(pk));
            key.put("sk", new AttributeValue.Num(draft.sortKey()));
            var initial = new LinkedHashMap<>(key);
            initial.put("keep", draft.keep());
            var builder = SnippetCase.on("generated " + i, new Item(initial), key)
                    .conditionEquals("keep", draft.conditionHolds() ? draft.keep() : differentFrom(draft.keep()));
            draft.assignments().forEach(builder::set);
            cases.add(builder.build());
        }
        return cases;
    }

    /** A value of the same type that is not equal: the condition must fail on exactly this difference. */
    private static AttributeValue differentFrom(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> AttributeValue.s(s.value() + "\u0000");
            case AttributeValue.Num n -> n.value().toBigDecimal().signum() == 0
                    ? AttributeValue.n("1E-130")
                    : new AttributeValue.Num(DynamoNumber.of(n.value().toBigDecimal().negate()));
            case AttributeValue.Bin b -> {
                var bytes = java.util.Arrays.copyOf(b.value().toArray(), b.value().length() + 1);
                yield AttributeValue.b(bytes);
            }
            default -> throw new IllegalArgumentException("keep is a string, number or binary: " + value);
        };
    }
}
