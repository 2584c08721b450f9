package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 28: on a tracker whose tasks' sort keys hold the minute they were made, inference proposed
 * {@code TASK.status = TASK.status}: two tasks made in the same minute in different projects share that key part, so
 * each was taken for the other's source, and most tasks are done, so their statuses mostly agree. An item's own key
 * part names the item itself; another item of its type that happens to carry the same part is no source of it.
 */
class SelfReferenceTest {
    private static final TableKeys KEYS = TableKeys.of(KeySchema.of("PK", "SK"));

    private static List<Item> tracker(int tasks, long seed) {
        var random = new Random(seed);
        var items = new ArrayList<Item>();
        var start = Instant.parse("2024-05-01T00:00:00Z");
        for (int p = 0; p < 40; p++) {
            var project = new LinkedHashMap<String, AttributeValue>();
            project.put("PK", AttributeValue.s("ORG#acme"));
            project.put("SK", AttributeValue.s("PROJECT#P-" + p));
            project.put("title", AttributeValue.s("Project " + p));
            items.add(new Item(project));
        }
        for (int t = 0; t < tasks; t++) {
            var task = new LinkedHashMap<String, AttributeValue>();
            var made = start.plus(random.nextInt(30 * 24 * 60), ChronoUnit.MINUTES);
            task.put("PK", AttributeValue.s("PROJECT#P-" + random.nextInt(40)));
            task.put("SK", AttributeValue.s("TASK#" + made.toString().substring(0, 16)));
            task.put("title", AttributeValue.s("Task number " + t));
            task.put("status", AttributeValue.s(random.nextInt(100) < 85 ? "DONE" : random.nextBoolean() ? "OPEN" : "IN_PROGRESS"));
            items.add(new Item(task));
        }
        return items;
    }

    @Test
    void tasksThatShareTheMinuteTheyWereMade_areNoCopiesOfEachOther() {
        for (long seed = 1; seed <= 5; seed++) {
            var items = tracker(1_200, seed);
            var classifier = new EntityClassifier(KEYS);
            classifier.acceptAll(items);

            var rules = RuleInference.infer(classifier, items, RuleInference.Options.DEFAULTS).stream()
                    .map(inferred -> inferred.rule().toSpec()).toList();

            assertThat(rules).as("seed %d", seed).noneMatch(spec -> spec.startsWith("TASK.") && spec.contains("=TASK."));
        }
    }
}
