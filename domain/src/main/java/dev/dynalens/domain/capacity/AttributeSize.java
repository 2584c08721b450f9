package dev.dynalens.domain.capacity;

import dev.dynalens.domain.item.AttributeType;

/**
 * One top-level attribute's part of an item's size: its name's UTF-8 bytes plus its value's size
 * (overheads of lists and maps included).
 */
public record AttributeSize(String name, AttributeType type, long nameBytes, long valueBytes) {
    public long bytes() {
        return nameBytes + valueBytes;
    }
}
