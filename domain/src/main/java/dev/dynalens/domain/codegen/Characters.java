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

    /**
     * A double-quoted literal in a C-like language: {@code "}, {@code \}, newline, carriage return and tab as
     * {@code \"}, {@code \\}, {@code \n}, {@code \r}, {@code \t}; any other control character (below U+0020, and
     * U+007F) spelled by {@code control}; an invisible character at or above U+0080 ({@link #isInvisible}) spelled by
     * {@code invisible}; everything else as it is. The languages differ only in those two spellings.
     */
    static String doubleQuoted(String text, java.util.function.IntFunction<String> control,
                               java.util.function.IntFunction<String> invisible) {
        var out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            i += Character.charCount(codePoint);
            switch (codePoint) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (codePoint < 0x20 || codePoint == 0x7f) {
                        out.append(control.apply(codePoint));
                    } else if (codePoint >= 0x80 && isInvisible(codePoint)) {
                        out.append(invisible.apply(codePoint));
                    } else {
                        out.appendCodePoint(codePoint);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** {@code \}{@code u} escapes of a code point's UTF-16 units (Java and JavaScript strings are UTF-16). */
    static String utf16Escapes(int codePoint) {
        var out = new StringBuilder();
        for (char unit : Character.toChars(codePoint)) {
            out.append("\\u").append(hex4(unit));
        }
        return out.toString();
    }

    static String hex4(int unit) {
        return String.format("%04x", unit);
    }
}
