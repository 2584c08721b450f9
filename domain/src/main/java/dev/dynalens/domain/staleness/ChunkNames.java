package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.EntityClassifier;
import dev.dynalens.domain.inference.KeyTemplate;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.Predicate;

/**
 * What the naming pass of a {@link StaleScan} finish gives each chunk of the read, and how the later passes go over a
 * chunk with it: each item's entity, root-ness and key templates by number ({@link Naming}, {@link Annotations}), the
 * numbers' names ({@link Named}), so that inference and detection need not ask the classifier again.
 */
final class ChunkNames {
    private ChunkNames() {
    }

    @FunctionalInterface
    interface AnnotatedItem {
        void accept(Item item, String entity, boolean root);
    }

    /**
     * Each item's entity, root-ness and key templates by number, from the group the read noted for it, as the classifier
     * now reads each group (asked once per group, at its first item, so numbers are given in the read's order).
     */
    static final class Naming {
        final EntityClassifier classifier;
        final List<String> entityNames = new ArrayList<>();
        final Map<String, Integer> entityIds = new HashMap<>();
        final List<KeyTemplate> templates = new ArrayList<>();
        final Map<KeyTemplate, Integer> templateIds = new HashMap<>();
        /** Per group: its entity's number (-1 until its first item), its key templates' numbers, whether its sort key is constant. */
        int[] groupEntity = new int[0];
        int[] groupPk = new int[0];
        int[] groupSk = new int[0];
        boolean[] groupSkConstant = new boolean[0];

        Naming(EntityClassifier classifier) {
            this.classifier = classifier;
        }

        /** The chunk's items, the {@code offset}-th on of a part whose key hashes and naming marks the read noted. */
        Annotations annotate(ProjectionStore.Chunk chunk, long[] hashes, int[] marks, int offset) {
            int groups = classifier.groupCount();
            if (groupEntity.length < groups) { // groups come as the table is read
                int known = groupEntity.length;
                groupEntity = Arrays.copyOf(groupEntity, groups);
                Arrays.fill(groupEntity, known, groups, -1);
                groupPk = Arrays.copyOf(groupPk, groups);
                groupSk = Arrays.copyOf(groupSk, groups);
                groupSkConstant = Arrays.copyOf(groupSkConstant, groups);
            }
            // The part's array as it is now: a later one it grows into holds these items the same.
            var annotations = new Annotations(chunk.items, hashes, offset);
            for (int i = 0; i < chunk.items; i++) {
                int mark = marks[offset + i];
                int group = mark >>> 1;
                if (groupEntity[group] < 0) {
                    var entity = classifier.groupEntity(group);
                    groupEntity[group] = entityIds.computeIfAbsent(entity, e -> {
                        entityNames.add(e);
                        return entityNames.size() - 1;
                    });
                    var sortKey = classifier.groupSortKeyTemplate(group);
                    groupPk[group] = intern(classifier.groupPartitionKeyTemplate(group), templates, templateIds);
                    groupSk[group] = intern(sortKey, templates, templateIds);
                    groupSkConstant[group] = sortKey != null && sortKey.isConstant();
                }
                annotations.entities[i] = groupEntity[group] << 1 | ((mark & 1) == 1 || groupSkConstant[group] ? 1 : 0);
                annotations.partitionKeys[i] = groupPk[group];
                annotations.sortKeys[i] = groupSk[group];
            }
            return annotations;
        }
    }

    /** What the naming pass read of each item of a chunk: its entity and root-ness, its key templates (by number). */
    static final class Annotations {
        final int[] entities;
        final int[] partitionKeys;
        final int[] sortKeys;
        /** The key hashes the read noted ({@link StaleScan.Partial}'s hashes), this chunk's items from {@link #firstHash} on. */
        private final long[] keyHashes;
        private final int firstHash;

        Annotations(int items, long[] keyHashes, int firstHash) {
            entities = new int[items];
            partitionKeys = new int[items];
            sortKeys = new int[items];
            this.keyHashes = keyHashes;
            this.firstHash = firstHash;
        }

        /** The item's key hash ({@link RuleInference#hash(AttributeValue, AttributeValue)}): whether it is in its entity's sample of copies. */
        long hash(int item) {
            return keyHashes[firstHash + item];
        }
    }

    static int intern(KeyTemplate template, List<KeyTemplate> templates,
                              Map<KeyTemplate, Integer> ids) {
        if (template == null) {
            return -1;
        }
        return ids.computeIfAbsent(template, t -> {
            templates.add(t);
            return templates.size() - 1;
        });
    }

    @FunctionalInterface
    interface KeysFirst {
        boolean accept(Item keysOnly, String entity, boolean root, long hash);
    }

    @FunctionalInterface
    interface Knower {
        void know(Item item, KeyTemplate partitionKey, KeyTemplate sortKey);
    }

    /** The entity names and key templates the naming pass found, by number. Read-only once built. */
    record Named(List<String> entityNames, List<KeyTemplate> templates) {
        /**
         * The items of a chunk of the entities {@code wanted} marks (by entity number; null: all; the others' bytes are
         * skipped), each told first to {@code knower} with its key templates, then handed over with its entity and root-ness.
         */
        void each(ProjectionStore.Chunk chunk, Annotations marks, IntPredicate wanted, Knower knower, AnnotatedItem each) {
            each(chunk, marks, wanted, null, knower, each);
        }

        /** As {@link #each(ProjectionStore.Chunk, Annotations, IntPredicate, Knower, AnnotatedItem)}, each item with its naming
         * attributes and those of the rest {@code attributes} takes (all when null). */
        void each(ProjectionStore.Chunk chunk, Annotations marks, IntPredicate wanted, Predicate<String> attributes, Knower knower,
                  AnnotatedItem each) {
            var filter = wanted == null ? (IntPredicate) i -> true : wanted;
            int[] at = {0};
            Consumer<Item> annotated = item -> {
                while (!filter.test(at[0])) {
                    at[0]++;
                }
                int i = at[0]++;
                int mark = marks.entities[i];
                knower.know(item, template(marks.partitionKeys[i]), template(marks.sortKeys[i]));
                each.accept(item, entityNames.get(mark >>> 1), (mark & 1) == 1);
            };
            if (attributes == null) {
                ProjectionStore.read(chunk, false, filter, annotated);
            } else {
                ProjectionStore.read(chunk, filter, attributes, annotated);
            }
        }

        /** Every item of a chunk in two stages: its keys to {@code keysOnly}, and whole to {@code whole} where that asks for it. */
        void staged(ProjectionStore.Chunk chunk, Annotations marks, Knower knower, KeysFirst keysOnly, Consumer<Item> whole) {
            ProjectionStore.readStaged(chunk, i -> true, new ProjectionStore.Staged() {
                @Override
                public boolean rest(int i, Item first) {
                    int mark = marks.entities[i];
                    knower.know(first, template(marks.partitionKeys[i]), template(marks.sortKeys[i]));
                    return keysOnly.accept(first, entityNames.get(mark >>> 1), (mark & 1) == 1, marks.hash(i));
                }

                @Override
                public void accept(int i, Item item, boolean complete) {
                    if (complete) {
                        whole.accept(item);
                    }
                }
            });
        }

        private KeyTemplate template(int id) {
            return id < 0 ? null : templates.get(id);
        }
    }

    /** Which entity numbers an entity set names. */
    static boolean[] wanted(List<String> entityNames, Predicate<String> wanted) {
        var marks = new boolean[entityNames.size()];
        for (int i = 0; i < marks.length; i++) {
            marks[i] = wanted.test(entityNames.get(i));
        }
        return marks;
    }
}
