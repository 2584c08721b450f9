package dev.dynalens.ui.change;

import dev.dynalens.usecase.AddIndex;

/** One of the four steps of "Add an index…", as the dialog lists it: its title and where it is. */
public record AddIndexStepRow(AddIndex.Step step, String state) {
    public String text() {
        return (step.ordinal() + 1) + ". " + step.title() + (state.isEmpty() ? "" : " — " + state);
    }
}
