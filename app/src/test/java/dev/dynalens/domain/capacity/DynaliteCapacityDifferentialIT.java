package dev.dynalens.domain.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.DynaliteProcess;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The calculator against dynalite's ConsumedCapacity (ReturnConsumedCapacity=TOTAL) for real GetItem
 * (eventual and strong), PutItem (new and overwrite), UpdateItem, DeleteItem and Query requests on
 * generated items of every type, up to about 20 KB.
 *
 * <p>Equality is asserted everywhere except where dynalite and the Developer Guide disagree; those
 * differences are listed in docs/capacity.md and asserted here explicitly:
 * <ol>
 *   <li>dynalite counts strings and attribute names in UTF-16 code units (JavaScript's
 *       {@code length}), the guide in UTF-8 bytes. For an item with non-ASCII text dynalite's figure is
 *       asserted to be the guide's size minus exactly that surplus, rounded by the same rules;</li>
 *   <li>a Query that reads nothing: dynalite reports 0, the calculator one unit;</li>
 *   <li>a write whose condition fails: dynalite reports no capacity at all.</li>
 * </ol>
 * A private dynalite is started for this class (jqwik properties do not take JUnit extensions).
 */
class DynaliteCapacityDifferentialIT {
    private static final String TABLE = "capacity-diff";
    private static DynaliteProcess dynalite;
    private static DynamoSession session;
    private static final AtomicInteger partitions = new AtomicInteger();
    private static final AtomicInteger utf16Differences = new AtomicInteger();
    private static final AtomicInteger exactChecks = new AtomicInteger();

