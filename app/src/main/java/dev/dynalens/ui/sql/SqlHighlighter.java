package dev.dynalens.ui.sql;

import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/** Style classes for SQL text: keywords, DynamoDB's functions, strings, numbers and quoted names. */
final class SqlHighlighter {
    private static final Pattern TOKENS = Pattern.compile(
            "(?<string>'(?:[^']|'')*'?)|(?<quoted>\"(?:[^\"]|\"\")*\"?)|(?<number>\\b\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?\\b)"
                    + "|(?<function>\\b(?i:begins_with|contains|size|attribute_exists|attribute_not_exists|count|sum|min|max|avg|substring|upper|lower)\\b)"
                    + "|(?<keyword>\\b(?i:SELECT|FROM|WHERE|AND|OR|NOT|JOIN|LEFT|INNER|OUTER|ON|AS|GROUP|BY|ORDER|ASC|DESC|LIMIT|IN|BETWEEN|IS|NULL"
                    + "|DISTINCT|HAVING|UNION|ALL|CASE|WHEN|THEN|ELSE|END|INSERT|INTO|VALUE|UPDATE|SET|DELETE|REMOVE|EXISTS|LIKE)\\b)");

    private SqlHighlighter() {
    }

    static StyleSpans<Collection<String>> spans(String text) {
        var spans = new StyleSpansBuilder<Collection<String>>();
        var matcher = TOKENS.matcher(text);
        int last = 0;
        while (matcher.find()) {
            var style = matcher.group("string") != null ? "string" : matcher.group("quoted") != null ? "quoted-name"
                    : matcher.group("number") != null ? "number" : matcher.group("function") != null ? "function" : "keyword";
            spans.add(List.of(), matcher.start() - last);
            spans.add(List.of(style), matcher.end() - matcher.start());
            last = matcher.end();
        }
        spans.add(List.of(), text.length() - last);
        return spans.create();
    }
}
