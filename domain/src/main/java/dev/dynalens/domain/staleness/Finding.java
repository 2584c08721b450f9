package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import java.util.Map;
import java.util.Objects;

/** What detection reports about one copy that does not agree with its rule. */
public sealed interface Finding permits Finding.StaleCopy, Finding.OrphanCopy {

    DenormalizationRule rule();

    /** Keys keep their attribute order (partition key first), hence not {@code Map.copyOf}. */
    private static Map<String, AttributeValue> keyCopy(Map<String, AttributeValue> key) {
        return java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(key));
    }

    /** The copy's primary key. */
    Map<String, AttributeValue> key();

    /** The copy attribute (the rule's copy path). */
    AttributePath attribute();

    /**
     * The source exists and its value differs.
     *
     * @param sourceValue the source's current value; null when the source item lacks the attribute
     */
    record StaleCopy(DenormalizationRule rule, Map<String, AttributeValue> key, AttributePath attribute, AttributeValue copyValue,
                     Map<String, AttributeValue> sourceKey, AttributeValue sourceValue) implements Finding {
        public StaleCopy {
            Objects.requireNonNull(rule, "rule");
            key = keyCopy(key);
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(copyValue, "copyValue");
            sourceKey = keyCopy(sourceKey);
        }
    }

    /**
     * The source item does not exist (an orphan is not a stale copy: there is nothing to copy from).
     *
     * @param reference the value the copy finds its source by (the reference attribute's value, or
     *                  the copy's partition key for a key-based rule)
     */
    record OrphanCopy(DenormalizationRule rule, Map<String, AttributeValue> key, AttributePath attribute, AttributeValue reference)
            implements Finding {
        public OrphanCopy {
            Objects.requireNonNull(rule, "rule");
            key = keyCopy(key);
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(reference, "reference");
        }
    }
}
