package dev.dynalens.usecase;

import dev.dynalens.domain.design.Designer;
import dev.dynalens.domain.design.PatternsException;
import dev.dynalens.domain.design.PatternsFile;
import dev.dynalens.domain.design.PatternsProblem;
import dev.dynalens.domain.design.PatternsReader;
import dev.dynalens.domain.design.TableDesign;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * "Design": a patterns file, as text (JSON or YAML) or as rows, into a single-table design, or the problems that stop
 * it, each with its line and column. Pure and quick (milliseconds for dozens of patterns), so it runs where it is called;
 * nothing is read or written. The app designs again as the person types, the CLI once.
 */
public final class DesignTable {
    /**
     * The design, or what is wrong with the input.
     *
     * @param file     the file read, or null when the text could not be read
     * @param design   null when there are problems
     * @param problems empty when there is a design
     */
    public record Outcome(PatternsFile file, TableDesign design, List<PatternsProblem> problems) {
        public Outcome {
            problems = List.copyOf(problems);
        }

        public Optional<TableDesign> designed() {
            return Optional.ofNullable(design);
        }
    }

    /** Reads and designs; never throws for bad input. */
    public Outcome design(String text) {
        Objects.requireNonNull(text, "text");
        PatternsFile file;
        try {
            file = PatternsReader.read(text);
        } catch (PatternsException e) {
            return new Outcome(null, null, e.problems());
        }
        return design(file);
    }

    /** Designs from a file already read (the app's rows). */
    public Outcome design(PatternsFile file) {
        Objects.requireNonNull(file, "file");
        try {
            return new Outcome(file, Designer.design(file), List.of());
        } catch (PatternsException e) {
            return new Outcome(file, null, e.problems());
        }
    }
}
