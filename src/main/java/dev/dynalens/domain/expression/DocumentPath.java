package dev.dynalens.domain.expression;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A document path as DynamoDB resolves it: a top-level attribute name followed by map keys and list indexes
 * ({@code a.b[2].c}). Names are the real attribute names, never {@code #placeholders}; the renderer aliases them.
 */
public record DocumentPath(List<Element> elements) {

    /** One step of a path: a map key (or the top-level attribute name) or a list index. */
    public sealed interface Element permits Key, Index {
    }

    public record Key(String name) implements Element {
        public Key {
            Objects.requireNonNull(name, "name");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("An attribute name must not be empty");
            }
        }

        @Override
        public String toString() {
            return name;
        }
    }

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

    public DocumentPath {
        elements = List.copyOf(elements);
        if (elements.isEmpty() || !(elements.get(0) instanceof Key)) {
            throw new IllegalArgumentException("A document path starts with an attribute name");
        }
    }

    /** A top-level attribute, whatever characters its name holds ({@code "order-id"} is one attribute). */
    public static DocumentPath attribute(String name) {
        return new DocumentPath(List.of(new Key(name)));
    }

    /** A path of map keys: {@code of("a", "b")} is {@code a.b}. */
    public static DocumentPath of(String first, String... more) {
        var elements = new ArrayList<Element>();
        elements.add(new Key(first));
        for (var name : more) {
            elements.add(new Key(name));
        }
        return new DocumentPath(elements);
    }

    /** This path followed by a map key. */
    public DocumentPath key(String name) {
        var copy = new ArrayList<>(elements);
        copy.add(new Key(name));
        return new DocumentPath(copy);
    }

    /** This path followed by a list index. */
    public DocumentPath index(int index) {
        var copy = new ArrayList<>(elements);
        copy.add(new Index(index));
        return new DocumentPath(copy);
    }

    public String attributeName() {
        return ((Key) elements.get(0)).name();
    }

    public boolean isTopLevel() {
        return elements.size() == 1;
    }

    public int depth() {
        return elements.size();
    }

    public DocumentPath parent() {
        if (isTopLevel()) {
            throw new IllegalStateException("A top-level attribute has no parent path");
        }
        return new DocumentPath(elements.subList(0, elements.size() - 1));
    }

    public Element last() {
        return elements.get(elements.size() - 1);
    }

    /** Whether one path is a prefix of the other (or both are equal): DynamoDB's "overlapping paths". */
    public boolean overlaps(DocumentPath other) {
        int common = Math.min(elements.size(), other.elements.size());
        return elements.subList(0, common).equals(other.elements.subList(0, common));
    }

    /**
     * Whether both paths go through the same step as a map key in one and a list index in the other
     * (DynamoDB's "conflicting paths": {@code a.b} and {@code a[1]}).
     */
    public boolean conflicts(DocumentPath other) {
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

    /** A readable form for messages, with names as they are ({@code a.b[2]}); not expression syntax. */
    @Override
    public String toString() {
        var text = new StringBuilder();
        for (var element : elements) {
            if (element instanceof Key key && !text.isEmpty()) {
                text.append('.');
            }
            text.append(element);
        }
        return text.toString();
    }
}
