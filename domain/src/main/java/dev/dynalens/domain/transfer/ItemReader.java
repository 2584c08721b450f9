package dev.dynalens.domain.transfer;

import java.io.Closeable;
import java.io.IOException;

/**
 * Reads items from a file one at a time, without holding the file in memory. A malformed line, row or
 * item is yielded as a {@link ReadEntry.Problem} and reading goes on with the next one, unless the
 * problem is fatal.
 */
public interface ItemReader extends Closeable {

    /**
     * The next item or problem, or null at the end of the input (also after a fatal problem).
     *
     * @throws IOException when the underlying input fails (not for malformed content)
     */
    ReadEntry next() throws IOException;
}
