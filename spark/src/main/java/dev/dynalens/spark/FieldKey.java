package dev.dynalens.spark;

import java.util.ArrayList;
import java.util.List;

/**
 * A shuffle key made of a tag and text fields, as one String (whose hash is the same in every JVM, unlike an enum's):
 * each field length-prefixed, so that no text, a NUL included, can be taken for a separator; a null field is {@code -}.
 */
final class FieldKey {
    private FieldKey() {
    }

    static String of(char tag, String... fields) {
        var key = new StringBuilder().append(tag);
        for (var field : fields) {
            if (field == null) {
                key.append('-');
            } else {
                key.append(field.length()).append(':').append(field);
            }
        }
        return key.toString();
    }

    static char tag(String key) {
        return key.charAt(0);
    }

    /** The fields of a key made by {@link #of}, nulls included. */
    static List<String> fields(String key) {
        var fields = new ArrayList<String>();
        int at = 1;
        while (at < key.length()) {
            if (key.charAt(at) == '-') {
                fields.add(null);
                at++;
                continue;
            }
            int colon = key.indexOf(':', at);
            int length = Integer.parseInt(key.substring(at, colon));
            fields.add(key.substring(colon + 1, colon + 1 + length));
            at = colon + 1 + length;
        }
        return fields;
    }
}
