package dev.dynalens.domain.workspace;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeyOrder;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Guesses a key schema from attribute names, for a file that carries none: the names single-table
 * designs use (PK/SK, pk/sk, partitionKey/sortKey, hashKey/rangeKey, then id), present on every item
 * with one key type; and global secondary indexes from pairs such as GSI1PK/GSI1SK.
 */
public final class KeyGuess {
    private static final List<String> PARTITION_NAMES = List.of("pk", "partitionkey", "partition_key", "hashkey", "hash_key", "pk1", "id");
    private static final List<String> SORT_NAMES = List.of("sk", "sortkey", "sort_key", "rangekey", "range_key", "sk1");
    private static final Pattern INDEX_KEY = Pattern.compile("((?:gsi|GSI|Gsi)[0-9]*)[_-]?(pk|PK|Pk|sk|SK|Sk)");

    public record Guess(KeySchema keys, List<IndexDescription> indexes) {
    }

    private KeyGuess() {
    }

    public static Optional<Guess> guess(List<Item> items) {
        if (items.isEmpty()) {
            return Optional.empty();
        }
        var keyTypedOnEvery = namesWithOneKeyTypeOnEveryItem(items);
        var partition = pick(keyTypedOnEvery, PARTITION_NAMES, null);
        if (partition == null) {
            return Optional.empty();
        }
        var sort = pick(keyTypedOnEvery, SORT_NAMES, partition);
        var keys = new KeySchema(new KeySchema.KeyAttribute(partition, keyTypedOnEvery.get(partition)),
                sort == null ? null : new KeySchema.KeyAttribute(sort, keyTypedOnEvery.get(sort)));
        return Optional.of(new Guess(keys, indexes(items, keys)));
    }

    /** Attribute names every item has, each with the one key type all its values have. */
    private static Map<String, KeySchema.ScalarType> namesWithOneKeyTypeOnEveryItem(List<Item> items) {
        var candidates = new LinkedHashMap<String, KeySchema.ScalarType>();
        items.get(0).attributes().forEach((name, value) -> KeyOrder.typeOf(value).ifPresent(type -> candidates.put(name, type)));
        for (var item : items) {
            candidates.entrySet().removeIf(e -> !KeyOrder.isKeyOfType(item.attributes().get(e.getKey()), e.getValue()));
            if (candidates.isEmpty()) {
                break;
            }
        }
        return candidates;
    }

    /**
     * The first of {@code wanted} (in its order of preference, case ignored) among the names; with the
     * partition key known, a sort-key name in the same case is preferred (PK goes with SK).
     */
    private static String pick(Map<String, KeySchema.ScalarType> names, List<String> wanted, String partition) {
        for (var candidate : wanted) {
            String match = null;
            for (var name : names.keySet()) {
                if (name.equalsIgnoreCase(candidate) && !name.equals(partition)) {
                    if (match == null || partition != null && sameCase(name, partition)) {
                        match = name;
                    }
                }
            }
            if (match != null) {
                return match;
            }
        }
        return null;
    }

    private static boolean sameCase(String a, String b) {
        return a.equals(a.toUpperCase(Locale.ROOT)) == b.equals(b.toUpperCase(Locale.ROOT));
    }

    /** GSI1PK (and GSI1SK when present) → index GSI1, in the order the names first appear. */
    private static List<IndexDescription> indexes(List<Item> items, KeySchema tableKeys) {
        var partitionKeys = new LinkedHashMap<String, String>();
        var sortKeys = new HashMap<String, String>();
        var names = new LinkedHashSet<String>();
        items.forEach(item -> names.addAll(item.attributes().keySet()));
        for (var name : names) {
            var matcher = INDEX_KEY.matcher(name);
            if (!matcher.matches() || name.equals(tableKeys.partitionKeyName()) || name.equals(tableKeys.sortKeyName())) {
                continue;
            }
            var index = matcher.group(1);
            if (matcher.group(2).equalsIgnoreCase("pk")) {
                partitionKeys.putIfAbsent(index, name);
            } else {
                sortKeys.putIfAbsent(index, name);
            }
        }
        var indexes = new ArrayList<IndexDescription>();
        partitionKeys.forEach((index, pk) -> {
            if (!IndexSpec.isIndexName(index)) {
                return;
            }
            var sk = sortKeys.get(index);
            var keys = new KeySchema(new KeySchema.KeyAttribute(pk, TableBuilder.firstKeyType(items, pk)),
                    sk == null ? null : new KeySchema.KeyAttribute(sk, TableBuilder.firstKeyType(items, sk)));
            indexes.add(new IndexDescription(index, IndexDescription.Kind.GLOBAL, keys, IndexDescription.Projection.ALL, List.of(),
                    null, null, null));
        });
        return indexes;
    }
}
