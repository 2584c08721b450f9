package dev.dynalens.domain.workspace;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.dynalens.domain.codec.Utf8Reader;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.IndexKey;
import dev.dynalens.domain.table.KeySchema;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * Reads a NoSQL Workbench data model, versions 1.0 to 3.0, as a stream: one item at a time, so a model of any size
 * is read in the memory its items take once kept (a workspace keeps them compact; an import keeps none).
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
 * Items are DynamoDB JSON, read leniently ({@link LenientItems}), in file order whether they sit in the table's
 * TableData or in a facet's; {@link #next()} hands each over with the leniencies its reading needed, and the caller
 * says what to make of them. A table's name, keys, indexes and facets are read as they come and are complete once the
 * table's object has been read (a hand-written model may list them after the items). Version 1.0 files differ only in
 * what this reader does not need (no ModelMetadata.AWSService, no BillingMode); aliases given directly on the facet, as
 * AWS's documentation shows them, are read too. Malformed JSON ends the reading where it is, keeping what came before;
 * an item whose bytes are not UTF-8 is left out with its position. Every problem goes to the {@link ProblemLog}.
 */
final class ModelReader implements Closeable {

    /** One table of the model, filled in as its parts are read. */
    static final class Table {
        final int ordinal;
        final int line;
        final int column;
        String name;
        KeySchema keys;
        List<IndexDescription> indexes = List.of();
        final List<Facet> facets = new ArrayList<>();

        Table(int ordinal, int line, int column) {
            this.ordinal = ordinal;
            this.line = line;
            this.column = column;
        }
    }

    /**
     * One item as read.
     *
     * @param facet      the facet's index in the table's facets, or -1 for the table's own TableData
     * @param leniencies where the item was read leniently (empty for a strictly valid item)
     */
    record ItemRead(Table table, int facet, Item item, int line, int column, List<LenientItems.Leniency> leniencies) {
    }

    private enum Where { ROOT, DATA_MODEL, TABLE, FACETS, FACET, ITEMS }

    /** Where the reader stands; for a facet, the names read so far, which it takes at the facet's end. */
    private static final class Frame {
        final Where where;
        final Table table;
        final int facet;
        String facetName;
        String partitionKeyAlias;
        String sortKeyAlias;
        JsonTree.Obj aliases;

        Frame(Where where, Table table, int facet) {
            this.where = where;
            this.table = table;
            this.facet = facet;
        }
    }

    private final Utf8Reader text;
    private final JsonParser parser;
    private final ProblemLog log;
    private final IntPredicate wantsItems;
    private final Deque<Frame> stack = new ArrayDeque<>();
    private final List<Table> tables = new ArrayList<>();
    private String modelName;
    private boolean started;
    private boolean done;
    private boolean sawDataModel;
    private int modelLine;
    private int modelColumn;

    /** @param wantsItems by a table's ordinal: whether its items are read (the others' are skipped unparsed) */
    ModelReader(Utf8Reader text, ProblemLog log, IntPredicate wantsItems) throws IOException {
        this.text = text;
        this.parser = JsonTree.FACTORY.createParser(text);
        this.log = log;
        this.wantsItems = wantsItems;
    }

    String modelName() {
        return modelName;
    }

    /** Every table begun so far, in file order; complete once {@link #next()} returned null. */
    List<Table> tables() {
        return tables;
    }

    /** The next item of a wanted table, or null at the end of the model (or where malformed JSON ended it). */
    ItemRead next() throws IOException {
        if (done) {
            return null;
        }
        try {
            if (!started) {
                started = true;
                start();
            }
            while (!done && !stack.isEmpty()) {
                var item = step();
                if (item != null) {
                    return item;
                }
            }
        } catch (ModelSyntax e) {
            stop(e.error.message(), e.error.line(), e.error.column());
        } catch (JsonProcessingException e) {
            var at = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
            stop(JsonTree.describe(e, 0), at.getLineNr(), at.getColumnNr());
        }
        finish();
        return null;
    }

    @Override
    public void close() throws IOException {
        parser.close();
        text.close();
    }

