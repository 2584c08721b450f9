package dev.dynalens.domain.codec;

import static dev.dynalens.domain.ItemAssertions.assertIdentical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DynamoJsonCodecTest {

    /** Each type in DynamoDB JSON and in plain JSON; both texts are exactly what the writers produce. */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            S    | {"S":"hello"}                                 | "hello"
            S    | {"S":""}                                      | ""
            S    | {"S":"😀 𝄞 ü \\u0000 \\"q\\""}                  | "😀 𝄞 ü \\u0000 \\"q\\""
            N    | {"N":"12"}                                    | 12
            N    | {"N":"-1.50E+10"}                             | -1.50E+10
            N    | {"N":"0"}                                     | 0
            B    | {"B":"AAEC/w=="}                              | {"$B":"AAEC/w=="}
            B    | {"B":""}                                      | {"$B":""}
            BOOL | {"BOOL":true}                                 | true
            BOOL | {"BOOL":false}                                | false
            NULL | {"NULL":true}                                 | null
            L    | {"L":[]}                                      | []
            L    | {"L":[{"S":"a"},{"N":"1"},{"NULL":true}]}     | ["a",1,null]
            M    | {"M":{}}                                      | {}
            M    | {"M":{"a":{"S":"x"},"b":{"L":[]}}}            | {"a":"x","b":[]}
            SS   | {"SS":["b","a",""]}                           | {"$SS":["b","a",""]}
            NS   | {"NS":["1","2.50","-3E-7"]}                   | {"$NS":[1,2.50,-3E-7]}
            BS   | {"BS":["AA==",""]}                            | {"$BS":["AA==",""]}
            """)
    void everyType_readsAndWritesInBothForms(AttributeType type, String dynamoJson, String plainJson) {
        var value = DynamoJsonCodec.readValue(dynamoJson);

        assertEquals(type, value.type());
        assertEquals(dynamoJson, DynamoJsonCodec.writeValue(value));
        assertEquals(plainJson, PlainJsonCodec.writeValue(value));
        assertIdentical(value, PlainJsonCodec.readValue(plainJson));
    }

    @Test
    void number_with38Digits_keepsItsExactText() {
        var json = "{\"n\":{\"N\":\"-1.2345678901234567890123456789012345678E-100\"},"
                + "\"big\":{\"N\":\"99999999999999999999999999999999999999\"}}";

        var item = DynamoJsonCodec.readItem(json);

        assertEquals("-1.2345678901234567890123456789012345678E-100", number(item, "n"));
        assertEquals("99999999999999999999999999999999999999", number(item, "big"));
        assertEquals(json, DynamoJsonCodec.writeItem(item));
        assertEquals("{\"n\":-1.2345678901234567890123456789012345678E-100,\"big\":99999999999999999999999999999999999999}",
                PlainJsonCodec.writeItem(item));
    }

    @Test
    void nesting_32LevelsOfMapsAndLists_readAndWriteBothWays() {
        AttributeValue deepest = AttributeValue.n("1");
        var maps = deepest;
        var lists = deepest;
        for (int level = 0; level < 32; level++) {
            maps = AttributeValue.m(Map.of("level", maps));
            lists = AttributeValue.l(lists);
        }
        var item = Item.of(Map.of("maps", maps)).with("lists", lists);
        var json = "{\"maps\":" + "{\"M\":{\"level\":".repeat(32) + "{\"N\":\"1\"}" + "}}".repeat(32)
                + ",\"lists\":" + "{\"L\":[".repeat(32) + "{\"N\":\"1\"}" + "]}".repeat(32) + "}";
        var plain = "{\"maps\":" + "{\"level\":".repeat(32) + "1" + "}".repeat(32)
                + ",\"lists\":" + "[".repeat(32) + "1" + "]".repeat(32) + "}";

        assertEquals(json, DynamoJsonCodec.writeItem(item));
        assertIdentical(item, DynamoJsonCodec.readItem(json));
        assertEquals(plain, PlainJsonCodec.writeItem(item));
        assertIdentical(item, PlainJsonCodec.readItem(plain));
    }

    @Test
    void writeItemPretty_indentsTwoSpacesPerLevel() {
        var item = Item.of(Map.of("PK", AttributeValue.s("USER#1")))
                .with("tags", AttributeValue.ss("a", "b"))
                .with("empty", AttributeValue.m(Map.of()));

        assertEquals("""
                {
                  "PK": {
                    "S": "USER#1"
                  },
                  "tags": {
                    "SS": [
                      "a",
                      "b"
                    ]
                  },
                  "empty": {
                    "M": {}
                  }
                }""", DynamoJsonCodec.writeItemPretty(item));
    }

    @Test
    void readKey_returnsTheKeyAttributesInOrder() {
        var key = DynamoJsonCodec.readKey("{\"PK\":{\"S\":\"USER#1\"},\"SK\":{\"N\":\"7\"}}");

        assertEquals(Map.of("PK", AttributeValue.s("USER#1"), "SK", AttributeValue.n(7)), key);
        assertEquals(java.util.List.of("PK", "SK"), java.util.List.copyOf(key.keySet()));
    }

    @Test
    void readItem_fromAParser_leavesItOnTheItemsEnd() throws IOException {
        try (var parser = new JsonFactory().createParser("[{\"a\":{\"S\":\"x\"}},{\"b\":{\"BOOL\":true}}]")) {
            parser.nextToken();
            parser.nextToken();

            var first = DynamoJsonCodec.readItem(parser);
            assertEquals(JsonToken.END_OBJECT, parser.currentToken());
            parser.nextToken();
            var second = DynamoJsonCodec.readItem(parser);

            assertEquals(Item.of(Map.of("a", AttributeValue.s("x"))), first);
            assertEquals(Item.of(Map.of("b", AttributeValue.bool(true))), second);
            assertEquals(JsonToken.END_ARRAY, parser.nextToken());
        }
    }

    @Test
    void readItem_fromAParser_turnsSyntaxErrorsIntoCodecException() throws IOException {
        try (var parser = new JsonFactory().createParser("{\"a\": {\"S\": \"x\"},\n \"b\": }")) {
            var e = assertThrows(CodecException.class, () -> DynamoJsonCodec.readItem(parser));

            assertEquals(2, e.line());
            assertEquals(7, e.column());
        }
    }

    @Test
    void malformedInput_isReportedAtTheOffendingValue() {
        var json = """
                {
                  "name": {"S": "Widget"},
                  "price": 12.5
                }
                """;

        var e = assertThrows(CodecException.class, () -> DynamoJsonCodec.readItem(json));

        assertEquals(3, e.line());
        assertEquals(12, e.column());
        assertEquals("Expected a typed value like {\"S\": \"text\"} for attribute \"price\", found the number 12.5"
                + " at line 3, column 12", e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {"price": 12}                          | 1 | 11 | Expected a typed value like {"S": "text"} for attribute "price", found the number 12
            {"a": {"X": "1"}}                      | 1 | 8  | Unknown type "X" for attribute "a"; expected one of S, N, B, BOOL, NULL, L, M, SS, NS, BS
            {"a": {"s": "x"}}                      | 1 | 8  | Unknown type "s" for attribute "a"; expected one of S, N, B, BOOL, NULL, L, M, SS, NS, BS
            {"a": {"S": "x", "N": "1"}}            | 1 | 18 | A typed value has exactly one key, but attribute "a" has "S" and also "N"
            {"a": {}}                              | 1 | 7  | Expected a typed value like {"S": "text"} for attribute "a", found an empty object
            {"a": {"N": 12}}                       | 1 | 13 | "N" needs the number as a JSON string, like {"N": "12"}, for attribute "a", found the number 12
            {"a": {"N": "12x"}}                    | 1 | 13 | Not a number: '12x', in attribute "a"
            {"a": {"N": "1E+126"}}                 | 1 | 13 | Number '1E+126' is too large for DynamoDB (max 9.99…E+125), in attribute "a"
            {"a": {"N": "1234567890123456789012345678901234567890"}} | 1 | 13 | Number '1234567890123456789012345678901234567890' has 39 significant digits; DynamoDB keeps at most 38, in attribute "a"
            {"a": {"B": "!!"}}                     | 1 | 13 | Invalid base64 "!!" in attribute "a": Illegal base64 character 21
            {"a": {"BOOL": "yes"}}                 | 1 | 16 | "BOOL" needs true or false for attribute "a", found the string "yes"
            {"a": {"NULL": false}}                 | 1 | 16 | "NULL" must be true for attribute "a", found false
            {"a": {"SS": []}}                      | 1 | 14 | A string set (SS) must not be empty (DynamoDB has no empty sets), in attribute "a"
            {"a": {"SS": "x"}}                     | 1 | 14 | "SS" needs a JSON array of strings for attribute "a", found the string "x"
            {"a": {"SS": ["x", 1]}}                | 1 | 20 | "SS" needs a JSON string for attribute "a[1]", found the number 1
            {"a": {"SS": ["x", "x"]}}              | 1 | 20 | Duplicate element "x" in the string set (SS) of attribute "a" (DynamoDB sets hold distinct values)
            {"a": {"NS": ["1.5", "1.50"]}}         | 1 | 22 | Duplicate element "1.50" in the number set (NS) of attribute "a" (DynamoDB sets hold distinct values)
            {"a": {"BS": ["AA==", "AA=="]}}        | 1 | 23 | Duplicate element "AA==" in the binary set (BS) of attribute "a" (DynamoDB sets hold distinct values)
            {"a": {"L": {}}}                       | 1 | 13 | "L" needs a JSON array of typed values for attribute "a", found an object
            {"a": {"L": [{"S": "x"}, 5]}}          | 1 | 26 | Expected a typed value like {"S": "text"} for attribute "a[1]", found the number 5
            {"a": {"M": []}}                       | 1 | 13 | "M" needs a JSON object of names to typed values for attribute "a", found an array
            {"a": {"M": {"b": {"BOOL": "yes"}}}}   | 1 | 28 | "BOOL" needs true or false for attribute "a.b", found the string "yes"
            {"a": {"S": "x"}, "a": {"S": "y"}}     | 1 | 19 | Duplicate attribute name "a"
            {"a": {"M": {"b": {"S": "x"}, "b": {"S": "y"}}}} | 1 | 31 | Duplicate attribute name "b" in attribute "a"
            {"a": {"S": "x"}                       | 1 | 17 | Not valid JSON: Unexpected end-of-input: expected close marker for Object (start marker at line 1, column 1)
            {"a": {"S": "x"}} {}                   | 1 | 19 | Expected the end of the input after the JSON value, found an object
            []                                     | 1 | 1  | Expected an item: a JSON object of attribute names to typed values, found an array
            """)
    void malformedItem_failsWithPositionAndAPlainMessage(String json, int line, int column, String problem) {
        var e = assertThrows(CodecException.class, () -> DynamoJsonCodec.readItem(json));

        assertEquals(problem, e.problem());
        assertEquals(line, e.line());
        assertEquals(column, e.column());
        assertEquals(problem + " at line " + line + ", column " + column, e.getMessage());
    }

    @Test
    void emptyInput_failsAtTheStart() {
        var e = assertThrows(CodecException.class, () -> DynamoJsonCodec.readItem("  "));

        assertEquals("Expected JSON, but the input is empty", e.problem());
        assertEquals(1, e.line());
    }

    @Test
    void longStringsAndNames_areNotCutByJacksonLimits() {
        var longName = "n".repeat(70_000);
        var longText = "é".repeat(400_000);
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put(longName, AttributeValue.s(longText));
        var item = Item.of(attributes);

        assertIdentical(item, DynamoJsonCodec.readItem(DynamoJsonCodec.writeItem(item)));
        assertIdentical(item, PlainJsonCodec.readItem(PlainJsonCodec.writeItem(item)));
    }

    private static String number(Item item, String name) {
        return ((AttributeValue.Num) item.get(name).orElseThrow()).value().text();
    }
}
