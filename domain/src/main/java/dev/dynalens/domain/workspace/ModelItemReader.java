package dev.dynalens.domain.workspace;

import dev.dynalens.domain.codec.Utf8Reader;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.transfer.ItemReader;
import dev.dynalens.domain.transfer.ReadEntry;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The items of one table of a NoSQL Workbench model, for an import: read as a stream ({@link ModelReader}), so memory
 * stays bounded whatever the model's size, with every value read otherwise than it was written reported as a
 * {@link ReadEntry.Note} at its position, and every problem of the file as a {@link ReadEntry.Problem}.
 *
 * <p>A key attribute is never coerced: an item whose partition or sort key (of the table imported into) was read
 * leniently in a way that changes its type or its value ({@code "PK": {"N": "notnum"}} read as a string, a key given
 * twice) is a problem instead of an item; a key written as plain JSON of the right type is read as any value is.
 *
 * <p>The file is read twice: first quickly, skipping the items, for the names of its tables; then the items of the
 * one chosen.
 */
public final class ModelItemReader implements ItemReader {
    private final ModelReader reader;
    private final int table;
    private final String tableName;
    private final KeySchema keys;
    /** What the model reader logged (problems and notes), in the order it found them: handed out before the next item. */
    private final ArrayDeque<ReadEntry> logged;
    private final ArrayDeque<ReadEntry> pending = new ArrayDeque<>();

    private ModelItemReader(ModelReader reader, ArrayDeque<ReadEntry> logged, int table, String tableName, KeySchema keys) {
        this.reader = reader;
        this.logged = logged;
        this.table = table;
        this.tableName = tableName;
        this.keys = keys;
    }

    /**
     * Opens the model's table called {@code tableName}, or its only table.
     *
     * @param source opens the file's bytes (gunzipped), once per reading
     * @param keys   the key schema of the table imported into: its key attributes are never coerced
     * @throws IllegalArgumentException in words for the person when the model holds no table, or several and none of that name
     */
    public static ModelItemReader open(WorkspaceReader.Source source, String fileName, String tableName, KeySchema keys)
            throws IOException {
        Objects.requireNonNull(keys, "keys");
        var errors = new ArrayList<LoadProblem>();
        List<ModelReader.Table> tables;
        try (var names = new ModelReader(new Utf8Reader(source.open()), new ProblemLog(fileName, p -> { }, errors::add), t -> false)) {
            while (names.next() != null) {
                // items are skipped unread; the tables are what this reading is for
            }
            tables = names.tables();
        }
        if (tables.isEmpty()) {
            throw new IllegalArgumentException(fileName + " holds no table that could be read"
                    + errors.stream().findFirst().map(p -> " (" + p + ")").orElse(""));
        }
        var chosen = tables.size() == 1 ? tables.get(0) : tables.stream().filter(t -> t.name.equals(tableName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("The model has several tables (" + String.join(", ",
                        tables.stream().map(t -> t.name).toList()) + ") and none is called " + tableName));
        var logged = new ArrayDeque<ReadEntry>();
        var log = new ProblemLog(fileName,
                warning -> logged.add(new ReadEntry.Note(warning.line(), warning.column(), warning.message())),
                error -> logged.add(new ReadEntry.Problem(error.line(), error.column(), error.message(), false)));
        return new ModelItemReader(new ModelReader(new Utf8Reader(source.open()), log, t -> t == chosen.ordinal), logged,
                chosen.ordinal, chosen.name, keys);
    }

    /** The model's table the items come from. */
    public String tableName() {
        return tableName;
    }

    @Override
    public ReadEntry next() throws IOException {
        while (pending.isEmpty()) {
            var read = reader.next();
            pending.addAll(logged);
            logged.clear();
            if (read == null) {
                return pending.poll();
            }
            if (read.table().ordinal != table) {
                continue;
            }
            entries(read);
        }
        return pending.poll();
    }

    private void entries(ModelReader.ItemRead read) {
        for (var leniency : read.leniencies()) {
            var role = role(leniency.attribute());
            if (role != null && leniency.kind().changesAKey()) {
                pending.add(new ReadEntry.Problem(leniency.line(), leniency.column(), "The " + role + " " + leniency.attribute()
                        + " is " + leniency.kind().description() + "; an import never changes a key, so the item is left out", false));
                return;
            }
        }
        for (var leniency : read.leniencies()) {
            pending.add(new ReadEntry.Note(leniency.line(), leniency.column(), "Read leniently: " + leniency.kind().description()
                    + " at " + leniency.path()));
        }
        pending.add(new ReadEntry.ItemAt(read.item(), read.line()));
    }

    private String role(String attribute) {
        if (attribute == null) {
            return null;
        }
        if (attribute.equals(keys.partitionKeyName())) {
            return "partition key";
        }
        return attribute.equals(keys.sortKeyName()) ? "sort key" : null;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
