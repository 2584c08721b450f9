package dev.dynalens.cli;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.connection.WriteNotConfirmedException;
import dev.dynalens.domain.design.PatternsException;
import dev.dynalens.domain.design.PatternsFile;
import dev.dynalens.domain.design.PatternsProblem;
import dev.dynalens.domain.design.PatternsReader;
import dev.dynalens.domain.design.TableDesign;
import dev.dynalens.usecase.CheckExistingTable;
import dev.dynalens.usecase.DesignTable;
import dev.dynalens.usecase.ExportDesign;
import dev.dynalens.usecase.ProveDesign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynalens design}: a patterns file into a single-table design (key templates, indexes, one request per pattern
 * with its cost, sample items, warnings), written as text or JSON and, if asked, as a NoSQL Workbench model and a
 * dynamodb-onetable schema; with {@code --prove}, the design proved (its samples in a new table on a connection, or in
 * memory, and every pattern run); or, with {@code --check}, an existing table (live or a file) checked against the
 * patterns, read once (on a connection tagged production only with {@code --confirm-read}, its cost said first). A thin
 * adapter over {@link DesignTable}, {@link ExportDesign}, {@link ProveDesign} and {@link CheckExistingTable}.
 */
@Command(name = "design", sortOptions = false,
        description = {"Design a single table from access patterns (a JSON or YAML patterns file) and, with --prove, prove it; "
                + "or check an existing table against them (--check).",
                "Problems in the file are printed with their line and column."},
        footer = {"", "Exit code 1 when a proof finds a pattern the design does not serve as designed.", "", "Examples:",
                "  dynalens design --patterns shop.yaml",
                "  dynalens design --patterns shop.yaml --json --model shop-model.json --onetable shop-schema.json",
                "  dynalens design --patterns shop.yaml --prove --json",
                "  dynalens design --patterns shop.yaml --prove ShopProof --endpoint http://localhost:8000",
                "  dynalens design --patterns shop.yaml --check Shop --endpoint http://localhost:8000 --json",
                "  dynalens design --patterns shop.yaml --check Shop --connection prod --confirm-read",
                "  dynalens design --patterns shop.yaml --check --file export.json.gz --key-schema PK,SK --gsi GSI1=GSI1PK,GSI1SK"})
final class DesignCommand implements Callable<Integer> {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    @ParentCommand
    DynaLensCli root;

    @Option(names = "--patterns", required = true, paramLabel = "FILE", description = "The patterns file (JSON or YAML).")
    Path patterns;

    @Option(names = "--json", description = "Print the design (or the check) as JSON.")
    boolean json;

    @Option(names = "--model", paramLabel = "OUT.json", description = "Also write the design as a NoSQL Workbench model.")
    Path model;

    @Option(names = "--onetable", paramLabel = "OUT.json", description = "Also write the design as a dynamodb-onetable schema.")
    Path oneTable;

    @Option(names = "--prove", description = {"Prove the design: its samples loaded into a new table on the connection (TABLE, "
            + "default: the design's name and a time stamp; it is kept), or with no connection option in memory, on DynaLens's "
            + "workspace engine; then every pattern run and compared with what it asks for."})
    boolean prove;

    @Option(names = "--check", description = "Check an existing table (TABLE on a connection, or --file) against the patterns instead.")
    boolean check;

    @Mixin
    SourceOptions source;

    @Mixin
    ConfirmTableOption confirmation;

    @Mixin
    ConfirmReadOption readConfirmation;

    @Override
    public Integer call() throws IOException {
        var context = root.context;
        var text = read(patterns);
        if (check && prove) {
            throw new CliException("--check checks an existing table and --prove proves the design: give one of them");
        }
        if (!prove && confirmation.confirmTable != null) {
            throw new CliException("--confirm-table goes with --prove on a connection");
        }
        if (!check && readConfirmation.confirmRead) {
            throw new CliException("--confirm-read goes with --check: it confirms the read of an existing table");
        }
        if (check) {
            return check(context, text);
        }
        if (prove) {
            return prove(context, text);
        }
        if (source.table != null || source.file != null || source.connection.given()) {
            throw new CliException("TABLE, --file and the connection options go with --check; "
                    + "TABLE and the connection options with --prove");
        }
        var design = designed(context, text);
        if (design == null) {
            return DynaLensCli.USAGE;
        }
        if (json) {
            DesignOutput.writeJson(context.out(), design);
        } else {
            DesignOutput.writeText(context.out(), design);
        }
        context.out().flush();
        return 0;
    }

