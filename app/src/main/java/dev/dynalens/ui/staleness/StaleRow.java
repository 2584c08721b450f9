package dev.dynalens.ui.staleness;

import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.staleness.Finding;

/** A stale copy beside its source's current value. */
public record StaleRow(String copyKey, String attribute, String copyValue, String sourceKey, String sourceEntity,
                       String sourceAttribute, String sourceValue, String rule) {
    static StaleRow of(Finding.StaleCopy stale) {
        var source = stale.rule().source();
        return new StaleRow(KeyText.values(stale.key()), stale.attribute().render(), ValueText.cell(stale.copyValue()),
                KeyText.values(stale.sourceKey()), source.entity(), source.attribute().render(),
                stale.sourceValue() == null ? "(no " + source.attribute().render() + ")" : ValueText.cell(stale.sourceValue()),
                stale.rule().toSpec());
    }

    /** For a tooltip: "Source USER#102 / PROFILE name is now Priya Natarajan". */
    public String explanation() {
        return "Source " + sourceKey + " " + sourceAttribute + " is now " + sourceValue + " (this copy: " + copyValue + ")";
    }
}
