package dev.dynalens.domain.inference;

import dev.dynalens.domain.table.KeySchema.ScalarType;

/**
 * {@link KeyTemplates#infer(String)} for the hot path of inference, without allocating for a key
 * whose template was read before: the key is cut and each segment classified in place, and the
 * result is looked up among the templates already read, by the delimiter, the segment count, which
 * segments are literal and the literals' text. A key of a new shape is read by
 * {@link KeyTemplates#infer(String)} itself and remembered, so both readings are the same by
 * construction (and {@code KeyTemplateCacheTest} checks it on generated and real keys).
 *
 * <p>Equal keys shapes give the <em>same</em> {@link KeyTemplate} instance, which lets
 * {@link TemplateRegistry} remember per template how the population reads it.
 *
 * <p>Memory: at most {@value #CAPACITY} templates. Keys whose literals are data (user names as
 * keys: every key a template of its own) fill it; it is then emptied and refilled, so the templates
 * in use come back after a few items and the cache never grows with the item count. Not thread-safe.
 */
final class KeyTemplateCache {
    static final int CAPACITY = 1024;
    private static final int TABLE_SIZE = 2 * CAPACITY;

    /** A template read before, with what {@link TemplateRegistry} last made of it. */
    static final class Entry {
        final int hash;
        final KeyTemplate raw;
        KeyTemplate normalized;
        int revision = -1;

        /** The template's delimiter and, per segment, its literal text or null: {@link #sameShape} reads these. */
        final String delimiter;
        final String[] literals;

        Entry(int hash, KeyTemplate raw) {
            this.hash = hash;
            this.raw = raw;
            this.delimiter = raw.delimiter();
            this.literals = new String[raw.size()];
            for (int i = 0; i < literals.length; i++) {
                literals[i] = raw.segment(i) instanceof KeyTemplate.Literal l ? l.text() : null;
            }
        }
    }

    private final Entry[] table = new Entry[TABLE_SIZE];
    private int size;
    // The segments of the key being read: [starts[i], ends[i]), literal or not.
    private final int[] starts = new int[KeyTemplates.MAX_SEGMENTS];
    private final int[] ends = new int[KeyTemplates.MAX_SEGMENTS];
    private final boolean[] literal = new boolean[KeyTemplates.MAX_SEGMENTS];
    /**
     * The templates read last, by the text of the key's first segment (usually the entity's name) and its segment
     * count, {@value #WAYS} to a slot, most recent first: tried before the table.
     */
    private static final int RECENT_SLOTS_LOG2 = 6;
    private static final int WAYS = 8;
    private final Entry[] recent = new Entry[(1 << RECENT_SLOTS_LOG2) * WAYS];

    int size() {
        return size;
    }

    /** The template of a string key, equal to {@link KeyTemplates#infer(String)}. */
    Entry read(String key) {
        var delimiter = KeyTemplates.delimiterOf(key);
        int count = cut(key, delimiter);
        if (count < 0) {
            return new Entry(0, KeyTemplates.infer(key)); // too many segments: rare, not worth remembering
        }
        int first = (textHash(key, starts[0], ends[0]) * 31 + count) * 0x9E3779B9;
        int base = (first >>> (32 - RECENT_SLOTS_LOG2)) * WAYS;
        for (int way = 0; way < WAYS; way++) {
            var entry = recent[base + way];
            if (entry == null) {
                break;
            }
            if (sameShape(entry, key, delimiter, count)) {
                if (way > 0) { // most recent first
                    System.arraycopy(recent, base, recent, base + 1, way);
                    recent[base] = entry;
                }
                return entry;
            }
        }
        var entry = lookUp(key, delimiter, count);
        System.arraycopy(recent, base, recent, base + 1, WAYS - 1);
        recent[base] = entry;
        return entry;
    }

    /**
     * Whether a key cut into {@link #starts}/{@link #ends} reads as a template already read: every literal of the
     * template is the key's segment there (so that segment is literal, {@link KeyTemplates#isLiteral} depending on
     * the text alone), and every other segment of the key is not literal. Only the variable positions are
     * classified, and ids and dates usually fail to be literal at their first digit.
     */
    private boolean sameShape(Entry entry, String key, String delimiter, int count) {
        var literals = entry.literals;
        if (literals.length != count || entry.raw.type() != ScalarType.S || !entry.delimiter.equals(delimiter)) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            var text = literals[i];
            if (text != null) {
                if (text.length() != ends[i] - starts[i] || !key.regionMatches(starts[i], text, 0, text.length())) {
                    return false;
                }
            } else if (KeyTemplates.isLiteral(key, starts[i], ends[i])) {
                return false;
            }
        }
        return true;
    }

    private Entry lookUp(String key, String delimiter, int count) {
        int hash = delimiter.hashCode() * 31 + count;
        for (int i = 0; i < count; i++) {
            boolean isLiteral = KeyTemplates.isLiteral(key, starts[i], ends[i]);
            literal[i] = isLiteral;
            hash = hash * 31 + (isLiteral ? textHash(key, starts[i], ends[i]) : 0x5bd1e995);
        }
        hash ^= hash >>> 16;
        int mask = TABLE_SIZE - 1;
        int slot = hash & mask;
        for (var entry = table[slot]; entry != null; entry = table[slot = (slot + 1) & mask]) {
            if (entry.hash == hash && matches(entry.raw, key, delimiter, count)) {
                return entry;
            }
        }
        var entry = new Entry(hash, KeyTemplates.infer(key));
        if (size >= CAPACITY) {
            java.util.Arrays.fill(table, null);
            java.util.Arrays.fill(recent, null);
            size = 0;
            slot = hash & mask;
        }
        table[slot] = entry;
        size++;
        return entry;
    }

    /**
     * Cuts as {@link KeyTemplates#infer(String)} does, into {@link #starts} and {@link #ends}; the
     * number of segments, or -1 when the key has too many to be read segment by segment.
     */
    private int cut(String key, String delimiter) {
        if (delimiter.isEmpty()) {
            starts[0] = 0;
            ends[0] = key.length();
            return 1;
        }
        boolean colon = delimiter.equals(":");
        int count = 0;
        int start = 0;
        int at = key.indexOf(delimiter);
        while (at >= 0) {
            if (!colon || !KeyTemplates.isTimeColon(key, at)) {
                if (count + 1 >= KeyTemplates.MAX_SEGMENTS) {
                    return -1;
                }
                starts[count] = start;
                ends[count] = at;
                count++;
                start = at + delimiter.length();
            }
            at = key.indexOf(delimiter, at + delimiter.length());
        }
        starts[count] = start;
        ends[count] = key.length();
        return count + 1;
    }

    private boolean matches(KeyTemplate template, String key, String delimiter, int count) {
        if (template.type() != ScalarType.S || template.size() != count || !template.delimiter().equals(delimiter)) {
            return false;
        }
        for (int i = 0; i < count; i++) {
            var segment = template.segment(i);
            if (literal[i]) {
                int length = ends[i] - starts[i];
                if (!(segment instanceof KeyTemplate.Literal l) || l.text().length() != length
                        || !key.regionMatches(starts[i], l.text(), 0, length)) {
                    return false;
                }
            } else if (!(segment instanceof KeyTemplate.Variable)) {
                return false;
            }
        }
        return true;
    }

    private static int textHash(String key, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = h * 31 + key.charAt(i);
        }
        return h;
    }
}
