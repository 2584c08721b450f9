package dev.dynalens.domain.workspace;

import com.fasterxml.jackson.core.JsonParser;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a NoSQL Workbench data model, versions 1.0 to 3.0:
 * <pre>
 * {"ModelName": "…", "ModelMetadata": {"Version": "3.0", …},
 *  "DataModel": [{"TableName": "…",
 *                 "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}, "SortKey": {…}},
 *                 "GlobalSecondaryIndexes": [{"IndexName": "…", "KeyAttributes": {…},
 *                                             "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": […]}}],
 *                 "TableData": [item, …],
 *                 "TableFacets": [{"FacetName": "…", "KeyAttributeAlias": {"PartitionKeyAlias": "…", "SortKeyAlias": "…"},
 *                                  "TableData": [item, …]}]}]}
 * </pre>
 * Items are DynamoDB JSON, read leniently ({@link LenientItems}), in file order whether they sit in
 * the table's TableData or in a facet's; a facet's items carry the facet. Version 1.0 files differ
 * only in what this reader does not need (no ModelMetadata.AWSService, no BillingMode); aliases given
 * directly on the facet, as AWS's documentation shows them, are read too. A model that is not valid
 * JSON loads up to the error.
 */
final class ModelReader {
    private final ProblemLog log;
    private String modelName;
    private final List<TableBuilder> tables = new ArrayList<>();

    private ModelReader(ProblemLog log) {
        this.log = log;
    }

    record Result(String modelName, List<TableBuilder> tables) {
    }

    static Result read(InputStream in, ProblemLog log) throws IOException {
        var reader = new ModelReader(log);
        try (JsonParser parser = JsonTree.FACTORY.createParser(in)) {
            var read = JsonTree.read(parser, 0);
            if (read.error() != null) {
                var e = read.error();
                log.error(e.line(), e.column(), e.message() + " (the model is read up to here)");
            }
            if (read.value() != null) {
                reader.model(read.value());
            }
        }
        return new Result(reader.modelName, reader.tables);
    }

    private void model(JsonTree root) {
        if (!(root instanceof JsonTree.Obj model)) {
            log.error(root.line(), root.column(), "A NoSQL Workbench model is a JSON object with a DataModel list");
            return;
        }
        modelName = JsonTree.text(model.get("ModelName"));
        if (model.get("ModelMetadata") instanceof JsonTree.Obj metadata) {
            var version = JsonTree.text(metadata.get("Version"));
            if (version != null && !(version.startsWith("1.") || version.startsWith("2.") || version.startsWith("3."))) {
                log.warn(metadata.line(), metadata.column(), "Model version " + version + " is newer than 3.0; read as 3.0");
            }
        }
        var dataModel = model.get("DataModel");
        switch (dataModel) {
            case JsonTree.Arr list -> list.elements().forEach(this::table);
            case JsonTree.Obj single -> table(single);
            case null -> log.error(model.line(), model.column(), "The model has no DataModel list, so no tables");
            default -> log.error(dataModel.line(), dataModel.column(), "DataModel should be a list of tables");
        }
    }

    private void table(JsonTree node) {
        if (!(node instanceof JsonTree.Obj table)) {
            log.error(node.line(), node.column(), "Expected a table (a JSON object) in DataModel");
            return;
        }
        var name = JsonTree.text(table.get("TableName"));
        if (name == null || name.isBlank()) {
            name = "Table" + (tables.size() + 1);
            log.warn(table.line(), table.column(), "A table has no TableName; it is called " + name);
        }
        if (isTaken(name)) {
            var original = name;
            for (int n = 2; isTaken(name); n++) {
                name = original + "-" + n;
            }
            log.warn(table.line(), table.column(), "The model has more than one table named " + original + "; this one is called " + name);
        }
        var builder = new TableBuilder(name, log);
        tables.add(builder);
        var keys = keySchema(table.get("KeyAttributes"), "Table " + name);
        if (keys != null) {
            builder.declare(keys, indexes(table.get("GlobalSecondaryIndexes"), name));
        } else if (table.complete()) {
            log.warn(table.line(), table.column(), "Table " + name + " has no KeyAttributes; the key schema is taken from the options or guessed");
        }
        for (int i = 0; i < table.size(); i++) {
            switch (table.names().get(i)) {
                case "TableData" -> items(table.values().get(i), builder, -1);
                case "TableFacets" -> facets(table.values().get(i), builder);
                default -> { }
            }
        }
    }

    private boolean isTaken(String name) {
        return tables.stream().anyMatch(t -> t.name().equals(name));
    }

