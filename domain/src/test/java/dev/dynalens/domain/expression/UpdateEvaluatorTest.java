package dev.dynalens.domain.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Update expressions of the Developer Guide ("Update expressions", on its ProductCatalog item) and DynamoDB's update
 * rules: list indexes past the end, set ADD and DELETE, an emptied set, exact arithmetic and its range errors, the
 * errors of a missing operand or a wrong type.
 */
class UpdateEvaluatorTest {
    static final Item ITEM = DynamoJsonCodec.readItem("""
            {"Id": {"N": "789"}, "ProductCategory": {"S": "Home Improvement"}, "Price": {"N": "52"},
             "InStock": {"BOOL": true}, "Brand": {"S": "Acme"},
             "RelatedItems": {"L": [{"S": "Chisel"}, {"S": "Hammer"}, {"S": "Nails"}, {"S": "Screwdriver"}, {"S": "Hacksaw"}]},
             "ProductReviews": {"M": {"FiveStar": {"L": [{"S": "Best product ever!"}]}}},
             "Color": {"SS": ["Orange", "Purple"]}, "Sizes": {"NS": ["1", "2"]}, "Big": {"N": "9.9999999999999999999999999999999999999E+125"},
             "Precise": {"N": "12345678901234567890123456789012345678"}, "Tiny": {"N": "1E-130"}}
            """);
    static final Map<String, String> NAMES = Map.of("#pr", "ProductReviews", "#5star", "FiveStar", "#3star", "ThreeStar",
            "#ri", "RelatedItems");
    static final Map<String, AttributeValue> VALUES = values();

    private static Map<String, AttributeValue> values() {
        var v = new LinkedHashMap<String, AttributeValue>();
        v.put(":c", AttributeValue.s("Hardware"));
        v.put(":p", AttributeValue.n("60"));
        v.put(":15", AttributeValue.n("15"));
        v.put(":ri", AttributeValue.s("Nails"));
        v.put(":r5", AttributeValue.s("Very happy with my purchase"));
        v.put(":r3", AttributeValue.l(AttributeValue.s("Just OK - not that great")));
        v.put(":vals", AttributeValue.l(AttributeValue.s("Screwdriver"), AttributeValue.s("Hacksaw")));
        v.put(":q", AttributeValue.n("5"));
        v.put(":yellow", AttributeValue.ss("Yellow", "Orange"));
        v.put(":both", AttributeValue.ss("Orange", "Purple"));
        v.put(":purple", AttributeValue.ss("Purple", "Green"));
        v.put(":n3", AttributeValue.ns("3", "1.0"));
        v.put(":tenth", AttributeValue.n("0.1"));
        v.put(":big", AttributeValue.n("1E+125"));
        v.put(":half", AttributeValue.n("0.5"));
        v.put(":x", AttributeValue.s("x"));
        v.put(":list", AttributeValue.l(AttributeValue.s("x")));
        return v;
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            SET ProductCategory = :c, Price = :p          | Price             | {"N":"60"}
            SET Price = Price - :15                       | Price             | {"N":"37"}
            SET Price = :15 - Price                       | Price             | {"N":"-37"}
            SET Price = if_not_exists(Price, :p)          | Price             | {"N":"52"}
            SET Stock = if_not_exists(Stock, :p)          | Stock             | {"N":"60"}
            SET Price = Brand                             | Price             | {"S":"Acme"}
            SET RelatedItems[1] = :ri                     | RelatedItems      | {"L":[{"S":"Chisel"},{"S":"Nails"},{"S":"Nails"},{"S":"Screwdriver"},{"S":"Hacksaw"}]}
            SET RelatedItems[9] = :ri, RelatedItems[7] = :c | RelatedItems    | {"L":[{"S":"Chisel"},{"S":"Hammer"},{"S":"Nails"},{"S":"Screwdriver"},{"S":"Hacksaw"},{"S":"Hardware"},{"S":"Nails"}]}
            SET #pr.#5star[1] = :r5, #pr.#3star = :r3     | ProductReviews    | {"M":{"FiveStar":{"L":[{"S":"Best product ever!"},{"S":"Very happy with my purchase"}]},"ThreeStar":{"L":[{"S":"Just OK - not that great"}]}}}
            SET #ri = list_append(#ri, :vals)             | RelatedItems      | {"L":[{"S":"Chisel"},{"S":"Hammer"},{"S":"Nails"},{"S":"Screwdriver"},{"S":"Hacksaw"},{"S":"Screwdriver"},{"S":"Hacksaw"}]}
            SET #ri = list_append(:list, #ri)             | RelatedItems      | {"L":[{"S":"x"},{"S":"Chisel"},{"S":"Hammer"},{"S":"Nails"},{"S":"Screwdriver"},{"S":"Hacksaw"}]}
            SET L = list_append(if_not_exists(L, :list), :list) | L           | {"L":[{"S":"x"},{"S":"x"}]}
            REMOVE RelatedItems[1], RelatedItems[2]       | RelatedItems      | {"L":[{"S":"Chisel"},{"S":"Screwdriver"},{"S":"Hacksaw"}]}
            REMOVE RelatedItems[2], RelatedItems[1]       | RelatedItems      | {"L":[{"S":"Chisel"},{"S":"Screwdriver"},{"S":"Hacksaw"}]}
            REMOVE RelatedItems[10]                       | RelatedItems      | {"L":[{"S":"Chisel"},{"S":"Hammer"},{"S":"Nails"},{"S":"Screwdriver"},{"S":"Hacksaw"}]}
            REMOVE Brand, InStock, QuantityOnHand         | Brand             | absent
            REMOVE #pr.#5star[0]                          | ProductReviews    | {"M":{"FiveStar":{"L":[]}}}
            ADD QuantityOnHand :q                         | QuantityOnHand    | {"N":"5"}
            ADD Price :q                                  | Price             | {"N":"57"}
            ADD Color :yellow                             | Color             | {"SS":["Orange","Purple","Yellow"]}
            ADD Sizes :n3                                 | Sizes             | {"NS":["1","2","3"]}
            ADD NewSet :yellow                            | NewSet            | {"SS":["Yellow","Orange"]}
            DELETE Color :purple                          | Color             | {"SS":["Orange"]}
            DELETE Color :both                            | Color             | absent
            DELETE Absent :both                          | Absent           | absent
            DELETE Sizes :n3                              | Sizes             | {"NS":["2"]}
            SET Precise = Precise + :q                    | Precise           | {"N":"12345678901234567890123456789012345683"}
            SET Price = Price + :tenth                    | Price             | {"N":"52.1"}
            SET Price = Price - :half - :half             | Price             | error
            """)
    void updates_fromTheDeveloperGuide(String text, String attribute, String expected) {
        if (expected.equals("error")) {
            assertThatThrownBy(() -> Expressions.parseUpdate(text, NAMES, VALUES)).isInstanceOf(ExpressionException.class);
            return;
        }
        var update = Expressions.parseUpdate(text, NAMES, VALUES);

        var result = UpdateEvaluator.apply(update, ITEM);

        if (expected.equals("absent")) {
            assertThat(result.has(attribute)).isFalse();
        } else {
            assertThat(result.get(attribute)).contains(DynamoJsonCodec.readValue(expected));
        }
        ITEM.attributes().keySet().stream().filter(name -> !text.contains(name) && !name.equals(attribute)
                        && !(text.contains("#ri") && name.equals("RelatedItems")) && !(text.contains("#pr") && name.equals("ProductReviews")))
                .forEach(name -> assertThat(result.get(name)).as("untouched " + name).isEqualTo(ITEM.get(name)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            SET Price = Absent                    | MISSING_ATTRIBUTE
            SET Price = Absent + :q               | MISSING_ATTRIBUTE
            SET Price = Brand + :q                 | INCORRECT_DATA_TYPE
            SET Price = list_append(Brand, :list)  | INCORRECT_DATA_TYPE
            SET a.b = :x                           | INVALID_UPDATE_PATH
            SET Brand.b = :x                       | INVALID_UPDATE_PATH
            SET Brand[0] = :x                      | INVALID_UPDATE_PATH
            SET RelatedItems.x = :x                | INVALID_UPDATE_PATH
            REMOVE a.b                             | INVALID_UPDATE_PATH
            ADD Brand :q                           | INCORRECT_DATA_TYPE
            ADD Color :n3                          | INCORRECT_DATA_TYPE
            DELETE Brand :both                     | INCORRECT_DATA_TYPE
            DELETE Sizes :both                     | INCORRECT_DATA_TYPE
            SET Big = Big + :big                   | NUMBER_OVERFLOW
            ADD Big :big                           | NUMBER_OVERFLOW
            SET Tiny = Tiny - :half                | NUMBER_PRECISION
            SET Precise = Precise + :tenth         | NUMBER_PRECISION
            """)
    void updateErrors_areTyped(String text, ExpressionError.Kind kind) {
        var update = Expressions.parseUpdate(text, NAMES, VALUES);

        assertThatThrownBy(() -> UpdateEvaluator.apply(update, ITEM))
                .isInstanceOfSatisfying(ExpressionException.class, e -> {
                    assertThat(e.kind()).isEqualTo(kind);
                    assertThat(e.kind().isRuntime()).isTrue();
                });
    }

