package dev.dynalens.ui.common;

import dev.dynalens.domain.table.TableDescription;
import java.util.ArrayList;
import java.util.List;

/** The "table or index" picker every read form offers: the base table first, then each index. */
public final class IndexChoices {
    public static final String BASE_TABLE = "(table)";

    private IndexChoices() {
    }

    public static List<String> of(TableDescription table) {
        var choices = new ArrayList<String>();
        choices.add(BASE_TABLE);
        table.indexes().forEach(index -> choices.add(index.name()));
        return choices;
    }

    /** The index name a choice stands for, or null for the base table. */
    public static String indexName(String choice) {
        return choice == null || choice.isBlank() || BASE_TABLE.equals(choice) ? null : choice;
    }
}
