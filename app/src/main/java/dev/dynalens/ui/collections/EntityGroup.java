package dev.dynalens.ui.collections;

import dev.dynalens.domain.item.Item;
import java.util.List;

/** The items of one entity type inside a collection, with only the columns that entity has. */
public record EntityGroup(String entity, String colour, String keyTemplates, List<String> columns, List<Item> items) {
    public EntityGroup {
        columns = List.copyOf(columns);
        items = List.copyOf(items);
    }
}
