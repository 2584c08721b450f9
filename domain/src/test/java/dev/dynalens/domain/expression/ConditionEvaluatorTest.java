package dev.dynalens.domain.expression;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.Item;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Conditions on the ProductCatalog item of the Developer Guide ("Projection expressions" / "Condition expressions"),
 * evaluated with DynamoDB's rules: comparisons across types are false, a missing attribute compares false,
 * {@code size} of each type, {@code contains} on strings, sets and lists.
 */
class ConditionEvaluatorTest {
    static final Item PRODUCT = DynamoJsonCodec.readItem("""
            {"Id": {"N": "123"}, "Title": {"S": "Bicycle 123"}, "Description": {"S": "123 description"},
             "BicycleType": {"S": "Hybrid"}, "Brand": {"S": "Brand-Company C"}, "Price": {"N": "500"},
             "Color": {"SS": ["Red", "Black"]}, "ProductCategory": {"S": "Bicycle"}, "InStock": {"BOOL": true},
             "QuantityOnHand": {"NULL": true}, "RelatedItems": {"NS": ["341", "472", "649"]},
             "Pictures": {"M": {"FrontView": {"S": "http://example.com/products/123_front.jpg"},
                                "RearView": {"S": "http://example.com/products/123_rear.jpg"},
                                "SideView": {"S": "http://example.com/products/123_left_side.jpg"}}},
             "ProductReviews": {"M": {"FiveStar": {"L": [{"S": "Excellent! Can't recommend it highly enough! Buy it!"},
                                                         {"S": "Do yourself a favor and buy this."}]},
                                      "OneStar": {"L": [{"S": "Terrible product! Do not buy this."}]}}},
             "Comment": {"S": "This product sells out quickly during the summer"},
             "Safety.Warning": {"S": "Always wear a helmet"},
             "Tags": {"L": [{"S": "bike"}, {"N": "7"}, {"B": "AQI="}]},
             "Thumbnail": {"B": "AQIDBA=="}, "Codes": {"BS": ["AQ==", "Ag=="]}, "Price2": {"N": "500.00"}}
            """);

    static final Map<String, String> NAMES = Map.of("#pr", "ProductReviews", "#c", "Comment", "#sw", "Safety.Warning",
            "#p", "Pictures");
    static final Map<String, AttributeValue> VALUES = values();