    @BeforeContainer
    static void startDynalite() throws Exception {
        dynalite = DynamoEndpointExtension.startPrivateDynalite();
        session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("capacity", dynalite.endpoint()));
        session.createTable(new CreateTableSpec(TABLE, KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
    }

    @AfterContainer
    static void stopDynalite() {
        if (session != null) session.close();
        if (dynalite != null) dynalite.close();
        System.out.println("[capacity] checks equal to the calculator: " + exactChecks.get()
                + "; checks on dynalite's UTF-16 sizes (difference 1): " + utf16Differences.get());
    }

    @Property(tries = 150)
    void everyOperation_costsWhatTheCalculatorPredicts(@ForAll("collections") List<Item> contents, @ForAll("items") Item replacement,
                                                       @ForAll("values") AttributeValue updated) throws Exception {
        var pk = AttributeValue.s("P#" + partitions.incrementAndGet());
        var items = new ArrayList<Item>();
        for (int i = 0; i < contents.size(); i++) {
            items.add(keyed(contents.get(i), pk, "S#" + i));
        }
        var first = items.getFirst();
        var key = first.key("PK", "SK");

        // PutItem of new items
        for (var item : items) {
            var put = session.write(ItemWrite.Put.unconditional(TABLE, item)).get(10, TimeUnit.SECONDS);
            assertCapacity(put.capacity(), item, null, (size, old) -> CapacityCalculator.putItem(size, OptionalLong.empty()));
        }

        // GetItem, eventually and strongly consistent
        var eventual = session.getItem(TABLE, key, false).get(10, TimeUnit.SECONDS);
        assertThat(eventual.item()).contains(first);
        assertCapacity(eventual.capacity(), first, null, (size, old) -> CapacityCalculator.getItem(size, ReadConsistency.EVENTUAL));
        var strong = session.getItem(TABLE, key, true).get(10, TimeUnit.SECONDS);
        assertCapacity(strong.capacity(), first, null, (size, old) -> CapacityCalculator.getItem(size, ReadConsistency.STRONG));

        // Query over the whole collection (eventually consistent: the port's Query does not ask for strong reads)
        var page = session.read(ReadRequest.Query.of(TABLE, "PK", pk).withSortKey("SK")).get(10, TimeUnit.SECONDS);
        assertThat(page.items()).hasSize(items.size());
        var guideSizes = items.stream().map(ItemSizeCalculator::sizeOf).toList();
        var dynaliteSizes = items.stream().map(item -> ItemSizeCalculator.sizeOf(item) - utf16Surplus(item)).toList();
        assertThat(units(page.consumedCapacity())).isEqualTo(CapacityCalculator.query(dynaliteSizes, ReadConsistency.EVENTUAL));
        if (dynaliteSizes.equals(guideSizes)) {
            assertThat(units(page.consumedCapacity())).isEqualTo(CapacityCalculator.query(guideSizes, ReadConsistency.EVENTUAL));
        }

        // PutItem over an existing item: the larger of the two
        var overwrite = keyed(replacement, pk, "S#0");
        var replaced = session.write(ItemWrite.Put.unconditional(TABLE, overwrite)).get(10, TimeUnit.SECONDS);
        assertThat(replaced.returned()).contains(first);
        assertCapacity(replaced.capacity(), overwrite, first, (size, old) -> CapacityCalculator.putItem(size, old));

        // UpdateItem: the larger of before and after
        var update = new ItemWrite.Update(TABLE, key, "SET #u = :v", null, Map.of("#u", "updated"), Map.of(":v", updated));
        var after = overwrite.with("updated", updated);
        var result = session.write(update).get(10, TimeUnit.SECONDS);
        assertThat(result.returned()).hasValueSatisfying(item -> assertThat(ItemSizeCalculator.sizeOf(item)).isEqualTo(ItemSizeCalculator.sizeOf(after)));
        assertCapacity(result.capacity(), after, overwrite, (size, before) -> CapacityCalculator.updateItem(before, size));

        // DeleteItem: the deleted item; then nothing left to delete costs one unit
        var deleted = session.write(new ItemWrite.Delete(TABLE, key, null, Map.of(), Map.of())).get(10, TimeUnit.SECONDS);
        assertCapacity(deleted.capacity(), after, null, (size, old) -> CapacityCalculator.deleteItem(OptionalLong.of(size)));
        var again = session.write(new ItemWrite.Delete(TABLE, key, null, Map.of(), Map.of())).get(10, TimeUnit.SECONDS);
        assertThat(units(again.capacity())).isEqualTo(CapacityCalculator.deleteItem(OptionalLong.empty()));
        var missing = session.getItem(TABLE, key, false).get(10, TimeUnit.SECONDS);
        assertThat(missing.item()).isEmpty();
        assertThat(units(missing.capacity())).isEqualTo(CapacityCalculator.getItem(OptionalLong.empty(), ReadConsistency.EVENTUAL));
    }

    /** Difference 2: dynalite charges nothing for a Query that reads nothing; the calculator charges one unit. */
    @Example
    void anEmptyQuery_dynaliteReportsZero_theCalculatorOneUnit() throws Exception {
        var page = session.read(ReadRequest.Query.of(TABLE, "PK", AttributeValue.s("NO-SUCH-PARTITION")).withSortKey("SK"))
                .get(10, TimeUnit.SECONDS);
        assertThat(page.items()).isEmpty();
        assertThat(page.consumedCapacity().capacityUnits()).isZero();
        assertThat(CapacityCalculator.query(List.of(), ReadConsistency.EVENTUAL)).hasToString("0.5");
    }

    /** Difference 3: dynalite reports no capacity for a failed conditional write; the guide charges the existing item's size (at least 1). */
    @Example
    void aFailedConditionalWrite_dynaliteReportsNothing() throws Exception {
        var item = Item.of(Map.of("PK", AttributeValue.s("COND"), "SK", AttributeValue.s("1"), "pad", AttributeValue.s("x".repeat(3000))));
        session.write(ItemWrite.Put.unconditional(TABLE, item)).get(10, TimeUnit.SECONDS);
        var failed = session.write(new ItemWrite.Put(TABLE, item, "attribute_not_exists(PK)", Map.of(), Map.of())).get(10, TimeUnit.SECONDS);
        assertThat(failed.status()).isEqualTo(WriteResult.Status.CONDITION_FAILED);
        assertThat(failed.capacity().reported()).isFalse();
        assertThat(CapacityCalculator.failedConditionalWrite(OptionalLong.of(ItemSizeCalculator.sizeOf(item)))).hasToString("3");
    }

    /** Difference 1 on a fixed item: "é" is 2 bytes in UTF-8 and 1 unit in UTF-16, so 1024 of them cross a write unit. */
    @Example
    void nonAsciiText_dynaliteCountsUtf16Units() throws Exception {
        var item = Item.of(Map.of("PK", AttributeValue.s("UTF"), "SK", AttributeValue.s("1"), "t", AttributeValue.s("é".repeat(1000))));
        assertThat(ItemSizeCalculator.sizeOf(item)).isEqualTo(2 + 3 + 2 + 1 + 1 + 2000);
        var put = session.write(ItemWrite.Put.unconditional(TABLE, item)).get(10, TimeUnit.SECONDS);
        assertThat(CapacityCalculator.putItem(ItemSizeCalculator.sizeOf(item), OptionalLong.empty())).hasToString("2");
        assertThat(put.capacity().capacityUnits()).isEqualTo(1.0);     // dynalite: 1,009 "bytes"
    }

    private interface Rule {
        CapacityUnits apply(long size, OptionalLong other);
    }

    /**
     * Asserts the reported capacity. With ASCII-only text it must be the calculator's prediction; with
     * other text it must be the same rule applied to dynalite's UTF-16 sizes (difference 1).
     */
    private static void assertCapacity(ConsumedCapacity reported, Item item, Item other, Rule rule) {
        long guideSize = ItemSizeCalculator.sizeOf(item);
        var guideOther = other == null ? OptionalLong.empty() : OptionalLong.of(ItemSizeCalculator.sizeOf(other));
        long surplus = utf16Surplus(item);
        long otherSurplus = other == null ? 0 : utf16Surplus(other);
        if (surplus == 0 && otherSurplus == 0) {
            exactChecks.incrementAndGet();
            assertThat(units(reported)).as("dynalite's capacity for %s", item).isEqualTo(rule.apply(guideSize, guideOther));
        } else {
            utf16Differences.incrementAndGet();
            var dynaliteOther = other == null ? OptionalLong.empty() : OptionalLong.of(guideOther.getAsLong() - otherSurplus);
            assertThat(units(reported)).as("dynalite's capacity (UTF-16 sizes) for %s", item)
                    .isEqualTo(rule.apply(guideSize - surplus, dynaliteOther));
        }
    }

    private static CapacityUnits units(ConsumedCapacity capacity) {
        assertThat(capacity.reported()).isTrue();
        var halves = capacity.capacityUnits() * 2;
        assertThat(halves).as("a multiple of 0.5").isEqualTo(Math.rint(halves));
        return CapacityUnits.ofHalves((long) halves);
    }

    /** How many more bytes the item's text has in UTF-8 than code units in UTF-16: names, strings and string sets, at any depth. */
    static long utf16Surplus(Item item) {
        long surplus = 0;
        for (var entry : item.attributes().entrySet()) {
            surplus += surplus(entry.getKey()) + surplus(entry.getValue());
        }
        return surplus;
    }

    private static long surplus(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> surplus(s.value());
            case AttributeValue.StringSet s -> s.values().stream().mapToLong(DynaliteCapacityDifferentialIT::surplus).sum();
            case AttributeValue.ListValue l -> l.values().stream().mapToLong(DynaliteCapacityDifferentialIT::surplus).sum();
            case AttributeValue.MapValue m -> m.values().entrySet().stream().mapToLong(e -> surplus(e.getKey()) + surplus(e.getValue())).sum();
            default -> 0;
        };
    }

