package dev.dynalens.domain.codec;

/**
 * Where a value sits inside an item ({@code address.lines[2]}), kept as a cheap linked list while
 * reading and rendered only when a message needs it.
 */
record AttributePath(AttributePath parent, String name, int index) {
    static final AttributePath ROOT = new AttributePath(null, null, -1);

    AttributePath attribute(String attributeName) {
        return new AttributePath(this, attributeName, -1);
    }

    AttributePath element(int elementIndex) {
        return new AttributePath(this, null, elementIndex);
    }

    /** "attribute "a.b[2]"", or "the value" for a value read on its own. */
    String describe() {
        return parent == null ? "the value" : "attribute " + JsonSupport.quote(render());
    }

    private String render() {
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
            if (parent.parent != null) {
                out.append('.');
            }
            out.append(name);
        }
    }
}