    private void start() throws IOException {
        var token = parser.nextToken();
        if (token == null) {
            var end = parser.currentLocation();
            stop("Expected JSON, but the input is empty", end.getLineNr(), end.getColumnNr());
            return;
        }
        var at = parser.currentTokenLocation();
        if (token != JsonToken.START_OBJECT) {
            parser.skipChildren();
            log.error(at.getLineNr(), at.getColumnNr(), "A NoSQL Workbench model is a JSON object with a DataModel list");
            done = true;
            return;
        }
        modelLine = at.getLineNr();
        modelColumn = at.getColumnNr();
        stack.push(new Frame(Where.ROOT, null, -1));
    }

    /** One token's worth of reading; an item when it read one. */
    private ItemRead step() throws IOException {
        var frame = stack.peek();
        var token = parser.nextToken();
        if (token == null) {
            var end = parser.currentLocation();
            stop("Not valid JSON: unexpected end of input", end.getLineNr(), end.getColumnNr());
            return null;
        }
        var at = parser.currentTokenLocation();
        switch (frame.where) {
            case ROOT -> {
                if (token == JsonToken.END_OBJECT) {
                    stack.pop();
                    if (!sawDataModel) {
                        log.error(modelLine, modelColumn, "The model has no DataModel list, so no tables");
                    }
                    return null;
                }
                root(parser.currentName());
            }
            case DATA_MODEL -> {
                if (token == JsonToken.END_ARRAY) {
                    stack.pop();
                } else if (token == JsonToken.START_OBJECT) {
                    beginTable(at.getLineNr(), at.getColumnNr());
                } else {
                    parser.skipChildren();
                    log.error(at.getLineNr(), at.getColumnNr(), "Expected a table (a JSON object) in DataModel");
                }
            }
            case TABLE -> {
                if (token == JsonToken.END_OBJECT) {
                    stack.pop();
                    endTable(frame.table);
                    return null;
                }
                tableField(frame.table, parser.currentName());
            }
            case FACETS -> {
                if (token == JsonToken.END_ARRAY) {
                    stack.pop();
                } else if (token == JsonToken.START_OBJECT) {
                    var table = frame.table;
                    table.facets.add(new Facet("Facet" + (table.facets.size() + 1), null, null));
                    stack.push(new Frame(Where.FACET, table, table.facets.size() - 1));
                } else {
                    parser.skipChildren();
                }
            }
            case FACET -> {
                if (token == JsonToken.END_OBJECT) {
                    stack.pop();
                    endFacet(frame);
                    return null;
                }
                facetField(frame, parser.currentName());
            }
            case ITEMS -> {
                if (token == JsonToken.END_ARRAY) {
                    stack.pop();
                } else if (token == JsonToken.START_OBJECT) {
                    return item(frame, at.getLineNr(), at.getColumnNr());
                } else {
                    parser.skipChildren();
                    log.error(at.getLineNr(), at.getColumnNr(), "Expected an item (a JSON object) in TableData");
                }
            }
        }
        return null;
    }

    private void root(String field) throws IOException {
        var token = parser.nextToken();
        switch (field) {
            case "ModelName" -> modelName = text(token);
            case "ModelMetadata" -> metadata(tree());
            case "DataModel" -> {
                sawDataModel = true;
                var at = parser.currentTokenLocation();
                if (token == JsonToken.START_ARRAY) {
                    stack.push(new Frame(Where.DATA_MODEL, null, -1));
                } else if (token == JsonToken.START_OBJECT) {
                    beginTable(at.getLineNr(), at.getColumnNr());
                } else {
                    parser.skipChildren();
                    log.error(at.getLineNr(), at.getColumnNr(), "DataModel should be a list of tables");
                }
            }
            default -> parser.skipChildren();
        }
    }

    private void metadata(JsonTree node) {
        if (node instanceof JsonTree.Obj metadata) {
            var version = JsonTree.text(metadata.get("Version"));
            if (version != null && !(version.startsWith("1.") || version.startsWith("2.") || version.startsWith("3."))) {
                log.warn(metadata.line(), metadata.column(), "Model version " + version + " is newer than 3.0; read as 3.0");
            }
        }
    }

    private void beginTable(int line, int column) {
        var table = new Table(tables.size(), line, column);
        tables.add(table);
        stack.push(new Frame(Where.TABLE, table, -1));
    }

