package dev.dynalens.usecase;

import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

/**
 * Which entity type an item is, as an analysis of the table names it: the handle the app and the command line hold, in
 * place of the analyzer, an engine only the use cases drive (issue 23). Not thread-safe, as the analyzer it reads is
 * not: use it where the analysis runs (the analysis executor, or after the analysis ended).
 */
public final class EntityNaming {
    private final Analyzer analyzer;

    EntityNaming(Analyzer analyzer) {
        this.analyzer = Objects.requireNonNull(analyzer, "analyzer");
    }

    /** A naming that knows nothing yet and learns from the items it is given (each item's size measured). */
    public static EntityNaming learning(TableKeys keys, Lens lens) {
        return new EntityNaming(new Analyzer(keys, lens).measuringItemSizes());
    }

    /** The entity type of an item, by what was learnt so far. */
    public String entityOf(Item item) {
        return analyzer.entityOf(item);
    }

    /** Learns from more items. */
    public void learn(List<Item> items) {
        analyzer.acceptAll(items);
    }

    /** What was learnt: entity types, their statistics, GSI meanings, adjacency lists. */
    public TableAnalysis result() {
        return analyzer.result();
    }

    /**
     * What naming an item needs once every item was seen: its table keys and, while the table has one, its type
     * attribute. Keeping only that lets a caller name the items of a large table at the end.
     */
    public Item namingPart(Item item) {
        var keys = analyzer.classifier().keys().keySchema();
        var part = new LinkedHashMap<String, AttributeValue>(4);
        part.putAll(item.key(keys.partitionKeyName(), keys.sortKeyName()));
        analyzer.classifier().typeAttribute().flatMap(item::get).ifPresent(value ->
                part.put(analyzer.classifier().typeAttribute().orElseThrow(), value));
        return new Item(part);
    }

    /** For the use cases that go on with the analyzer itself (checking a table against its access patterns). */
    Analyzer analyzer() {
        return analyzer;
    }
}
