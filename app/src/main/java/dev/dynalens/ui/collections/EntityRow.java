package dev.dynalens.ui.collections;

import dev.dynalens.domain.inference.TableAnalysis;
import java.util.Locale;

/**
 * One line of the table overview.
 *
 * @param sizes the entity's item sizes over everything the overview read (average and largest, DynamoDB's rules)
 */
public record EntityRow(String name, String kind, long count, String pkTemplate, String skTemplate, String attributes,
                        String indexes, String colour, TableAnalysis.Sizes sizes) {

    public EntityRow {
        sizes = sizes == null ? TableAnalysis.Sizes.NOT_MEASURED : sizes;
    }

    public String averageSizeText() {
        return sizes.measured() ? bytes(sizes.averageBytes()) : "";
    }

    public String largestSizeText() {
        return sizes.measured() ? bytes(sizes.largestBytes()) : "";
    }

    static String bytes(long bytes) {
        return bytes < 1024 ? bytes + " B" : String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
    }
}
