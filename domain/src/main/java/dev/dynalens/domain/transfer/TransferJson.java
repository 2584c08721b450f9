package dev.dynalens.domain.transfer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonEncoding;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;

/**
 * The JSON factory of the transfer formats. Limits as the codecs': a DynamoDB item may hold a 400 KB
 * string, so Jackson's default length limits must not cut a valid item; nesting stays bounded.
 */
final class TransferJson {
    static final JsonFactory FACTORY = dev.dynalens.domain.codec.ItemJsonFactory.FACTORY;

    private TransferJson() {
    }

    /** A generator that writes root values back to back (the caller writes the separators) and leaves the writer open. */
    static JsonGenerator generator(Writer out) throws IOException {
        var generator = FACTORY.createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        generator.setRootValueSeparator(null);
        return generator;
    }

    /** The same, writing UTF-8 bytes straight to the stream (no character writer in between: faster for large exports). */
    static JsonGenerator generator(OutputStream out) throws IOException {
        var generator = FACTORY.createGenerator(out, JsonEncoding.UTF8).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        generator.setRootValueSeparator(null);
        return generator;
    }

    static JsonParser parser(Reader in) throws IOException {
        return FACTORY.createParser(in).disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
    }

    static JsonParser parser(String text) throws IOException {
        return FACTORY.createParser(text);
    }
}
