package dev.dynalens.domain.workspace;

import dev.dynalens.domain.codec.Utf8Reader;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Opens a file as a {@link Workspace}: a NoSQL Workbench model, DynamoDB JSON lines (as DynamoDB's
 * export to S3 writes them, gzipped or not), or the output of {@code aws dynamodb scan}/{@code query}.
 * The format is told from the content. Bad parts of a file are reported in the workspace's
 * {@link WorkspaceReport} with their line and column; the rest loads.
 *
 * <pre>{@code
 * var workspace = WorkspaceReader.read("orders.jsonl", () -> Files.newInputStream(file), WorkspaceOptions.parse("PK,SK", List.of("GSI1=GSI1PK,GSI1SK")));
 * workspace.report().errors().forEach(System.err::println);
 * var table = workspace.tables().getFirst();
 * }</pre>
 */
public final class WorkspaceReader {
    static final int BUFFER = 1 << 16;

    /** Opens the file's bytes; called once to tell the format and once to read. */
    @FunctionalInterface
    public interface Source {
        InputStream open() throws IOException;
    }

    private WorkspaceReader() {
    }

    /**
     * @param fileName how the file is named in the report; its extension helps tell the format
     * @param source   opens the file's bytes (twice: once to tell the format, once to read it); the caller owns the file
     * @throws IOException              when the file cannot be read
     * @throws IllegalArgumentException when it is none of the formats (empty, an array, not JSON)
     */
    public static Workspace read(String fileName, Source source, WorkspaceOptions options) throws IOException {
        FormatDetector.Detection detection;
        try (var in = open(source)) {
            detection = FormatDetector.detect(in, fileName);
        }
        if (detection.format() == null) {
            throw new IllegalArgumentException(fileName + " is not a workspace file (a NoSQL Workbench model, DynamoDB JSON lines or the "
                    + "output of aws dynamodb scan): " + detection.reason());
        }
        var format = detection.format();
        var log = new ProblemLog(fileName);
        var name = baseName(fileName);
        List<TableBuilder> builders;
        try (var in = open(source)) {
            switch (format) {
                case WORKBENCH_MODEL -> {
                    var model = readModel(in, log);
                    builders = model.tables();
                    if (model.modelName() != null && !model.modelName().isBlank()) {
                        name = model.modelName();
                    }
                    if (!options.isEmpty() && builders.stream().anyMatch(TableBuilder::declaresKeys)) {
                        log.warn(0, 0, "The model declares its key schema and indexes; the ones given are not used");
                    }
                }
                case DYNAMODB_JSON_LINES -> {
                    var table = new TableBuilder(name, log);
                    JsonLinesReader.read(new Utf8Reader(in), table, log);
                    builders = List.of(table);
                }
                case AWS_CLI_OUTPUT -> {
                    var table = new TableBuilder(name, log);
                    CliOutputReader.read(in, table, log);
                    builders = List.of(table);
                }
                default -> throw new IllegalStateException("Unhandled format " + format);
            }
        }
        var tables = new ArrayList<WorkspaceTable>();
        for (var builder : builders) {
            builder.build(options).ifPresent(tables::add);
        }
        long items = tables.stream().mapToLong(WorkspaceTable::size).sum();
        return new Workspace(fileName, format, name, tables, log.report(format, items));
    }

    private record Model(String modelName, List<TableBuilder> tables) {
    }

    /** A model streamed into one builder per table; each item's leniencies are one warning at the first. */
    private static Model readModel(InputStream in, ProblemLog log) throws IOException {
        var builders = new ArrayList<TableBuilder>();
        try (var reader = new ModelReader(new Utf8Reader(in), log, table -> true)) {
            for (ModelReader.ItemRead read; (read = reader.next()) != null; ) {
                while (builders.size() <= read.table().ordinal) {
                    builders.add(new TableBuilder("Table" + (builders.size() + 1), log));
                }
                if (!read.leniencies().isEmpty()) {
                    var first = read.leniencies().get(0);
                    log.warn(first.line(), first.column(), "Item read leniently: " + LenientItems.describe(read.leniencies()));
                }
                builders.get(read.table().ordinal).add(read.item(), read.line(), read.column(), read.facet());
            }
            for (var table : reader.tables()) {
                if (builders.size() <= table.ordinal) {
                    builders.add(new TableBuilder(table.name, log));
                }
                var builder = builders.get(table.ordinal);
                builder.rename(table.name);
                if (table.keys != null) {
                    builder.declare(table.keys, table.indexes);
                }
                table.facets.forEach(builder::facet);
            }
            return new Model(reader.modelName(), builders);
        }
    }

    private static InputStream open(Source source) throws IOException {
        return gunzipIfGzipped(source.open());
    }

    /**
     * {@code raw} buffered, and gunzipped when its bytes start with gzip's magic number (S3 exports are .json.gz);
     * the format is told by the content, not the name.
     */
    public static InputStream gunzipIfGzipped(InputStream raw) throws IOException {
        var in = new BufferedInputStream(raw, BUFFER);
        in.mark(2);
        int first = in.read();
        int second = in.read();
        in.reset();
        if (first == 0x1f && second == 0x8b) {
            return new BufferedInputStream(new SaidGzip(new GZIPInputStream(in, BUFFER)), BUFFER);
        }
        return in;
    }

    /**
     * Gzip's own errors in words: a file cut short ends with an EOFException whose message is "Unexpected end of ZLIB
     * input stream", or none at all when only the trailer is missing ("failed: null").
     */
    private static final class SaidGzip extends java.io.FilterInputStream {
        SaidGzip(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (java.io.EOFException e) {
                throw cutShort(e);
            } catch (java.util.zip.ZipException e) {
                throw damaged(e);
            }
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            try {
                return super.read(buffer, offset, length);
            } catch (java.io.EOFException e) {
                throw cutShort(e);
            } catch (java.util.zip.ZipException e) {
                throw damaged(e);
            }
        }

        private static IOException cutShort(java.io.EOFException e) {
            var said = new java.io.EOFException("the gzip data ends too early: the file is cut short (an interrupted download or copy?);"
                    + " what came before was read");
            said.initCause(e);
            return said;
        }

        private static IOException damaged(java.util.zip.ZipException e) {
            return new IOException("the gzip data is damaged (" + e.getMessage() + "); what came before was read", e);
        }
    }

    /** "orders" for "data/orders.jsonl.gz". */
    static String baseName(String fileName) {
        var name = fileName.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        for (var extension : List.of(".gz", ".jsonl", ".ndjson", ".json")) {
            if (name.toLowerCase(java.util.Locale.ROOT).endsWith(extension) && name.length() > extension.length()) {
                name = name.substring(0, name.length() - extension.length());
            }
        }
        return name.isBlank() ? "workspace" : name;
    }
}
