package dev.dynalens.domain.inference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test-only reader of a NoSQL Workbench model's first table: key schema, GSIs, and the items of
 * {@code TableData} and of each facet's {@code TableData}, in DynamoDB typed JSON. Values that are
 * not typed are skipped. (The product's model reader lives elsewhere; this one only feeds tests.)
 */
record WorkbenchModel(TableKeys keys, List<Item> items, Map<String, Facet> facets) {
    /** A facet: what AWS calls the entity, its sort-key alias, and its items. */
    record Facet(String name, String sortKeyAlias, List<Item> items) {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static WorkbenchModel load(String fileName) {
        var path = "/models/aws-dynamodb-examples/" + fileName;
        try (var in = WorkbenchModel.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("No test resource " + path);
            }
            return parse(MAPPER.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static WorkbenchModel parse(JsonNode root) {
        var table = root.path("DataModel").get(0);
        var keySchema = keySchema(table.path("KeyAttributes"));
        var keys = new TableKeys(table.path("TableName").asText(), keySchema, Map.of());
        for (var gsi : table.path("GlobalSecondaryIndexes")) {
            keys = keys.withIndex(gsi.path("IndexName").asText(), keySchema(gsi.path("KeyAttributes")));
        }
        var items = new ArrayList<Item>();
        table.path("TableData").forEach(node -> items.add(item(node)));
        var facets = new LinkedHashMap<String, Facet>();
        for (var facet : table.path("TableFacets")) {
            var facetItems = new ArrayList<Item>();
            facet.path("TableData").forEach(node -> facetItems.add(item(node)));
            var name = facet.path("FacetName").asText();
            facets.put(name, new Facet(name, facet.path("KeyAttributeAlias").path("SortKeyAlias").asText(), List.copyOf(facetItems)));
            items.addAll(facetItems);
        }
        return new WorkbenchModel(keys, items, facets);
    }

    private static KeySchema keySchema(JsonNode keyAttributes) {
        var sortKey = keyAttributes.path("SortKey").path("AttributeName");
        return KeySchema.of(keyAttributes.path("PartitionKey").path("AttributeName").asText(),
                sortKey.isMissingNode() ? null : sortKey.asText());
    }

    static Item item(JsonNode node) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        node.properties().forEach(e -> {
            var value = value(e.getValue());
            if (value != null) {
                attributes.put(e.getKey(), value);
            }
        });
        return new Item(attributes);
    }

    /** A typed value, or null when the node is not one. */
    static AttributeValue value(JsonNode node) {
        if (node == null || !node.isObject() || node.size() != 1) {
            return null;
        }
        var entry = node.properties().iterator().next();
        var v = entry.getValue();
        try {
            return switch (entry.getKey()) {
                case "S" -> v.isTextual() ? AttributeValue.s(v.asText()) : null;
                case "N" -> v.isTextual() || v.isNumber() ? AttributeValue.n(v.asText()) : null;
                case "B" -> v.isTextual() ? new AttributeValue.Bin(Bytes.fromBase64(v.asText())) : null;
                case "BOOL" -> v.isBoolean() ? AttributeValue.bool(v.asBoolean()) : null;
                case "NULL" -> AttributeValue.nul();
                case "L" -> {
                    var values = new ArrayList<AttributeValue>();
                    v.forEach(element -> {
                        var parsed = value(element);
                        if (parsed != null) {
                            values.add(parsed);
                        }
                    });
                    yield AttributeValue.l(values);
                }
                case "M" -> {
                    var map = new LinkedHashMap<String, AttributeValue>();
                    v.properties().forEach(e -> {
                        var parsed = value(e.getValue());
                        if (parsed != null) {
                            map.put(e.getKey(), parsed);
                        }
                    });
                    yield AttributeValue.m(map);
                }
                case "SS" -> AttributeValue.StringSet.of(texts(v));
                case "NS" -> AttributeValue.NumberSet.of(texts(v).stream().map(DynamoNumber::parse).toList());
                case "BS" -> AttributeValue.BinarySet.of(texts(v).stream().map(Bytes::fromBase64).toList());
                default -> null;
            };
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static List<String> texts(JsonNode array) {
        var texts = new ArrayList<String>();
        array.forEach(element -> texts.add(element.asText()));
        return texts;
    }
}
