package dev.dynalens.testsupport;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Installs the pinned dynalite of {@code src/test/dynalite} with {@code npm ci}, unless it is already
 * installed from the same lock file, or the tests were pointed at another endpoint.
 *
 * <p>Runs inside Maven's JVM (exec:java, phase process-test-classes): it never calls System.exit;
 * a failure is an exception, which stops the build.
 *
 * <p>Arguments: dynalite directory, dynamodb.endpoint (may be empty), dynamodb.backend (may be empty).
 */
public final class DynaliteInstaller {
    static final String STAMP_FILE = ".dynalens-lock.sha256";
    static final String NPM_MISSING = "npm was not found on PATH. The integration tests start dynalite, which needs "
            + "Node.js 20+ and npm. Install Node.js, or run against an endpoint of your own with "
            + "-Ddynamodb.endpoint=http://host:port";

    private DynaliteInstaller() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        var dirArg = arg(args, 0);
        if (dirArg.isEmpty()) {
            throw new IllegalArgumentException("Usage: DynaliteInstaller <dynalite dir> [endpoint] [backend]");
        }
        install(Path.of(dirArg).toAbsolutePath(), arg(args, 1), arg(args, 2));
    }

    /** exec:java passes an empty Maven property as a null argument. */
    private static String arg(String[] args, int index) {
        return index < args.length && args[index] != null ? args[index].strip() : "";
    }

    static void install(Path dir, String endpoint, String backend) throws IOException, InterruptedException {
        if (!endpoint.isEmpty()) {
            log("dynamodb.endpoint=" + endpoint + " was given: the tests use it, dynalite is not installed");
            return;
        }
        if (backend.equalsIgnoreCase("container")) {
            log("dynamodb.backend=container: the tests use a DynamoDB Local container, dynalite is not installed");
            return;
        }
        var lockFile = dir.resolve("package-lock.json");
        if (!Files.isRegularFile(lockFile)) {
            throw new IllegalStateException("No package-lock.json in " + dir + ": cannot install dynalite");
        }
        var lockHash = sha256(lockFile);
        var stamp = dir.resolve("node_modules").resolve(STAMP_FILE);
        if (isUpToDate(stamp, lockHash)) {
            log("dynalite is up to date");
            return;
        }
        var npm = findOnPath(npmExecutableName()).orElseThrow(() -> new IllegalStateException(NPM_MISSING));
        log("installing dynalite with " + npm + " ci in " + dir);
        var process = new ProcessBuilder(List.of(npm.toString(), "ci", "--no-audit", "--no-fund"))
                .directory(dir.toFile())
                .inheritIO()
                .start();
        int exit = process.waitFor();
        if (exit != 0) {
            throw new IllegalStateException("`npm ci` in " + dir + " failed with exit code " + exit
                    + " (see its output above). Node.js 20+ is needed; or run against an endpoint of your own with "
                    + "-Ddynamodb.endpoint=http://host:port");
        }
        Files.writeString(stamp, lockHash + System.lineSeparator(), StandardCharsets.UTF_8);
        log("dynalite installed");
    }

    static boolean isUpToDate(Path stamp, String lockHash) throws IOException {
        return Files.isRegularFile(stamp) && Files.readString(stamp, StandardCharsets.UTF_8).strip().equals(lockHash);
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    static String npmExecutableName() {
        return isWindows() ? "npm.cmd" : "npm";
    }

    static Optional<Path> findOnPath(String executable) {
        var path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (var entry : path.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            try {
                var candidate = Path.of(entry).resolve(executable);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            } catch (java.nio.file.InvalidPathException e) {
                // a malformed PATH entry is not where npm lives
            }
        }
        return Optional.empty();
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
    }

    private static void log(String message) {
        System.out.println("[dynalite] " + message);
    }
}
