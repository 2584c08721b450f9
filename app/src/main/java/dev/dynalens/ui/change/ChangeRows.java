package dev.dynalens.ui.change;

import dev.dynalens.domain.change.ItemChange;
import dev.dynalens.domain.item.AttributeChange;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.item.ItemDiff;
import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.service.change.ChangeProgress;
import dev.dynalens.service.change.ChangeReport;
import dev.dynalens.usecase.PlanChange;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The lines the Change items… dialog lists: the file's problems, the plan's counts, its samples and their diffs. */
public final class ChangeRows {
    private ChangeRows() {
    }

    /** A problem of the change file, at its line and column (0 when it has none). */
    public record Problem(int line, int column, String message) {
        public String text() {
            return line > 0 ? "line " + line + ", column " + column + ": " + message : message;
        }
    }

    /** How many items an action takes ({@code indent}: a line under the one above, such as the attribute items lack). */
    public record Count(String action, long count, boolean indent) {
    }

    /**
     * One sampled item: what the change does to it, its key, and its attributes before and after side by side.
     *
     * @param note why it is refused, or left; empty otherwise
     */
    public record Sample(String action, String key, List<Diff> attributes, String note) {
    }

    /**
     * One attribute of a sampled item, before and after ({@code ""} where it is absent).
     *
     * @param mark {@code +} added, {@code -} removed, {@code ~} changed, {@code ""} as it was
     */
    public record Diff(String attribute, String before, String after, String mark) {
    }

    static String label(PlanChange.Action action) {
        return switch (action) {
            case UPDATE -> "updated in place";
            case MOVE -> "moved to a new key";
            case DELETE -> "deleted";
            case UNCHANGED_MISSING_ATTRIBUTE -> "left: lacking an attribute a template reads";
            case UNCHANGED_ALREADY_SO -> "left: already as the change makes it";
            case REFUSED -> "refused";
            case RESTORE -> "put back";
        };
    }

    /** The sample of {@code change}: every attribute of the item before and after, the changed ones marked. */
    static Sample sample(ItemChange change) {
        var action = label(PlanChange.action(change));
        return switch (change) {
            case ItemChange.Update u -> new Sample(action, KeyText.named(u.key()), sideBySide(u.before(), u.after()), "");
            case ItemChange.Move m -> new Sample(action, KeyText.named(m.key()) + " → " + KeyText.named(m.newKey()),
                    sideBySide(m.before(), m.after()), "");
            case ItemChange.Delete d -> new Sample(action, KeyText.named(d.key()), sideBySide(d.before(), new Item(Map.of())), "");
            case ItemChange.Refused r -> new Sample(action, KeyText.named(r.key()), sideBySide(r.before(), r.before()), r.reason());
            case ItemChange.Unchanged u -> new Sample(action, KeyText.named(u.key()), sideBySide(u.before(), u.before()),
                    u.detail() == null ? "" : u.detail());
            case ItemChange.Restore r -> new Sample(action, KeyText.named(r.key()), sideBySide(new Item(Map.of()), r.after()), "");
        };
    }

    /**
     * The attributes of both images, each with what {@link ItemDiff} says of it: the ones the change adds, removes or
     * changes first (in {@link ItemDiff}'s order), then those it leaves as they are, in the item's order.
     */
    static List<Diff> sideBySide(Item before, Item after) {
        var changes = new java.util.LinkedHashMap<String, AttributeChange.Kind>();
        ItemDiff.between(before, after).forEach(c -> changes.put(c.name(), c.kind()));
        var names = new LinkedHashSet<String>(changes.keySet());
        names.addAll(before.attributes().keySet());
        names.addAll(after.attributes().keySet());
        var rows = new ArrayList<Diff>();
        for (var name : names) {
            var kind = changes.get(name);
            rows.add(new Diff(name, before.get(name).map(ValueText::literal).orElse(""), after.get(name).map(ValueText::literal).orElse(""),
                    kind == null ? "" : switch (kind) {
                        case ADDED -> "+";
                        case REMOVED -> "-";
                        case CHANGED -> "~";
                    }));
        }
        return List.copyOf(rows);
    }

    /** "12 of 40 · 11 written · 0 already so · 1 skipped (changed) · 0 failed · 24 WCU · 8 in flight". */
    static String progress(ChangeProgress p) {
        return String.format(Locale.ROOT, "%,d of %,d · %,d written · %,d already so · %,d skipped (changed) · %,d failed · %s WCU · "
                + "%d in flight", p.finished(), p.total(), p.applied(), p.alreadyApplied(), p.skippedChanged(), p.failed(), p.units(), p.inFlight());
    }

    /** "38 written, 0 already so, 2 skipped (changed since), 0 failed", and what is pending. */
    static String summary(ChangeReport report) {
        var c = report.counts();
        return String.format(Locale.ROOT, "%,d written, %,d already so, %,d skipped (changed since), %,d failed%s", c.applied(),
                c.alreadyApplied(), c.skippedChanged(), c.failed(), report.pending() == 0 ? "" : String.format(Locale.ROOT, ", %,d pending",
                        report.pending()));
    }

    /** "skipped changed PK=POST#3, SK=METADATA: changed since the plan". */
    static String notable(ChangeReport.ItemReport item) {
        return item.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " " + KeyText.named(item.change().key())
                + (item.detail() == null ? "" : ": " + item.detail());
    }
}
