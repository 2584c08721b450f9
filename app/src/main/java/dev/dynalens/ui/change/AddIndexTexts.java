package dev.dynalens.ui.change;

import dev.dynalens.usecase.AddIndex;
import dev.dynalens.usecase.PlanChange;

/** What the "Add an index…" dialog says of a plan and of a stop, in sentences. */
final class AddIndexTexts {
    private AddIndexTexts() {
    }

    /** The proposed index, its key templates, the pattern's Query and the reasons. */
    static String proposal(AddIndex.Plan plan) {
        var proposal = plan.proposal();
        var text = new StringBuilder(proposal.index().name() + " (projects every attribute):");
        proposal.keyTemplates().forEach((attribute, template) -> text.append("\n  ").append(attribute).append(" = ").append(template));
        text.append("\n  Query: ").append(proposal.pattern().reason());
        proposal.reasons().forEach(reason -> text.append("\n  · ").append(reason));
        return text.toString();
    }

    static String backfill(AddIndex.Plan plan) {
        var counts = plan.change().counts();
        long missing = counts.getOrDefault(PlanChange.Action.UNCHANGED_MISSING_ATTRIBUTE, 0L);
        long refused = counts.getOrDefault(PlanChange.Action.REFUSED, 0L);
        return "Backfill: " + plan.backfilled() + " " + plan.proposal().entity() + " items written, " + plan.writeUnits()
                + " WCU (the table's updates and " + plan.proposal().index().name() + "'s entries)"
                + (missing > 0 ? "; " + missing + " left as they are (an attribute missing: not in the index)" : "")
                + (refused > 0 ? "; " + refused + " refused" : "") + ". Then UpdateTable "
                + (plan.create().provisioned() ? "with " + plan.create().readCapacityUnits() + " RCU and " + plan.create().writeCapacityUnits()
                + " WCU for the index." : "(on demand).");
    }

    static String stopped(AddIndex.Step step, AddIndex.Plan plan) {
        return switch (step) {
            case CREATE -> "Stopped waiting: DynamoDB goes on creating " + plan.proposal().index().name() + "; Describe shows its status.";
            case BACKFILL -> "Stopped: the items in flight were written and journaled; the change file's journal resumes the backfill "
                    + "(dynalens change apply).";
            default -> "Stopped.";
        };
    }
}
