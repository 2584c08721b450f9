package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.DenormalizationRule.IdShape;
import dev.dynalens.domain.staleness.DenormalizationRule.KeyPart;
import dev.dynalens.domain.staleness.DenormalizationRule.Reference;

/**
 * Which part of a source item a reference reads, so which text sources are indexed by: the whole partition key or the
 * id in it (of roots, the one item of their entity in a partition), or any key part (roots only when the part is in
 * the table's partition key, since a partition key alone names no other item).
 */
sealed interface SourceSide {

    /** The whole partition key of a root: {@code @SK:key}, {@code @key}. */
    record PartitionKey() implements SourceSide {
        static final PartitionKey INSTANCE = new PartitionKey();
    }

    /** The one variable of a root's partition key ({@code 102} in {@code USER#102}), or the key itself when it is one variable. */
    record PartitionId() implements SourceSide {
        static final PartitionId INSTANCE = new PartitionId();
    }

    /** A key part: {@code SK}, {@code SK:1}, {@code GSI1PK:2}. */
    record Part(KeyPart part) implements SourceSide {
    }

    /** The side a rule's reference reads in its source. */
    static SourceSide of(Reference reference) {
        return switch (reference) {
            case Reference.ByOwnKey ignored -> PartitionKey.INSTANCE;
            case Reference.ByAttribute byAttribute -> byAttribute.shape() == IdShape.KEY ? PartitionKey.INSTANCE : PartitionId.INSTANCE;
            case Reference.ByKeyPart byKeyPart -> new Part(byKeyPart.source());
        };
    }

    /** Where a rule's reference is read in the copy. */
    static KeyPart copyPart(Reference reference, KeyReading keys) {
        return switch (reference) {
            case Reference.ByOwnKey ignored -> KeyPart.whole(keys.partitionKeyName());
            case Reference.ByAttribute byAttribute -> byAttribute.part();
            case Reference.ByKeyPart byKeyPart -> byKeyPart.copy();
        };
    }

    /**
     * The text this side reads in {@code item}, or null when the item cannot be a source by it (not a root for a
     * partition-key side, no such part, a multi-variable partition key for the id).
     *
     * @param root whether the item is a root ({@link KeyReading#isRoot}), computed once by the caller
     */
    static String textOf(SourceSide side, Item item, boolean root, KeyReading keys) {
        return switch (side) {
            case PartitionKey ignored -> root ? keys.partitionText(item) : null;
            case PartitionId ignored -> root ? keys.partitionId(item) : null;
            case Part part -> {
                var path = part.part().attribute();
                if (path.isTopLevel() && path.attributeName().equals(keys.partitionKeyName()) && !root) {
                    yield null;
                }
                yield keys.partText(item, part.part());
            }
        };
    }
}
