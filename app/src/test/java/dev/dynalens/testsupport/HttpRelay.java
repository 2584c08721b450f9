package dev.dynalens.testsupport;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.Set;

/** What the loopback proxies share: a received request passed on to the endpoint, and its answer passed back. */
final class HttpRelay {
    /** Headers that belong to one connection, not to the request: the client sets its own. */
    private static final Set<String> HOP_HEADERS = Set.of("host", "content-length", "connection", "transfer-encoding", "expect",
            "upgrade", "keep-alive");

    private HttpRelay() {
    }

    /** The request as the endpoint at {@code target} gets it: same path, method and headers, {@code body} as given. */
    static HttpRequest forward(HttpExchange exchange, URI target, byte[] body) {
        var request = HttpRequest.newBuilder(target.resolve(exchange.getRequestURI().getRawPath()))
                .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
        exchange.getRequestHeaders().forEach((name, values) -> {
            if (!HOP_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(value -> request.header(name, value));
            }
        });
        return request.build();
    }

    /** The endpoint's answer sent back to the client as it came: status, headers, body. */
    static void answer(HttpExchange exchange, HttpResponse<byte[]> response) throws IOException {
        response.headers().map().forEach((name, values) -> {
            if (!HOP_HEADERS.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
                exchange.getResponseHeaders().put(name, values);
            }
        });
        var answer = response.body();
        exchange.sendResponseHeaders(response.statusCode(), answer.length == 0 ? -1 : answer.length);
        exchange.getResponseBody().write(answer);
    }
}
