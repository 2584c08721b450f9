package dev.dynalens.usecase;

import dev.dynalens.domain.table.QueryForm;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.transfer.CsvStyle;
import dev.dynalens.domain.transfer.TransferFormat;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.transfer.ExportProgress;
import dev.dynalens.service.transfer.ExportReport;
import dev.dynalens.service.transfer.ExportRequest;
import dev.dynalens.service.transfer.TableExporter;
import dev.dynalens.usecase.support.Jobs;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Export every item of a table, an index or one partition into a file ({@link TableExporter}: every page, streamed;
 * the file appears only when complete). Reads only: no write is confirmed, but a whole read of a table on a
 * production connection is, with its cost ({@link #wholeRead}), as every whole-table read there is.
 */
public final class ExportTable {
    private final DynamoSession session;
    private final TableExporter exporter;

    public ExportTable(DynamoSession session) {
        this(session, new TableExporter(session));
    }

    /** @param exporter reads through {@code session} */
    public ExportTable(DynamoSession session, TableExporter exporter) {
        this.session = Objects.requireNonNull(session, "session");
        this.exporter = Objects.requireNonNull(exporter, "exporter");
    }

    /** Whether exporting a whole table on this connection asks first (a connection tagged production). */
    public boolean asksFirst() {
        return WholeTableRead.asksFirst(session);
    }

    /** What reading every item of the table (or of its index, null: the table) costs, from DescribeTable, to say first. */
    public CompletableFuture<WholeTableRead> wholeRead(String tableName, String indexName) {
        return Jobs.call(() -> session.describeTable(tableName)).thenApply(table -> WholeTableRead.of(session, table, indexName));
    }

    /** Starts exporting every page of the request's Scan or Query; returns at once (see {@link TableExporter#start}). */
    public Job<ExportProgress, ExportReport> start(ExportRequest request, Consumer<ExportProgress> progress) {
        return exporter.start(Objects.requireNonNull(request, "request"), progress);
    }

    /**
     * Starts exporting every item of the table, or of one of its indexes ({@code indexName} null: the table), with
     * Scan pages of {@code pageSize} items (null: DynamoDB's 1 MB pages).
     */
    public Job<ExportProgress, ExportReport> startScan(String tableName, String indexName, Integer pageSize, TransferFormat format,
                                                       Path file, Consumer<ExportProgress> progress) {
        return startScan(tableName, indexName, pageSize, format, CsvStyle.TYPED, file, progress);
    }

    /** As {@link #startScan(String, String, Integer, TransferFormat, Path, Consumer)}, a CSV written in {@code csvStyle}. */
    public Job<ExportProgress, ExportReport> startScan(String tableName, String indexName, Integer pageSize, TransferFormat format,
                                                       CsvStyle csvStyle, Path file, Consumer<ExportProgress> progress) {
        return start(new ExportRequest(new ReadRequest.Scan(tableName, indexName, pageSize, null), format, file, csvStyle), progress);
    }

    /**
     * Starts exporting one partition: the table is described first, to type the key values as its key schema says. The
     * job fails with an {@link IllegalArgumentException} (in words for the person) when a value does not fit its key,
     * before anything is read.
     */
    public Job<ExportProgress, ExportReport> startPartition(String tableName, QueryForm partition, TransferFormat format, Path file,
                                                            Consumer<ExportProgress> progress) {
        return startPartition(tableName, partition, format, CsvStyle.TYPED, file, progress);
    }

    /** As {@link #startPartition(String, QueryForm, TransferFormat, Path, Consumer)}, a CSV written in {@code csvStyle}. */
    public Job<ExportProgress, ExportReport> startPartition(String tableName, QueryForm partition, TransferFormat format, CsvStyle csvStyle,
                                                            Path file, Consumer<ExportProgress> progress) {
        Objects.requireNonNull(partition, "partition");
        var query = Jobs.call(() -> session.describeTable(tableName)).thenApply(partition::toQuery);
        return Jobs.startAfter(query, (read, listener) -> exporter.start(new ExportRequest(read, format, file, csvStyle),
                listener::accept), progress);
    }

    /** The format a file's name asks for: {@code .csv} and {@code .json} (gzipped or not) theirs, DynamoDB JSON lines otherwise. */
    public static TransferFormat formatOf(Path file) {
        var name = file.getFileName().toString().toLowerCase(Locale.ROOT).replaceFirst("\\.gz$", "");
        if (name.endsWith(".csv")) return TransferFormat.CSV;
        if (name.endsWith(".json")) return TransferFormat.JSON;
        return TransferFormat.JSONL;
    }
}
