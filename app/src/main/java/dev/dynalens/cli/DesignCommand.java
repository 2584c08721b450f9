package dev.dynalens.cli;

import dev.dynalens.domain.design.PatternsException;
import dev.dynalens.domain.design.PatternsProblem;
import dev.dynalens.domain.design.PatternsReader;
import dev.dynalens.usecase.CheckExistingTable;
import dev.dynalens.usecase.DesignTable;
import dev.dynalens.usecase.ExportDesign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynalens design}: a patterns file into a single-table design (key templates, indexes, one request per pattern
 * with its cost, sample items, warnings), written as text or JSON and, if asked, as a NoSQL Workbench model and a
 * dynamodb-onetable schema; or, with {@code --check}, an existing table (live or a file) checked against the patterns.
 * A thin adapter over {@link DesignTable}, {@link ExportDesign} and {@link CheckExistingTable}.
 */
@Command(name = "design", sortOptions = false,
        description = {"Design a single table from access patterns (a JSON or YAML patterns file), or check an existing table against them.",
                "Problems in the file are printed with their line and column."},
        footer = {"", "Examples:",
                "  dynalens design --patterns shop.yaml",
                "  dynalens design --patterns shop.yaml --json --model shop-model.json --onetable shop-schema.json",
                "  dynalens design --patterns shop.yaml --check Shop --endpoint http://localhost:8000 --json",
                "  dynalens design --patterns shop.yaml --check --file export.json.gz --key-schema PK,SK --gsi GSI1=GSI1PK,GSI1SK"})
final class DesignCommand implements Callable<Integer> {
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

    @Option(names = "--check", description = "Check an existing table (TABLE on a connection, or --file) against the patterns instead.")
    boolean check;

    @Mixin
    SourceOptions source;

    @Override
    public Integer call() throws IOException {
        var context = root.context;
        var text = read(patterns);
        if (check) {
            return check(context, text);
        }
        if (source.table != null || source.file != null || source.connection.given()) {
            throw new CliException("TABLE, --file and the connection options go with --check");
        }
        var outcome = new DesignTable().design(text);
        if (!outcome.problems().isEmpty()) {
            return problems(context, outcome.problems());
        }
        var design = outcome.design();
        var exports = new ExportDesign(Runnable::run, Clock.systemDefaultZone());
        if (model != null) {
            exports.write(design, ExportDesign.Format.WORKBENCH_MODEL, model).join();
        }
        if (oneTable != null) {
            exports.write(design, ExportDesign.Format.ONETABLE_SCHEMA, oneTable).join();
        }
        if (json) {
            DesignOutput.writeJson(context.out(), design);
        } else {
            DesignOutput.writeText(context.out(), design);
        }
        context.out().flush();
        return 0;
    }

    private int check(CliContext context, String text) throws IOException {
        if (model != null || oneTable != null) {
            throw new CliException("--model and --onetable write a design; --check checks an existing table");
        }
        var file = parsed(context, text);
        if (file == null) {
            return DynaLensCli.USAGE;
        }
        var opened = source.open(context);
        try (var session = opened.session();
             var analysis = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("dynalens-check").daemon().factory())) {
            var table = session.describeTable(opened.tableName()).join();
            CheckExistingTable.TableCheck result;
            try {
                result = new CheckExistingTable(session, analysis).start(table, file, progress -> { }).result().join();
            } catch (java.util.concurrent.CompletionException e) {
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

    private dev.dynalens.domain.design.PatternsFile parsed(CliContext context, String text) {
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
