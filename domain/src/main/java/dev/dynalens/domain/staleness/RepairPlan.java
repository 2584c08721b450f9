package dev.dynalens.domain.staleness;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The guarded updates that repair a table's stale copies, in a fixed order, and the stale copies that cannot be
 * repaired automatically. A plan is what a dry run shows and what a journal records, so a resumed run executes
 * exactly the plan that was reviewed.
 *
 * @param steps      one guarded update per stale copy
 * @param leftAlone  stale copies the plan does not touch, each with the reason
 */
public record RepairPlan(String tableName, List<RepairStep> steps, List<LeftAlone> leftAlone) {
    public RepairPlan {
        Objects.requireNonNull(tableName, "tableName");
        steps = List.copyOf(steps);
        leftAlone = List.copyOf(leftAlone);
    }

    /** A stale copy the plan does not repair. */
    public record LeftAlone(Finding.StaleCopy finding, String reason) {
        public LeftAlone {
            Objects.requireNonNull(finding, "finding");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * One step per stale copy, in the order detection found them. A copy whose source lacks the attribute is left
     * alone (setting the copy to "nothing" would be a REMOVE, a different decision a person should make), and so is a
     * second finding for a copy attribute another rule already repairs.
     */
    public static RepairPlan of(String tableName, Iterable<Finding.StaleCopy> staleCopies) {
        var steps = new ArrayList<RepairStep>();
        var leftAlone = new ArrayList<LeftAlone>();
        var planned = new HashSet<String>();
        for (var stale : staleCopies) {
            if (stale.sourceValue() == null) {
                leftAlone.add(new LeftAlone(stale, "the source " + keyJson(stale.sourceKey()) + " has no "
                        + stale.rule().source().attribute().render() + "; remove the copy by hand if that is intended"));
                continue;
            }
            if (!planned.add(keyJson(stale.key()) + " " + stale.attribute().render())) {
                leftAlone.add(new LeftAlone(stale, "another rule already repairs " + stale.attribute().render() + " of this item"));
                continue;
            }
            steps.add(new RepairStep(stale.key(), stale.attribute(), stale.copyValue(), stale.sourceValue(), stale.rule().toSpec()));
        }
        return new RepairPlan(tableName, steps, leftAlone);
    }

    /**
     * A digest of the table name and every step (key, path, old and new value, in DynamoDB JSON): two plans with the
     * same fingerprint do exactly the same writes. A journal stores it to refuse resuming a different plan.
     */
    public String fingerprint() {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
        update(digest, tableName);
        for (var step : steps) {
            update(digest, DynamoJsonCodec.writeValue(new AttributeValue.MapValue(step.key())));
            update(digest, step.copyPath().render());
            update(digest, DynamoJsonCodec.writeValue(step.oldValue()));
            update(digest, DynamoJsonCodec.writeValue(step.newValue()));
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void update(MessageDigest digest, String text) {
        var bytes = text.getBytes(StandardCharsets.UTF_8);
        digest.update(java.nio.ByteBuffer.allocate(4).putInt(bytes.length).array());
        digest.update(bytes);
    }

    /** The key in DynamoDB JSON: exact, so two keys are the same text only when they are the same key. */
    static String keyJson(Map<String, AttributeValue> key) {
        return DynamoJsonCodec.writeValue(new AttributeValue.MapValue(key));
    }
}
