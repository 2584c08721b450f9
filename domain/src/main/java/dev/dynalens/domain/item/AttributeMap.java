package dev.dynalens.domain.item;

import java.util.LinkedHashMap;
import java.util.Objects;

/**
 * The attributes of one item or map as a reader decodes them, handed to the {@link Item} or {@link AttributeValue.MapValue}
 * they make without the copy their constructors otherwise take: for readers that build one item at a time (a page of a
 * Scan, a line of a file, a chunk of kept projections). Once {@link #toItem} or {@link #toMap} made the value, this builder
 * holds no reference to its map, so nothing can change the value afterwards.
 *
 * <pre>{@code
 * var attributes = new AttributeMap(2);
 * attributes.put("PK", AttributeValue.s("USER#1"));
 * attributes.put("name", AttributeValue.s("Ada"));
 * Item item = attributes.toItem();
 * }</pre>
 */
public final class AttributeMap {
    /** The map only this class makes: a value constructor given one takes it as it is. */
    static final class Owned extends LinkedHashMap<String, AttributeValue> {
        Owned(int expected) {
            super(expected * 4 / 3 + 1);
        }
    }

    private Owned attributes;

    /** @param expected how many attributes are coming (a hint) */
    public AttributeMap(int expected) {
        attributes = new Owned(Math.max(0, expected));
    }

    /** Adds an attribute (a name given again replaces its value, as in a map). */
    public AttributeMap put(String name, AttributeValue value) {
        if (value == null) { // the message is built only when needed: this runs for every attribute read
            throw new NullPointerException("value of " + name);
        }
        open().put(Objects.requireNonNull(name, "name"), value);
        return this;
    }

    public boolean contains(String name) {
        return open().containsKey(name);
    }

    public int size() {
        return open().size();
    }

    /** The item of these attributes; the builder is spent. */
    public Item toItem() {
        return new Item(take());
    }

    /** The map value of these attributes; the builder is spent. */
    public AttributeValue.MapValue toMap() {
        return new AttributeValue.MapValue(take());
    }

    private Owned open() {
        if (attributes == null) {
            throw new IllegalStateException("This attribute map was made into a value already");
        }
        return attributes;
    }

    private Owned take() {
        var taken = open();
        attributes = null;
        return taken;
    }
}
