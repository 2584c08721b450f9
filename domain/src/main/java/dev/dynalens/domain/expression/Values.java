package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributeValue;
import java.util.OptionalInt;

/** How DynamoDB orders scalar values in comparisons. */
final class Values {
    private Values() {
    }

    /**
     * Compares two values of the same ordered type: numbers numerically, strings by their UTF-8 bytes (which is the
     * order of their code points), binaries as unsigned bytes (Developer Guide, "Comparison operator and function
     * reference" and "Naming rules and data types"). Empty when the values are not both N, both S or both B.
     */
    static OptionalInt compare(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.Num x && b instanceof AttributeValue.Num y) {
            return OptionalInt.of(x.value().compareTo(y.value()));
        }
        if (a instanceof AttributeValue.Str x && b instanceof AttributeValue.Str y) {
            return OptionalInt.of(compareCodePoints(x.value(), y.value()));
        }
        if (a instanceof AttributeValue.Bin x && b instanceof AttributeValue.Bin y) {
            return OptionalInt.of(x.value().compareTo(y.value()));
        }
        return OptionalInt.empty();
    }

    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