    private void tableField(Table table, String field) throws IOException {
        var token = parser.nextToken();
        switch (field) {
            case "TableName" -> {
                var name = text(token);
                if (name != null && !name.isBlank() && table.name == null) {
                    name(table, name);
                }
            }
            case "KeyAttributes" -> {
                var node = tree();
                table.keys = keySchema(node, "Table " + (table.name == null ? "#" + (table.ordinal + 1) : table.name));
            }
            case "GlobalSecondaryIndexes" -> table.indexes = indexes(tree(), table.name);
            case "TableData" -> items(token, table, -1);
            case "TableFacets" -> {
                if (token == JsonToken.START_ARRAY) {
                    stack.push(new Frame(Where.FACETS, table, -1));
                } else {
                    parser.skipChildren();
                }
            }
            default -> parser.skipChildren();
        }
    }

    /** A table's name, told apart from an earlier table's of the same name. */
    private void name(Table table, String wanted) {
        var name = wanted;
        for (int n = 2; isTaken(name, table); n++) {
            name = wanted + "-" + n;
        }
        if (!name.equals(wanted)) {
            log.warn(table.line, table.column, "The model has more than one table named " + wanted + "; this one is called " + name);
        }
        table.name = name;
    }

    private boolean isTaken(String name, Table except) {
        return tables.stream().anyMatch(t -> t != except && name.equals(t.name));
    }

    private void endTable(Table table) {
        if (table.name == null) {
            nameUnnamed(table);
        }
        if (table.keys == null) {
            log.warn(table.line, table.column, "Table " + table.name + " has no KeyAttributes; the key schema is taken from the options or guessed");
        }
    }

    private void nameUnnamed(Table table) {
        var name = "Table" + (table.ordinal + 1);
        log.warn(table.line, table.column, "A table has no TableName; it is called " + name);
        name(table, name);
    }

    private void facetField(Frame facet, String field) throws IOException {
        var token = parser.nextToken();
        switch (field) {
            case "FacetName" -> facet.facetName = text(token);
            case "KeyAttributeAlias" -> facet.aliases = tree() instanceof JsonTree.Obj aliases ? aliases : null;
            case "PartitionKeyAlias" -> facet.partitionKeyAlias = text(token);
            case "SortKeyAlias" -> facet.sortKeyAlias = text(token);
            case "TableData" -> items(token, facet.table, facet.facet);
            default -> parser.skipChildren();
        }
    }

    private static void endFacet(Frame facet) {
        var facets = facet.table.facets;
        var name = facet.facetName == null || facet.facetName.isBlank() ? facets.get(facet.facet).name() : facet.facetName;
        var partitionKeyAlias = facet.aliases != null ? JsonTree.text(facet.aliases.get("PartitionKeyAlias")) : facet.partitionKeyAlias;
        var sortKeyAlias = facet.aliases != null ? JsonTree.text(facet.aliases.get("SortKeyAlias")) : facet.sortKeyAlias;
        facets.set(facet.facet, new Facet(name, partitionKeyAlias, sortKeyAlias));
    }

    /** The value of TableData, on its first token: a list is read item by item (or skipped unread when not wanted). */
    private void items(JsonToken token, Table table, int facet) throws IOException {
        if (token == JsonToken.START_ARRAY && wantsItems.test(table.ordinal)) {
            stack.push(new Frame(Where.ITEMS, table, facet));
            return;
        }
        var at = parser.currentTokenLocation();
        parser.skipChildren();
        if (token != JsonToken.START_ARRAY && token != JsonToken.VALUE_NULL) {
            log.error(at.getLineNr(), at.getColumnNr(), "TableData should be a list of items");
        }
    }

