package dev.dynalens.ui.collections;

/** One line of the table overview. */
public record EntityRow(String name, String kind, long count, String pkTemplate, String skTemplate, String attributes,
                        String indexes, String colour) {
}
