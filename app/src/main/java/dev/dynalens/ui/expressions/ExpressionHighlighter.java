package dev.dynalens.ui.expressions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * Style classes for an expression's text: keywords, functions, {@code #name} and {@code :value} placeholders and
 * paths, and an underline ({@code error}) on the token at an error's position. Purely lexical, so it highlights text
 * that does not parse as well.
 */
final class ExpressionHighlighter {
    private static final Pattern TOKEN = Pattern.compile(
            "(?<keyword>\\b(?i:SET|REMOVE|ADD|DELETE|AND|OR|NOT|BETWEEN|IN)\\b)"
                    + "|(?<function>\\b(?:attribute_exists|attribute_not_exists|attribute_type|begins_with|contains|size|if_not_exists|list_append)\\b)"
                    + "|(?<name>#[A-Za-z0-9_]+)|(?<value>:[A-Za-z0-9_]+)|(?<path>[A-Za-z_][A-Za-z0-9_]*)");

    private ExpressionHighlighter() {
    }

    /** One style class (or none) per character, the error underline added on the token at {@code errorPosition}. */
    static List<Set<String>> styles(String text, int errorPosition) {
        var styles = new ArrayList<Set<String>>(text.length());
        for (int i = 0; i < text.length(); i++) {
            styles.add(new LinkedHashSet<>());
        }
        var matcher = TOKEN.matcher(text);
        while (matcher.find()) {
            var style = matcher.group("keyword") != null ? "keyword" : matcher.group("function") != null ? "function"
                    : matcher.group("name") != null ? "name-placeholder" : matcher.group("value") != null ? "value-placeholder" : "path";
            for (int i = matcher.start(); i < matcher.end(); i++) {
                styles.get(i).add(style);
            }
        }
        if (errorPosition >= 0 && !text.isEmpty()) {
            // at the end of the text there is no character to underline: underline the last one
            int start = Math.min(errorPosition, text.length() - 1);
            int end = start + 1;
            while (end < text.length() && !Character.isWhitespace(text.charAt(end)) && !Character.isWhitespace(text.charAt(start))
                    && sameToken(text.charAt(start), text.charAt(end))) {
                end++;
            }
            for (int i = start; i < end; i++) {
                styles.get(i).add("error");
            }
        }
        return styles;
    }

    private static boolean sameToken(char first, char next) {
        boolean word = Character.isLetterOrDigit(first) || first == '_' || first == '#' || first == ':';
        return word ? Character.isLetterOrDigit(next) || next == '_' : !Character.isLetterOrDigit(next) && "()[],.".indexOf(next) < 0;
    }

    static StyleSpans<Collection<String>> spans(String text, int errorPosition) {
        var styles = styles(text, errorPosition);
        var builder = new StyleSpansBuilder<Collection<String>>();
        if (styles.isEmpty()) {
            builder.add(List.of(), 0);
            return builder.create();
        }
        int runStart = 0;
        for (int i = 1; i <= styles.size(); i++) {
            if (i == styles.size() || !styles.get(i).equals(styles.get(runStart))) {
                builder.add(List.copyOf(styles.get(runStart)), i - runStart);
                runStart = i;
            }
        }
        return builder.create();
    }
}