    @Test
    void numberUnderflow_isItsOwnError() {
        var update = Expressions.parseUpdate("SET t = t - :t", Map.of(), Map.of(":t", AttributeValue.n("1.0000000000000000000000000000000000001E-130")));
        var item = Item.of(Map.of("t", AttributeValue.n("1.0000000000000000000000000000000000002E-130")));

        assertThatThrownBy(() -> UpdateEvaluator.apply(update, item))
                .isInstanceOfSatisfying(ExpressionException.class, e -> assertThat(e.kind()).isEqualTo(ExpressionError.Kind.NUMBER_UNDERFLOW));
    }

    @Test
    void theUpdateOfAnItemThatDoesNotExist_startsFromNothing() {
        var update = Expressions.parseUpdate("SET a = :x ADD n :q, s :yellow", Map.of(), VALUES.entrySet().stream()
                .filter(e -> Map.of(":x", 1, ":q", 1, ":yellow", 1).containsKey(e.getKey()))
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));

        var result = UpdateEvaluator.apply(update, Item.EMPTY);

        assertThat(result.attributes()).containsOnlyKeys("a", "n", "s");
        assertThat(result.get("n")).contains(AttributeValue.n("5"));
    }

    @Test
    void setValues_areComputedFromTheItemBeforeTheUpdate() {
        var update = Expressions.parseUpdate("SET a = b, b = a", Map.of(), Map.of());
        var item = Item.of(Map.of("a", AttributeValue.s("A"), "b", AttributeValue.s("B")));

        var result = UpdateEvaluator.apply(update, item);

        assertThat(result.get("a")).contains(AttributeValue.s("B"));
        assertThat(result.get("b")).contains(AttributeValue.s("A"));
    }
}
