package dev.dynalens.domain.change;

import static dev.dynalens.domain.change.ChangePlannerTest.ORDERS;
import static dev.dynalens.domain.change.ChangePlannerTest.applied;
import static dev.dynalens.domain.change.ChangePlannerTest.order;
import static dev.dynalens.domain.change.ChangePlannerTest.planner;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.expression.ConditionEvaluator;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.write.ItemWrite;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The revert of each kind of change puts the item back exactly, and only where it still holds what the change wrote. */
class RevertPlannerTest {
    private static final RevertPlanner REVERT = new RevertPlanner(ORDERS);

    private static boolean holds(ItemWrite write, Item item) {
        if (write.conditionExpression() == null) {
            return true;
        }
        return item != null && ConditionEvaluator.evaluate(Expressions.parseCondition(write.conditionExpression(), write.names(),
                write.values()), item);
    }

    @Test
    void anUpdateIsUndoneByTheInverseUpdate_conditionalOnWhatTheChangeWrote() {
        var before = order("2024-001", Map.of("status", AttributeValue.s("SHIPPED"), "createdAt", AttributeValue.s("2024-05-01"),
                "legacyFlag", AttributeValue.bool(true), "cust_id", AttributeValue.n(42)));
        var change = (ItemChange.Update) planner(ChangePlannerTest.BACKFILL).plan(before);
        var after = applied(change.write(), before);

        var revert = REVERT.plan(UndoEntry.of(change).orElseThrow());

        assertThat(revert).isInstanceOfSatisfying(ItemChange.Update.class, undo -> {
            assertThat(applied(undo.write(), after).attributes()).isEqualTo(before.attributes());
            // someone set the new index key since: the revert does not overwrite it
            assertThat(holds(undo.write(), after.with("GSI2PK", AttributeValue.s("STATUS#OTHER")))).isFalse();
            // an attribute the change did not touch may have changed since: the revert leaves it as it is
            assertThat(holds(undo.write(), after.with("orderId", AttributeValue.s("x")))).isTrue();
            assertThat(undo.writeUnits()).isEqualTo(change.writeUnits());
        });
    }

    @Test
    void aMoveIsUndoneByTheMoveBack() {
        var before = order("9", Map.of("status", AttributeValue.s("OPEN")));
        var change = (ItemChange.Move) planner("""
                table: Orders
                where: {entity: ORDER}
                set: {SK: "ORDER#{status}#{orderId}"}
                """).plan(before);

        var revert = REVERT.plan(UndoEntry.of(change).orElseThrow());

        assertThat(revert).isInstanceOfSatisfying(ItemChange.Move.class, back -> {
            assertThat(back.key()).isEqualTo(change.after().key("PK", "SK"));
            assertThat(back.put().item()).isEqualTo(before);
            assertThat(back.put().conditionExpression()).isEqualTo("attribute_not_exists(#pk)");
            assertThat(back.delete().key()).isEqualTo(change.after().key("PK", "SK"));
            assertThat(holds(back.delete(), change.after())).isTrue();
            assertThat(holds(back.delete(), change.after().with("status", AttributeValue.s("CLOSED")))).isFalse();
            assertThat(back.writeUnits()).isEqualTo(CapacityUnits.of(4));
        });
    }

    @Test
    void aDeleteIsUndoneByPuttingTheItemBackWhereNoneIs() {
        var before = order("3", Map.of("status", AttributeValue.s("TEST"), "total", AttributeValue.n("12345678901234567890.123456789012345678")));
        var change = planner("""
                table: Orders
                where: {entity: ORDER}
                delete: true
                """).plan(before);

        var revert = REVERT.plan(UndoEntry.of(change).orElseThrow());

        assertThat(revert).isInstanceOfSatisfying(ItemChange.Restore.class, restore -> {
            assertThat(restore.write().item()).isEqualTo(before);
            assertThat(restore.write().conditionExpression()).isEqualTo("attribute_not_exists(#pk)");
            assertThat(restore.writeUnits()).isEqualTo(CapacityUnits.of(1));
        });
    }

