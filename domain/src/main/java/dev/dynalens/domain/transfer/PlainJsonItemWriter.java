package dev.dynalens.domain.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.Writer;

/**
 * One JSON array of items in plain JSON ({@link PlainJsonCodec}: exact numbers, {@code $B}, {@code $SS},
 * {@code $NS}, {@code $BS} and {@code $M} markers), one item per line so a diff or {@code grep} still works.
 */
public final class PlainJsonItemWriter implements ItemWriter {
    private final JsonGenerator generator;
    private boolean first = true;

    /** Writes UTF-8 straight to {@code out}; the caller buffers and closes it. */
    public PlainJsonItemWriter(java.io.OutputStream out) throws IOException {
        this(TransferJson.generator(out));
    }

    private PlainJsonItemWriter(JsonGenerator generator) throws IOException {
        this.generator = generator;
        generator.writeRaw('[');
    }

    public PlainJsonItemWriter(Writer out) throws IOException {
        this(TransferJson.generator(out));
    }

    @Override
    public void write(Item item) throws IOException {
        generator.writeRaw(first ? "\n" : ",\n");
        first = false;
        PlainJsonCodec.writeItem(generator, item);
    }

    @Override
    public void finish() throws IOException {
        generator.writeRaw("\n]\n");
        generator.flush();
    }
}
