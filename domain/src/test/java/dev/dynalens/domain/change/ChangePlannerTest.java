package dev.dynalens.domain.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.expression.ConditionEvaluator;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.UpdateEvaluator;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.write.ItemWrite;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ChangePlannerTest {
    static final TableDescription ORDERS = new TableDescription("Orders", KeySchema.of("PK", "SK"),
            List.of(new IndexDescription("GSI2", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI2PK", "GSI2SK"),
                    IndexDescription.Projection.ALL, List.of(), null, null, null)),
            List.of(), 0, 0, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());

    static Item order(String id, Map<String, AttributeValue> more) {
        var values = new LinkedHashMap<String, AttributeValue>();
        values.put("PK", AttributeValue.s("CUSTOMER#42"));
        values.put("SK", AttributeValue.s("ORDER#" + id));
        values.put("orderId", AttributeValue.s(id));
        values.putAll(more);
        return new Item(values);
    }

    static ChangePlanner planner(String file) {
        return new ChangePlanner(ChangeFileReader.read(file), ORDERS);
    }

    static final String BACKFILL = ChangeFileReaderTest.BACKFILL;

    /** The planned UpdateItem, as DynamoDB would apply it: the condition holds on the item read, the update makes the after image. */
    static Item applied(ItemWrite.Update write, Item before) {
        var condition = Expressions.parseCondition(write.conditionExpression(), write.names(), write.values());
        assertThat(ConditionEvaluator.evaluate(condition, before)).as(write.conditionExpression()).isTrue();
        return UpdateEvaluator.apply(Expressions.parseUpdate(write.updateExpression(), write.names(), write.values()), before);
    }

    @Test
    void aBackfillSetsTheIndexKeys_removesAndRenames_conditionalOnWhatWasRead() {
        var before = order("2024-001", Map.of("status", AttributeValue.s("SHIPPED"), "createdAt", AttributeValue.s("2024-05-01"),
                "legacyFlag", AttributeValue.bool(true), "cust_id", AttributeValue.n(42)));

        var change = planner(BACKFILL).plan(before);

        assertThat(change).isInstanceOf(ItemChange.Update.class);
        var update = (ItemChange.Update) change;
        assertThat(update.after().attributes()).containsEntry("GSI2PK", AttributeValue.s("STATUS#SHIPPED"))
                .containsEntry("GSI2SK", AttributeValue.s("2024-05-01#2024-001")).containsEntry("customerId", AttributeValue.n(42))
                .doesNotContainKeys("legacyFlag", "cust_id");
        assertThat(applied(update.write(), before)).isEqualTo(update.after());
        // someone changed the status since the plan: the condition no longer holds, the write is skipped
        var edited = before.with("status", AttributeValue.s("RETURNED"));
        var condition = Expressions.parseCondition(update.write().conditionExpression(), update.write().names(), update.write().values());
        assertThat(ConditionEvaluator.evaluate(condition, edited)).isFalse();
        // the table's write (1 KB) and GSI2's new entry (the item enters the index): 2 units
        assertThat(update.writeUnits()).isEqualTo(CapacityUnits.of(2));
    }

    @Test
    void anItemLackingATemplatesAttributeIsLeftAsItIs_andSaysWhich() {
        var change = planner(BACKFILL).plan(order("2024-002", Map.of("status", AttributeValue.s("OPEN"))));
        assertThat(change).isInstanceOfSatisfying(ItemChange.Unchanged.class, unchanged -> {
            assertThat(unchanged.why()).isEqualTo(ItemChange.Unchanged.Why.MISSING_ATTRIBUTE);
            assertThat(unchanged.detail()).isEqualTo("createdAt");
        });
    }

    @Test
    void anItemAlreadyAsTheChangeWouldMakeItIsNotWritten() {
        var change = planner("""
                table: Orders
                where: {entity: ORDER}
                set: {GSI2PK: "STATUS#{status}"}
                """).plan(order("7", Map.of("status", AttributeValue.s("OPEN"), "GSI2PK", AttributeValue.s("STATUS#OPEN"))));
        assertThat(change).isInstanceOfSatisfying(ItemChange.Unchanged.class,
                u -> assertThat(u.why()).isEqualTo(ItemChange.Unchanged.Why.ALREADY_SO));
        assertThat(change.writes()).isEmpty();
    }

    @Test
    void settingAKeyAttributeMovesTheItem() {
        var before = order("9", Map.of("status", AttributeValue.s("OPEN")));
        var change = planner("""
                table: Orders
                where: {entity: ORDER}
                set: {SK: "ORDER#{status}#{orderId}"}
                """).plan(before);
        assertThat(change).isInstanceOfSatisfying(ItemChange.Move.class, move -> {
            assertThat(move.put().item().attributes()).containsEntry("SK", AttributeValue.s("ORDER#OPEN#9"));
            assertThat(move.put().conditionExpression()).isEqualTo("attribute_not_exists(#pk)");
            assertThat(move.delete().key()).isEqualTo(before.key("PK", "SK"));
            // a put and a delete in one transaction: twice a standard write each
            assertThat(move.writeUnits()).isEqualTo(CapacityUnits.of(4));
        });
    }

    @Test
    void aDeleteChecksTheWholeItem() {
        var before = order("3", Map.of("status", AttributeValue.s("TEST")));
        var change = planner("""
                table: Orders
                where: {entity: ORDER}
                delete: true
                """).plan(before);
        assertThat(change).isInstanceOfSatisfying(ItemChange.Delete.class, delete -> {
            var condition = Expressions.parseCondition(delete.write().conditionExpression(), delete.write().names(), delete.write().values());
            assertThat(ConditionEvaluator.evaluate(condition, before)).isTrue();
            assertThat(ConditionEvaluator.evaluate(condition, before.with("status", AttributeValue.s("LIVE")))).isFalse();
            assertThat(delete.writeUnits()).isEqualTo(CapacityUnits.of(1));
        });
    }

    @Test
    void anItemOver400KbAfterTheChangeIsRefusedWithItsKey() {
        var big = "x".repeat(300 * 1024);
        var change = planner("""
                table: Orders
                where: {entity: ORDER}
                set: {copy: "{blob}{blob}"}
                """).plan(order("big", Map.of("blob", AttributeValue.s(big))));
        assertThat(change).isInstanceOfSatisfying(ItemChange.Refused.class,
                refused -> assertThat(refused.reason()).contains("over DynamoDB's 400 KB"));
        assertThat(change.key()).containsEntry("SK", AttributeValue.s("ORDER#big"));
    }

    @Test
    void aKeyAttributeRemoved_orANumberKeyFromText_isAProblemOfTheFileWithItsPlace() {
        var numbered = new TableDescription("Scores", new KeySchema(new KeySchema.KeyAttribute("PK", KeySchema.ScalarType.S),
                new KeySchema.KeyAttribute("score", KeySchema.ScalarType.N)), List.of(), List.of(), 0, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
        var spec = ChangeFileReader.read("""
                table: Scores
                where: {entity: GAME}
                set: {score: "POINTS#{points}"}
                remove: [PK]
                """);
        assertThatThrownBy(() -> new ChangePlanner(spec, numbered)).isInstanceOf(ChangeFileException.class)
                .hasMessageContaining("line 4, column 10: 'PK' is a key attribute of Scores: an item cannot lose its key")
                .hasMessageContaining("line 3, column 7: 'score' is a key of type N, and the template POINTS#{points} makes a string");
    }

    /** Whatever the item, a planned update applied as DynamoDB applies it gives the plan's after image. */
    @Property(tries = 300)
    void anyPlannedUpdateAppliedGivesTheAfterImage(@ForAll("items") Item generated) {
        var values = new LinkedHashMap<>(generated.attributes());
        values.put("PK", AttributeValue.s("P"));
        values.put("SK", AttributeValue.s("S"));
        values.putIfAbsent("status", AttributeValue.s("OPEN"));
        values.putIfAbsent("createdAt", AttributeValue.s("2024"));
        values.putIfAbsent("orderId", AttributeValue.s("1"));
        var before = new Item(values);
        var change = planner(BACKFILL).plan(before);
        if (change instanceof ItemChange.Update update) {
            assertThat(applied(update.write(), before)).isEqualTo(update.after());
        } else {
            assertThat(change).isInstanceOfAny(ItemChange.Unchanged.class, ItemChange.Refused.class);
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Item> items() {
        return ItemArbitraries.items();
    }
}
