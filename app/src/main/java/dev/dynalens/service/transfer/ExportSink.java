package dev.dynalens.service.transfer;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.domain.transfer.CsvColumns;
import dev.dynalens.domain.transfer.CsvItemWriter;
import dev.dynalens.domain.transfer.CsvStyle;
import dev.dynalens.domain.transfer.ItemWriter;
import dev.dynalens.domain.transfer.JsonLinesItemReader;
import dev.dynalens.domain.transfer.JsonLinesItemWriter;
import dev.dynalens.domain.transfer.PlainJsonItemWriter;
import dev.dynalens.domain.transfer.ReadEntry;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.domain.transfer.WorkbenchModelWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/** Where an export's pages go: straight into the file, or into a spool first (CSV, Workbench model). */
abstract sealed class ExportSink {
    protected final Path target;
    /** The file the output will replace: every file this sink creates takes its permissions when it exists. */
    protected final Path replaced;
    protected final boolean gzip;
    protected final BooleanSupplier cancelled;

    private ExportSink(Path target, Path replaced, boolean gzip, BooleanSupplier cancelled) {
        this.target = target;
        this.replaced = replaced;
        this.gzip = gzip;
        this.cancelled = cancelled;
    }

    /**
     * @param target   the file to write (created new, beside {@code replaced})
     * @param replaced the file the finished output is moved onto
     */
    static ExportSink open(TransferFormat format, CsvStyle csvStyle, TableDescription table, Path target, Path replaced, boolean gzip,
                           Clock clock, BooleanSupplier cancelled) throws IOException {
        return switch (format) {
            case JSONL, JSON -> new Direct(format, target, replaced, gzip, cancelled);
            case CSV -> new Csv(table, csvStyle, target, replaced, gzip, cancelled);
            case WORKBENCH -> new Workbench(table, target, replaced, gzip, clock, cancelled);
        };
    }

    abstract void write(List<Item> items) throws IOException;

    /** After the last page: completes the output (a spooling sink writes the file now). */
    abstract void finish() throws IOException;

    /** Closes the files; the output stays. */
    abstract void close() throws IOException;

    /** Closes and deletes whatever this sink wrote, quietly. */
    void discard() {
        try {
            close();
        } catch (IOException | RuntimeException ignored) {
            // Deleting below is what matters.
        }
        deleteQuietly(target);
    }

    static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // A leftover .part or .spool file is named so it never passes for the export.
        }
    }

    private static final class Direct extends ExportSink {
        private final OutputStream out;
        private final ItemWriter writer;

        Direct(TransferFormat format, Path target, Path replaced, boolean gzip, BooleanSupplier cancelled) throws IOException {
            super(target, replaced, gzip, cancelled);
            this.out = TransferFiles.newOutputStream(target, gzip, replaced);
            this.writer = format == TransferFormat.JSON ? new PlainJsonItemWriter(out) : new JsonLinesItemWriter(out);
        }

        @Override
        void write(List<Item> items) throws IOException {
            for (var item : items) {
                writer.write(item);
            }
        }

        @Override
        void finish() throws IOException {
            writer.finish();
        }

        @Override
        void close() throws IOException {
            out.close();
        }
    }

    /** Spools items as DynamoDB JSON lines beside the target, learning from them what the header needs. */
    private abstract static sealed class Spooling extends ExportSink {
        protected final Path spool;
        private OutputStream spoolOut;
        private JsonLinesItemWriter spoolWriter;
        protected Writer out;

        Spooling(Path target, Path replaced, boolean gzip, BooleanSupplier cancelled) throws IOException {
            super(target, replaced, gzip, cancelled);
            this.spool = target.resolveSibling(target.getFileName() + ".spool.jsonl");
            this.spoolOut = TransferFiles.newOutputStream(spool, false, replaced);
            this.spoolWriter = new JsonLinesItemWriter(spoolOut);
        }

        @Override
        final void write(List<Item> items) throws IOException {
            for (var item : items) {
                learn(item);
                spoolWriter.write(item);
            }
        }

        abstract void learn(Item item);

        @Override
        final void finish() throws IOException {
            spoolWriter.finish();
            spoolOut.close();
            spoolOut = null;
            out = TransferFiles.newWriter(target, gzip, replaced);
            writeOutput();
        }

        abstract void writeOutput() throws IOException;

        /** Calls {@code each} for every spooled item that {@code wanted} accepts, in the order they were read. */
        protected final void replay(Predicate<Item> wanted, ItemConsumer each) throws IOException {
            try (var reader = new JsonLinesItemReader(TransferFiles.openText(spool, null))) {
                ReadEntry entry;
                long count = 0;
                while ((entry = reader.next()) != null) {
                    if (++count % 1024 == 0 && cancelled.getAsBoolean()) {
                        throw new CancellationException();
                    }
                    if (entry instanceof ReadEntry.ItemAt at) {
                        if (wanted.test(at.item())) {
                            each.accept(at.item());
                        }
                    } else {
                        throw new IOException("The export's own spool file cannot be read back: " + entry);
                    }
                }
            }
        }

        @FunctionalInterface
        interface ItemConsumer {
            void accept(Item item) throws IOException;
        }

        @Override
        final void close() throws IOException {
            try {
                if (spoolOut != null) {
                    spoolOut.close();
                    spoolOut = null;
                }
                if (out != null) {
                    out.close();
                    out = null;
                }
            } finally {
                deleteQuietly(spool);
            }
        }
    }

    private static final class Csv extends Spooling {
        private final CsvColumns columns;
        private final CsvStyle style;

        Csv(TableDescription table, CsvStyle style, Path target, Path replaced, boolean gzip, BooleanSupplier cancelled) throws IOException {
            super(target, replaced, gzip, cancelled);
            this.columns = new CsvColumns(table.keySchema());
            this.style = style;
        }

        @Override
        void learn(Item item) {
            columns.add(item);
        }

        @Override
        void writeOutput() throws IOException {
            var writer = new CsvItemWriter(out, columns.columns(), style);
            replay(item -> true, writer::write);
            writer.finish();
        }
    }

    /** A model with one facet per entity type the analyzer finds; items of no entity go into the table's own data. */
    private static final class Workbench extends Spooling {
        private final TableDescription table;
        private final Clock clock;
        private final Analyzer analyzer;
        private final Map<String, AttributeType> attributes = new LinkedHashMap<>();

        Workbench(TableDescription table, Path target, Path replaced, boolean gzip, Clock clock, BooleanSupplier cancelled) throws IOException {
            super(target, replaced, gzip, cancelled);
            this.table = table;
            this.clock = clock;
            this.analyzer = new Analyzer(TableKeys.from(table));
        }

        @Override
        void learn(Item item) {
            analyzer.accept(item);
            item.attributes().forEach((name, value) -> attributes.putIfAbsent(name, value.type()));
        }

        @Override
        void writeOutput() throws IOException {
            var analysis = analyzer.result();
            var writer = new WorkbenchModelWriter(out);
            writer.start(table.name(), table, attributes, LocalDateTime.now(clock));
            var faceted = new HashSet<String>();
            for (var entity : analysis.entities()) {
                var name = entity.name();
                faceted.add(name);
                writer.startFacet(name, entity.pkTemplate(), entity.skTemplate().orElse(null));
                replay(item -> name.equals(analyzer.entityOf(item)), writer::item);
                writer.endFacet();
            }
            writer.startTableData();
            replay(item -> !faceted.contains(analyzer.entityOf(item)), writer::item);
            writer.finish();
        }
    }
}
