package dev.dynalens.ui.collections;

import java.util.HashMap;
import java.util.Map;

/**
 * One colour per entity name, the same everywhere in a table's views: assigned in the order names are
 * first seen, from a palette chosen to stay apart on light and dark backgrounds.
 */
public final class EntityColours {
    private static final String[] PALETTE = {
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#e377c2", "#8c564b", "#bcbd22", "#7f7f7f",
        "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd"
    };
    private final Map<String, String> assigned = new HashMap<>();

    /** Synchronized: the overview asks on the FX thread, the collection grouping on the analysis thread. */
    public synchronized String of(String entity) {
        return assigned.computeIfAbsent(entity, name -> PALETTE[assigned.size() % PALETTE.length]);
    }
}
