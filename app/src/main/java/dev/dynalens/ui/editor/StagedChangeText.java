package dev.dynalens.ui.editor;

import dev.dynalens.domain.editing.CommitOutcome;
import dev.dynalens.domain.editing.StagedChange;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ItemDiff;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.item.ValueText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** How staged changes read on screen: a change's title and diff, a conflict side by side, a value typed into a cell. */
public final class StagedChangeText {
    private StagedChangeText() {
    }

    /** "update PK=A, SK=B" */
    public static String title(StagedChange change) {
        return change.verb() + " " + KeyText.named(change.key());
    }

    /** The diff lines of a change, one per attribute. */
    public static List<String> diffLines(StagedChange change) {
        return ItemDiff.lines(change.diff());
    }

    /** For a conflict: what was read, what is there now, what was intended, attribute by attribute. */
    public static String conflictDetails(CommitOutcome outcome) {
        var read = outcome.change().read();
        var now = outcome.current();
        var intended = outcome.change().intended();
        var names = new LinkedHashMap<String, Boolean>();
        for (var item : List.of(read, now, intended)) item.ifPresent(i -> i.attributes().keySet().forEach(n -> names.put(n, true)));
        var lines = new StringBuilder(outcome.message()).append('\n');
        lines.append(String.format(Locale.ROOT, "%-18s │ %-24s │ %-24s │ %s%n", "attribute", "as you read it", "in the table now", "as you wanted it"));
        for (var name : names.keySet()) {
            lines.append(String.format(Locale.ROOT, "%-18s │ %-24s │ %-24s │ %s%n", name, cell(read, name, "(no item)"),
                    cell(now, name, "(deleted)"), cell(intended, name, "(delete)")));
        }
        return lines.toString();
    }

    private static String cell(Optional<Item> item, String name, String absentItem) {
        if (item.isEmpty()) return absentItem;
        return item.get().get(name).map(ValueText::literal).orElse("–");
    }

    /**
     * A value typed into a table cell, read as the attribute's current type: a string as is, a number exactly, true or
     * false; an attribute the item lacks becomes a string.
     *
     * @throws IllegalArgumentException saying what to type instead
     */
    static AttributeValue cellValue(Item read, String attribute, String text) {
        return switch (read.get(attribute).orElse(AttributeValue.s(""))) {
            case AttributeValue.Num n -> new AttributeValue.Num(DynamoNumber.parse(text.strip()));
            case AttributeValue.Bool b -> switch (text.strip().toLowerCase(Locale.ROOT)) {
                case "true" -> AttributeValue.bool(true);
                case "false" -> AttributeValue.bool(false);
                default -> throw new IllegalArgumentException(attribute + " is a boolean: type true or false, not '" + text + "'.");
            };
            default -> AttributeValue.s(text);
        };
    }
}