    private static long surplus(String text) {
        return ItemSizeCalculator.utf8Length(text) - text.length();
    }

    private static Item keyed(Item content, AttributeValue pk, String sk) {
        var attributes = new LinkedHashMap<String, AttributeValue>(content.attributes());
        attributes.put("PK", pk);
        attributes.put("SK", AttributeValue.s(sk));
        return new Item(attributes);
    }

    @Provide
    Arbitrary<List<Item>> collections() {
        return items().list().ofMinSize(1).ofMaxSize(4);
    }

    /** Items of every type, most small, some padded with text or binary up to about 20 KB. */
    @Provide
    Arbitrary<Item> items() {
        var padding = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.just((AttributeValue) null)),
                net.jqwik.api.Tuple.of(2, Combinators.combine(Arbitraries.of("a", "é", "€", "😀", "ab"), Arbitraries.integers().between(0, 10_000))
                        .as((piece, count) -> (AttributeValue) AttributeValue.s(piece.repeat(count)))),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 20_000)
                        .map(n -> (AttributeValue) new AttributeValue.Bin(Bytes.of(new byte[n])))));
        // half the items keep ASCII text only, so that the exact comparison is exercised as often as difference 1
        var anyText = ItemArbitraries.items();
        var asciiText = ItemArbitraries.items().map(DynaliteCapacityDifferentialIT::asciiOnly);
        return Combinators.combine(Arbitraries.oneOf(anyText, asciiText), padding).as((item, pad) -> {
            if (pad == null) return item;
            var attributes = new LinkedHashMap<>(item.attributes());
            attributes.put("padding", pad);
            return new Item(attributes);
        });
    }

    private static Item asciiOnly(Item item) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        item.attributes().forEach((name, value) -> attributes.put(asciiName(name), asciiOnly(value)));
        return new Item(attributes);
    }

    private static AttributeValue asciiOnly(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> AttributeValue.s(ascii(s.value()));
            case AttributeValue.StringSet s -> new AttributeValue.StringSet(new java.util.LinkedHashSet<>(s.values().stream()
                    .map(DynaliteCapacityDifferentialIT::ascii).toList()));
            case AttributeValue.ListValue l -> AttributeValue.l(l.values().stream().map(DynaliteCapacityDifferentialIT::asciiOnly).toList());
            case AttributeValue.MapValue m -> {
                var entries = new LinkedHashMap<String, AttributeValue>();
                m.values().forEach((k, v) -> entries.put(asciiName(k), asciiOnly(v)));
                yield AttributeValue.m(entries);
            }
            default -> value;
        };
    }

    private static String ascii(String text) {
        return text.chars().filter(c -> c < 0x80).collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }

    private static String asciiName(String name) {
        var ascii = ascii(name);
        return ascii.isEmpty() ? "n" : ascii;
    }

    @Provide
    Arbitrary<AttributeValue> values() {
        return ItemArbitraries.values(3);
    }
}
