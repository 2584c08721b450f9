package dev.dynalens.domain.codegen;

/** Which characters a generated string literal spells as an escape instead of writing them as they are. */
final class Characters {
    private Characters() {
    }

    /**
     * Whether a code point is invisible or ambiguous on screen (controls, format characters such as zero-width joiners
     * and byte order marks, line and paragraph separators, spaces other than U+0020, private-use and unassigned code
     * points). Such characters are escaped so that the pasted code shows them and no editor can drop them; visible
     * text, accented letters and emoji included, stays readable.
     */
    static boolean isInvisible(int codePoint) {
        if (codePoint == ' ') {
            return false;
        }
        return switch (Character.getType(codePoint)) {
            case Character.CONTROL, Character.FORMAT, Character.PRIVATE_USE, Character.UNASSIGNED, Character.SURROGATE,
                 Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.SPACE_SEPARATOR -> true;
            default -> false;
        };
    }

    /**
     * Refuses a string DynamoDB cannot hold: it stores strings as UTF-8, which has no encoding for an unpaired
     * surrogate (Developer Guide, "Supported data types / String": strings are Unicode with UTF-8 binary encoding).
     */
    static String checkEncodable(String text, String what) {
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            if (Character.getType(codePoint) == Character.SURROGATE) {
                throw new IllegalArgumentException(what + " has an unpaired surrogate (U+"
                        + Integer.toHexString(codePoint).toUpperCase(java.util.Locale.ROOT) + ") at index " + i
                        + ": DynamoDB stores strings as UTF-8, which cannot encode it");
            }
            i += Character.charCount(codePoint);
        }
        return text;
    }

    static String hex4(int unit) {
        return String.format("%04x", unit);
    }
}
