package dev.dynalens.domain.capacity;

import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** An item that DynamoDB would refuse, or that comes close to a limit ({@link SizeLimits}). */
public record SizeWarning(Kind kind, String attribute, long bytes, long limit, String message) {

    public enum Kind {
        /** Over 400 KB: DynamoDB refuses the write. */
        ITEM_TOO_LARGE,
        /** 90 % of 400 KB or more: one more attribute may not fit. */
        ITEM_NEAR_LIMIT,
        /** A partition key value over 2048 bytes. */
        PARTITION_KEY_TOO_LARGE,
        /** A sort key value over 1024 bytes. */
        SORT_KEY_TOO_LARGE
    }

    /**
     * The warnings for an item of the given size.
     *
     * @param partitionKey the partition key's name; null when the key schema is not known (the key
     *                     limits are then not checked)
     * @param sortKey      the sort key's name, or null
     */
    public static List<SizeWarning> check(Item item, long itemBytes, String partitionKey, String sortKey) {
        var warnings = new ArrayList<SizeWarning>();
        if (itemBytes > SizeLimits.MAX_ITEM_BYTES) {
            warnings.add(new SizeWarning(Kind.ITEM_TOO_LARGE, null, itemBytes, SizeLimits.MAX_ITEM_BYTES,
                    String.format(Locale.ROOT, "The item is %,d bytes, over DynamoDB's 400 KB (409,600 bytes) item limit by %,d bytes; "
                            + "a write of it is refused", itemBytes, itemBytes - SizeLimits.MAX_ITEM_BYTES)));
        } else if (itemBytes >= SizeLimits.NEAR_ITEM_LIMIT_BYTES) {
            warnings.add(new SizeWarning(Kind.ITEM_NEAR_LIMIT, null, itemBytes, SizeLimits.MAX_ITEM_BYTES,
                    String.format(Locale.ROOT, "The item is %,d bytes, %,d bytes short of DynamoDB's 400 KB item limit", itemBytes,
                            SizeLimits.MAX_ITEM_BYTES - itemBytes)));
        }
        if (partitionKey != null) {
            keyWarning(item, partitionKey, SizeLimits.MAX_PARTITION_KEY_BYTES, Kind.PARTITION_KEY_TOO_LARGE, "partition").ifPresent(warnings::add);
        }
        if (sortKey != null) {
            keyWarning(item, sortKey, SizeLimits.MAX_SORT_KEY_BYTES, Kind.SORT_KEY_TOO_LARGE, "sort").ifPresent(warnings::add);
        }
        return List.copyOf(warnings);
    }

    private static java.util.Optional<SizeWarning> keyWarning(Item item, String name, long limit, Kind kind, String which) {
        return item.get(name).map(ItemSizeCalculator::keyValueSize).filter(bytes -> bytes > limit)
                .map(bytes -> new SizeWarning(kind, name, bytes, limit, String.format(Locale.ROOT,
                        "The %s key %s is %,d bytes; DynamoDB allows at most %,d", which, name, bytes, limit)));
    }
}
