package dev.dynalens.domain.inference;

import java.util.List;
import java.util.Optional;

/**
 * An entity type as its keys show it: its name, how many items carry it and their key templates,
 * most frequent first.
 *
 * @param skTemplates empty when the table has no sort key
 */
public record EntityShape(String name, Kind kind, long count, List<TemplateCount> pkTemplates, List<TemplateCount> skTemplates) {
    public EntityShape {
        pkTemplates = List.copyOf(pkTemplates);
        skTemplates = List.copyOf(skTemplates);
    }

    /** An entity proper, or an edge: an item that points from one entity to another ({@code USER→TEAM}). */
    public enum Kind { ENTITY, EDGE }

    /** The most frequent partition-key template. */
    public String pkTemplate() {
        return pkTemplates.isEmpty() ? "" : pkTemplates.get(0).template();
    }

    /** The most frequent sort-key template, if the items have sort keys. */
    public Optional<String> skTemplate() {
        return skTemplates.isEmpty() ? Optional.empty() : Optional.of(skTemplates.get(0).template());
    }
}
