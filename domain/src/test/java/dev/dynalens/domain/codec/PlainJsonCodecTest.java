package dev.dynalens.domain.codec;

import static dev.dynalens.domain.ItemAssertions.assertIdentical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PlainJsonCodecTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            0                                              | 0
            -0                                             | -0
            1.50                                           | 1.50
            1e2                                            | 1e2
            1E+2                                           | 1E+2
            -2.5E-3                                        | -2.5E-3
            12345678901234567890123456789012345678         | 12345678901234567890123456789012345678
            9.9999999999999999999999999999999999999E+125   | 9.9999999999999999999999999999999999999E+125
            1E-130                                         | 1E-130
            1000000000000000000000000000000000000000000000 | 1000000000000000000000000000000000000000000000
            """)
    void number_keepsItsExactSourceText(String json, String text) {
        var value = (AttributeValue.Num) PlainJsonCodec.readValue(json);

        assertEquals(text, value.value().text());
        assertEquals(json, PlainJsonCodec.writeValue(value));
    }

    /** DynamoDB accepts number texts that JSON does not; plain JSON writes the same value in JSON form. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(textBlock = """
            +5,     5
            .5,     0.5
            5.,     5
            007,    7
            +1.50,  1.50
            -.25e3, -2.5E+2
            """)
    void number_whoseTextIsNotJson_isWrittenAsTheSameValueInJsonForm(String dynamoText, String plainText) {
        var value = AttributeValue.n(dynamoText);

        assertEquals("{\"N\":\"" + dynamoText + "\"}", DynamoJsonCodec.writeValue(value));
        assertEquals(plainText, PlainJsonCodec.writeValue(value));
        assertEquals(value, PlainJsonCodec.readValue(plainText));
    }

    /** Maps whose keys look like markers: the writer wraps single-key ones in "$M", the reader undoes it. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            {"M":{"$SS":{"L":[{"S":"a"}]}}}                        | {"$M":{"$SS":["a"]}}
            {"M":{"$SS":{"SS":["a"]}}}                             | {"$M":{"$SS":{"$SS":["a"]}}}
            {"M":{"$NS":{"L":[{"N":"1"}]}}}                        | {"$M":{"$NS":[1]}}
            {"M":{"$BS":{"S":"x"}}}                                | {"$M":{"$BS":"x"}}
            {"M":{"$B":{"S":"!!"}}}                                | {"$M":{"$B":"!!"}}
            {"M":{"$M":{"M":{}}}}                                  | {"$M":{"$M":{}}}
            {"M":{"$M":{"M":{"$B":{"S":"!!"}}}}}                   | {"$M":{"$M":{"$M":{"$B":"!!"}}}}
            {"M":{"$SS":{"L":[]},"x":{"N":"1"}}}                   | {"$SS":[],"x":1}
            {"M":{"x":{"N":"1"},"$B":{"S":"!!"}}}                  | {"x":1,"$B":"!!"}
            {"M":{"$M":{"M":{"$B":{"S":"!!"}}},"y":{"N":"1"}}}     | {"$M":{"$M":{"$B":"!!"}},"y":1}
            {"M":{"$S":{"S":"not a marker"}}}                      | {"$S":"not a marker"}
            """)
    void mapWithMarkerLikeKeys_roundTripsExactly(String dynamoJson, String plainJson) {
        var value = DynamoJsonCodec.readValue(dynamoJson);

        assertEquals(plainJson, PlainJsonCodec.writeValue(value));
        assertIdentical(value, PlainJsonCodec.readValue(plainJson));
    }

    @Test
    void item_isAlwaysAnAttributeMap_evenWithAMarkerKey() {
        var item = Item.of(Map.of("$SS", AttributeValue.s("x")));

        assertEquals("{\"$SS\":\"x\"}", PlainJsonCodec.writeItem(item));
        assertIdentical(item, PlainJsonCodec.readItem("{\"$SS\":\"x\"}"));
    }

    @Test
    void numberSet_acceptsNumbersInStrings() {
        var value = PlainJsonCodec.readValue("{\"$NS\": [\"1.50\", 2]}");

        assertIdentical(AttributeValue.ns("1.50", "2"), value);
        assertEquals("{\"$NS\":[1.50,2]}", PlainJsonCodec.writeValue(value));
    }

    @Test
    void writeItemPretty_indentsTwoSpacesPerLevel() {
        var item = Item.of(Map.of("PK", AttributeValue.s("USER#1")))
                .with("scores", AttributeValue.l(AttributeValue.n("1.50"), AttributeValue.nul()))
                .with("photo", AttributeValue.b(new byte[] {1, 2}));

        assertEquals("""
                {
                  "PK": "USER#1",
                  "scores": [
                    1.50,
                    null
                  ],
                  "photo": {
                    "$B": "AQI="
                  }
                }""", PlainJsonCodec.writeItemPretty(item));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {"$SS": []}                           | 1 | 9  | A string set ($SS) must not be empty (DynamoDB has no empty sets), in the value
            {"$SS": ["a", "a"]}                   | 1 | 15 | Duplicate element "a" in the string set ($SS) of the value (DynamoDB sets hold distinct values)
            {"$SS": [1]}                          | 1 | 10 | "$SS" needs JSON strings in the value, found the number 1
            {"$SS": "a"}                          | 1 | 9  | "$SS" needs a JSON array of JSON strings for the value, found the string "a"
            {"$NS": ["x"]}                        | 1 | 10 | Not a number: 'x', in the value
            {"$NS": [1, "2", 1.0]}                | 1 | 18 | Duplicate element "1.0" in the number set ($NS) of the value (DynamoDB sets hold distinct values)
            {"$BS": ["AA==", 7]}                  | 1 | 18 | "$BS" needs base64 strings in the value, found the number 7
            {"$B": "!!"}                          | 1 | 8  | Invalid base64 "!!" in the value: Illegal base64 character 21
            {"$B": 5}                             | 1 | 8  | "$B" needs a base64 string for the value, found the number 5
            {"$M": 5}                             | 1 | 8  | "$M" needs a JSON object of entries for the value, found the number 5
            {"x": [1, {"$SS": []}]}               | 1 | 19 | A string set ($SS) must not be empty (DynamoDB has no empty sets), in attribute "x[1]"
            {"$M": {"$B": "!!"}, "y": 1}          | 1 | 15 | Invalid base64 "!!" in attribute "$M": Illegal base64 character 21
            {"a": 1E+200}                         | 1 | 7  | Number '1E+200' is too large for DynamoDB (max 9.99…E+125), in attribute "a"
            {"a": 1234567890123456789012345678901234567890} | 1 | 7 | Number '1234567890123456789012345678901234567890' has 39 significant digits; DynamoDB keeps at most 38, in attribute "a"
            {"a": 1, "a": 2}                      | 1 | 10 | Duplicate key "a" in the value
            [1, 2                                 | 1 | 6  | Not valid JSON: Unexpected end-of-input: expected close marker for Array (start marker at line 1, column 1)
            nul                                   | 1 | 1  | Not valid JSON: Unrecognized token 'nul': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')
            """)
    void malformedValue_failsWithPositionAndAPlainMessage(String json, int line, int column, String problem) {
        var e = assertThrows(CodecException.class, () -> PlainJsonCodec.readValue(json));

        assertEquals(problem, e.problem());
        assertEquals(line, e.line());
        assertEquals(column, e.column());
    }

    @Test
    void malformedItem_onALaterLine_isReportedThere() {
        var json = """
                {
                  "name": "Widget",
                  "tags": {"$SS": ["a",
                                   "a"]}
                }
                """;

        var e = assertThrows(CodecException.class, () -> PlainJsonCodec.readItem(json));

        assertEquals(4, e.line());
        assertEquals(20, e.column());
        assertEquals("Duplicate element \"a\" in the string set ($SS) of attribute \"tags\" (DynamoDB sets hold distinct values)",
                e.problem());
    }

    @Test
    void readItem_refusesAnythingButAnObject() {
        var e = assertThrows(CodecException.class, () -> PlainJsonCodec.readItem("\"x\""));

        assertEquals("Expected an item: a JSON object, found the string \"x\"", e.problem());
    }
}
