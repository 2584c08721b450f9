package dev.dynalens.domain.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Pattern;

/** What went wrong reading JSON, and any text taken from a file, in words a person can read on a terminal. */
public final class JsonProblems {
    private static final Pattern JACKSON_POSITION = Pattern.compile("\\[Source: [^;\\]]*; line: (\\d+), column: (\\d+)]");

    private JsonProblems() {
    }

    /**
     * Jackson's message in a person's words: positions as "line L, column C" (not "[Source: REDACTED
     * (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 1]"), without advice to enable parser
     * features ("enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow"), and with a control character from the
     * input named by its code instead of echoed as it is (an ESC from a file would reach the terminal).
     */
    public static String message(JsonProcessingException e) {
        var text = JACKSON_POSITION.matcher(String.valueOf(e.getOriginalMessage())).replaceAll("line $1, column $2");
        text = text.replaceAll("\\s*\\[Source:[^\\]]*]", "");
        text = text.replaceAll(":?\\s*(?:consider )?enabl(?:e|ing) `[^`]*`(?: \\([^)]*\\))?(?: to allow[^;\\n]*)?", "");
        text = text.replaceAll("\\s*\\(not recognized as one since Feature '[A-Z_]+' not enabled for parser\\)", "");
        text = text.replaceAll("Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\): has to be escaped using backslash to be"
                + " included in (?:string value|name)", "a control character (code $1) must be written escaped, as \\\\u00..");
        text = text.replaceAll("\\(CTRL-CHAR, code (\\d+)\\)", "a control character (code $1)");
        return printable(text.replace("`", "").strip());
    }

    /**
     * Text safe to print on a terminal: control characters (an ESC starts a terminal command, a carriage return overwrites
     * the line) and the bidirectional overrides as {@code \\uXXXX}; line feeds and tabs stay, as a message's own layout.
     */
    public static String printable(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f && c <= 0x9f || c >= 0x202a && c <= 0x202e
                    || c >= 0x2066 && c <= 0x2069;
            if (control) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                out.append(String.format("\\u%04x", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }
}
