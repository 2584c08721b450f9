package dev.dynalens.domain.codec;

import static dev.dynalens.domain.ItemAssertions.assertIdentical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonStreamContext;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Real NoSQL Workbench models published by AWS (aws-samples/aws-dynamodb-examples, MIT-0; see the
 * LICENSE.txt beside them). Their items sit in {@code DataModel[].TableData[]} and
 * {@code DataModel[].TableFacets[].TableData[]}, in DynamoDB JSON. Each item is read straight from
 * a parser standing on it, as an importer streaming a large file would.
 */
class AwsExampleModelsTest {

    private static final String MODELS = "/models/aws-dynamodb-examples/";

    /** What reading every item of one model gave: the items that were read and the failures. */
    private record ModelRead(List<Item> items, List<CodecException> failures) {
    }

    @ParameterizedTest(name = "{0}: {1} items")
    @CsvSource(textBlock = """
            ChatSystemSchema.json,          8
            ComplaintManagementSchema.json, 9
            RecurringPaymentsSchema.json,   2
            SessionManagementSchema.json,   6
            SocialNetworkSchema.json,       17
            """)
    void everyItemOfAValidModel_isReadAndSurvivesARoundTrip(String model, int itemCount) {
        var read = readModel(model);

        assertEquals(List.of(), read.failures());
        assertEquals(itemCount, read.items().size());
        assertEveryItemSurvivesARoundTrip(read.items());
    }

    /** This model puts plain JSON inside "M", where DynamoDB JSON needs typed values. */
    @Test
    void connectedVehicles_plainJsonInsideM_failsNamingTheAttribute() {
        var read = readModel("ConnectedVehiclesSchema.json");

        assertEquals(List.of(
                "126:33 Expected a typed value like {\"S\": \"text\"} for attribute \"autonomous_driving.is_enabled\", found true",
                "141:21 " + unknownType("front_camera_center", "cameras.cameras"),
                "162:21 " + unknownType("is_active", "mirrors.position"),
                "201:21 " + unknownType("front_camera_center", "cameras.cameras"),
                "265:21 " + unknownType("front_camera_center", "cameras.cameras"),
                "289:21 " + unknownType("front_camera_center", "cameras.cameras"),
                "319:21 " + unknownType("cusion_1", "seats.driver_seat"),
                "356:21 " + unknownType("cusion_1", "seats.driver_seat")), positionsAndProblems(read.failures()));
        assertEquals("Expected a typed value like {\"S\": \"text\"} for attribute \"autonomous_driving.is_enabled\", "
                + "found true at line 126, column 33", read.failures().getFirst().getMessage());
        assertEquals(12 - 8, read.items().size());
        assertEveryItemSurvivesARoundTrip(read.items());
    }

    /**
     * This model wraps maps twice, {"M": {"M": {"HP": {"N": "50"}}}}, so the inner object is not a
     * typed value: only the two items without such a map are valid.
     */
    @Test
    void gamePlayerProfiles_doublyWrappedMaps_failNamingTheAttribute() {
        var read = readModel("GamePlayerProfilesSchema.json");

        assertEquals(List.of(
                "285:21 " + unknownType("HP", "ItemAttributes.M"),
                "314:21 " + unknownType("DEF", "ItemAttributes.M"),
                "343:21 " + unknownType("ATK", "ItemAttributes.M"),
                "391:21 " + unknownType("ATK", "EquipmentAttributes.M"),
                "420:21 " + unknownType("DEF", "EquipmentAttributes.M"),
                "446:21 " + unknownType("SP", "EquipmentAttributes.M"),
                "493:21 " + unknownType("Gold", "TaskReward.M"),
                "525:21 " + unknownType("Gold", "TaskReward.M"),
                "557:21 " + unknownType("Gold", "TaskReward.M"),
                "605:21 " + unknownType("Gold", "ActivityReward.M"),
                "640:21 " + unknownType("Gold", "ActivityReward.M"),
                "675:21 " + unknownType("Gold", "ActivityReward.M")), positionsAndProblems(read.failures()));
        assertEquals(14 - 12, read.items().size());
        assertEveryItemSurvivesARoundTrip(read.items());
    }

    private static String unknownType(String key, String attribute) {
        return "Unknown type \"" + key + "\" for attribute \"" + attribute
                + "\"; expected one of S, N, B, BOOL, NULL, L, M, SS, NS, BS";
    }

    private static List<String> positionsAndProblems(List<CodecException> failures) {
        return failures.stream().map(e -> e.line() + ":" + e.column() + " " + e.problem()).toList();
    }

    private static void assertEveryItemSurvivesARoundTrip(List<Item> items) {
        for (var item : items) {
            assertTrue(item.has("PK") && item.has("SK"), () -> "no key in " + item);
            assertIdentical(item, DynamoJsonCodec.readItem(DynamoJsonCodec.writeItem(item)));
            assertIdentical(item, DynamoJsonCodec.readItem(DynamoJsonCodec.writeItemPretty(item)));
            assertIdentical(item, PlainJsonCodec.readItem(PlainJsonCodec.writeItem(item)));
        }
    }

    private static ModelRead readModel(String model) {
        var items = new ArrayList<Item>();
        var failures = new ArrayList<CodecException>();
        try (InputStream in = AwsExampleModelsTest.class.getResourceAsStream(MODELS + model);
                JsonParser parser = new JsonFactory().createParser(in)) {
            for (var token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.FIELD_NAME && parser.currentName().equals("TableData")
                        && parser.nextToken() == JsonToken.START_ARRAY) {
                    readTableData(parser, items, failures);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ModelRead(items, failures);
    }

    /** Reads the items of one TableData array; after a bad item, skips to the next one. */
    private static void readTableData(JsonParser parser, List<Item> items, List<CodecException> failures)
            throws IOException {
        JsonStreamContext array = parser.getParsingContext();
        while (parser.nextToken() == JsonToken.START_OBJECT) {
            try {
                items.add(DynamoJsonCodec.readItem(parser));
            } catch (CodecException e) {
                failures.add(e);
                while (parser.getParsingContext() != array) {
                    parser.nextToken();
                }
            }
        }
    }
}