    @Test
    void whatAReReadShows_tellsAnEarlierRunsWriteFromSomeoneElses() {
        var before = order("2024-001", Map.of("status", AttributeValue.s("SHIPPED"), "createdAt", AttributeValue.s("2024-05-01"),
                "legacyFlag", AttributeValue.bool(true), "cust_id", AttributeValue.n(42)));
        var update = (ItemChange.Update) planner(ChangePlannerTest.BACKFILL).plan(before);
        var after = applied(update.write(), before);
        assertThat(ItemChange.shows(update, after, null)).isTrue();
        assertThat(ItemChange.shows(update, after.with("note", AttributeValue.s("added since")), null)).isTrue();
        assertThat(ItemChange.shows(update, after.with("GSI2PK", AttributeValue.s("other")), null)).isFalse();
        assertThat(ItemChange.shows(update, before, null)).isFalse();
        assertThat(ItemChange.shows(update, null, null)).isFalse();

        var move = (ItemChange.Move) planner("""
                table: Orders
                where: {entity: ORDER}
                set: {SK: "ORDER#{status}#{orderId}"}
                """).plan(before);
        assertThat(ItemChange.shows(move, null, move.after())).isTrue();
        assertThat(ItemChange.shows(move, before, move.after())).as("half a move").isFalse();
        assertThat(ItemChange.shows(move, null, null)).isFalse();

        var delete = planner("""
                table: Orders
                where: {entity: ORDER}
                delete: true
                """).plan(before);
        assertThat(ItemChange.shows(delete, null, null)).isTrue();
        assertThat(ItemChange.shows(delete, before, null)).isFalse();
    }

    @Test
    void aMovesDeleteChecksEveryAttribute_soAChangeMadeSinceIsNeverLostByThePut() {
        var before = order("9", Map.of("status", AttributeValue.s("OPEN"), "note", AttributeValue.s("a")));
        var move = (ItemChange.Move) planner("""
                table: Orders
                where: {entity: ORDER}
                set: {SK: "ORDER#{status}#{orderId}"}
                """).plan(before);
        assertThat(holds(move.delete(), before)).isTrue();
        assertThat(holds(move.delete(), before.with("note", AttributeValue.s("edited since")))).isFalse();
        // without a transaction the put goes first; taken back only where the new item still holds what was put
        assertThat(move.newKey()).isEqualTo(Map.of("PK", AttributeValue.s("CUSTOMER#42"), "SK", AttributeValue.s("ORDER#OPEN#9")));
        assertThat(move.takeBack().key()).isEqualTo(move.newKey());
        assertThat(holds(move.takeBack(), move.after())).isTrue();
        assertThat(holds(move.takeBack(), move.after().with("note", AttributeValue.s("b")))).isFalse();
    }

    /** Whatever the item, a planned update applied and then reverted, each as DynamoDB applies it, gives the item back bit for bit. */
    @net.jqwik.api.Property(tries = 300)
    void anyUpdateAppliedThenRevertedGivesTheItemBack(@net.jqwik.api.ForAll("items") Item generated) {
        var values = new java.util.LinkedHashMap<>(generated.attributes());
        values.put("PK", AttributeValue.s("P"));
        values.put("SK", AttributeValue.s("S"));
        values.putIfAbsent("status", AttributeValue.s("OPEN"));
        values.putIfAbsent("createdAt", AttributeValue.s("2024"));
        values.putIfAbsent("orderId", AttributeValue.s("1"));
        var before = new Item(values);
        if (planner(ChangePlannerTest.BACKFILL).plan(before) instanceof ItemChange.Update update) {
            var after = applied(update.write(), before);
            var undo = (ItemChange.Update) REVERT.plan(UndoEntry.of(update).orElseThrow());
            assertThat(applied(undo.write(), after)).isEqualTo(before);
            assertThat(ItemChange.shows(undo, before, null)).isTrue();
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Item> items() {
        return dev.dynalens.domain.ItemArbitraries.items();
    }
}