    private static Map<String, AttributeValue> values() {
        var v = new LinkedHashMap<String, AttributeValue>();
        v.put(":500", AttributeValue.n("500"));
        v.put(":500s", AttributeValue.s("500"));
        v.put(":400", AttributeValue.n("4E+2"));
        v.put(":600", AttributeValue.n("600"));
        v.put(":red", AttributeValue.s("Red"));
        v.put(":green", AttributeValue.s("Green"));
        v.put(":341", AttributeValue.n("341.0"));
        v.put(":http", AttributeValue.s("http://"));
        v.put(":company", AttributeValue.s("Company"));
        v.put(":L", AttributeValue.s("L"));
        v.put(":SS", AttributeValue.s("SS"));
        v.put(":NULL", AttributeValue.s("NULL"));
        v.put(":1", AttributeValue.n("1"));
        v.put(":2", AttributeValue.n("2"));
        v.put(":3", AttributeValue.n("3"));
        v.put(":4", AttributeValue.n("4"));
        v.put(":11", AttributeValue.n("11"));
        v.put(":15", AttributeValue.n("15"));
        v.put(":20", AttributeValue.n("20"));
        v.put(":bike", AttributeValue.s("bike"));
        v.put(":7", AttributeValue.n("7.000"));
        v.put(":b01", new AttributeValue.Bin(Bytes.of(new byte[] {1})));
        v.put(":b0102", new AttributeValue.Bin(Bytes.of(new byte[] {1, 2})));
        v.put(":b02", new AttributeValue.Bin(Bytes.of(new byte[] {2})));
        v.put(":b03", new AttributeValue.Bin(Bytes.of(new byte[] {3})));
        v.put(":true", AttributeValue.bool(true));
        v.put(":colors", AttributeValue.ss("Black", "Red"));
        v.put(":helmet", AttributeValue.s("Always wear a helmet"));
        v.put(":a", AttributeValue.s("A"));
        v.put(":z", AttributeValue.s("z"));
        return v;
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            attribute_exists(#p.SideView)                            | true
            attribute_exists(#p.TopView)                             | false
            attribute_not_exists(Manufacturer)                       | true
            attribute_not_exists(Price)                              | false
            attribute_type(#pr.FiveStar, :L)                         | true
            attribute_type(Color, :SS)                               | true
            attribute_type(QuantityOnHand, :NULL)                    | true
            attribute_type(Absent, :NULL)                           | false
            begins_with(#p.FrontView, :http)                         | true
            begins_with(Brand, :http)                                | false
            begins_with(Price, :500s)                                | false
            begins_with(Thumbnail, :b0102)                           | true
            begins_with(Thumbnail, :b02)                             | false
            contains(Brand, :company)                                | true
            contains(Color, :red)                                    | true
            contains(Color, :green)                                  | false
            contains(RelatedItems, :341)                             | true
            contains(Tags, :bike)                                    | true
            contains(Tags, :7)                                       | true
            contains(Tags, :b0102)                                   | true
            contains(Tags, :b03)                                     | false
            contains(Codes, :b02)                                    | true
            contains(Thumbnail, :b02)                                | true
            contains(Price, :500)                                    | false
            size(Brand) <= :20                                       | true
            size(Brand) = :15                                        | true
            size(Color) = :2                                         | true
            size(#pr.OneStar) = :1                                   | true
            size(#p) = :3                                            | true
            size(Thumbnail) = :4                                     | true
            size(Price) > :1                                         | false
            size(InStock) <> :1                                      | true
            size(Absent) = :1                                       | false
            Price = :500                                             | true
            Price = Price2                                           | true
            Price = :500s                                            | false
            Price <> :500s                                           | true
            Absent <> :500                                          | true
            Absent = :500                                           | false
            Price > :400                                             | true
            Price < :400                                             | false
            Price < :500s                                            | false
            Price >= :500 AND Price <= :500                          | true
            Brand > :a                                               | true
            Brand < :z                                               | true
            Thumbnail > :b01                                         | true
            InStock = :true                                          | true
            InStock > :true                                          | false
            Color = :colors                                          | true
            Price BETWEEN :400 AND :600                              | true
            Price BETWEEN :500 AND :500                              | true
            Price BETWEEN :600 AND :600                              | false
            Brand BETWEEN :400 AND :600                              | false
            Absent BETWEEN :400 AND :600                            | false
            ProductCategory IN (:red, :green)                        | false
            Price IN (:500s, :400, :500)                             | true
            Absent IN (:500)                                        | false
            #sw = :helmet                                            | true
            Safety.Warning = :helmet                                 | false
            #pr.FiveStar[1] <> :red                                  | true
            #pr.FiveStar[5] = :red                                   | false
            #c.x = :red                                              | false
            NOT attribute_exists(Manufacturer) AND Price = :500      | true
            Price = :400 OR Price = :500 AND Brand = :red            | false
            (Price = :400 OR Price = :500) AND NOT Brand = :red      | true
            NOT (Price = :400 OR Brand = :red)                       | true
            """)
    void conditions_onTheProductCatalogItem(String text, boolean expected) {
        var condition = Expressions.parseCondition(text, NAMES, VALUES);

        assertThat(ConditionEvaluator.evaluate(condition, PRODUCT)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            attribute_not_exists(Id)                | true
            Price <> :500                           | true
            NOT Price = :500                        | true
            size(Brand) = :1                        | false
            """)
    void conditions_onAnItemThatDoesNotExist(String text, boolean expected) {
        var condition = Expressions.parseCondition(text, NAMES, VALUES);

        assertThat(ConditionEvaluator.evaluate(condition, Item.EMPTY)).isEqualTo(expected);
    }
}
