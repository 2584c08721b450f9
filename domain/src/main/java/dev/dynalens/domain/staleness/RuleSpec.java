package dev.dynalens.domain.staleness;

import dev.dynalens.domain.staleness.DenormalizationRule.Endpoint;
import dev.dynalens.domain.staleness.DenormalizationRule.IdShape;
import dev.dynalens.domain.staleness.DenormalizationRule.KeyPart;
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
 *           | part [ ":" ( "id" | "key" ) ]           an attribute holding the source's id (default) or whole key (ByAttribute)
 *           | part "=" part                           a part of the copy equals a part of the source (ByKeyPart)
 * part      = path [ ":" digits ]                     a whole value, or the n-th variable (from 1) of its key template
 * path      = name { "." name | "[" digits "]" }      assignee.name, lines[0].sku
 * entity    = name
 * name      = bare | quoted
 * bare      = one or more characters other than blanks and  . = @ : [ ] " \
 * quoted    = '"' { any character but " and \ | "\" ( '"' | "\" ) } '"'
 * </pre>
 *
 * Examples: {@code POST.authorName=USER.name@authorId}, {@code TEAM→USER.userName=USER.name@SK:key},
 * {@code TASK.projectTitle=PROJECT.title@key}, {@code X."a.b"=Y.c@"key"} (an attribute named key),
 * {@code TAG→POST.title=POST.title@SK:2} (the second variable of the copy's sort key is the post's id),
 * {@code TASK.projectTitle=PROJECT.title@PK=SK} (the task's partition key is the project's sort key).
 * {@link #render} writes the canonical form, which {@link #parse} reads back to an equal rule. The forms added with
 * the key parts ({@code :n}, {@code =}) were errors before, so every SPEC that was valid reads as it did.
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

    /** The part after '@' alone, as {@link #renderReference} writes it. */
    static Reference parseReference(String text) {
        var parser = new RuleSpec(text);
        var reference = parser.reference();
        parser.blanks();
        if (parser.at < text.length()) {
            throw parser.error("Unexpected '" + text.charAt(parser.at) + "' after the reference");
        }
        return reference;
    }

    public static String render(DenormalizationRule rule) {
        var out = new StringBuilder();
        endpoint(out, rule.copy());
        out.append('=');
        endpoint(out, rule.source());
        out.append('@');
        reference(out, rule.reference());
        return out.toString();
    }

    /** The part after '@': {@code authorId}, {@code SK:key}, {@code key}, {@code SK:2}, {@code PK=SK}. */
    public static String renderReference(Reference reference) {
        var out = new StringBuilder();
        reference(out, reference);
        return out.toString();
    }

    private static void reference(StringBuilder out, Reference reference) {
        if (reference instanceof Reference.ByOwnKey) {
            out.append(OWN_KEY);
        } else if (reference instanceof Reference.ByAttribute byAttribute) {
            copyPart(out, byAttribute.part());
            if (byAttribute.shape() == IdShape.KEY) {
                out.append(":key");
            }
        } else if (reference instanceof Reference.ByKeyPart byKeyPart) {
            copyPart(out, byKeyPart.copy());
            out.append('=');
            part(out, byKeyPart.source());
        } else {
            throw new IllegalStateException("unexpected " + reference.getClass());
        }
    }

    /** The copy's part: a top-level attribute named {@code key} is quoted, since {@code @key} alone is the own key. */
    private static void copyPart(StringBuilder out, KeyPart part) {
        var path = part.attribute();
        if (path.isTopLevel() && path.attributeName().equals(OWN_KEY)) {
            out.append('"').append(OWN_KEY).append('"');
        } else {
            path(out, path);
        }
        variable(out, part);
    }

    private static void part(StringBuilder out, KeyPart part) {
        path(out, part.attribute());
        variable(out, part);
    }

    private static void variable(StringBuilder out, KeyPart part) {
        if (!part.isWhole()) {
            out.append(':').append(part.variable());
        }
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
        expect('@', "Expected '@' and a reference after the source attribute (@attribute, @attribute:key, @key or @PK=SK)");
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
        var copy = part("reference attribute");
        if (at == start) {
            throw error("Expected a reference attribute or 'key'");
        }
        int afterCopy = at;
        blanks();
        if (at < text.length() && text.charAt(at) == '=') {
            at++;
            blanks();
            return new Reference.ByKeyPart(copy, part("source's key attribute"));
        }
        at = afterCopy;
        var shape = IdShape.ID;
        if (at < text.length() && text.charAt(at) == ':') {
            at++;
            if (text.startsWith("id", at)) {
                at += 2;
            } else if (text.startsWith("key", at)) {
                at += 3;
                shape = IdShape.KEY;
            } else {
                throw error("Expected 'id' or 'key' after ':' in the reference (or a key variable's number, as in SK:2)");
            }
        }
        return new Reference.ByAttribute(copy.attribute(), copy.variable(), shape);
    }

    /** A path and, after ':' and digits, the number of one of its key variables. */
    private KeyPart part(String what) {
        var path = path(what);
        if (at + 1 < text.length() && text.charAt(at) == ':' && isDigit(text.charAt(at + 1))) {
            at++;
            int start = at;
            while (at < text.length() && isDigit(text.charAt(at))) {
                at++;
            }
            int variable;
            try {
                variable = Integer.parseInt(text.substring(start, at));
            } catch (NumberFormatException e) {
                throw new RuleSpecException("Key variable number too large", text, start);
            }
            if (variable == 0) {
                throw new RuleSpecException("Key variables are numbered from 1 (the whole value has no number)", text, start);
            }
            return new KeyPart(path, variable);
        }
        return new KeyPart(path, 0);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
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
