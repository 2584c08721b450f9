package dev.dynalens.domain.capacity;

import java.util.Comparator;
import java.util.List;

/** An item's size in bytes and the attributes that make it up, in the item's order. */
public record ItemSizeBreakdown(List<AttributeSize> attributes, long bytes) {
    public ItemSizeBreakdown {
        attributes = List.copyOf(attributes);
    }

    /** The attributes, largest first (ties keep the item's order). */
    public List<AttributeSize> largestFirst() {
        return attributes.stream().sorted(Comparator.comparingLong(AttributeSize::bytes).reversed()).toList();
    }

    /** How much of the item one attribute is, from 0 to 1. */
    public double share(AttributeSize attribute) {
        return bytes == 0 ? 0 : (double) attribute.bytes() / bytes;
    }

    /** Bytes left before the item reaches DynamoDB's 400 KB limit; negative when it is over. */
    public long bytesToLimit() {
        return SizeLimits.MAX_ITEM_BYTES - bytes;
    }
}