    /** The design of the patterns, written to the exports asked for; null when the file has problems (printed). */
    private TableDesign designed(CliContext context, String text) {
        var outcome = new DesignTable().design(text);
        if (!outcome.problems().isEmpty()) {
            problems(context, outcome.problems());
            return null;
        }
        var design = outcome.design();
        var exports = new ExportDesign(Runnable::run, Clock.systemDefaultZone());
        if (model != null) {
            exports.write(design, ExportDesign.Format.WORKBENCH_MODEL, model).join();
        }
        if (oneTable != null) {
            exports.write(design, ExportDesign.Format.ONETABLE_SCHEMA, oneTable).join();
        }
        return design;
    }

    /** The design proved on the connection given, or in memory without one; exit code 1 when it is not valid. */
    private int prove(CliContext context, String text) throws IOException {
        if (source.file != null || source.fileTable != null || source.keySchema != null || !source.indexes.isEmpty()) {
            throw new CliException("--file, --table, --key-schema and --gsi read an existing table for --check; --prove makes its own");
        }
        if (!source.connection.given() && confirmation.confirmTable != null) {
            throw new CliException("--confirm-table goes with --prove on a connection; in memory nothing is written");
        }
        var design = designed(context, text);
        if (design == null) {
            return DynaLensCli.USAGE;
        }
        var proofs = new ProveDesign();
        ProveDesign.DesignProof proof;
        if (!source.connection.given()) {
            var table = source.table == null ? design.tableName() : source.table;
            proof = proofs.proveInMemory(design, table, Runnable::run, progress -> { }).result().join();
        } else {
            var table = source.table == null ? design.tableName() + "Proof" + STAMP.format(LocalDateTime.now()) : source.table;
            var bar = new ProgressLine(context.err(), json);
            try (var session = context.sessions().open(source.connection.resolve(context))) {
                proof = proofs.start(design, session, table, confirmation.confirmer("prove the design"),
                        progress -> bar.show(progress.step() + " (" + progress.patternsDone() + " of " + progress.patternsTotal() + ")"))
                        .result().join();
            } catch (CompletionException e) {
                if (Problems.unwrap(e) instanceof WriteNotConfirmedException notConfirmed) {
                    throw new CliException(notConfirmed.getMessage());
                }
                throw e;
            } finally {
                bar.clear();
            }
        }
        if (json) {
            DesignOutput.writeProofJson(context.out(), design, proof);
        } else {
            DesignOutput.writeProofText(context.out(), design, proof);
        }
        context.out().flush();
        return proof.valid() ? 0 : DynaLensCli.FAILED;
    }

    private int check(CliContext context, String text) throws IOException {
        if (model != null || oneTable != null) {
            throw new CliException("--model and --onetable write a design; --check checks an existing table");
        }
        var file = parsed(context, text);
        if (file == null) {
            return DynaLensCli.USAGE;
        }
        var opened = source.open(context, false);
        try (var session = opened.session();
             var analysis = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("dynalens-check").daemon().factory())) {
            var table = session.describeTable(opened.tableName()).join();
            var checks = new CheckExistingTable(session, analysis);
            var read = readConfirmation.confirm(context, checks.read(table));
            CheckExistingTable.TableCheck result;
            try {
                result = checks.start(table, file, read.confirmed(), progress -> { }).result().join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof PatternsException problems) {
                    return problems(context, problems.problems());
                }
                throw e;
            }
            if (json) {
                DesignOutput.writeCheckJson(context.out(), result);
            } else {
                DesignOutput.writeCheckText(context.out(), result, opened.label() == null ? table.name() : opened.label());
            }
        }
        context.out().flush();
        return 0;
    }

    private PatternsFile parsed(CliContext context, String text) {
        try {
            return PatternsReader.read(text);
        } catch (PatternsException e) {
            problems(context, e.problems());
            return null;
        }
    }

    /** Every problem on its own line, with the file, line and column; exit code 2. */
    private int problems(CliContext context, List<PatternsProblem> problems) {
        for (var problem : problems) {
            context.err().println("dynalens: " + patterns + (problem.position().known() ? ":" + problem.position().line() + ":"
                    + problem.position().column() : "") + ": " + problem.message());
        }
        context.err().flush();
        return DynaLensCli.USAGE;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new CliException("No such file: " + file);
        } catch (IOException e) {
            throw new CliException("Cannot read " + file + ": " + e.getMessage());
        }
    }
}
