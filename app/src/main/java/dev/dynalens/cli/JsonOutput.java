package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;

/** JSON on stdout: one generator per document, the writer left open for what follows. */
final class JsonOutput {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private JsonOutput() {
    }

    static JsonGenerator generator(Writer out) throws IOException {
        return FACTORY.createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    }

    static JsonGenerator prettyGenerator(Writer out) throws IOException {
        return generator(out).useDefaultPrettyPrinter();
    }
}
