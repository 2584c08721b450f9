package dev.dynalens.domain.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Starts a tool of the machine for a snippet run, with an environment that reads no person's AWS configuration. */
final class ExternalProcess {
    private ExternalProcess() {
    }

    /**
     * Runs {@code command} in {@code workDir} and returns the lines {@code case N: …} it printed, one per snippet.
     * HOME and the AWS config and credentials files point into the work directory (empty files), credentials and region
     * are placeholders, so nothing of the machine's own AWS setup is read or used.
     */
    static List<String> run(List<String> command, Path workDir, Map<String, String> extraEnvironment, int cases,
                            long timeoutSeconds) throws IOException, InterruptedException {
        var config = Files.writeString(workDir.resolve("aws-config"), "");
        var credentials = Files.writeString(workDir.resolve("aws-credentials"), "");
        var builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        var env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("AWS_") || name.startsWith("PYTHON") || name.startsWith("NODE_"));
        env.put("HOME", workDir.toString());
        env.put("AWS_CONFIG_FILE", config.toString());
        env.put("AWS_SHARED_CREDENTIALS_FILE", credentials.toString());
        env.put("AWS_ACCESS_KEY_ID", "placeholder");
        env.put("AWS_SECRET_ACCESS_KEY", "placeholder");
        env.put("AWS_DEFAULT_REGION", "us-east-1");
        env.put("AWS_REGION", "us-east-1");
        env.put("AWS_EC2_METADATA_DISABLED", "true");
        env.put("AWS_PAGER", "");
        env.put("LANG", "C.UTF-8");
        env.putAll(extraEnvironment);
        var process = builder.start();
        var output = new StringBuilder();
        var reader = Thread.ofVirtual().start(() -> {
            try (var in = process.getInputStream()) {
                output.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                output.append("(reading the output failed: ").append(e).append(')');
            }
        });
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            reader.join(5_000);
            throw new AssertionError(command.get(0) + " did not finish within " + timeoutSeconds + " s; output:\n" + output);
        }
        reader.join(10_000);
        var outcomes = new ArrayList<String>();
        for (int i = 0; i < cases; i++) {
            outcomes.add(null);
        }
        for (var line : output.toString().split("\n")) {
            if (line.startsWith("case ")) {
                var colon = line.indexOf(": ");
                try {
                    int index = Integer.parseInt(line.substring(5, colon));
                    if (index >= 0 && index < cases) {
                        outcomes.set(index, line.substring(colon + 2));
                    }
                } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                    // a line of a snippet's own output that happens to start with "case "
                }
            }
        }
        if (outcomes.contains(null)) {
            throw new AssertionError(command.get(0) + " exited with " + process.exitValue()
                    + " before it ran every snippet; output:\n" + output);
        }
        return outcomes;
    }

    static Path requireExecutable(Path path, String installHint) {
        if (!Files.isExecutable(path)) {
            throw new AssertionError(path + " is missing: the generated-code tests run their snippets with it. " + installHint);
        }
        return path;
    }
}
