package dev.dynalens.domain.transfer;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.workspace.WorkspaceReader;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/** Writes items to text and reads them back, in memory, for the format tests. */
final class TransferText {
    static final KeySchema KEYS = KeySchema.of("PK", "SK");

    private TransferText() {
    }

    static String write(TransferFormat format, List<Item> items) {
        try {
            var out = new StringWriter();
            switch (format) {
                case JSONL -> writeAll(new JsonLinesItemWriter(out), items);
                case JSON -> writeAll(new PlainJsonItemWriter(out), items);
                case CSV -> {
                    var columns = new CsvColumns(KEYS);
                    items.forEach(columns::add);
                    writeAll(new CsvItemWriter(out, columns.columns()), items);
                }
                case WORKBENCH -> {
                    var writer = new WorkbenchModelWriter(out);
                    var attributes = new LinkedHashMap<String, AttributeType>();
                    items.forEach(item -> item.attributes().forEach((n, v) -> attributes.putIfAbsent(n, v.type())));
                    writer.start("Model", table(), attributes, LocalDateTime.of(2026, 11, 30, 9, 0));
                    writer.startFacet("EVEN", "PK", "SK");
                    for (int i = 0; i < items.size(); i += 2) {
                        writer.item(items.get(i));
                    }
                    writer.endFacet();
                    writer.startTableData();
                    for (int i = 1; i < items.size(); i += 2) {
                        writer.item(items.get(i));
                    }
                    writer.finish();
                }
            }
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TableDescription table() {
        return new TableDescription("Things", KEYS, List.of(), List.of(), 0, 0, TableDescription.BillingMode.PAY_PER_REQUEST,
                null, null, "ACTIVE", TableDescription.TimeToLive.unsupported());
    }

    private static void writeAll(ItemWriter writer, List<Item> items) throws IOException {
        for (var item : items) {
            writer.write(item);
        }
        writer.finish();
    }

    static ItemReader reader(TransferFormat format, String text) {
        try {
            return switch (format) {
                case JSONL -> new JsonLinesItemReader(new BufferedReader(new StringReader(text)));
                case JSON -> new PlainJsonItemReader(new StringReader(text));
                case CSV -> new CsvItemReader(new StringReader(text));
                case WORKBENCH -> throw new IllegalArgumentException("a model is read by WorkspaceReader");
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<ReadEntry> readAll(TransferFormat format, String text) {
        if (format == TransferFormat.WORKBENCH) {
            return readModel(text);
        }
        try (var reader = reader(format, text)) {
            var entries = new ArrayList<ReadEntry>();
            ReadEntry entry;
            while ((entry = reader.next()) != null) {
                entries.add(entry);
            }
            return entries;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<ReadEntry> readModel(String text) {
        try {
            var workspace = WorkspaceReader.read("model.json",
                    () -> new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), WorkspaceOptions.NONE);
            if (workspace.report().hasErrors()) {
                throw new AssertionError("The model has errors: " + workspace.report().errors());
            }
            return workspace.tables().getFirst().items().stream().<ReadEntry>map(item -> new ReadEntry.ItemAt(item, 0)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Item> items(List<ReadEntry> entries) {
        var items = new ArrayList<Item>();
        for (var entry : entries) {
            if (entry instanceof ReadEntry.ItemAt at) {
                items.add(at.item());
            } else {
                throw new AssertionError("Unexpected problem: " + entry);
            }
        }
        return items;
    }

    /** The item with its attributes in the order of {@code like}'s (CSV reads them in column order). */
    static Item inOrderOf(Item like, Item item) {
        if (!like.attributes().keySet().equals(item.attributes().keySet())) {
            return item;
        }
        var ordered = new LinkedHashMap<String, dev.dynalens.domain.item.AttributeValue>();
        like.attributes().keySet().forEach(name -> ordered.put(name, item.attributes().get(name)));
        return new Item(ordered);
    }
}
