package dev.dynalens.domain.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;

/** The one Jackson factory for JSON that holds DynamoDB items: the codecs, the transfer formats, workspace files. */
public final class ItemJsonFactory {
    /**
     * Stateless and thread-safe once built. The limits are generous on purpose: a DynamoDB item may
     * be 400 KB in one string and an attribute name up to 64 KB, and Jackson's defaults (20 M chars
     * per string, 50 000 per name, 1 000 per number) must never cut a valid item. Nesting stays
     * bounded so hostile input cannot overflow the stack of the recursive readers.
     */
    public static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNameLength(Integer.MAX_VALUE)
                    .maxNumberLength(100_000)
                    .maxNestingDepth(1_000)
                    .build())
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(1_000).build())
            .build();

    private ItemJsonFactory() {
    }
}
