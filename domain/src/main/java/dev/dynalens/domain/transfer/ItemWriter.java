package dev.dynalens.domain.transfer;

import dev.dynalens.domain.item.Item;
import java.io.IOException;

/** Writes items to a character stream one at a time, in one format. The caller owns and closes the stream. */
public interface ItemWriter {

    void write(Item item) throws IOException;

    /** Writes what closes the document (a JSON array's bracket) and flushes; call once, after the last item. */
    void finish() throws IOException;
}
