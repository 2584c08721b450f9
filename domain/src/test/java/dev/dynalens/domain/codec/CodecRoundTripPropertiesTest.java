package dev.dynalens.domain.codec;

import static dev.dynalens.domain.ItemAssertions.assertIdentical;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Both codecs are lossless: every generated item survives writing and reading, number text included. */
class CodecRoundTripPropertiesTest {

    @Provide
    Arbitrary<Item> items() {
        return ItemArbitraries.items();
    }

    @Provide
    Arbitrary<List<Item>> itemLists() {
        return ItemArbitraries.items().list().ofMaxSize(5);
    }

    @Provide
    Arbitrary<AttributeValue> values() {
        return ItemArbitraries.values(ItemArbitraries.MAX_DEPTH);
    }

    @Property
    void dynamoJson_itemSurvivesCompactAndPrettyRoundTrip(@ForAll("items") Item item) {
        var compact = DynamoJsonCodec.writeItem(item);

        assertFalse(compact.contains("\n"), compact);
        assertIdentical(item, DynamoJsonCodec.readItem(compact));
        assertIdentical(item, DynamoJsonCodec.readItem(DynamoJsonCodec.writeItemPretty(item)));
        assertEquals(item, DynamoJsonCodec.readItem(compact));
    }

    @Property
    void dynamoJson_valueSurvivesRoundTrip(@ForAll("values") AttributeValue value) {
        assertIdentical(value, DynamoJsonCodec.readValue(DynamoJsonCodec.writeValue(value)));
    }

    @Property
    void plainJson_itemSurvivesCompactAndPrettyRoundTrip(@ForAll("items") Item item) {
        var compact = PlainJsonCodec.writeItem(item);

        assertFalse(compact.contains("\n"), compact);
        assertIdentical(item, PlainJsonCodec.readItem(compact));
        assertIdentical(item, PlainJsonCodec.readItem(PlainJsonCodec.writeItemPretty(item)));
    }

    @Property
    void plainJson_valueSurvivesRoundTrip(@ForAll("values") AttributeValue value) {
        assertIdentical(value, PlainJsonCodec.readValue(PlainJsonCodec.writeValue(value)));
    }

    @Property
    void crossConversion_plainToDynamoToPlain_isLossless(@ForAll("items") Item item) {
        var plain = PlainJsonCodec.writeItem(item);

        var viaDynamo = DynamoJsonCodec.readItem(DynamoJsonCodec.writeItem(PlainJsonCodec.readItem(plain)));

        assertIdentical(item, viaDynamo);
        assertEquals(plain, PlainJsonCodec.writeItem(viaDynamo));
    }

    @Property(tries = 200)
    void streaming_readsItemAfterItemFromOneArray(@ForAll("itemLists") List<Item> items) throws IOException {
        var factory = new JsonFactory();
        var out = new StringWriter();
        try (var gen = factory.createGenerator(out)) {
            gen.writeStartArray();
            for (var item : items) {
                DynamoJsonCodec.writeItem(gen, item);
            }
            gen.writeEndArray();
        }

        var read = new ArrayList<Item>();
        try (var parser = factory.createParser(out.toString())) {
            assertEquals(JsonToken.START_ARRAY, parser.nextToken());
            while (parser.nextToken() == JsonToken.START_OBJECT) {
                read.add(DynamoJsonCodec.readItem(parser));
            }
            assertEquals(JsonToken.END_ARRAY, parser.currentToken());
        }

        assertEquals(items.size(), read.size());
        for (int i = 0; i < items.size(); i++) {
            assertIdentical(items.get(i), read.get(i));
        }
    }
}
