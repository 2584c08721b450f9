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
        if (reference instanceof Reference.ByOwnKey) {
            return PartitionKey.INSTANCE;
        } else if (reference instanceof Reference.ByAttribute byAttribute) {
            return byAttribute.shape() == IdShape.KEY ? PartitionKey.INSTANCE : PartitionId.INSTANCE;
        } else if (reference instanceof Reference.ByKeyPart byKeyPart) {
            return new Part(byKeyPart.source());
        } else {
            throw new IllegalStateException("unexpected " + reference.getClass());
        }
    }

    /** Where a rule's reference is read in the copy. */
    static KeyPart copyPart(Reference reference, KeyReading keys) {
        if (reference instanceof Reference.ByOwnKey) {
            return KeyPart.whole(keys.partitionKeyName());
        } else if (reference instanceof Reference.ByAttribute byAttribute) {
            return byAttribute.part();
        } else if (reference instanceof Reference.ByKeyPart byKeyPart) {
            return byKeyPart.copy();
        } else {
            throw new IllegalStateException("unexpected " + reference.getClass());
        }
    }

    /**
     * The text this side reads in {@code item}, or null when the item cannot be a source by it (not a root for a
     * partition-key side, no such part, a multi-variable partition key for the id).
     *
     * @param root whether the item is a root ({@link KeyReading#isRoot}), computed once by the caller
     */
    static String textOf(SourceSide side, Item item, boolean root, KeyReading keys) {
        if (side instanceof PartitionKey) {
            return root ? keys.partitionText(item) : null;
        } else if (side instanceof PartitionId) {
            return root ? keys.partitionId(item) : null;
        } else if (side instanceof Part part) {
            var path = part.part().attribute();
            if (path.isTopLevel() && path.attributeName().equals(keys.partitionKeyName()) && !root) {
                return null;
            }
            return keys.partText(item, part.part());
        } else {
            throw new IllegalStateException("unexpected " + side.getClass());
        }
    }
}