    private ItemRead item(Frame items, int line, int column) throws IOException {
        outsideItems(line, column - 1);
        var read = JsonTree.read(parser, 0);
        var end = parser.currentLocation();
        var malformed = text.takeMalformedUpTo(end.getLineNr(), end.getColumnNr());
        if (malformed.isPresent()) {
            var m = malformed.get();
            if (read.error() != null) {
                stop(m.message(), (int) m.line(), m.column());
            } else {
                log.error((int) m.line(), m.column(), "Item left out: " + m.message());
            }
            return null;
        }
        if (read.error() != null) {
            stop(read.error().message(), read.error().line(), read.error().column());
            return null;
        }
        var leniencies = new ArrayList<LenientItems.Leniency>();
        var item = LenientItems.item((JsonTree.Obj) read.value(), leniencies);
        return new ItemRead(items.table, items.facet, item, line, column, leniencies);
    }

    /** Malformed JSON (or bytes that are not UTF-8 where JSON belongs): what came before stays read, nothing after is. */
    private void stop(String message, int line, int column) {
        var malformed = text.takeMalformedUpTo(line, column);
        if (malformed.isPresent()) {
            message = malformed.get().message();
            line = (int) malformed.get().line();
            column = malformed.get().column();
        }
        log.error(line, column, message + " (the model is read up to here)");
        done = true;
        stack.clear();
    }

    /** Bytes that are not UTF-8 in the model's own text (a name, an alias) before this position: reported, and read as U+FFFD. */
    private void outsideItems(int line, int column) {
        text.takeMalformedUpTo(line, column).ifPresent(m -> log.error((int) m.line(), m.column(), m.message()
                + " (outside the items: read as \uFFFD)"));
    }

    /** At the end, every table has a name (one cut off before its name gets the name it would have had). */
    private void finish() {
        if (!done) {
            outsideItems(Integer.MAX_VALUE, Integer.MAX_VALUE);
        }
        done = true;
        for (var table : tables) {
            if (table.name == null) {
                nameUnnamed(table);
            }
        }
    }

    /** A string value's text, the parser standing on it; anything else is skipped and read as absent. */
    private String text(JsonToken token) throws IOException {
        if (token == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        parser.skipChildren();
        return null;
    }

    /** The small value the parser stands on, as a tree with positions (malformed JSON inside ends the reading). */
    private JsonTree tree() throws IOException {
        var read = JsonTree.read(parser, 0);
        if (read.error() != null) {
            throw new ModelSyntax(read.error());
        }
        return read.value();
    }

    /** Carries a syntax error found inside a small tree out to {@link #next()}, which reports it as any other. */
    private static final class ModelSyntax extends JsonProcessingException {
        private static final long serialVersionUID = 1L;
        private final transient JsonTree.SyntaxError error;

        ModelSyntax(JsonTree.SyntaxError error) {
            super(error.message());
            this.error = error;
        }
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

    /**
     * An index's KeyAttributes. NoSQL Workbench gives an index one PartitionKey and one SortKey object; for an index
     * of a multi-attribute key (docs/expressions.md, Multi-attribute GSI keys) DynaLens reads an array of such objects
     * in either place, in the key's order. Whether Workbench writes such keys, and how, is not confirmed.
     */
    private IndexKey indexKey(JsonTree node, String owner) {
        if (!(node instanceof JsonTree.Obj keyAttributes)) {
            return null;
        }
        var partition = keyAttributes(keyAttributes.get("PartitionKey"), owner + " partition key");
        if (partition.isEmpty()) {
            log.warn(keyAttributes.line(), keyAttributes.column(), owner + " has KeyAttributes without a PartitionKey AttributeName");
            return null;
        }
        var sort = keyAttributes(keyAttributes.get("SortKey"), owner + " sort key");
        try {
            return new IndexKey(partition, sort);
        } catch (IllegalArgumentException e) {
            log.warn(keyAttributes.line(), keyAttributes.column(), owner + ": " + e.getMessage());
            return null;
        }
    }

    private List<KeySchema.KeyAttribute> keyAttributes(JsonTree node, String role) {
        var attributes = new ArrayList<KeySchema.KeyAttribute>();
        if (node instanceof JsonTree.Arr list) {
            for (var element : list.elements()) {
                var attribute = keyAttribute(element, role);
                if (attribute != null) {
                    attributes.add(attribute);
                }
            }
        } else {
            var attribute = keyAttribute(node, role);
            if (attribute != null) {
                attributes.add(attribute);
            }
        }
        return attributes;
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
            var keys = indexKey(index.get("KeyAttributes"), "Index " + name);
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
}
