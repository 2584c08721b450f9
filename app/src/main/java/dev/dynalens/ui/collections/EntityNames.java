package dev.dynalens.ui.collections;

import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.Item;
import dev.dynalens.usecase.EntityNaming;
import java.util.List;

/**
 * Which entity type each item of the table is, for the views of one table: the analyzer the open collection is grouped
 * by and the lens it reads the table with. Until an overview has read the whole table the analyzer learns from the
 * collections opened; once one has, it is that overview's.
 *
 * <p>The {@link EntityNaming} is not thread-safe: everything here runs on the analysis executor, apart from reading the
 * lens to start an overview.
 */
final class EntityNames {
    private EntityNaming analyzer;
    private volatile Lens lens = Lens.NONE;
    private boolean fromWholeTable;

    /** Starts over with {@code lens}: nothing is known until items are learnt or an overview is adopted. */
    void readWith(TableKeys keys, Lens lens) {
        this.lens = lens;
        analyzer = EntityNaming.learning(keys, lens);
        fromWholeTable = false;
    }

    Lens lens() {
        return lens;
    }

    /**
     * Names items as an overview read them, unless the lens changed since it started (that overview is read again).
     *
     * @param wholeTable the overview read every page; a cancelled one still names better than one collection does
     */
    void adopt(EntityNaming overview, Lens readWith, boolean wholeTable) {
        if (readWith.equals(lens)) {
            analyzer = overview;
            fromWholeTable = wholeTable;
        }
    }

    /** Learns from a collection's items, until a whole-table overview exists (the collection would be counted twice). */
    void learn(List<Item> items) {
        if (analyzer != null && !fromWholeTable) {
            analyzer.learn(items);
        }
    }

    String entityOf(Item item) {
        return analyzer.entityOf(item);
    }

    TableAnalysis snapshot() {
        return analyzer.result();
    }
}
