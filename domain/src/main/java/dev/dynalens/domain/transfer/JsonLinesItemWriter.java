package dev.dynalens.domain.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.Writer;

/**
 * DynamoDB JSON lines as DynamoDB's export to S3 writes them: one {@code {"Item": {...}}} per line,
 * numbers as strings with their exact text, binary as base64 (Developer Guide, "DynamoDB data export to
 * Amazon S3: output format").
 */
public final class JsonLinesItemWriter implements ItemWriter {
    private final JsonGenerator generator;

    /** Writes UTF-8 straight to {@code out}; the caller buffers and closes it. */
    public JsonLinesItemWriter(java.io.OutputStream out) throws IOException {
        this(TransferJson.generator(out));
    }

    private JsonLinesItemWriter(JsonGenerator generator) throws IOException {
        this.generator = generator;
    }

    public JsonLinesItemWriter(Writer out) throws IOException {
        this(TransferJson.generator(out));
    }

    @Override
    public void write(Item item) throws IOException {
        generator.writeStartObject();
        generator.writeFieldName(JsonLinesItemReader.WRAPPER);
        DynamoJsonCodec.writeItem(generator, item);
        generator.writeEndObject();
        generator.writeRaw('\n');
    }

    @Override
    public void finish() throws IOException {
        generator.flush();
    }
}
