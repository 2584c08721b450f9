package dev.dynalens.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntSupplier;

/**
 * One dynalite server on a free loopback port, in memory. {@link #close()} stops it and everything it
 * started; a JVM shutdown hook does the same should close never run.
 */
public final class DynaliteProcess implements AutoCloseable {
    static final Duration START_TIMEOUT = Duration.ofSeconds(10);
    static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final int START_ATTEMPTS = 3;

    private final Process process;
    private final int port;
    private final Duration startUp;
    private final StringBuffer stderr;
    private final Thread shutdownHook;
    private volatile boolean closed;

    private DynaliteProcess(Process process, int port, Duration startUp, StringBuffer stderr) {
        this.process = process;
        this.port = port;
        this.startUp = startUp;
        this.stderr = stderr;
        this.shutdownHook = new Thread(this::stop, "dynalite-stop-" + port);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts dynalite from {@code <dynaliteDir>/node_modules/dynalite/cli.js}, retrying when another process took the port. */
    public static DynaliteProcess start(Path dynaliteDir) {
        return start(dynaliteDir, DynaliteProcess::freePort);
    }

    /** @param ports where to try, one port per attempt */
    static DynaliteProcess start(Path dynaliteDir, IntSupplier ports) {
        var cli = dynaliteDir.resolve("node_modules/dynalite/cli.js").toAbsolutePath();
        if (!Files.isRegularFile(cli)) {
            throw new IllegalStateException("dynalite is not installed: " + cli + " is missing. Run `mvn process-test-classes` "
                    + "(it runs `npm ci` in " + dynaliteDir + "), or use -Ddynamodb.endpoint=http://host:port");
        }
        PortTaken last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            try {
                return startOnce(cli, ports.getAsInt());
            } catch (PortTaken e) {
                last = e;
            }
        }
        throw new IllegalStateException("dynalite could not bind a free port in " + START_ATTEMPTS + " attempts", last);
    }

    private static DynaliteProcess startOnce(Path cli, int port) throws PortTaken {
        var command = List.of("node", cli.toString(), "--host", "127.0.0.1", "--port", Integer.toString(port),
                "--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0");
        var started = System.nanoTime();
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run `node` (Node.js 20+ is needed to start dynalite): " + e.getMessage()
                    + ". Install Node.js, or run against an endpoint of your own with -Ddynamodb.endpoint=http://host:port", e);
        }
        var stderr = new StringBuffer();
        var ready = new CompletableFuture<Void>();
        daemon("dynalite-stdout-" + port, () -> readStdout(process.getInputStream(), ready));
        daemon("dynalite-stderr-" + port, () -> drain(process.getErrorStream(), stderr));
        process.onExit().thenRun(() -> ready.completeExceptionally(new IllegalStateException("dynalite exited")));
        try {
            ready.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return new DynaliteProcess(process, port, Duration.ofNanos(System.nanoTime() - started), stderr);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            destroy(process);
            throw new IllegalStateException("Interrupted while dynalite was starting", e);
        } catch (ExecutionException | TimeoutException e) {
            destroy(process);
            // Let the stderr reader catch up with the dead process before the message is built.
            sleep(Duration.ofMillis(100));
            var errors = stderr.toString().strip();
            if (errors.contains("EADDRINUSE")) {
                throw new PortTaken(port);
            }
            var reason = e instanceof TimeoutException
                    ? "did not print 'Dynalite listening at' within " + START_TIMEOUT.toSeconds() + " s"
                    : "exited with code " + process.exitValue() + " before it was ready";
            throw new IllegalStateException("dynalite (" + String.join(" ", command) + ") " + reason
                    + (errors.isEmpty() ? "" : ". Its stderr:\n" + errors));
        }
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    public int port() {
        return port;
    }

    /** From process start to the ready line. */
    public Duration startUp() {
        return startUp;
    }

    public ProcessHandle handle() {
        return process.toHandle();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    String stderr() {
        return stderr.toString();
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: nothing to remove
        }
    }

    private synchronized void stop() {
        if (closed) {
            return;
        }
        closed = true;
        destroy(process);
    }

    /** destroy(), then destroyForcibly() after a grace period, for the process and all its descendants. */
    static void destroy(Process process) {
        var descendants = process.descendants().toList();
        descendants.forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        for (var child : descendants) {
            if (child.isAlive()) {
                child.destroyForcibly();
            }
        }
    }

    private static void readStdout(InputStream stdout, CompletableFuture<Void> ready) {
        try (var reader = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.toLowerCase(Locale.ROOT).contains("dynalite listening at")) {
                    ready.complete(null);
                }
            }
        } catch (IOException e) {
            ready.completeExceptionally(new UncheckedIOException(e));
        }
    }

    private static void drain(InputStream stream, StringBuffer into) {
        try (var reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                into.append(line).append('\n');
            }
        } catch (IOException ignored) {
            // the process is gone; what was read is kept
        }
    }

    private static int freePort() {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free loopback port", e);
        }
    }

    private static void daemon(String name, Runnable task) {
        var thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class PortTaken extends Exception {
        private static final long serialVersionUID = 1L;

        PortTaken(int port) {
            super("Port " + port + " was taken before dynalite could bind it");
        }
    }
}
