package dev.dynalens.domain.design;

import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.table.ReadOperation;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one request that serves a pattern, or why none can and what a Scan would cost instead.
 *
 * @param index        the index queried, or null for the table (and for GetItem and Scan)
 * @param condition    the key condition with value templates; null for a Scan
 * @param itemsPerCall how many items one call is expected to read (the costs are for that many)
 * @param rcuPerCall   eventually consistent read capacity of one call
 * @param rcuPerSecond at the pattern's reads per second, or null when it gives none
 */
public record PatternDesign(String name, List<String> entities, ReadOperation operation, String index, KeyConditionTemplate condition,
                            boolean scanIndexForward, int limit, long itemsPerCall, CapacityUnits rcuPerCall,
                            CapacityUnits rcuPerSecond, String reason) {
    public PatternDesign {
        Objects.requireNonNull(name, "name");
        entities = List.copyOf(entities);
        Objects.requireNonNull(operation, "operation");
        if (operation == ReadOperation.BATCH_GET_ITEM) {
            throw new IllegalArgumentException("A pattern is served by one GetItem, Query or Scan, not a BatchGetItem");
        }
        Objects.requireNonNull(rcuPerCall, "rcuPerCall");
        Objects.requireNonNull(reason, "reason");
        if ((operation == ReadOperation.SCAN) != (condition == null)) {
            throw new IllegalArgumentException("A Scan has no key condition, a GetItem or Query has one");
        }
    }

    /**
     * A pattern served by a GetItem or Query ({@code index} null: on the table), costing nothing and giving no reason until
     * {@link #withCost} and {@link #withReason} say.
     */
    public static PatternDesign served(String name, List<String> entities, ReadOperation operation, String index,
                                       KeyConditionTemplate condition, boolean scanIndexForward, int limit) {
        return new PatternDesign(name, entities, operation, index, Objects.requireNonNull(condition, "condition"), scanIndexForward, limit,
                0, CapacityUnits.ZERO, null, "");
    }

    /** A pattern no key serves: a Scan, costing nothing and giving no reason until {@link #withCost} and {@link #withReason} say. */
    public static PatternDesign scan(String name, List<String> entities, int limit) {
        return new PatternDesign(name, entities, ReadOperation.SCAN, null, null, true, limit, 0, CapacityUnits.ZERO, null, "");
    }

    /** The same design with its costs ({@code rcuPerSecond} null when the pattern gives no reads per second). */
    public PatternDesign withCost(long items, CapacityUnits perCall, CapacityUnits perSecond) {
        return new PatternDesign(name, entities, operation, index, condition, scanIndexForward, limit, items, perCall, perSecond, reason);
    }

    public PatternDesign withReason(String why) {
        return new PatternDesign(name, entities, operation, index, condition, scanIndexForward, limit, itemsPerCall, rcuPerCall,
                rcuPerSecond, why);
    }

    public boolean served() {
        return operation != ReadOperation.SCAN;
    }

    public Optional<String> indexName() {
        return Optional.ofNullable(index);
    }

    /** {@code PK = :pk AND SK = :sk}; empty for a Scan. */
    public String keyCondition() {
        return condition == null ? "" : condition.expression();
    }

    /** Placeholder to value template; empty for a Scan. */
    public Map<String, ValueTemplate> values() {
        return condition == null ? Map.of() : condition.values();
    }
}
