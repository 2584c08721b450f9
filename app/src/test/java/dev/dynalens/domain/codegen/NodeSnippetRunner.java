package dev.dynalens.domain.codegen;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Runs the JavaScript snippets with Node and the {@code @aws-sdk} packages pinned beside dynalite
 * ({@code src/test/dynalite}): each snippet becomes an ES module of its own (its import line at the top, its statements
 * in an exported {@code run(docClient)}), and one runner module imports and runs them in turn with a default
 * {@code DynamoDBDocumentClient} of the endpoint.
 */
final class NodeSnippetRunner implements SnippetRunner {
    private static final String RUNNER = """
            import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
            import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

            const docClient = DynamoDBDocumentClient.from(new DynamoDBClient({
              endpoint: process.env.DYNALENS_ENDPOINT,
              region: "us-east-1",
              credentials: { accessKeyId: "placeholder", secretAccessKey: "placeholder" },
            }));
            const count = Number(process.argv[2]);
            for (let i = 0; i < count; i++) {
              try {
                const snippet = await import(`./case_${i}.mjs`);
                await snippet.run(docClient);
                console.log(`case ${i}: ok`);
              } catch (e) {
                console.log(`case ${i}: ${e.name}: ${String(e.message).replace(/\\n/g, " ")}`);
              }
            }
            docClient.destroy();
            """;

    @Override
    public List<String> run(List<String> snippets, URI endpoint, Path workDir) throws Exception {
        var node = findNode();
        var modules = dynaliteDir().resolve("node_modules").toAbsolutePath();
        if (!Files.isDirectory(modules.resolve("@aws-sdk/lib-dynamodb"))) {
            throw new AssertionError(modules + " has no @aws-sdk/lib-dynamodb: run the build (it runs `npm ci` in "
                    + dynaliteDir() + ")");
        }
        Files.createSymbolicLink(workDir.resolve("node_modules"), modules);
        for (int i = 0; i < snippets.size(); i++) {
            var parts = SnippetRunner.importsAndBody(snippets.get(i));
            Files.writeString(workDir.resolve("case_" + i + ".mjs"),
                    parts[0] + "export async function run(docClient) {\n" + parts[1] + "\n}\n");
        }
        Files.writeString(workDir.resolve("runner.mjs"), RUNNER);
        return ExternalProcess.run(List.of(node.toString(), "runner.mjs", Integer.toString(snippets.size())), workDir,
                Map.of("DYNALENS_ENDPOINT", endpoint.toString()), snippets.size(), 300);
    }

    private static Path findNode() {
        for (var entry : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!entry.isBlank() && Files.isExecutable(Path.of(entry, "node"))) {
                return Path.of(entry, "node");
            }
        }
        throw new AssertionError("node is not on PATH: the JavaScript snippets run with Node.js 20+ (.ci/run installs it)");
    }

    static Path dynaliteDir() {
        var dir = System.getProperty("dynalite.dir", "");
        return dir.isBlank() ? Path.of("src/test/dynalite") : Path.of(dir);
    }
}
