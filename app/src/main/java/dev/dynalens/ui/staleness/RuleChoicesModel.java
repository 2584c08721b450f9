package dev.dynalens.ui.staleness;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.staleness.RuleSpec;
import dev.dynalens.domain.staleness.RuleSpecException;
import dev.dynalens.service.LensStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The person's rule choices for one table (Confirm, Remove, an added or edited rule), kept with the table's lens so the
 * collections view and {@code dynalens stale --lens} see them. Part of {@link StalenessViewModel}, which says what they
 * mean for a detection; changed on the fx executor, loaded and saved on the {@code io} one.
 */
final class RuleChoicesModel {
    private final ReadOnlyObjectWrapper<Lens.RuleChoices> choices = new ReadOnlyObjectWrapper<>(Lens.RuleChoices.NONE);
    private final LensStore lenses;
    private final String lensScope;
    private final String tableName;
    private final Executor io;
    private final Executor fx;
    private final Consumer<String> changed;
    private final Consumer<String> failed;

    /**
     * @param lenses  where the choices are saved; null keeps them only as long as the view
     * @param changed told what changed, in words ("Confirmed POST.authorName=USER.name@authorId")
     * @param failed  told, on the fx executor, when the choices could not be saved
     */
    RuleChoicesModel(LensStore lenses, String lensScope, String tableName, Executor io, Executor fx, Consumer<String> changed,
                     Consumer<String> failed) {
        this.lenses = lenses;
        this.lensScope = lensScope;
        this.tableName = tableName;
        this.io = io;
        this.fx = fx;
        this.changed = changed;
        this.failed = failed;
        if (lenses != null) {
            CompletableFuture.supplyAsync(() -> lenses.load(lensScope, tableName).lens().rules(), io).thenAcceptAsync(choices::set, fx);
        }
    }

    Lens.RuleChoices current() {
        return choices.get();
    }

    ReadOnlyObjectProperty<Lens.RuleChoices> property() {
        return choices.getReadOnlyProperty();
    }

    boolean isConfirmed(String spec) {
        return choices.get().confirmed().contains(spec);
    }

    void confirm(String spec) {
        var current = choices.get();
        change(new Lens.RuleChoices(append(current.confirmed(), spec), without(current.rejected(), spec)), "Confirmed " + spec);
    }

    void confirmAll(List<String> specs) {
        var current = choices.get();
        var confirmed = new ArrayList<>(current.confirmed());
        confirmed.addAll(specs);
        change(new Lens.RuleChoices(confirmed, current.rejected()), "Confirmed " + specs.size() + " rule(s)");
    }

    void remove(String spec) {
        var current = choices.get();
        change(new Lens.RuleChoices(without(current.confirmed(), spec), append(current.rejected(), spec)), "Removed " + spec);
    }

    /** @return why the SPEC was refused; empty when it was added (replacing {@code replacing}, when given) */
    Optional<String> add(String spec, String replacing) {
        String normal;
        try {
            normal = RuleSpec.parse(spec).toSpec();
        } catch (RuleSpecException e) {
            return Optional.of(e.getMessage());
        }
        var current = choices.get();
        var confirmed = replacing == null ? current.confirmed() : without(current.confirmed(), replacing);
        var rejected = replacing == null ? current.rejected() : append(current.rejected(), replacing);
        change(new Lens.RuleChoices(append(confirmed, normal), without(rejected, normal)), (replacing == null ? "Added " : "Changed to ") + normal);
        return Optional.empty();
    }

    void reset() {
        change(Lens.RuleChoices.NONE, "Rules are inferred again");
    }

    private void change(Lens.RuleChoices next, String message) {
        choices.set(next);
        changed.accept(message);
        if (lenses == null) {
            return;
        }
        CompletableFuture.runAsync(() -> lenses.save(lensScope, tableName, lenses.load(lensScope, tableName).lens().withRules(next)), io)
                .whenCompleteAsync((ok, failure) -> {
                    if (failure != null) {
                        failed.accept("Could not save the rule choices: " + Problems.describe(failure));
                    }
                }, fx);
    }

    private static List<String> append(List<String> list, String spec) {
        var copy = new ArrayList<>(list);
        copy.remove(spec);
        copy.add(spec);
        return copy;
    }

    private static List<String> without(List<String> list, String spec) {
        var copy = new ArrayList<>(list);
        copy.remove(spec);
        return copy;
    }
}