    private KeySchema keySchema(JsonTree node, String owner) {
        if (!(node instanceof JsonTree.Obj keyAttributes)) {
            return null;
        }
        var partitionKey = keyAttribute(keyAttributes.get("PartitionKey"), owner + " partition key");
        if (partitionKey == null) {
            log.warn(keyAttributes.line(), keyAttributes.column(), owner + " has KeyAttributes without a PartitionKey AttributeName");
            return null;
        }
        var sortNode = keyAttributes.get("SortKey");
        var sortKey = sortNode == null ? null : keyAttribute(sortNode, owner + " sort key");
        return new KeySchema(partitionKey, sortKey);
    }

    private KeySchema.KeyAttribute keyAttribute(JsonTree node, String role) {
        if (!(node instanceof JsonTree.Obj key)) {
            return null;
        }
        var name = JsonTree.text(key.get("AttributeName"));
        if (name == null || name.isEmpty()) {
            return null;
        }
        var typeText = JsonTree.text(key.get("AttributeType"));
        var type = KeySchema.ScalarType.S;
        if (typeText == null) {
            log.warn(key.line(), key.column(), "The " + role + " " + name + " has no AttributeType; read as S");
        } else {
            try {
                type = KeySchema.ScalarType.valueOf(typeText.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                log.warn(key.line(), key.column(), "The " + role + " " + name + " has AttributeType " + typeText
                        + ", which a key cannot have (S, N or B); read as S");
            }
        }
        return new KeySchema.KeyAttribute(name, type);
    }

    private List<IndexDescription> indexes(JsonTree node, String tableName) {
        var indexes = new ArrayList<IndexDescription>();
        if (!(node instanceof JsonTree.Arr list)) {
            return indexes;
        }
        for (var element : list.elements()) {
            if (!(element instanceof JsonTree.Obj index)) {
                continue;
            }
            var name = JsonTree.text(index.get("IndexName"));
            var keys = keySchema(index.get("KeyAttributes"), "Index " + name);
            if (name == null || keys == null) {
                log.warn(index.line(), index.column(), "An index of table " + tableName + " has no IndexName or KeyAttributes; it is left out");
                continue;
            }
            var projection = IndexDescription.Projection.ALL;
            var nonKeyAttributes = new ArrayList<String>();
            if (index.get("Projection") instanceof JsonTree.Obj p) {
                var type = JsonTree.text(p.get("ProjectionType"));
                if (type != null) {
                    try {
                        projection = IndexDescription.Projection.valueOf(type.strip().toUpperCase(Locale.ROOT));
                    } catch (IllegalArgumentException e) {
                        log.warn(p.line(), p.column(), "Index " + name + " has ProjectionType " + type + "; read as ALL");
                    }
                }
                if (p.get("NonKeyAttributes") instanceof JsonTree.Arr attributes) {
                    attributes.elements().stream().map(JsonTree::text).filter(a -> a != null).forEach(nonKeyAttributes::add);
                }
            }
            indexes.add(new IndexDescription(name, IndexDescription.Kind.GLOBAL, keys, projection,
                    projection == IndexDescription.Projection.INCLUDE ? nonKeyAttributes : List.of(), null, null, null));
        }
        return indexes;
    }

    private void facets(JsonTree node, TableBuilder builder) {
        if (!(node instanceof JsonTree.Arr list)) {
            return;
        }
        for (var element : list.elements()) {
            if (!(element instanceof JsonTree.Obj facet)) {
                continue;
            }
            var name = JsonTree.text(facet.get("FacetName"));
            if (name == null || name.isBlank()) {
                name = "Facet" + (builder.facetCount() + 1);
            }
            var aliases = facet.get("KeyAttributeAlias") instanceof JsonTree.Obj a ? a : facet;
            int id = builder.facet(new Facet(name, JsonTree.text(aliases.get("PartitionKeyAlias")), JsonTree.text(aliases.get("SortKeyAlias"))));
            items(facet.get("TableData"), builder, id);
        }
    }

    private void items(JsonTree node, TableBuilder builder, int facet) {
        if (node == null) {
            return;
        }
        if (!(node instanceof JsonTree.Arr list)) {
            log.error(node.line(), node.column(), "TableData should be a list of items");
            return;
        }
        for (var element : list.elements()) {
            if (!(element instanceof JsonTree.Obj item)) {
                log.error(element.line(), element.column(), "Expected an item (a JSON object) in TableData");
                continue;
            }
            if (!item.complete()) {
                continue; // cut off by the syntax error, which is reported
            }
            var leniencies = new ArrayList<LenientItems.Leniency>();
            var read = LenientItems.item(item, leniencies);
            if (!leniencies.isEmpty()) {
                var first = leniencies.getFirst();
                log.warn(first.line(), first.column(), "Item read leniently: " + LenientItems.describe(leniencies));
            }
            builder.add(read, item.line(), item.column(), facet);
        }
    }
}
