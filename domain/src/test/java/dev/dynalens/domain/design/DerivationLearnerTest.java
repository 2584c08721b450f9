package dev.dynalens.domain.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DerivationLearnerTest {
    private static Item task(int n, String assignee, String gsi1pk) {
        return new Item(Map.of("PK", AttributeValue.s("PROJECT#p" + (1 + n % 2)), "SK", AttributeValue.s("TASK#t" + n),
                "GSI1PK", AttributeValue.s(gsi1pk), "GSI1SK", AttributeValue.s("TASK#t" + n), "taskId", AttributeValue.s("t" + n),
                "assignee", AttributeValue.m(Map.of("id", AttributeValue.s(assignee), "name", AttributeValue.s("Ada")))));
    }

    private static Map<String, KeyDerivation> learn(List<Item> items) {
        var learner = new DerivationLearner(List.of("PK", "SK", "GSI1PK", "GSI1SK"), Set.of("PK", "SK"));
        items.forEach(i -> learner.accept("TASK", i));
        var verifier = new DerivationVerifier(KeySchema.of("PK", "SK"), learner.proposals());
        items.forEach(i -> verifier.accept("TASK", i));
        return verifier.derivations().get("TASK");
    }

    @Test
    void aKeyPartFromANestedAttribute_isLearnedByItsPath() {
        var keys = learn(List.of(task(1, "u1", "USER#u1"), task(2, "u2", "USER#u2"), task(3, "u1", "USER#u1")));

        assertThat(keys.get("GSI1PK").template()).hasToString("USER#{assignee.id}");
        assertThat(keys.get("GSI1PK").holds()).isTrue();
        assertThat(keys.get("GSI1PK").describe()).isEqualTo("GSI1PK = USER#{assignee.id} for all 3 TASK items");
        assertThat(keys.get("SK").template()).hasToString("TASK#{taskId}");
        // no attribute holds the project: the part is unknown, the literal before it holds
        assertThat(keys.get("PK").template()).hasToString("PROJECT#{?}");
        assertThat(keys.get("PK").prefixHolds()).isTrue();
        assertThat(keys.get("PK").holds()).isFalse();
    }

    @Test
    void aKeyIsReadAsBuiltFromData_notAsACopyOfAnotherKey() {
        var keys = learn(List.of(task(1, "u1", "USER#u1"), task(2, "u2", "USER#u2")));

        // GSI1SK copies SK; SK is still TASK#{taskId}, and GSI1SK is read the same way, not as {SK}
        assertThat(keys.get("GSI1SK").template()).hasToString("TASK#{taskId}");
    }

    @Test
    void anItemTheDerivationDoesNotHoldFor_isCountedAndNamed() {
        var keys = learn(List.of(task(1, "u1", "USER#u1"), task(2, "u2", "USER#u2"), task(3, "u3", "USER#u9")));

        var gsi1pk = keys.get("GSI1PK");
        assertThat(gsi1pk.holding()).isEqualTo(2);
        assertThat(gsi1pk.holds()).isFalse();
        assertThat(gsi1pk.breaking()).containsExactly(Map.of("PK", AttributeValue.s("PROJECT#p2"), "SK", AttributeValue.s("TASK#t3")));
    }
}
