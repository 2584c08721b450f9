package dev.dynalens.domain.item;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a value sits in an item, as DynamoDB resolves a document path: a top-level attribute name followed by map keys
 * and list indexes ({@code assignee.name}, {@code lines[0].sku}). Names are the real attribute names, never
 * {@code #placeholders}; whoever writes an expression aliases them. The one type for a path everywhere: expressions,
 * the builder's rows, denormalization rules, repair steps, and the positions named in reading errors.
 *
 * <p>Its one text form ({@link #toString()}, read back by {@link #parse}): names separated by dots, list indexes in
 * brackets. A name that holds a blank or one of {@code . = @ : [ ] " \ `} is written in double quotes, with {@code "}
 * and {@code \} escaped by a backslash ({@code "order.id"}, {@code lines[0]."say \"hi\""}), as a rule SPEC and
 * PartiQL quote names. {@link #parse} also reads a name in backticks ({@code `order.id`}, a backtick doubled), as the
 * expression builder wrote them before.
 */
public record AttributePath(List<Element> elements) {
    /** Characters that make a name need quotes (with blanks). */
    private static final String SPECIAL = ".=@:[]\"\\`";

    /** One step of a path: a map key (or the top-level attribute name) or a list index. */
    public sealed interface Element permits Key, Index {
    }

    /** A top-level attribute name or a map key; never empty (DynamoDB refuses empty names). */
    public record Key(String name) implements Element {
        public Key {
            Objects.requireNonNull(name, "name");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("An attribute name must not be empty");
            }
        }

        @Override
        public String toString() {
            return quoteIfNeeded(name);
        }
    }

    /** A list element. */
    public record Index(int index) implements Element {
        public Index {
            if (index < 0) {
                throw new IllegalArgumentException("A list index must not be negative: " + index);
            }
        }

        @Override
        public String toString() {
            return "[" + index + "]";
        }
    }

    public AttributePath {
        elements = List.copyOf(elements);
        if (elements.isEmpty() || !(elements.get(0) instanceof Key)) {
            throw new IllegalArgumentException("An attribute path starts with an attribute name");
        }
    }

    /** A top-level attribute, whatever characters its name holds ({@code "order-id"} is one attribute). */
    public static AttributePath of(String name) {
        return new AttributePath(List.of(new Key(name)));
    }

    /** A path of map keys: {@code of("assignee", "name")} is {@code assignee.name}. */
    public static AttributePath of(String first, String... more) {
        var elements = new ArrayList<Element>();
        elements.add(new Key(first));
        for (var name : more) {
            elements.add(new Key(name));
        }
        return new AttributePath(elements);
    }

    /** This path followed by a map key. */
    public AttributePath key(String name) {
        var copy = new ArrayList<>(elements);
        copy.add(new Key(name));
        return new AttributePath(copy);
    }

    /** This path followed by a list index. */
    public AttributePath index(int index) {
        var copy = new ArrayList<>(elements);
        copy.add(new Index(index));
        return new AttributePath(copy);
    }

    /** The top-level attribute this path reads. */
    public String attributeName() {
        return ((Key) elements.get(0)).name();
    }

    public boolean isTopLevel() {
        return elements.size() == 1;
    }

    public int depth() {
        return elements.size();
    }

    public AttributePath parent() {
        if (isTopLevel()) {
            throw new IllegalStateException("A top-level attribute has no parent path");
        }
        return new AttributePath(elements.subList(0, elements.size() - 1));
    }

    public Element last() {
        return elements.get(elements.size() - 1);
    }

    /** Whether one path is a prefix of the other (or both are equal): DynamoDB's "overlapping paths". */
    public boolean overlaps(AttributePath other) {
        int common = Math.min(elements.size(), other.elements.size());
        return elements.subList(0, common).equals(other.elements.subList(0, common));
    }

    /**
     * Whether both paths go through the same step as a map key in one and a list index in the other
     * (DynamoDB's "conflicting paths": {@code a.b} and {@code a[1]}).
     */
    public boolean conflicts(AttributePath other) {
        int common = Math.min(elements.size(), other.elements.size());
        for (int i = 0; i < common; i++) {
            var mine = elements.get(i);
            var theirs = other.elements.get(i);
            if (mine.getClass() != theirs.getClass()) {
                return true;
            }
            if (!mine.equals(theirs)) {
                return false;
            }
        }
        return false;
    }

    /** The value at this path, if every step exists and has the right shape. */
    public Optional<AttributeValue> read(Item item) {
        AttributeValue current = item.attributes().get(attributeName());
        for (int i = 1; i < elements.size() && current != null; i++) {
            var element = elements.get(i);
            if (element instanceof Key key) {
                current = current instanceof AttributeValue.MapValue map ? map.values().get(key.name()) : null;
            } else if (element instanceof Index index) {
                current = current instanceof AttributeValue.ListValue list && index.index() < list.values().size()
                        ? list.values().get(index.index()) : null;
            } else {
                throw new IllegalStateException("unexpected " + element.getClass());
            }
        }
        return Optional.ofNullable(current);
    }

    /** The path's one text form: {@code assignee.name}, {@code a."b.c"[2]} (also its {@link #toString()}). */
    public String render() {
        var text = new StringBuilder();
        for (var element : elements) {
            if (element instanceof Key && !text.isEmpty()) {
                text.append('.');
            }
            text.append(element);
        }
        return text.toString();
    }

    @Override
    public String toString() {
        return render();
    }

    /** Element by element, without an iterator: paths are compared on hot paths (rule inference's counts). */
    @Override
    public boolean equals(Object other) {
        if (other == this) {
            return true;
        }
        if (!(other instanceof AttributePath path)) {
            return false;
        }
        var theirs = path.elements;
        int size = elements.size();
        if (theirs.size() != size) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (!elements.get(i).equals(theirs.get(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = 1;
        for (int i = 0, size = elements.size(); i < size; i++) {
            hash = 31 * hash + elements.get(i).hashCode();
        }
        return hash;
    }

    /** A name as it stands in the text form: bare when it can be, else double-quoted with {@code "} and {@code \} escaped. */
    public static String quoteIfNeeded(String name) {
        boolean bare = !name.isEmpty() && name.chars().noneMatch(c -> Character.isWhitespace(c) || SPECIAL.indexOf(c) >= 0);
        if (bare) {
            return name;
        }
        var out = new StringBuilder("\"");
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append('"').toString();
    }

    /**
     * Reads the text form (blanks around the whole path are ignored).
     *
     * @throws IllegalArgumentException "Path at N: …" with the character position of the problem
     */
    public static AttributePath parse(String text) {
        var raw = text == null ? "" : text.strip();
        if (raw.isEmpty()) {
            throw new IllegalArgumentException("Type an attribute path, such as price or address.lines[0]");
        }
        var elements = new ArrayList<Element>();
        int i = 0;
        boolean expectName = true;
        while (i < raw.length()) {
            char c = raw.charAt(i);
            if (expectName) {
                int start = i;
                var name = new StringBuilder();
                if (c == '"' || c == '`') {
                    i = quoted(raw, i, name);
                } else {
                    while (i < raw.length() && ".[]\"`".indexOf(raw.charAt(i)) < 0) {
                        name.append(raw.charAt(i++));
                    }
                }
                if (name.isEmpty()) {
                    throw problem(start, "an attribute name is missing");
                }
                elements.add(new Key(name.toString()));
                expectName = false;
            } else if (c == '.') {
                i++;
                expectName = true;
                if (i == raw.length()) {
                    throw problem(i, "a name must follow the dot");
                }
            } else if (c == '[') {
                int close = raw.indexOf(']', i);
                if (close < 0) {
                    throw problem(i, "the bracket is not closed");
                }
                var digits = raw.substring(i + 1, close).strip();
                if (digits.isEmpty() || !digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                    throw problem(i + 1, "a list index is a whole number, not '" + digits + "'");
                }
                try {
                    elements.add(new Index(Integer.parseInt(digits)));
                } catch (NumberFormatException e) {
                    throw problem(i + 1, "the list index " + digits + " is too large");
                }
                i = close + 1;
            } else {
                throw problem(i, "expected '.' or '[' after a name, not '" + c + "'");
            }
        }
        return new AttributePath(elements);
    }

    /** A quoted name from {@code start} (its opening quote) into {@code name}; returns the position after it. */
    private static int quoted(String raw, int start, StringBuilder name) {
        char quote = raw.charAt(start);
        int i = start + 1;
        while (true) {
            if (i >= raw.length()) {
                throw problem(start, "the " + (quote == '"' ? "quote" : "backtick") + " that opens a name is not closed");
            }
            char c = raw.charAt(i);
            if (quote == '`' && c == '`') {
                if (i + 1 < raw.length() && raw.charAt(i + 1) == '`') {
                    name.append('`');
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            if (quote == '"' && c == '\\') {
                if (i + 1 >= raw.length() || (raw.charAt(i + 1) != '"' && raw.charAt(i + 1) != '\\')) {
                    throw problem(i, "expected '\"' or '\\' after '\\' in a quoted name");
                }
                name.append(raw.charAt(i + 1));
                i += 2;
                continue;
            }
            if (quote == '"' && c == '"') {
                return i + 1;
            }
            name.append(c);
            i++;
        }
    }

    private static IllegalArgumentException problem(int position, String message) {
        return new IllegalArgumentException("Path at " + position + ": " + message);
    }

    /**
     * A path built step by step while reading a document, as a cheap linked list: nothing is allocated beyond one
     * small record per step, and the path is made only when a message names it ({@link #toPath()}).
     */
    public record Trail(Trail parent, String name, int index) {
        /** Before the first attribute: a value read on its own. */
        public static final Trail ROOT = new Trail(null, null, -1);

        public Trail attribute(String attributeName) {
            return new Trail(this, attributeName, -1);
        }

        public Trail element(int elementIndex) {
            return new Trail(this, null, elementIndex);
        }

        public boolean isRoot() {
            return parent == null;
        }

        /** The path so far in the one text form ({@code address.lines[2]}); empty at the root. */
        @Override
        public String toString() {
            var out = new StringBuilder();
            render(out);
            return out.toString();
        }

        private void render(StringBuilder out) {
            if (parent == null) {
                return;
            }
            parent.render(out);
            if (name == null) {
                out.append('[').append(index).append(']');
            } else {
                if (!parent.isRoot()) {
                    out.append('.');
                }
                out.append(quoteIfNeeded(name));
            }
        }
    }
}
