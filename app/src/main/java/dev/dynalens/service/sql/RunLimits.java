package dev.dynalens.service.sql;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What one run of a statement may use.
 *
 * @param maxRcu         the read capacity it may consume: once what DynamoDB reported passes it, no further request is sent
 *                       and the rows so far end the run, marked incomplete; null for no cap
 * @param keepBytes      the memory the reads kept for the run (a nested-loop join's inner side) may take; the rest spills
 * @param spillDirectory where what does not fit in memory spills to, in a file deleted when the run ends
 */
public record RunLimits(BigDecimal maxRcu, long keepBytes, Path spillDirectory) {
    /** The memory kept reads take at most before they spill: 64 MB of compactly encoded items. */
    public static final long DEFAULT_KEEP_BYTES = 64L << 20;

    public RunLimits {
        Objects.requireNonNull(spillDirectory, "spillDirectory");
        if (maxRcu != null && maxRcu.signum() < 0) {
            throw new IllegalArgumentException("maxRcu must not be negative");
        }
        if (keepBytes < 0) {
            throw new IllegalArgumentException("keepBytes must not be negative");
        }
    }

    /** A run capped at {@code maxRcu}, with the default memory and the system's temporary folder. */
    public static RunLimits capped(BigDecimal maxRcu) {
        return new RunLimits(maxRcu, DEFAULT_KEEP_BYTES, Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** No cap on capacity (a workspace file, a test). */
    public static RunLimits uncapped() {
        return capped(null);
    }
}
