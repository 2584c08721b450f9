package dev.dynalens.domain.workspace;

import java.util.HashSet;
import java.util.List;

/**
 * What a person says about a file that carries no schema (JSON lines, aws CLI output). A data model
 * declares its own key schema and indexes; these options are then ignored, with a warning.
 *
 * @param keySchema null to guess it from the attribute names
 * @param indexes   global secondary indexes; with no key schema either, they are guessed too
 */
public record WorkspaceOptions(KeySpec keySchema, List<IndexSpec> indexes) {
    public static final WorkspaceOptions NONE = new WorkspaceOptions(null, List.of());

    public WorkspaceOptions {
        indexes = indexes == null ? List.of() : List.copyOf(indexes);
        var names = new HashSet<String>();
        for (var index : indexes) {
            if (!names.add(index.name())) {
                throw new IllegalArgumentException("Index " + index.name() + " is given twice");
            }
        }
    }

    /**
     * @param keySchema {@code PK,SK} or null
     * @param indexes   {@code NAME=PK,SK} each
     * @throws IllegalArgumentException saying which part is wrong
     */
    public static WorkspaceOptions parse(String keySchema, List<String> indexes) {
        return new WorkspaceOptions(keySchema == null ? null : KeySpec.parse(keySchema),
                indexes == null ? List.of() : indexes.stream().map(IndexSpec::parse).toList());
    }

    public boolean isEmpty() {
        return keySchema == null && indexes.isEmpty();
    }
}
