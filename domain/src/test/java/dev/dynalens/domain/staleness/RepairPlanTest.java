package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.AttributePath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RepairPlanTest {
    private static final DenormalizationRule AUTHOR = DenormalizationRule.byAttribute("USER.name", "POST.authorName", "authorId",
            DenormalizationRule.IdShape.ID);
    private static final DenormalizationRule ASSIGNEE = DenormalizationRule.byAttribute("USER.name", "TASK.assignee.name", "assignee.id",
            DenormalizationRule.IdShape.ID);

    private static Map<String, AttributeValue> key(String pk, String sk) {
        var key = new LinkedHashMap<String, AttributeValue>();
        key.put("PK", AttributeValue.s(pk));
        key.put("SK", AttributeValue.s(sk));
        return key;
    }

    private static Finding.StaleCopy stale(DenormalizationRule rule, String pk, String copy, AttributeValue source) {
        return new Finding.StaleCopy(rule, key(pk, pk), rule.copy().attribute(), AttributeValue.s(copy), key("USER#1", "PROFILE"), source);
    }

    @Test
    void repairStep_isASetGuardedByTheValueDetectionRead_withEveryNameAPlaceholder() {
        var step = new RepairStep(key("POST#1", "POST#1"), AttributePath.of("name"), AttributeValue.s("Ann"), AttributeValue.s("Ann Lee"),
                "rule");

        var update = step.toUpdate("Blog");

        // "name" is a reserved word: only a placeholder keeps the expression valid.
        assertThat(update.updateExpression()).isEqualTo("SET #c0 = :new");
        assertThat(update.conditionExpression()).isEqualTo("#c0 = :old");
        assertThat(update.names()).containsExactly(Map.entry("#c0", "name"));
        assertThat(update.values()).containsEntry(":new", AttributeValue.s("Ann Lee")).containsEntry(":old", AttributeValue.s("Ann"));
        assertThat(update.key()).isEqualTo(key("POST#1", "POST#1"));
        assertThat(update.tableName()).isEqualTo("Blog");
    }

    @Test
    void repairStep_writesNestedPathsAndListPositions_andReusesARepeatedName() {
        var path = new AttributePath(List.of(new AttributePath.Key("a.b"), new AttributePath.Index(2), new AttributePath.Key("name"),
                new AttributePath.Key("a.b")));
        var update = new RepairStep(key("T#1", "T#1"), path, AttributeValue.n(1), AttributeValue.n(2), "r").toUpdate("T");

        assertThat(update.updateExpression()).isEqualTo("SET #c0[2].#c1.#c0 = :new");
        assertThat(update.conditionExpression()).isEqualTo("#c0[2].#c1.#c0 = :old");
        // ItemWrite copies its maps with Map.copyOf, whose iteration order changes from run to run.
        assertThat(update.names()).containsExactlyInAnyOrderEntriesOf(Map.of("#c0", "a.b", "#c1", "name"));
    }

    @Test
    void repairStep_thatChangesNothing_isRefused() {
        assertThatThrownBy(() -> new RepairStep(key("P", "S"), AttributePath.of("x"), AttributeValue.s("a"), AttributeValue.s("a"), "r"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void plan_hasOneStepPerStaleCopy_andLeavesAloneCopiesWhoseSourceLacksTheValue() {
        var plan = RepairPlan.of("Blog", List.of(
                stale(AUTHOR, "POST#1", "Ann", AttributeValue.s("Ann Lee")),
                stale(AUTHOR, "POST#2", "Ann", null),
                stale(ASSIGNEE, "TASK#3", "Ann", AttributeValue.s("Ann Lee"))));

        assertThat(plan.steps()).extracting(step -> step.key().get("PK")).containsExactly(AttributeValue.s("POST#1"), AttributeValue.s("TASK#3"));
        assertThat(plan.steps().get(1).copyPath().render()).isEqualTo("assignee.name");
        assertThat(plan.steps().get(1).rule()).isEqualTo(ASSIGNEE.toSpec());
        assertThat(plan.leftAlone()).singleElement().satisfies(left -> {
            assertThat(left.finding().key().get("PK")).isEqualTo(AttributeValue.s("POST#2"));
            assertThat(left.reason()).contains("has no name");
        });
    }

    @Test
    void plan_repairsACopyAttributeOnce_whenTwoRulesFindIt() {
        var other = DenormalizationRule.byAttribute("ADMIN.name", "POST.authorName", "authorId", DenormalizationRule.IdShape.ID);
        var plan = RepairPlan.of("Blog", List.of(stale(AUTHOR, "POST#1", "Ann", AttributeValue.s("Ann Lee")),
                stale(other, "POST#1", "Ann", AttributeValue.s("Annie"))));

        assertThat(plan.steps()).hasSize(1);
        assertThat(plan.leftAlone()).singleElement().extracting(RepairPlan.LeftAlone::reason).asString().contains("another rule");
    }

    @Test
    void fingerprint_isStable_andChangesWithAnyValue() {
        var one = RepairPlan.of("Blog", List.of(stale(AUTHOR, "POST#1", "Ann", AttributeValue.s("Ann Lee"))));
        var same = RepairPlan.of("Blog", List.of(stale(AUTHOR, "POST#1", "Ann", AttributeValue.s("Ann Lee"))));
        var otherValue = RepairPlan.of("Blog", List.of(stale(AUTHOR, "POST#1", "Ann", AttributeValue.s("Ann Le"))));
        var otherTable = RepairPlan.of("Blog2", List.of(stale(AUTHOR, "POST#1", "Ann", AttributeValue.s("Ann Lee"))));

        assertThat(one.fingerprint()).hasSize(64).isEqualTo(same.fingerprint());
        assertThat(otherValue.fingerprint()).isNotEqualTo(one.fingerprint());
        assertThat(otherTable.fingerprint()).isNotEqualTo(one.fingerprint());
    }
}
