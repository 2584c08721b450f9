package dev.dynalens.domain.workspace;

import dev.dynalens.domain.codec.Utf8Reader;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reads a DynamoDB JSON lines file straight through, one item at a time and keeping none, for a command that needs
 * each item once in file order ({@code analyze --file}): as fast as the file parses, in constant memory.
 *
 * <p>It hands out exactly what a Scan of the file opened as a workspace ({@link WorkspaceReader}) would, in the same
 * order, and only for a file whose load would report nothing: so it gives up, and says so by returning empty, when
 * the file is not DynamoDB JSON lines, when no key schema is given or a key is not a string, at the first line that
 * is not strictly valid (or not UTF-8), at the first item whose keys are missing, empty or of another type, at the first key seen
 * twice (by the strings' hash codes: a collision only means giving up), or at the end when an index holds no item, an
 * item holds an index's keys with another type, or an index key is not a string. The items handed out until then
 * must be discarded, and the file read as a workspace, which reports what it finds.
 */
public final class JsonLinesStream {
    /** The table the items were read for, as the workspace would describe it. */
    public record Table(String name, KeySchema keys, Map<String, KeySchema> indexes) {
    }

    private JsonLinesStream() {
    }

    /**
     * @param start given the table before the first item (index key types still unknown: they are strings, or the
     *              reading gives up at the end), returns what receives each item
     * @return the table, or empty when the file must be read as a workspace instead
     */
    public static Optional<Table> read(String fileName, WorkspaceReader.Source source, WorkspaceOptions options,
            java.util.function.Function<Table, Consumer<Item>> start) throws IOException {
        var spec = options.keySchema();
        if (spec == null || isNotString(spec.partitionKeyType()) || spec.sortKey() != null && isNotString(spec.sortKeyType())
                || options.indexes().stream().anyMatch(i -> isNotString(i.keys().partitionKeyType())
                || i.keys().sortKey() != null && isNotString(i.keys().sortKeyType()))) {
            return Optional.empty();
        }
        try (var in = WorkspaceReader.gunzipIfGzipped(source.open())) {
            var detection = FormatDetector.detect(in, fileName);
            if (detection.format() != WorkspaceFormat.DYNAMODB_JSON_LINES) {
                return Optional.empty();
            }
        }
        var string = KeySchema.ScalarType.S;
        var keys = new KeySchema(new KeySchema.KeyAttribute(spec.partitionKey(), string),
                spec.sortKey() == null ? null : new KeySchema.KeyAttribute(spec.sortKey(), string));
        var indexes = new LinkedHashMap<String, KeySchema>();
        for (var index : options.indexes()) {
            indexes.put(index.name(), new KeySchema(new KeySchema.KeyAttribute(index.keys().partitionKey(), string),
                    index.keys().sortKey() == null ? null : new KeySchema.KeyAttribute(index.keys().sortKey(), string)));
        }
        var table = new Table(WorkspaceReader.baseName(fileName), keys, indexes);
        var indexSchemas = indexes.values().toArray(KeySchema[]::new);
        var members = new long[indexSchemas.length];
        var seen = new KeyHashes();
        Consumer<Item> each = null;
        try (var reader = new Utf8Reader(WorkspaceReader.gunzipIfGzipped(source.open()))) {
            int lineNumber = 0;
            for (var line = reader.readLine(); line != null; line = reader.readLine()) {
                lineNumber++;
                if (reader.lineMalformed() != null) {
                    return Optional.empty(); // not UTF-8: the workspace reports the line
                }
                line = JsonLinesReader.content(line, lineNumber);
                if (line == null) {
                    continue;
                }
                var item = JsonLinesReader.strict(line);
                if (item == null || TableBuilder.keyProblem(item, keys.partitionKey(), "partition key") != null
                        || keys.sortKey() != null && TableBuilder.keyProblem(item, keys.sortKey(), "sort key") != null) {
                    return Optional.empty();
                }
                // The keys are non-empty strings now (the schema says S).
                var pk = ((AttributeValue.Str) item.attributes().get(keys.partitionKeyName())).value();
                var sk = keys.sortKey() == null ? null : ((AttributeValue.Str) item.attributes().get(keys.sortKeyName())).value();
                if (!seen.add(pk, sk)) {
                    return Optional.empty();
                }
                for (int i = 0; i < indexSchemas.length; i++) {
                    var index = indexSchemas[i];
                    if (KeyIndex.holdsKeys(item, index)) {
                        members[i]++;
                    } else if (TableBuilder.namesKeysOf(item, index)) {
                        return Optional.empty(); // another type, or empty: the workspace warns (or the type is not a string)
                    }
                }
                if (each == null) {
                    each = start.apply(table);
                }
                each.accept(item);
            }
        }
        if (each == null || Arrays.stream(members).anyMatch(count -> count == 0)) {
            return Optional.empty(); // no items, or an empty index: the workspace says so
        }
        return Optional.of(table);
    }

    private static boolean isNotString(KeySchema.ScalarType type) {
        return type != null && type != KeySchema.ScalarType.S;
    }

    /** The keys seen, as 64-bit hashes in an open-addressing table. */
    private static final class KeyHashes {
        private long[] slots = new long[1 << 12];
        private int size;

        /** False when the key's hash is there already. */
        boolean add(String pk, String sk) {
            long hash = hash(pk, sk);
            if (size * 4L >= slots.length * 3L) {
                grow();
            }
            int mask = slots.length - 1;
            for (int slot = slotOf(hash, mask); ; slot = (slot + 1) & mask) {
                if (slots[slot] == 0) {
                    slots[slot] = hash;
                    size++;
                    return true;
                }
                if (slots[slot] == hash) {
                    return false;
                }
            }
        }

        private void grow() {
            var old = slots;
            slots = new long[old.length * 2];
            int mask = slots.length - 1;
            for (long hash : old) {
                if (hash != 0) {
                    int slot = slotOf(hash, mask);
                    while (slots[slot] != 0) {
                        slot = (slot + 1) & mask;
                    }
                    slots[slot] = hash;
                }
            }
        }

        /** Fibonacci hashing: the high bits of the product spread keys that differ in a few bits. */
        private static int slotOf(long hash, int mask) {
            return (int) ((hash * 0x9E3779B97F4A7C15L) >>> 32) & mask;
        }

        /**
         * The two strings' own hash codes side by side (cached, and computed by the JDK many bytes at a time): two
         * keys collide only when both parts' codes do, which for a million keys is rare, and then costs only the
         * fallback. Zero marks an empty slot, so that one value stands in for it.
         */
        private static long hash(String pk, String sk) {
            long h = ((long) pk.hashCode() << 32) | (sk == null ? 0x7f4a7c15L : sk.hashCode() & 0xffffffffL);
            return h == 0 ? Long.MIN_VALUE : h;
        }
    }
}
