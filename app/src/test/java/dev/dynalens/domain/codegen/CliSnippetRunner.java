package dev.dynalens.domain.codegen;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Runs the AWS CLI snippets, each file unchanged, with bash and Debian's {@code /usr/bin/aws} (CLI v2; a pyenv shim
 * named {@code aws} earlier on PATH is not used): a runner script defines {@code aws} as a function adding
 * {@code --endpoint-url}, then sources each snippet in a subshell of its own.
 */
final class CliSnippetRunner implements SnippetRunner {
    static final Path AWS = Path.of("/usr/bin/aws");
    private static final String RUNNER = """
            aws() { /usr/bin/aws --endpoint-url "$DYNALENS_ENDPOINT" "$@"; }
            for ((i = 0; i < $1; i++)); do
              if output=$( (source "./case_$i.sh") 2>&1 ); then
                echo "case $i: ok"
              else
                echo "case $i: exit $?: ${output//$'\\n'/ }"
              fi
            done
            """;

    @Override
    public List<String> run(List<String> snippets, URI endpoint, Path workDir) throws Exception {
        ExternalProcess.requireExecutable(AWS, "Install Debian's awscli (.ci/run does).");
        var bash = ExternalProcess.requireExecutable(Path.of("/bin/bash"), "The CLI snippets are written for bash.");
        for (int i = 0; i < snippets.size(); i++) {
            Files.writeString(workDir.resolve("case_" + i + ".sh"), snippets.get(i));
        }
        Files.writeString(workDir.resolve("runner.sh"), RUNNER);
        return ExternalProcess.run(List.of(bash.toString(), "runner.sh", Integer.toString(snippets.size())), workDir,
                Map.of("DYNALENS_ENDPOINT", endpoint.toString()), snippets.size(), 600);
    }
}
