package dev.dynalens.ui.editor;

import java.util.Collection;
import java.util.Collections;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/** Style spans for JSON text: keys, strings, numbers, literals, punctuation; and the error position, if any. */
final class JsonHighlighting {
    private static final Pattern TOKENS = Pattern.compile(
            "(?<KEY>\"(?:[^\"\\\\]|\\\\.)*\"(?=\\s*:))"
                    + "|(?<STRING>\"(?:[^\"\\\\]|\\\\.)*\"?)"
                    + "|(?<NUMBER>-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)"
                    + "|(?<LITERAL>\\b(?:true|false|null)\\b)"
                    + "|(?<PUNCT>[{}\\[\\]:,])");

    private JsonHighlighting() {
    }

    static StyleSpans<Collection<String>> spans(String text, int errorOffset) {
        var matcher = TOKENS.matcher(text);
        var builder = new StyleSpansBuilder<Collection<String>>();
        int last = 0;
        while (matcher.find()) {
            var style = matcher.group("KEY") != null ? "json-key"
                    : matcher.group("STRING") != null ? "json-string"
                    : matcher.group("NUMBER") != null ? "json-number"
                    : matcher.group("LITERAL") != null ? "json-literal" : "json-punct";
            add(builder, text, last, matcher.start(), null, errorOffset);
            add(builder, text, matcher.start(), matcher.end(), style, errorOffset);
            last = matcher.end();
        }
        add(builder, text, last, text.length(), null, errorOffset);
        if (text.isEmpty()) builder.add(Collections.emptyList(), 0);
        return builder.create();
    }

    /** Adds [from, to) with its style, the one character at the error offset marked as the error. */
    private static void add(StyleSpansBuilder<Collection<String>> builder, String text, int from, int to, String style,
                            int errorOffset) {
        if (from >= to) return;
        var styles = style == null ? Collections.<String>emptyList() : Collections.singletonList(style);
        if (errorOffset >= from && errorOffset < to) {
            if (errorOffset > from) builder.add(styles, errorOffset - from);
            builder.add(Collections.singletonList("json-error"), 1);
            if (to > errorOffset + 1) builder.add(styles, to - errorOffset - 1);
        } else {
            builder.add(styles, to - from);
        }
    }
}
