package dev.dynalens.domain;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.AttributeValue.BinarySet;
import dev.dynalens.domain.item.AttributeValue.ListValue;
import dev.dynalens.domain.item.AttributeValue.MapValue;
import dev.dynalens.domain.item.AttributeValue.StringSet;
import dev.dynalens.domain.item.Item;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/** The generators produce what {@link ItemArbitraries} promises, so properties built on them test something. */
class ItemArbitrariesTest {

    @Provide
    Arbitrary<Item> items() {
        return ItemArbitraries.items();
    }

    @Property
    void items_coverEveryTypeDeepNestingAndNastyText(@ForAll("items") Item item) {
        var found = new Found();
        item.attributes().forEach((name, value) -> {
            found.names.add(name);
            found.visit(value, 1);
        });

        assertTrue(found.maxDepth <= ItemArbitraries.MAX_DEPTH + 1, "too deep: " + found.maxDepth);
        found.names.forEach(name -> assertTrue(!name.isEmpty() && isValidUtf16(name), name));
        found.strings.forEach(text -> assertTrue(isValidUtf16(text), text));

        for (var type : AttributeType.values()) {
            Statistics.label(type.name()).collect(found.types.contains(type));
        }
        Statistics.label("nesting of 32 levels").collect(found.maxDepth == ItemArbitraries.MAX_DEPTH + 1);
        Statistics.label("surrogate pair").collect(found.strings.stream().anyMatch(s -> s.codePoints().anyMatch(Character::isSupplementaryCodePoint)));
        Statistics.label("empty string").collect(found.strings.contains(""));
        Statistics.label("empty binary").collect(found.emptyBinary);
        Statistics.label("single-key map with a marker key").collect(found.markerKeyMap);

        for (var label : List.of("S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS", "nesting of 32 levels",
                "surrogate pair", "empty string", "empty binary", "single-key map with a marker key")) {
            Statistics.label(label).coverage(checker -> checker.check(true).count(n -> n >= 5));
        }
    }

    /** What one item contains, gathered by walking it. */
    private static final class Found {
        final Set<AttributeType> types = EnumSet.noneOf(AttributeType.class);
        final List<String> names = new ArrayList<>();
        final List<String> strings = new ArrayList<>();
        boolean emptyBinary;
        boolean markerKeyMap;
        int maxDepth;

        /** depth: 1 for an attribute's own value, +1 inside each list or map. */
        void visit(AttributeValue value, int depth) {
            types.add(value.type());
            maxDepth = Math.max(maxDepth, depth);
            switch (value) {
                case AttributeValue.Str s -> strings.add(s.value());
                case AttributeValue.Bin b -> emptyBinary |= b.value().length() == 0;
                case StringSet set -> strings.addAll(set.values());
                case BinarySet set -> emptyBinary |= set.values().stream().anyMatch(b -> b.length() == 0);
                case ListValue list -> list.values().forEach(v -> visit(v, depth + 1));
                case MapValue map -> {
                    markerKeyMap |= map.values().size() == 1 && map.values().keySet().iterator().next().startsWith("$");
                    map.values().forEach((k, v) -> {
                        names.add(k);
                        visit(v, depth + 1);
                    });
                }
                default -> {
                }
            }
        }
    }

    private static boolean isValidUtf16(String text) {
        try {
            StandardCharsets.UTF_8.newEncoder().encode(CharBuffer.wrap(text));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
