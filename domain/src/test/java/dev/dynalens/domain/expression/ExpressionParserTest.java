package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.KeySchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The parser on the expressions of the Developer Guide ("Condition expressions", "Comparison operator and function
 * reference", "Update expressions", "Projection expressions", "Key condition expressions"), and on the errors
 * DynamoDB reports, each with the character offset a text editor can point at.
 */
class ExpressionParserTest {
    static final Map<String, String> NAMES = Map.of("#pr", "ProductReviews", "#5star", "FiveStar", "#3star", "ThreeStar",
            "#ri", "RelatedItems", "#P", "Price", "#Pictures", "Pictures", "#SideView", "SideView", "#c", "Comment");
    static final Map<String, AttributeValue> VALUES = values();

    private static Map<String, AttributeValue> values() {
        var values = new LinkedHashMap<String, AttributeValue>();
        values.put(":v_sub", AttributeValue.s("L"));
        values.put(":c", AttributeValue.s("Hardware"));
        values.put(":p", AttributeValue.n("60"));
        values.put(":lo", AttributeValue.n("500"));
        values.put(":hi", AttributeValue.n("600"));
        values.put(":cat1", AttributeValue.s("Sporting Goods"));
        values.put(":cat2", AttributeValue.s("Gardening Supplies"));
        values.put(":ri", AttributeValue.s("Nails"));
        values.put(":r5", AttributeValue.s("Very happy with my purchase"));
        values.put(":r3", AttributeValue.l(AttributeValue.s("Just OK - not that great")));
        values.put(":vals", AttributeValue.l(AttributeValue.s("Screwdriver"), AttributeValue.s("Hacksaw")));
        values.put(":q", AttributeValue.n("5"));
        values.put(":colors", AttributeValue.ss("Orange", "Purple"));
        values.put(":s", AttributeValue.s("text"));
        values.put(":n", AttributeValue.n("5"));
        values.put(":x", AttributeValue.s("X"));
        values.put(":b", AttributeValue.bool(true));
        return values;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            attribute_exists(#Pictures.#SideView)                             | attribute_exists(Pictures.SideView)
            attribute_not_exists(Manufacturer)                                | attribute_not_exists(Manufacturer)
            attribute_type(ProductReviews.FiveStar, :v_sub)                   | attribute_type(ProductReviews.FiveStar, :v1)
            begins_with(Pictures.FrontView, :s)                               | begins_with(Pictures.FrontView, :v1)
            contains(Color, :c)                                               | contains(Color, :v1)
            size(Brand) <= :p                                                 | size(Brand) <= :v1
            #P between :lo and :hi                                            | Price BETWEEN :v1 AND :v2
            ProductCategory IN (:cat1, :cat2)                                 | ProductCategory IN (:v1, :v2)
            (ProductCategory IN (:cat1, :cat2)) and (#P between :lo and :hi)  | ProductCategory IN (:v1, :v2) AND Price BETWEEN :v3 AND :v4
            Price > :p OR Price < :lo AND Brand = :c                          | Price > :v1 OR Price < :v2 AND Brand = :v3
            (Price > :p OR Price < :lo) AND Brand = :c                        | (Price > :v1 OR Price < :v2) AND Brand = :v3
            NOT attribute_exists(Price) AND NOT (Brand = :c OR Brand = :s)    | NOT attribute_exists(Price) AND NOT (Brand = :v1 OR Brand = :v2)
            #pr.#5star[1] = :r5                                               | ProductReviews.FiveStar[1] = :v1
            a.b[2].c <> :n                                                    | a.b[2].c <> :v1
            Price >= :lo AND (Brand = :c AND Color = :s)                       | Price >= :v1 AND (Brand = :v2 AND Color = :v3)
            #c = :s                                                           | #Comment = :v1
            """)
    void conditions_fromTheDeveloperGuide_parseToTheTreeTheirRenderingShows(String text, String rendered) {
        var condition = Expressions.parseCondition(text, NAMES, VALUES);

        assertThat(ExpressionRenderer.render(ExpressionSet.condition(condition)).conditionExpression()).isEqualTo(rendered);
    }

    @Test
    void conditionTree_holdsRealNamesAndValues_notPlaceholders() {
        var condition = Expressions.parseCondition("#P between :lo and :hi AND attribute_exists(#pr.#5star[1])", NAMES, VALUES);

        assertThat(condition).isEqualTo(Condition.and(
                Condition.between(Operand.path("Price"), Operand.value(AttributeValue.n("500")), Operand.value(AttributeValue.n("600"))),
                Condition.attributeExists(AttributePath.of("ProductReviews", "FiveStar").index(1))));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            SET ProductCategory = :c, Price = :p                  | SET ProductCategory = :v1, Price = :v2
            SET RelatedItems[1] = :ri                             | SET RelatedItems[1] = :v1
            SET #pr.#5star[1] = :r5, #pr.#3star = :r3             | SET ProductReviews.FiveStar[1] = :v1, ProductReviews.ThreeStar = :v2
            SET Price = Price - :p                                | SET Price = Price - :v1
            SET #ri = list_append(#ri, :vals)                     | SET RelatedItems = list_append(RelatedItems, :v1)
            SET #ri = list_append(:vals, #ri)                     | SET RelatedItems = list_append(:v1, RelatedItems)
            SET Price = if_not_exists(Price, :p)                  | SET Price = if_not_exists(Price, :v1)
            REMOVE Brand, InStock, QuantityOnHand                 | REMOVE Brand, InStock, QuantityOnHand
            REMOVE RelatedItems[1], RelatedItems[2]               | REMOVE RelatedItems[1], RelatedItems[2]
            ADD QuantityOnHand :q                                 | ADD QuantityOnHand :v1
            ADD Color :colors                                     | ADD Color :v1
            DELETE Color :colors                                  | DELETE Color :v1
            delete Color :colors set Price = :p remove Brand      | SET Price = :v1 REMOVE Brand DELETE Color :v2
            SET a = if_not_exists(a, :n) + :n                     | SET a = if_not_exists(a, :v1) + :v2
            """)
    void updates_fromTheDeveloperGuide_parse(String text, String rendered) {
        var update = Expressions.parseUpdate(text, NAMES, VALUES);

        assertThat(ExpressionRenderer.render(ExpressionSet.update(update, null)).updateExpression()).isEqualTo(rendered);
    }

    @Test
    void projection_withNestedPathsAndAliases_parses() {
        var projection = Expressions.parseProjection("Description, RelatedItems[0], #pr.#5star", NAMES);

        assertThat(projection.paths()).containsExactly(AttributePath.of("Description"),
                AttributePath.of("RelatedItems").index(0), AttributePath.of("ProductReviews", "FiveStar"));
    }

    @Test
    void aPathAlone_forARowEditor() {
        assertThat(Expressions.parsePath("#pr.#5star[1].body", NAMES))
                .isEqualTo(AttributePath.of("ProductReviews", "FiveStar").index(1).key("body"));
        assertThatThrownBy(() -> Expressions.parsePath("a.b c", Map.of()))
                .isInstanceOfSatisfying(ExpressionException.class, e -> assertThat(e.error().position()).isEqualTo(4));
        assertThatThrownBy(() -> Expressions.parsePath("a.status", Map.of()))
                .isInstanceOfSatisfying(ExpressionException.class, e -> assertThat(e.kind()).isEqualTo(ExpressionError.Kind.RESERVED_WORD));
    }

    @ParameterizedTest(name = "{0} -> {1} at {2}")
    @CsvSource(delimiter = '|', textBlock = """
            a = :s AND                      | SYNTAX                 | 10
            a = :missing                    | UNKNOWN_VALUE          | 4
            #nope = :s                      | UNKNOWN_NAME           | 0
            Size = :s                       | RESERVED_WORD          | 0
            a.name = :s                     | RESERVED_WORD          | 2
            a.b[x] = :s                     | SYNTAX                 | 4
            a . b = :s                      | SYNTAX                 | 2
            ((a = :s))                      | REDUNDANT_PARENTHESES  | 0
            a = :s AND ((b = :s))           | REDUNDANT_PARENTHESES  | 11
            foo(a)                          | UNKNOWN_FUNCTION       | 0
            if_not_exists(a, :s)            | UNKNOWN_FUNCTION       | 0
            attribute_exists(:s)            | PATH_REQUIRED          | 0
            attribute_exists(a, b)          | OPERAND_COUNT          | 0
            size(:s) > :n                   | PATH_REQUIRED          | 0
            attribute_type(a, :n)           | INCORRECT_OPERAND_TYPE | 0
            attribute_type(a, :x)           | INVALID_TYPE_NAME      | 0
            begins_with(a, :n)              | INCORRECT_OPERAND_TYPE | 0
            begins_with(a, size(b))         | INCORRECT_OPERAND_TYPE | 0
            a = a                           | OPERANDS_NOT_DISTINCT  | 2
            contains(a.b, a.b)              | OPERANDS_NOT_DISTINCT  | 0
            a BETWEEN :hi AND :lo           | BETWEEN_BOUND_ORDER    | 2
            a BETWEEN :lo AND :s            | BETWEEN_BOUND_TYPES    | 2
            attribute_exists(a) = :b        | MISUSED_FUNCTION       | 0
            a = contains(b, :s)             | MISUSED_FUNCTION       | 4
            a = :s $                        | SYNTAX                 | 7
            a IN ()                         | SYNTAX                 | 6
            a                               | SYNTAX                 | 1
            a = :s OR                       | SYNTAX                 | 9
            (a = :s                         | SYNTAX                 | 7
            a[99999999999] = :s             | SYNTAX                 | 2
            '   '                           | EMPTY_EXPRESSION       | 0
            """)
    void invalidConditions_areRefusedWithTheKindAndPosition(String text, ExpressionError.Kind kind, int position) {
        assertThatThrownBy(() -> Expressions.parseCondition(text, NAMES, VALUES))
                .isInstanceOfSatisfying(ExpressionException.class, e -> {
                    assertThat(e.kind()).isEqualTo(kind);
                    assertThat(e.error().position()).isEqualTo(position);
                    assertThat(e.error().field()).isEqualTo(ExpressionError.Field.CONDITION);
                });
    }

    @ParameterizedTest(name = "{0} -> {1} at {2}")
    @CsvSource(delimiter = '|', textBlock = """
            SET a = :s SET b = :s            | DUPLICATE_CLAUSE       | 11
            SET a = :s, a.b = :s             | OVERLAPPING_PATHS      | 12
            SET a.b = :s REMOVE a            | OVERLAPPING_PATHS      | 20
            SET a = :s, a = :n               | OVERLAPPING_PATHS      | 12
            SET a[1] = :s, a.b = :s          | CONFLICTING_PATHS      | 15
            ADD a :s                         | INCORRECT_OPERAND_TYPE | 6
            DELETE a :n                      | INCORRECT_OPERAND_TYPE | 9
            SET a = :s + :n                  | INCORRECT_OPERAND_TYPE | 11
            SET a = list_append(:s, b)       | INCORRECT_OPERAND_TYPE | 8
            SET a = if_not_exists(:s, b)     | PATH_REQUIRED          | 8
            SET a = list_append(b)           | OPERAND_COUNT          | 8
            SET a = size(b)                  | UNKNOWN_FUNCTION       | 8
            UPDATE a = :s                    | SYNTAX                 | 0
            SET a :s                         | SYNTAX                 | 6
            REMOVE                           | SYNTAX                 | 6
            SET a = :s,                      | SYNTAX                 | 11
            SET a = :n + :n + :n             | SYNTAX                 | 16
            ADD a b                          | SYNTAX                 | 6
            SET #nope = :s                   | UNKNOWN_NAME           | 4
            REMOVE a, name                   | RESERVED_WORD          | 10
            """)
    void invalidUpdates_areRefusedWithTheKindAndPosition(String text, ExpressionError.Kind kind, int position) {
        assertThatThrownBy(() -> Expressions.parseUpdate(text, NAMES, VALUES))
                .isInstanceOfSatisfying(ExpressionException.class, e -> {
                    assertThat(e.kind()).isEqualTo(kind);
                    assertThat(e.error().position()).isEqualTo(position);
                });
    }

    @Test
    void limits_expressionLength_placeholderLength_operators_inOperands_pathDepth() {
        var values = Map.<String, AttributeValue>of(":s", AttributeValue.s("x"));
        var longText = "a = :s OR " + "b".repeat(4100) + " = :s";
        assertKind(() -> Expressions.parseCondition(longText, Map.of(), values), ExpressionError.Kind.EXPRESSION_TOO_LONG);

        var longPlaceholder = ":" + "v".repeat(255);
        assertKind(() -> Expressions.parseCondition("a = " + longPlaceholder, Map.of(), Map.of(longPlaceholder, AttributeValue.s("x"))),
                ExpressionError.Kind.PLACEHOLDER_TOO_LONG);

        var manyOperators = String.join(" AND ", java.util.Collections.nCopies(151, "a = :s"));
        assertKind(() -> Expressions.parseCondition(manyOperators, Map.of(), values), ExpressionError.Kind.TOO_MANY_OPERATORS);
        var justEnough = String.join(" AND ", java.util.Collections.nCopies(150, "a = :s"));
        assertThat(Expressions.parseCondition(justEnough, Map.of(), values)).isInstanceOf(Condition.And.class);

        var manyCandidates = "a IN (" + String.join(", ", java.util.Collections.nCopies(101, ":s")) + ")";
        assertKind(() -> Expressions.parseCondition(manyCandidates, Map.of(), values), ExpressionError.Kind.TOO_MANY_IN_OPERANDS);
        var hundred = "a IN (" + String.join(", ", java.util.Collections.nCopies(100, ":s")) + ")";
        assertThat(Expressions.parseCondition(hundred, Map.of(), values)).isInstanceOf(Condition.In.class);

        var deep = "a" + ".b".repeat(32) + " = :s";
        assertKind(() -> Expressions.parseCondition(deep, Map.of(), values), ExpressionError.Kind.PATH_TOO_DEEP);
        assertThat(Expressions.parseCondition("a" + ".b".repeat(31) + " = :s", Map.of(), values)).isNotNull();
    }

    @Test
    void analyze_reportsUnusedAndMalformedPlaceholders_andEveryExpressionsFirstProblem() {
        var request = new RenderedExpressions(null, "SET a = :s", "attribute_exists(#x) AND", null, null,
                Map.of("#x", "x", "bad", "y"), Map.of(":s", AttributeValue.s("1"), ":unused", AttributeValue.s("2")));

        var analysis = Expressions.analyze(request, null);

        assertThat(analysis.valid()).isFalse();
        assertThat(analysis.errors()).extracting(ExpressionError::kind)
                .containsExactly(ExpressionError.Kind.INVALID_PLACEHOLDER, ExpressionError.Kind.SYNTAX);
        assertThat(analysis.expressions().update()).isNotNull();

        var unused = Expressions.analyze(new RenderedExpressions(null, "SET a = :s", null, null, null,
                Map.of("#x", "x"), Map.of(":s", AttributeValue.s("1"), ":unused", AttributeValue.s("2"))), null);
        assertThat(unused.errors()).extracting(ExpressionError::kind, ExpressionError::field).containsExactly(
                org.assertj.core.groups.Tuple.tuple(ExpressionError.Kind.UNUSED_NAME, ExpressionError.Field.NAMES),
                org.assertj.core.groups.Tuple.tuple(ExpressionError.Kind.UNUSED_VALUE, ExpressionError.Field.VALUES));
    }

    @Test
    void analyze_withTheKeySchema_refusesAnUpdateOfAKeyAttribute() {
        var request = RenderedExpressions.update("SET pk = :s", null, Map.of(), Map.of(":s", AttributeValue.s("x")));

        var analysis = Expressions.analyze(request, KeySchema.of("pk", "sk"));

        assertThat(analysis.errors()).extracting(ExpressionError::kind).containsExactly(ExpressionError.Kind.KEY_ATTRIBUTE_UPDATE);
        assertThat(Expressions.analyze(request, null).valid()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            pk = :s                                          | true
            pk = :s AND sk BETWEEN :lo AND :hi               | true
            pk = :s AND begins_with(sk, :x)                  | true
            :s = pk AND sk <= :n                             | true
            sk > :n AND pk = :s                              | true
            pk = :s OR sk = :n                               | false
            NOT pk = :s                                      | false
            pk = :s AND sk <> :n                             | false
            pk = :s AND sk IN (:n)                           | false
            pk = :s AND attribute_exists(sk)                 | false
            pk = :s AND contains(sk, :x)                     | false
            pk = :s AND size(sk) > :n                        | false
            pk = :s AND pk = :x                              | false
            pk.a = :s                                        | false
            pk = sk                                          | false
            :s = :x                                          | false
            sk > :n                                          | false
            pk = :s AND sk > :n AND extra = :x               | false
            pk = :s AND extra = :x                           | false
            pk < :s                                          | false
            pk = :s AND (sk > :n AND sk < :n)                | false
            """)
    void keyConditions_onlyWhatDynamoDbAllows(String text, boolean valid) {
        var request = new RenderedExpressions(text, null, null, null, null, Map.of(), VALUES);
        var analysis = Expressions.analyze(request, KeySchema.of("pk", "sk"));

        var keyErrors = analysis.errors().stream().filter(e -> e.field() == ExpressionError.Field.KEY_CONDITION).toList();
        if (valid) {
            assertThat(keyErrors).isEmpty();
        } else {
            assertThat(keyErrors).hasSize(1);
            assertThat(keyErrors.get(0).kind()).isIn(ExpressionError.Kind.INVALID_KEY_CONDITION, ExpressionError.Kind.OPERANDS_NOT_DISTINCT);
        }
    }

    @Test
    void everyReservedWord_asABareName_isRefused_andRendersAliased() {
        assertThat(ReservedWords.all()).hasSize(573).contains("NAME", "STATUS", "SIZE", "DATA", "TTL", "COMMENT");
        for (var word : List.of("name", "Status", "size", "YEAR", "ttl")) {
            assertKind(() -> Expressions.parseCondition(word + " = :s", Map.of(), VALUES), ExpressionError.Kind.RESERVED_WORD);
        }
        var rendered = ExpressionRenderer.render(ExpressionSet.condition(Condition.equal("status", AttributeValue.s("open"))));
        assertThat(rendered.conditionExpression()).isEqualTo("#status = :v1");
        assertThat(rendered.names()).containsExactly(Map.entry("#status", "status"));
    }

    private static void assertKind(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, ExpressionError.Kind kind) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ExpressionException.class, e -> assertThat(e.kind()).isEqualTo(kind));
    }
}
