package dev.dynalens.domain.codegen;

import java.util.List;

/**
 * Lays out a bracketed list of already rendered elements: on one line when it is short and flat, otherwise one
 * element per line, indented one level deeper than the line the container starts on.
 */
final class Layout {
    /** A container whose one-line form is longer than this is broken into lines. */
    static final int LINE_LIMIT = 80;

    private final String indentUnit;

    Layout(String indentUnit) {
        this.indentUnit = indentUnit;
    }

    String indent(int level) {
        return indentUnit.repeat(level);
    }

    /**
     * {@code open}, the elements separated by commas, {@code close}. Elements were rendered for {@code level + 1}
     * (their own inner lines already carry that indentation). {@code trailingComma} adds a comma after the last
     * element when the container spans several lines (JavaScript and Python style; Java forbids it in calls).
     */
    String container(String open, List<String> elements, String close, int level, boolean trailingComma) {
        if (elements.isEmpty()) {
            return open + close;
        }
        var oneLine = open + String.join(", ", elements) + close;
        if (oneLine.length() <= LINE_LIMIT && elements.stream().noneMatch(e -> e.indexOf('\n') >= 0)) {
            return oneLine;
        }
        return multiLine(open, elements, close, level, trailingComma);
    }

    /** Always one element per line. */
    String multiLine(String open, List<String> elements, String close, int level, boolean trailingComma) {
        var out = new StringBuilder(open).append('\n');
        for (int i = 0; i < elements.size(); i++) {
            out.append(indent(level + 1)).append(elements.get(i));
            if (i < elements.size() - 1 || trailingComma) {
                out.append(',');
            }
            out.append('\n');
        }
        return out.append(indent(level)).append(close).toString();
    }
}
