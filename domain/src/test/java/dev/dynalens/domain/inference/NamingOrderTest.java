package dev.dynalens.domain.inference;

import static dev.dynalens.domain.inference.TestItems.TABLE;
import static dev.dynalens.domain.inference.TestItems.item;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.RealModels;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.FileWorkspaces;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * Naming is a function of the items, not of the order they come in (issue 23: whole-table state as mergeable values;
 * docs/distributed-stages.md, step 1): the real models and the samples, in their order, reversed and shuffled, name the
 * same entities with the same type attribute; and the two cases where the first item used to decide (A.1) read alike
 * in either order.
 */
class NamingOrderTest {

    private record Reading(List<EntityShape> entities, Optional<String> typeAttribute, List<String> names) {
    }

    /** What a classifier reads after {@code items} in that order, and the name of every item of {@code named}. */
    private static Reading read(TableKeys keys, List<Item> items, List<Item> named) {
        var classifier = new EntityClassifier(keys);
        classifier.acceptAll(items);
        return new Reading(classifier.entities(), classifier.typeAttribute(), named.stream().map(classifier::entityOf).toList());
    }

    private static List<List<Item>> orders(List<Item> items) {
        var orders = new ArrayList<List<Item>>();
        orders.add(items);
        var reversed = new ArrayList<>(items);
        Collections.reverse(reversed);
        orders.add(reversed);
        for (long seed = 1; seed <= 3; seed++) {
            var shuffled = new ArrayList<>(items);
            Collections.shuffle(shuffled, new Random(seed));
            orders.add(shuffled);
        }
        return orders;
    }

    @Test
    void theRealModelsAndSamples_readTheSame_inAnyOrder() throws IOException {
        int tables = 0;
        for (var file : RealModels.modelsAndSamples()) {
            for (var table : FileWorkspaces.read(file, WorkspaceOptions.NONE).tables()) {
                var expected = read(table.tableKeys(), table.items(), table.items());
                for (var order : orders(table.items())) {
                    assertThat(read(table.tableKeys(), order, table.items())).as("%s %s", file.getFileName(), table.name())
                            .isEqualTo(expected);
                }
                tables++;
            }
        }
        assertThat(tables).isGreaterThanOrEqualTo(10);
    }

    /**
     * A.1's type counter-example: f has {@code __typename} and {@code type}, g only {@code type}. The first item used
     * to choose: f first chose {@code __typename}, which g then turned off (names from the keys); g first chose
     * {@code type}, which stayed. Now the attribute every item has wins either way.
     */
    @Test
    void aTypeAttributeThatEveryItemHas_isChosen_whicheverItemComesFirst() {
        var f = item("USER#1", "PROFILE", "__typename", "User", "type", "User");
        var g = item("ORDER#9", "ORDER#9", "type", "Order");

        var fFirst = read(TABLE, List.of(f, g), List.of(f, g));
        var gFirst = read(TABLE, List.of(g, f), List.of(f, g));

        assertThat(fFirst).isEqualTo(gFirst);
        assertThat(fFirst.typeAttribute()).contains("type");
        assertThat(fFirst.names()).containsExactly("User", "Order");
    }

    /** Between case variants that every item has, the name that sorts first wins, not the first item's attribute order. */
    @Test
    void caseVariantsOfATypeAttribute_areChosenByName_notByTheFirstItemsAttributeOrder() {
        var upperFirst = new LinkedHashMap<String, AttributeValue>();
        upperFirst.put("PK", AttributeValue.s("USER#1"));
        upperFirst.put("SK", AttributeValue.s("PROFILE"));
        upperFirst.put("Type", AttributeValue.s("Person"));
        upperFirst.put("type", AttributeValue.s("User"));
        var lowerFirst = new LinkedHashMap<String, AttributeValue>();
        lowerFirst.put("PK", AttributeValue.s("USER#2"));
        lowerFirst.put("SK", AttributeValue.s("PROFILE"));
        lowerFirst.put("type", AttributeValue.s("User"));
        lowerFirst.put("Type", AttributeValue.s("Person"));
        var a = new Item(upperFirst);
        var b = new Item(lowerFirst);

        var aFirst = read(TABLE, List.of(a, b), List.of(a, b));
        var bFirst = read(TABLE, List.of(b, a), List.of(a, b));

        assertThat(aFirst).isEqualTo(bFirst);
        assertThat(aFirst.typeAttribute()).contains("Type");
        assertThat(aFirst.names()).containsExactly("Person", "Person");
    }

    /** The first type attribute turned off hands over to the next one every item has, with a revision bump. */
    @Test
    void aTypeAttributeTurnedOff_handsOverToTheNextOneEveryItemHas() {
        var classifier = new EntityClassifier(TABLE);
        var f = item("USER#1", "PROFILE", "__typename", "User", "type", "Person");
        classifier.accept(f);
        assertThat(classifier.typeAttribute()).contains("__typename");
        assertThat(classifier.entityOf(f)).isEqualTo("User");
        int revision = classifier.revision();

        classifier.accept(item("ORDER#9", "ORDER#9", "type", "Order"));

        assertThat(classifier.typeAttribute()).contains("type");
        assertThat(classifier.entityOf(f)).isEqualTo("Person");
        assertThat(classifier.revision()).isGreaterThan(revision);
    }

    /**
     * A.1's template counter-example, through the classifier: {@code anna#x, anna#y} and then 15 more names. Step 2 made
     * the registry read {@code {}#x}, {@code {}#y} in either order, but a group kept its key as it read when the group
     * began ({@code anna#{}}, two literals after a name), so anna first still reads {@code {}#{}}. Keeping in a group's
     * key only what is variable for good (a variable seen, or 16 literals) fixes it, but splits groups the analyzer's
     * relationships are counted by, which changes pinned relationship results: left for step 11.
     */
    @Disabled("a group keeps its key as it read when the group began; docs/distributed-stages.md B.7 and step 11")
    @Test
    void aValuePositionOfAFewNames_readsTheSame_beforeOrAfterTheNamesTurnIntoData() {
        var items = new ArrayList<>(List.of(TestItems.keyed("anna#x|PROFILE"), TestItems.keyed("anna#y|PROFILE")));
        IntStream.range(0, TemplateRegistry.HIGH - 1).forEach(i -> items.add(TestItems.keyed("name" + (char) ('a' + i) + "#x|PROFILE")));
        var namesLast = new ArrayList<>(items.subList(2, items.size()));
        namesLast.addAll(items.subList(0, 2));

        assertThat(read(TABLE, items, items)).isEqualTo(read(TABLE, namesLast, items));
    }
}
