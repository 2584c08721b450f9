package dev.dynalens.domain.codegen;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Runs the Python snippets, each file unchanged, with Debian's {@code /usr/bin/python3} and its {@code python3-boto3}
 * (not a pyenv {@code python3} that may come first on PATH): one runner script executes them in turn, each with a
 * global {@code dynamodb}, a {@code boto3.resource("dynamodb")} of the endpoint.
 */
final class PythonSnippetRunner implements SnippetRunner {
    static final Path PYTHON = Path.of("/usr/bin/python3");
    private static final String RUNNER = """
            import os, runpy, sys
            try:
                import boto3
            except ImportError as e:
                print("boto3 is missing from /usr/bin/python3 (install Debian's python3-boto3; .ci/run does):", e)
                sys.exit(3)
            dynamodb = boto3.resource("dynamodb", endpoint_url=os.environ["DYNALENS_ENDPOINT"], region_name="us-east-1",
                                      aws_access_key_id="placeholder", aws_secret_access_key="placeholder")
            for i in range(int(sys.argv[1])):
                try:
                    runpy.run_path(f"case_{i}.py", init_globals={"dynamodb": dynamodb})
                    print(f"case {i}: ok", flush=True)
                except Exception as e:
                    message = str(e).replace("\\n", " ")
                    print(f"case {i}: {type(e).__name__}: {message}", flush=True)
            """;

    @Override
    public List<String> run(List<String> snippets, URI endpoint, Path workDir) throws Exception {
        ExternalProcess.requireExecutable(PYTHON, "Install Debian's python3 and python3-boto3 (.ci/run does).");
        for (int i = 0; i < snippets.size(); i++) {
            Files.writeString(workDir.resolve("case_" + i + ".py"), snippets.get(i));
        }
        Files.writeString(workDir.resolve("runner.py"), RUNNER);
        return ExternalProcess.run(List.of(PYTHON.toString(), "-I", "runner.py", Integer.toString(snippets.size())), workDir,
                Map.of("DYNALENS_ENDPOINT", endpoint.toString()), snippets.size(), 300);
    }
}
