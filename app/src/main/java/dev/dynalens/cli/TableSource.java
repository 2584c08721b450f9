package dev.dynalens.cli;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.IndexSpec;
import dev.dynalens.domain.workspace.KeySource;
import dev.dynalens.domain.workspace.KeySpec;
import dev.dynalens.domain.workspace.LoadProblem;
import dev.dynalens.domain.workspace.WorkspaceReport;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.export.ExportSession;
import dev.dynalens.service.export.ExportTables;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.export.ExportReadException;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.usecase.RunQuery;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * What the whole-table commands ({@code analyze}, {@code stale}) read: a TABLE on a connection, or a
 * file opened as a {@link WorkspaceSession}, so both go through the same DescribeTable and Scan pages.
 */
final class TableSource {
    private static final int PROBLEMS_PRINTED = 20;

    /**
     * An open session and the table to read in it.
     *
     * @param label what was read, for a file; null for a live table
     */
    record Opened(DynamoSession session, String tableName, String label, ExportSession export) {
        Opened(DynamoSession session, String tableName, String label) {
            this(session, tableName, label, null);
        }
    }

    private TableSource() {
    }

    /**
     * Checks the combination of options and opens the session. A file's load problems go to stderr, so
     * stdout stays the command's output.
     */
    static Opened open(CliContext context, String table, ConnectionOptions connection, Path file, String fileTable, String keySchema,
                       List<String> indexes) {
        if (file == null && table == null) {
            throw new CliException("Name a TABLE (with --connection or --endpoint, --region, --profile), or give --file FILE");
        }
        if (file != null && table != null) {
            throw new CliException("Give a TABLE on a connection or --file, not both");
        }
        if (file != null && connection.given()) {
            throw new CliException("--file reads a file: --connection, --endpoint, --region and --profile are for a TABLE");
        }
        if (file == null && (fileTable != null || keySchema != null || !indexes.isEmpty())) {
            throw new CliException("--table, --key-schema and --gsi go with --file");
        }
        if (file == null) {
            return new Opened(context.sessions().open(connection.resolve(context)), table, null);
        }
        var workspaceSession = openWorkspace(file, keySchema, indexes);
        var workspace = workspaceSession.workspace();
        report(context.err(), workspace.report());
        if (workspace.tables().isEmpty()) {
            workspaceSession.close();
            throw new CliException(file + " has no table that could be read");
        }
        var chosen = fileTable == null ? workspace.tables().getFirst() : workspace.table(fileTable).orElse(null);
        if (chosen == null) {
            workspaceSession.close();
            throw new CliException("No table '" + fileTable + "' in " + file + "; its tables: " + String.join(", ", workspace.tableNames()));
        }
        var label = file + " (" + workspace.format().label() + (chosen.keySource() == KeySource.GUESSED ? ", key schema guessed" : "") + ")";
        return new Opened(workspaceSession, chosen.name(), label);
    }

    /**
     * Opens a table from its exports ({@code --export}, repeatable: a full export, then incremental ones in order). With a
     * connection (a TABLE, or --connection/--endpoint/--region/--profile), DescribeTable gives the key schema and
     * key-pinned reads go to the live table; S3 is read with its credentials.
     */
    static Opened openExport(CliContext context, String table, ConnectionOptions connection, Path file, List<String> exports,
                             java.net.URI s3Endpoint, String keySchema, List<String> indexes, boolean showProgress) {
        if (file != null) {
            throw new CliException("Give --file or --export, not both");
        }
        WorkspaceOptions keys;
        try {
            keys = keySchema == null && indexes.isEmpty() ? WorkspaceOptions.NONE : WorkspaceOptions.parse(keySchema, indexes);
        } catch (IllegalArgumentException e) {
            throw new CliException("--key-schema/--gsi: " + e.getMessage());
        }
        if (keys.keySchema() == null && !indexes.isEmpty()) {
            throw new CliException("--gsi goes with --key-schema");
        }
        var profile = connection.given() || table != null ? connection.resolve(context) : null;
        var live = profile == null ? null : context.sessions().open(profile);
        try {
            var opened = ExportTables.open(exports, context.exports(), new ExportTables.ProfileAndEndpoint(profile, s3Endpoint), live,
                    true, keys, table);
            var session = opened.session();
            context.err().println("dynalens: reading " + session.sourceText() + ": " + String.format(java.util.Locale.ROOT, "%,d",
                    session.snapshot().expectedItems()) + " item(s) in " + session.snapshot().parts().size() + " file(s), no read capacity; key schema "
                    + opened.keysFrom());
            context.err().flush();
            var name = session.describeTable(table != null ? table : session.listTables().join().get(0)).join().name();
            if (showProgress) {
                showProgress(context, session);
            }
            return new Opened(WriteGuard.protect(session), name, session.sourceText(), session);
        } catch (ExportReadException e) {
            throw new CliException(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    /** The export's read on a progress line (files, items, bytes) while the session is open, when a person watches. */
    private static void showProgress(CliContext context, ExportSession session) {
        var line = new ProgressLine(context.err(), false);
        var ticker = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(runnable -> {
            var thread = new Thread(runnable, "dynalens-export-progress");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(() -> line.show("Reading the export: " + session.progressText()), 200, 200,
                java.util.concurrent.TimeUnit.MILLISECONDS);
        session.whenClosed(() -> {
            ticker.shutdownNow();
            line.clear();
        });
    }

    /**
     * Scans every page of the table ({@link RunQuery#readAll}) and hands each item to {@code each}, one at a time, in
     * order; returns when the last one was handed on.
     */
    static void forEachItem(DynamoSession session, String tableName, Consumer<Item> each) {
        var table = new RunQuery(session, tableName);
        table.readAll(table.scanAll(), null, each).result().join();
    }

    private static WorkspaceSession openWorkspace(Path file, String keySchema, List<String> indexes) {
        KeySpec keys;
        try {
            keys = keySchema == null ? null : KeySpec.parse(keySchema);
        } catch (IllegalArgumentException e) {
            throw new CliException("--key-schema: " + e.getMessage());
        }
        WorkspaceOptions options;
        try {
            options = new WorkspaceOptions(keys, indexes.stream().map(IndexSpec::parse).toList());
        } catch (IllegalArgumentException e) {
            throw new CliException("--gsi: " + e.getMessage());
        }
        try {
            return WorkspaceSession.open(file, options);
        } catch (NoSuchFileException e) {
            throw new CliException("No such file: " + file);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        } catch (IOException e) {
            throw new CliException("Cannot read " + file + ": " + e.getMessage());
        }
    }

    private static void report(PrintWriter err, WorkspaceReport report) {
        print(err, "error", report.errors(), report.errorCount());
        print(err, "warning", report.warnings(), report.warningCount());
        if (report.errorCount() > 0 || report.warningCount() > 0) {
            err.println("dynalens: " + report.file() + ": " + report.summary());
        }
        err.flush();
    }

    private static void print(PrintWriter err, String kind, List<LoadProblem> problems, long count) {
        problems.stream().limit(PROBLEMS_PRINTED).forEach(p -> err.println("dynalens: " + kind + ": " + p));
        if (count > PROBLEMS_PRINTED) {
            err.println("dynalens: … and " + (count - PROBLEMS_PRINTED) + " more " + kind + "s");
        }
    }
}
