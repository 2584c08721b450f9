package dev.dynalens.domain.editing;

import dev.dynalens.domain.item.ItemDiff;
import dev.dynalens.domain.item.Item;
import java.util.Optional;

/** Words for a conflict: what the person read, what is there now. */
public final class Conflicts {
    private Conflicts() {
    }

    public static String explain(StagedChange change, Optional<Item> current) {
        if (change instanceof StagedChange.Create) {
            return current.isPresent()
                    ? "Conflict: an item with this key was created by someone else meanwhile; yours was not written."
                    : "Conflict: the create was refused by its condition, yet no item with this key exists now; nothing was written.";
        }
        if (current.isEmpty()) {
            return "Conflict: the item was deleted by someone else meanwhile; your " + change.verb() + " was not written.";
        }
        var read = change.read().orElseThrow();
        var differences = ItemDiff.between(read, current.get());
        if (differences.isEmpty()) {
            return "Conflict: the condition did not hold, though the item reads the same as before now (changed and "
                    + "changed back?); nothing was written. Review and commit again.";
        }
        return "Conflict: the item was changed by someone else meanwhile (" + String.join("; ", ItemDiff.lines(differences))
                + "); your " + change.verb() + " was not written.";
    }
}
