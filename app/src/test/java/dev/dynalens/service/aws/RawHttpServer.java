package dev.dynalens.service.aws;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP/1.1 server on a plain socket, so a test can see what the client does on the wire:
 * how many connections it opened, and whether it closed one whose request never got an answer.
 * The first request is never answered when {@code hangFirstRequest}; every other one gets an empty
 * ListTables answer.
 */
final class RawHttpServer implements AutoCloseable {
    private final ServerSocket server;
    private final boolean hangFirstRequest;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    final CountDownLatch firstRequestReceived = new CountDownLatch(1);
    final CountDownLatch hungConnectionClosedByClient = new CountDownLatch(1);

    RawHttpServer(boolean hangFirstRequest) throws IOException {
        this.hangFirstRequest = hangFirstRequest;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon("raw-http-accept", this::acceptLoop);
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    int connections() {
        return connections.get();
    }

    int requests() {
        return requests.get();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                var socket = server.accept();
                connections.incrementAndGet();
                daemon("raw-http-connection", () -> serve(socket));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket; var in = socket.getInputStream(); var out = socket.getOutputStream()) {
            while (readRequest(in)) {
                int number = requests.incrementAndGet();
                firstRequestReceived.countDown();
                if (hangFirstRequest && number == 1) {
                    // Never answer; a client that aborts the request closes the connection, which ends this read.
                    while (in.read() != -1) {
                        // discard
                    }
                    hungConnectionClosedByClient.countDown();
                    return;
                }
                answer(out, "{\"TableNames\":[]}");
            }
        } catch (IOException e) {
            if (hangFirstRequest) {
                hungConnectionClosedByClient.countDown();
            }
        }
    }

    /** Reads one request (headers and a Content-Length body); false at the end of the stream. */
    private static boolean readRequest(InputStream in) throws IOException {
        var head = new ByteArrayOutputStream();
        int lastFour = 0;
        int b;
        while ((b = in.read()) != -1) {
            head.write(b);
            lastFour = (lastFour << 8) | b;
            if (lastFour == 0x0D0A0D0A) {
                break;
            }
        }
        if (b == -1) {
            return false;
        }
        int length = 0;
        for (var line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).strip());
            }
        }
        return in.readNBytes(length).length == length;
    }

    private static void answer(OutputStream out, String json) throws IOException {
        var body = json.getBytes(StandardCharsets.UTF_8);
        var head = "HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.0\r\nx-amzn-RequestId: raw\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    private static void daemon(String name, Runnable task) {
        var thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
