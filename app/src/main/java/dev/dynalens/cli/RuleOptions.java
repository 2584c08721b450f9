package dev.dynalens.cli;

import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.LensCodec;
import dev.dynalens.domain.inference.LensFormatException;
import dev.dynalens.domain.staleness.DenormalizationRule;
import dev.dynalens.domain.staleness.RuleChoice;
import dev.dynalens.domain.staleness.RuleSpec;
import dev.dynalens.domain.staleness.RuleSpecException;
import dev.dynalens.usecase.StaleDetection;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Where the denormalization rules of {@code stale} and {@code fanout} come from: {@code --rule} specs, or the rule
 * choices saved in a lens file by the app (Confirm / Remove under the rules table; Export lens… or the file in the
 * config folder's {@code lenses/}). With confirmed rules only those are used and no inference runs, as in the app;
 * otherwise rules are inferred and the lens's rejected ones are left out. {@code --rule} wins over the lens.
 */
final class RuleOptions {
    @Option(names = "--rule", paramLabel = "SPEC",
            description = "A confirmed rule, e.g. POST.authorName=USER.name@authorId (repeatable; without any, rules are inferred).")
    List<String> ruleSpecs = new ArrayList<>();

    @Option(names = "--lens", paramLabel = "FILE",
            description = "A lens file saved or exported by the app: its confirmed rules are used when no --rule is given, "
                    + "and its removed (rejected) rules are never inferred.")
    Path lensFile;

    /** Whether the rules were chosen with {@code --rule} or {@code --lens} (a resumed plan uses neither). */
    boolean given() {
        return !ruleSpecs.isEmpty() || lensFile != null;
    }

    /** The rules {@code --rule} gives, or those of {@code --lens}; a SPEC that does not parse is a usage error. */
    RuleChoice choose() {
        var choices = lensFile == null ? Lens.RuleChoices.NONE : readChoices(lensFile);
        if (!ruleSpecs.isEmpty()) {
            return RuleChoice.given(parseRules(ruleSpecs), "--rule");
        }
        return RuleChoice.of(choices, "--lens " + lensFile, (spec, e) -> {
            throw new CliException(lensFile + ": a confirmed rule cannot be read (--rule: " + e.getMessage() + ")");
        });
    }

    private static List<DenormalizationRule> parseRules(List<String> specs) {
        var rules = new ArrayList<DenormalizationRule>();
        for (var spec : specs) {
            try {
                rules.add(RuleSpec.parse(spec));
            } catch (RuleSpecException e) {
                throw new CliException("--rule: " + e.getMessage());
            }
        }
        return rules;
    }

    /** The detection's warnings on stderr: given rules naming an entity the table does not have. */
    static void printWarnings(PrintWriter err, StaleDetection detection) {
        for (var warning : detection.warnings()) {
            err.println("dynalens: warning: " + warning.message());
        }
        err.flush();
    }

    static Lens.RuleChoices readChoices(Path file) {
        try {
            return LensCodec.fromJson(Files.readString(file, StandardCharsets.UTF_8)).rules();
        } catch (NoSuchFileException e) {
            throw new CliException("--lens: no such file: " + file);
        } catch (IOException e) {
            throw new CliException("--lens: cannot read " + file + ": " + e.getMessage());
        } catch (LensFormatException e) {
            throw new CliException("--lens: " + file + ": " + e.getMessage());
        }
    }
}
