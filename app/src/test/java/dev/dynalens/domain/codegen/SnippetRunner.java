package dev.dynalens.domain.codegen;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs generated snippets, as they are, against an endpoint: all snippets of a batch in one process (or one compiler
 * run), each on its own, a failing one not stopping the others.
 */
interface SnippetRunner {

    /**
     * Runs every snippet once, in order.
     *
     * @param workDir an empty directory of the run's own
     * @return one outcome per snippet: {@code "ok"} or the error the snippet ended with
     */
    List<String> run(List<String> snippets, URI endpoint, Path workDir) throws Exception;

    static SnippetRunner forLanguage(Language language) {
        return switch (language) {
            case JAVA -> new JavaSnippetRunner();
            case JAVASCRIPT -> new NodeSnippetRunner();
            case PYTHON -> new PythonSnippetRunner();
            case CLI -> new CliSnippetRunner();
        };
    }

    /** Splits a snippet into its leading import lines and the statements after them. */
    static String[] importsAndBody(String snippet) {
        var lines = snippet.split("\n", -1);
        int i = 0;
        var imports = new StringBuilder();
        while (i < lines.length && (lines[i].startsWith("import ") || lines[i].isBlank())) {
            imports.append(lines[i]).append('\n');
            i++;
        }
        return new String[] {imports.toString(), String.join("\n", List.of(lines).subList(i, lines.length))};
    }
}
