package dev.dynalens.domain.staleness;

import dev.dynalens.domain.staleness.DenormalizationRule.Endpoint;
import dev.dynalens.domain.staleness.DenormalizationRule.IdShape;
import dev.dynalens.domain.staleness.DenormalizationRule.Reference;
import dev.dynalens.domain.item.AttributePath;
import java.util.ArrayList;

/**
 * The compact text form of a {@link DenormalizationRule}, for the CLI's {@code --rule} and for
 * messages:
 *
 * <pre>
 * rule      = copy "=" source "@" reference          (blanks allowed around "=" and "@")
 * copy      = entity "." path                         POST.authorName, TASK.assignee.name
 * source    = entity "." path                         USER.name
 * reference = "key"                                   the copy's own partition key (ByOwnKey)
 *           | path [ ":" ( "id" | "key" ) ]           an attribute holding the source's id (default) or whole key
 * path      = name { "." name | "[" digits "]" }      assignee.name, lines[0].sku
 * entity    = name
 * name      = bare | quoted
 * bare      = one or more characters other than blanks and  . = @ : [ ] " \
 * quoted    = '"' { any character but " and \ | "\" ( '"' | "\" ) } '"'
 * </pre>
 *
 * Examples: {@code POST.authorName=USER.name@authorId}, {@code TEAM→USER.userName=USER.name@SK:key},
 * {@code TASK.projectTitle=PROJECT.title@key}, {@code X."a.b"=Y.c@"key"} (an attribute named key).
 * {@link #render} writes the canonical form, which {@link #parse} reads back to an equal rule.
 */
public final class RuleSpec {
    private static final String SPECIAL = ".=@:[]\"\\";
    private static final String OWN_KEY = "key";

    private final String text;
    private int at;

    private RuleSpec(String text) {
        this.text = text;
    }

    /** @throws RuleSpecException with the position of the first problem */
    public static DenormalizationRule parse(String spec) {
        var parser = new RuleSpec(spec);
        var rule = parser.rule();
        parser.blanks();
        if (parser.at < spec.length()) {
            throw parser.error("Unexpected '" + spec.charAt(parser.at) + "' after the rule");
        }
        return rule;
    }

    public static String render(DenormalizationRule rule) {
        var out = new StringBuilder();
        endpoint(out, rule.copy());
        out.append('=');
        endpoint(out, rule.source());
        out.append('@');
        switch (rule.reference()) {
            case Reference.ByOwnKey ignored -> out.append(OWN_KEY);
            case Reference.ByAttribute byAttribute -> {
                var path = byAttribute.attribute();
                if (path.isTopLevel() && path.attributeName().equals(OWN_KEY)) {
                    out.append('"').append(OWN_KEY).append('"');
                } else {
                    path(out, path);
                }
                if (byAttribute.shape() == IdShape.KEY) {
                    out.append(":key");
                }
            }
        }
        return out.toString();
    }

    private static void endpoint(StringBuilder out, Endpoint endpoint) {
        name(out, endpoint.entity());
        out.append('.');
        path(out, endpoint.attribute());
    }

    private static void path(StringBuilder out, AttributePath path) {
        out.append(path.render());
    }

    /** Entity names are written as path names are ({@link AttributePath#quoteIfNeeded}): one quoting for the whole SPEC. */
    private static void name(StringBuilder out, String name) {
        out.append(AttributePath.quoteIfNeeded(name));
    }

    // ---- parser ----

    private DenormalizationRule rule() {
        blanks();
        var copy = endpoint("copy");
        blanks();
        expect('=', "Expected '=' after the copy attribute (COPY.attribute=SOURCE.attribute@reference)");
        blanks();
        var source = endpoint("source");
        blanks();
        expect('@', "Expected '@' and a reference after the source attribute (@attribute, @attribute:key or @key)");
        blanks();
        return new DenormalizationRule(source, copy, reference());
    }

    private Endpoint endpoint(String role) {
        int start = at;
        var entity = name("Expected the " + role + " entity name");
        if (at >= text.length() || text.charAt(at) != '.') {
            throw error("Expected '.' and an attribute after the " + role + " entity '" + entity + "'");
        }
        at++;
        if (entity.isEmpty()) {
            throw new RuleSpecException("The " + role + " entity name is empty", text, start);
        }
        return new Endpoint(entity, path(role + " attribute"));
    }

    private Reference reference() {
        int start = at;
        if (text.startsWith(OWN_KEY, at) && isEndOfReference(at + OWN_KEY.length())) {
            at += OWN_KEY.length();
            return Reference.ByOwnKey.INSTANCE;
        }
        var path = path("reference attribute");
        var shape = IdShape.ID;
        if (at < text.length() && text.charAt(at) == ':') {
            at++;
            if (text.startsWith("id", at)) {
                at += 2;
            } else if (text.startsWith("key", at)) {
                at += 3;
                shape = IdShape.KEY;
            } else {
                throw error("Expected 'id' or 'key' after ':' in the reference");
            }
        }
        if (at == start) {
            throw error("Expected a reference attribute or 'key'");
        }
        return new Reference.ByAttribute(path, shape);
    }

    private boolean isEndOfReference(int position) {
        int i = position;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i == text.length();
    }

    private AttributePath path(String what) {
        var steps = new ArrayList<AttributePath.Element>();
        steps.add(new AttributePath.Key(nonEmptyName("Expected the " + what + " name")));
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '.') {
                at++;
                steps.add(new AttributePath.Key(nonEmptyName("Expected a map key after '.' in the " + what)));
            } else if (c == '[') {
                at++;
                steps.add(new AttributePath.Index(index()));
            } else {
                break;
            }
        }
        return new AttributePath(steps);
    }

    private int index() {
        int start = at;
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
        }
        if (at == start) {
            throw error("Expected a list index (digits) after '['");
        }
        int value;
        try {
            value = Integer.parseInt(text.substring(start, at));
        } catch (NumberFormatException e) {
            throw new RuleSpecException("List index too large", text, start);
        }
        expect(']', "Expected ']' after the list index");
        return value;
    }

    private String nonEmptyName(String expectation) {
        int start = at;
        var name = name(expectation);
        if (name.isEmpty()) {
            throw new RuleSpecException("An attribute name must not be empty", text, start);
        }
        return name;
    }

    private String name(String expectation) {
        if (at < text.length() && text.charAt(at) == '"') {
            return quotedName();
        }
        int start = at;
        while (at < text.length() && !Character.isWhitespace(text.charAt(at)) && SPECIAL.indexOf(text.charAt(at)) < 0) {
            at++;
        }
        if (at == start) {
            throw error(expectation);
        }
        return text.substring(start, at);
    }

    private String quotedName() {
        int start = at;
        at++;
        var out = new StringBuilder();
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c == '\\') {
                if (at >= text.length() || (text.charAt(at) != '"' && text.charAt(at) != '\\')) {
                    throw error("Expected '\"' or '\\' after '\\' in a quoted name");
                }
                c = text.charAt(at++);
            }
            out.append(c);
        }
        throw new RuleSpecException("Unterminated quoted name", text, start);
    }

    private void expect(char c, String message) {
        if (at >= text.length() || text.charAt(at) != c) {
            throw error(message);
        }
        at++;
    }

    private void blanks() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private RuleSpecException error(String message) {
        return new RuleSpecException(message, text, at);
    }
}
