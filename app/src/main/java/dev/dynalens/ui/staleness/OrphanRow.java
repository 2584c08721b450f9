package dev.dynalens.ui.staleness;

import dev.dynalens.domain.item.KeyText;
import dev.dynalens.domain.item.ValueText;
import dev.dynalens.domain.staleness.Finding;

/** A copy whose source item does not exist. */
public record OrphanRow(String copyKey, String attribute, String reference, String rule) {
    static OrphanRow of(Finding.OrphanCopy orphan) {
        return new OrphanRow(KeyText.values(orphan.key()), orphan.attribute().render(), ValueText.cell(orphan.reference()),
                orphan.rule().toSpec());
    }
}
