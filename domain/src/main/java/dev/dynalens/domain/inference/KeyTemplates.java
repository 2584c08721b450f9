package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads a template off one key value, with no other knowledge of the table.
 *
 * <p><b>Delimiters.</b> A key is split on one delimiter, the first of {@code #}, {@code |},
 * {@code ::}, {@code /} and {@code :} that occurs in it. Other delimiter characters stay inside
 * their segment, so {@code ORDER#2024/05/01} is two segments and {@code ORDER#10:20} keeps its
 * time. A single {@code :} splits only where it is not part of a time of day: the colons of
 * {@code 2024-05-01T10:20:30Z} or {@code 10:20} (one or two digits, a colon, two digits) are never
 * delimiters, so {@code User:UserA} splits and a bare timestamp does not.
 *
 * <p><b>Segments.</b> A segment is literal when it is a word: letters and underscores
 * ({@code CUSTOMER}, {@code profile}, {@code ORDER_ITEM}), upper-case words joined by hyphens, an
 * empty segment (the start of {@code #META}), possibly wrapped in quotes or angle brackets
 * ({@code "info"}). A lower-case letter followed by capitals at the end ({@code UserA},
 * {@code custXYZ}) is an id. Anything with a digit, an {@code @}, a dot, a space, a lower-case hyphenated
 * slug, or a long mixed-case random token is variable; see {@link SegmentKind}. A single key cannot
 * tell a word that is data ({@code books} in {@code CATEGORY#books}) from a word that is a name; the
 * population does that (see {@code TemplateRegistry}).
 */
public final class KeyTemplates {
    /** Keys with more segments than this are read as one variable: no design nests that deep. */
    static final int MAX_SEGMENTS = 32;

    private static final List<String> DELIMITERS = List.of("#", "|", "::", "/");
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern UUID = Pattern.compile(
            "\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}");
    private static final Pattern ULID = Pattern.compile("[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}");
    private static final Pattern DATE = Pattern.compile("\\d{4}([-/])\\d{2}(\\1\\d{2})?");
    private static final Pattern TIMESTAMP = Pattern.compile(
            "(\\d{4}-\\d{2}-\\d{2}[T ])?\\d{1,2}:\\d{2}(:\\d{2}([.,]\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?");
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    private static final String OPENERS = "\"'<([{$";
    private static final String CLOSERS = "\"'>)]}";

    private KeyTemplates() {
    }

    /** A key cut into its segments, with the delimiter that cut it (empty when it was not cut). */
    public record Split(String delimiter, List<String> parts) {
        public Split {
            parts = List.copyOf(parts);
        }
    }

    /** The template of one string key. */
    public static KeyTemplate infer(String key) {
        var delimiter = delimiterOf(key);
        if (delimiter.isEmpty()) {
            return new KeyTemplate(ScalarType.S, "", List.of(segment(key, 0, key.length())));
        }
        var segments = new ArrayList<KeyTemplate.Segment>(4);
        int start = 0;
        int at = key.indexOf(delimiter);
        while (at >= 0) {
            if (!delimiter.equals(":") || !isTimeColon(key, at)) {
                segments.add(segment(key, start, at));
                start = at + delimiter.length();
                if (segments.size() >= MAX_SEGMENTS) {
                    return KeyTemplate.anyValue(ScalarType.S);
                }
            }
            at = key.indexOf(delimiter, at + delimiter.length());
        }
        segments.add(segment(key, start, key.length()));
        return new KeyTemplate(ScalarType.S, delimiter, segments);
    }

    /** Literal or variable, without cutting out the text of a variable (the hot path of inference). */
    private static KeyTemplate.Segment segment(String key, int from, int to) {
        return isLiteral(key, from, to) ? new KeyTemplate.Literal(key.substring(from, to)) : KeyTemplate.Variable.INSTANCE;
    }

    /**
     * The template of a key attribute value: strings are read segment by segment, a number or a
     * binary value is {@code {}} of its type, other types cannot be keys.
     */
    public static Optional<KeyTemplate> infer(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return Optional.of(infer(s.value()));
        } else if (value instanceof AttributeValue.Num) {
            return Optional.of(KeyTemplate.anyValue(ScalarType.N));
        } else if (value instanceof AttributeValue.Bin) {
            return Optional.of(KeyTemplate.anyValue(ScalarType.B));
        } else {
            return Optional.empty();
        }
    }

    /** Cuts a key on the delimiter it uses (see the class comment). */
    public static Split split(String key) {
        var delimiter = delimiterOf(key);
        return new Split(delimiter, splitWith(key, delimiter));
    }

    static String delimiterOf(String key) {
        for (var delimiter : DELIMITERS) {
            if (key.contains(delimiter)) {
                return delimiter;
            }
        }
        for (int i = key.indexOf(':'); i >= 0; i = key.indexOf(':', i + 1)) {
            if (!isTimeColon(key, i)) {
                return ":";
            }
        }
        return "";
    }

    /** Cuts a key on a given delimiter, keeping empty segments (so that joining gives the key back). */
    static List<String> splitWith(String key, String delimiter) {
        if (delimiter.isEmpty()) {
            return List.of(key);
        }
        var parts = new ArrayList<String>(4);
        int start = 0;
        int at = key.indexOf(delimiter);
        while (at >= 0) {
            if (!delimiter.equals(":") || !isTimeColon(key, at)) {
                parts.add(key.substring(start, at));
                start = at + delimiter.length();
            }
            at = key.indexOf(delimiter, at + delimiter.length());
        }
        parts.add(key.substring(start));
        return parts;
    }

    /** One or two digits, this colon, two digits and no third: the colon of a time of day. */
    static boolean isTimeColon(String key, int colon) {
        int digitsBefore = 0;
        for (int i = colon - 1; i >= 0 && isAsciiDigit(key.charAt(i)) && digitsBefore < 3; i--) {
            digitsBefore++;
        }
        if (digitsBefore < 1 || digitsBefore > 2 || colon + 2 >= key.length()) {
            return false;
        }
        return isAsciiDigit(key.charAt(colon + 1)) && isAsciiDigit(key.charAt(colon + 2))
                && (colon + 3 == key.length() || !isAsciiDigit(key.charAt(colon + 3)));
    }

    /**
     * Whether {@code key[from, to)} is a literal segment; the same decision as
     * {@code classify(...) == LITERAL}, in one pass and without regular expressions.
     */
    static boolean isLiteral(String key, int from, int to) {
        if (from == to) {
            return true;
        }
        char first = key.charAt(from);
        if (first >= '0' && first <= '9') { // ids, numbers, dates: a digit is never trimmed, and no literal has one
            return false;
        }
        while (from < to && Character.isWhitespace(key.charAt(from))) {
            from++;
        }
        while (to > from && Character.isWhitespace(key.charAt(to - 1))) {
            to--;
        }
        if (from == to) {
            return false;
        }
        while (from < to && OPENERS.indexOf(key.charAt(from)) >= 0) {
            from++;
        }
        while (to > from && CLOSERS.indexOf(key.charAt(to - 1)) >= 0) {
            to--;
        }
        if (from == to) {
            return false;
        }
        int letters = 0;
        int uppers = 0;
        int lowers = 0;
        int hyphens = 0;
        for (int i = from; i < to; i++) {
            char c = key.charAt(i);
            if (c < 0x80) { // ASCII, the usual case, without the Unicode tables: the same answers
                if (c >= 'A' && c <= 'Z') {
                    letters++;
                    uppers++;
                } else if (c >= 'a' && c <= 'z') {
                    letters++;
                    lowers++;
                } else if (c == '-') {
                    hyphens++;
                } else if (c != '_') {
                    return false;
                }
            } else if (Character.isLetter(c)) {
                letters++;
                if (Character.isUpperCase(c)) {
                    uppers++;
                } else if (Character.isLowerCase(c)) {
                    lowers++;
                }
            } else if (c == '-') {
                hyphens++;
            } else if (c != '_') {
                return false;
            }
        }
        if (letters == 0) {
            return false;
        }
        if (hyphens > 0) {
            return lowers == 0 && key.charAt(from) != '-' && key.charAt(to - 1) != '-';
        }
        return !looksRandom(key, from, to, uppers, lowers) && !endsInCapitalsAfterLowerCase(key, from, to);
    }

    /** What one segment looks like; see {@link SegmentKind}. */
    public static SegmentKind classify(String segment) {
        if (isLiteral(segment, 0, segment.length())) {
            return SegmentKind.LITERAL;
        }
        var text = segment.strip();
        if (text.isEmpty()) {
            return SegmentKind.TEXT;
        }
        var core = unwrap(text);
        int digits = 0;
        int letters = 0;
        int hyphens = 0;
        int underscores = 0;
        int others = 0;
        boolean hex = true;
        for (int i = 0; i < core.length(); i++) {
            char c = core.charAt(i);
            if (isAsciiDigit(c)) {
                digits++;
            } else if (Character.isLetter(c)) {
                letters++;
                hex &= (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            } else if (c == '-') {
                hyphens++;
                hex = false;
            } else if (c == '_') {
                underscores++;
                hex = false;
            } else {
                others++;
                hex = false;
            }
        }
        if (digits == 0 && others == 0 && letters > 0) {
            return hyphens > 0 ? SegmentKind.SLUG : SegmentKind.TOKEN;
        }
        if (digits == 0) {
            return EMAIL.matcher(text).matches() ? SegmentKind.EMAIL : SegmentKind.TEXT;
        }
        if (NUMBER.matcher(text).matches()) {
            return SegmentKind.NUMBER;
        }
        if (text.length() == 36 && UUID.matcher(text).matches()) {
            return SegmentKind.UUID;
        }
        if (text.length() == 26 && ULID.matcher(text).matches()) {
            return SegmentKind.ULID;
        }
        if (TIMESTAMP.matcher(text).matches()) {
            return SegmentKind.TIMESTAMP;
        }
        if (DATE.matcher(text).matches()) {
            return SegmentKind.DATE;
        }
        if (text.indexOf('@') > 0 && EMAIL.matcher(text).matches()) {
            return SegmentKind.EMAIL;
        }
        boolean alphanumeric = others == 0 && hyphens == 0 && underscores == 0 && core.length() == text.length();
        if (alphanumeric && text.length() == 27 && letters > 0) {
            return SegmentKind.KSUID;
        }
        if (hex && text.length() >= 8 && core.length() == text.length()) {
            return SegmentKind.HEX;
        }
        if (others == 0 && hyphens > 0 && core.length() == text.length()) {
            return SegmentKind.SLUG;
        }
        if (others == 0 && core.length() == text.length()) {
            return SegmentKind.TOKEN;
        }
        return SegmentKind.TEXT;
    }

    /**
     * A name for display: a literal without wrapping punctuation ({@code "info"} is info,
     * {@code <sub_feature>} is sub_feature); empty when nothing but punctuation is left.
     */
    static Optional<String> nameOf(String literal) {
        int start = 0;
        int end = literal.length();
        while (start < end && !isNameChar(literal.charAt(start))) {
            start++;
        }
        while (end > start && !isNameChar(literal.charAt(end - 1))) {
            end--;
        }
        return start == end ? Optional.empty() : Optional.of(literal.substring(start, end));
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-';
    }

    private static String unwrap(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && OPENERS.indexOf(text.charAt(start)) >= 0) {
            start++;
        }
        while (end > start && CLOSERS.indexOf(text.charAt(end - 1)) >= 0) {
            end--;
        }
        return start == end ? text : text.substring(start, end);
    }

    /**
     * Long letter-only strings that switch case often are generated tokens, not names: a PascalCase
     * name switches about twice per word, a random mixed-case token about every other letter.
     */
    private static boolean looksRandom(String key, int from, int to, int uppers, int lowers) {
        if (to - from < 16 || uppers == 0 || lowers == 0) {
            return false;
        }
        int switches = 0;
        for (int i = from + 1; i < to; i++) {
            if (Character.isUpperCase(key.charAt(i)) != Character.isUpperCase(key.charAt(i - 1))) {
                switches++;
            }
        }
        return switches >= (to - from) * 0.4;
    }

    /**
     * {@code UserA}, {@code AgentB}, {@code custXYZ}: a lower-case letter followed by capitals that
     * end the word reads as a name with an id glued on, where PascalCase names ({@code OrderItem})
     * end in lower case.
     */
    private static boolean endsInCapitalsAfterLowerCase(String key, int from, int to) {
        int end = to - 1;
        if (end <= from || !Character.isUpperCase(key.charAt(end))) {
            return false;
        }
        int i = end;
        while (i >= from && Character.isUpperCase(key.charAt(i))) {
            i--;
        }
        return i >= from && Character.isLowerCase(key.charAt(i));
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
