package dev.dynalens.domain.design;

/** For tests that write patterns files by hand: a name as the writer writes it in YAML. */
public final class PatternsWriterAccess {
    private PatternsWriterAccess() {
    }

    public static String name(String text) {
        return PatternsWriter.yamlName(text);
    }
}
