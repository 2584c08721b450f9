package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code dynalens} command in the README's and the docs' code blocks that reads a sample of {@code samples/}
 * (no connection) runs as written and succeeds (issue 28: docs/sql.md's first example named an attribute the tracker
 * sample does not have). A file the command writes goes to a temporary folder, and a later command of the same block
 * that reads it reads it there. SQL examples must also give rows.
 */
class DocsExamplesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path written;

    /** One command line as the docs show it, joined across {@code \} continuations, without its comment. */
    record Example(Path doc, int line, String command) {
    }

    static List<Example> examples() throws IOException {
        var docs = new ArrayList<Path>();
        docs.add(Path.of("README.md"));
        try (Stream<Path> files = Files.list(Path.of("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        var examples = new ArrayList<Example>();
        for (var doc : docs) {
            var lines = Files.readAllLines(doc);
            boolean inBlock = false;
            for (int i = 0; i < lines.size(); i++) {
                var line = lines.get(i);
                if (line.startsWith("```")) {
                    inBlock = !inBlock;
                    continue;
                }
                if (!inBlock) {
                    continue;
                }
                int start = i;
                var command = new StringBuilder(line.strip());
                while (command.toString().endsWith("\\") && i + 1 < lines.size()) {
                    command.setLength(command.length() - 1);
                    command.append(' ').append(lines.get(++i).strip());
                }
                var text = command.toString();
                if ((text.startsWith("dynalens ") || text.startsWith("java -jar app/target/dynalens.jar ")) && text.contains("samples/")
                        && !text.contains("--endpoint") && !text.contains("--connection")) {
                    examples.add(new Example(doc, start + 1, text));
                }
            }
        }
        return examples;
    }

    /** The command's arguments after the program, as a shell would split them (quotes, backslash escapes, a # comment). */
    static List<String> arguments(String command) {
        var words = new ArrayList<String>();
        var word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '\\' && i + 1 < command.length() && "\"\\$`".indexOf(command.charAt(i + 1)) >= 0) {
                    word.append(command.charAt(++i));
                } else if (c == '"') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (c == '#' && !inWord) {
                break;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        int program = words.get(0).equals("java") ? 3 : 1;
        return new ArrayList<>(words.subList(program, words.size()));
    }

    @Test
    void everyExampleThatReadsASample_runsAsWritten() throws IOException {
        var examples = examples();
        // the SQL workbench's, analyze's, stale's and the design planner's at least
        assertThat(examples).extracting(e -> arguments(e.command()).get(0)).contains("sql", "stale", "design");
        for (var example : examples) {
            var args = arguments(example.command());
            for (int i = 0; i < args.size(); i++) {
                var arg = args.get(i);
                // a file the docs write (or read back) that is no sample: in the temporary folder
                if ((arg.endsWith(".json") || arg.endsWith(".yaml")) && !arg.startsWith("samples/") && !Files.exists(Path.of(arg))) {
                    args.set(i, written.resolve(arg).toString());
                }
            }
            var sql = args.get(0).equals("sql");
            if (sql && !args.contains("--json")) {
                args.add(1, "--json");
            }
            var run = RealCli.run(args.toArray(String[]::new));
            var where = example.doc() + ":" + example.line() + " " + example.command() + "\n" + run.err();
            assertThat(run.exitCode()).as(where).isZero();
            if (sql) {
                assertThat(JSON.readTree(run.out()).get("rows")).as(where).isNotEmpty();
            }
        }
    }

    @Test
    void theCommandsAreSplitAsAShellSplitsThem() {
        assertThat(arguments("dynalens sql --file samples/tracker.json \"SELECT \\\"USER\\\".name FROM \\\"USER\\\"\"  # a comment"))
                .containsExactly("sql", "--file", "samples/tracker.json", "SELECT \"USER\".name FROM \"USER\"");
        assertThat(arguments("java -jar app/target/dynalens.jar stale --file samples/blog.json --json    # {\"rules\"}"))
                .containsExactly("stale", "--file", "samples/blog.json", "--json");
        assertThat(arguments("dynalens sql --file f 'it''s'")).containsExactly("sql", "--file", "f", "its");
    }
}
