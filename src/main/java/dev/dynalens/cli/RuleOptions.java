package dev.dynalens.cli;

import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.LensCodec;
import dev.dynalens.domain.inference.LensFormatException;
import dev.dynalens.domain.staleness.DenormalizationRule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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

    /**
     * The rules to use as given (empty: infer), the specs to leave out of inferred rules, and where given rules came
     * from ({@code --rule} or {@code --lens FILE}), for messages.
     */
    record Chosen(List<DenormalizationRule> rules, Set<String> rejected, String source) {
    }

    Chosen choose() {
        var choices = lensFile == null ? Lens.RuleChoices.NONE : readChoices(lensFile);
        if (!ruleSpecs.isEmpty()) {
            return new Chosen(StaleCommand.parseRules(ruleSpecs), Set.of(), "--rule");
        }
        if (!choices.confirmed().isEmpty()) {
            try {
                return new Chosen(StaleCommand.parseRules(choices.confirmed()), Set.of(), "--lens " + lensFile);
            } catch (CliException e) {
                throw new CliException(lensFile + ": a confirmed rule cannot be read (" + e.getMessage() + ")");
            }
        }
        return new Chosen(List.of(), Set.copyOf(choices.rejected()), "inferred");
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
