package dev.dynalens.domain.inference;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The shape of key values: segments that are literal ({@code CUSTOMER}) or variable ({@code {}}),
 * joined by one delimiter. {@code CUSTOMER#{}} and {@code ORDER#{}#{}} are templates; so is
 * {@code PROFILE} (one literal segment, no delimiter) and {@code {}} (any value). Number and binary
 * keys have no inner structure: their template is a single variable of their type.
 *
 * @param type      the key's scalar type
 * @param delimiter the string between segments; empty when there is a single segment
 * @param segments  at least one
 */
public record KeyTemplate(ScalarType type, String delimiter, List<Segment> segments) {
    /** How a variable segment is rendered. */
    public static final String PLACEHOLDER = "{}";

    public KeyTemplate {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(delimiter, "delimiter");
        segments = List.copyOf(segments);
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("A key template has at least one segment");
        }
        if (segments.size() > 1 && delimiter.isEmpty()) {
            throw new IllegalArgumentException("Several segments need a delimiter");
        }
        if (type != ScalarType.S && !(segments.size() == 1 && segments.get(0) instanceof Variable)) {
            throw new IllegalArgumentException("A " + type + " key template is a single variable");
        }
    }

    /** The template of every key of a type: {@code {}}. */
    public static KeyTemplate anyValue(ScalarType type) {
        return new KeyTemplate(type, "", List.of(Variable.INSTANCE));
    }

    /** One part of a template. */
    public sealed interface Segment permits Literal, Variable {
    }

    /** A segment that is the same text in every key of the template. */
    public record Literal(String text) implements Segment {
        public Literal {
            Objects.requireNonNull(text, "text");
        }
    }

    /** A segment whose text varies: an id, a number, a date. */
    public record Variable() implements Segment {
        public static final Variable INSTANCE = new Variable();
    }

    public int size() {
        return segments.size();
    }

    public Segment segment(int index) {
        return segments.get(index);
    }

    /** True when every segment is literal: the key is a constant such as {@code PROFILE} or {@code #META}. */
    public boolean isConstant() {
        return segments.stream().allMatch(Literal.class::isInstance);
    }

    /** {@code CUSTOMER#{}}, {@code PROFILE}, {@code {}}. */
    public String render() {
        var out = new StringBuilder();
        for (int i = 0; i < segments.size(); i++) {
            if (i > 0) {
                out.append(delimiter);
            }
            out.append(segments.get(i) instanceof Literal literal ? literal.text() : PLACEHOLDER);
        }
        return out.toString();
    }

    /**
     * The leading name: the first non-empty segment when it is literal, without wrapping quotes or
     * brackets. {@code ORDER#{}#{}} is ORDER, {@code #META#} is META, {@code "info"} is info,
     * {@code {}#x} has none.
     */
    public Optional<String> leadingName() {
        for (var segment : segments) {
            if (segment instanceof Literal literal) {
                if (!literal.text().isEmpty()) {
                    return KeyTemplates.nameOf(literal.text());
                }
            } else {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * The name of the partition owner, for partition-key templates: the last literal directly
     * followed by a variable ({@code TENANT#{}#USER#{}} is USER), with the trailing literal after
     * the last variable as a qualifier ({@code u#{}#follower} is {@code u_follower}). A template
     * without variables is named by its leading name.
     */
    public Optional<String> ownerName() {
        int lastVariable = -1;
        String owner = null;
        for (int i = 0; i < segments.size(); i++) {
            if (segments.get(i) instanceof Variable) {
                lastVariable = i;
                if (i > 0 && segments.get(i - 1) instanceof Literal literal && !literal.text().isEmpty()) {
                    owner = KeyTemplates.nameOf(literal.text()).orElse(owner);
                }
            }
        }
        if (lastVariable < 0) {
            return leadingName();
        }
        if (owner == null) {
            return Optional.empty();
        }
        for (int i = segments.size() - 1; i > lastVariable; i--) {
            if (segments.get(i) instanceof Literal literal && !literal.text().isEmpty()) {
                var qualifier = KeyTemplates.nameOf(literal.text());
                if (qualifier.isPresent()) {
                    return Optional.of(owner + "_" + qualifier.get());
                }
            }
        }
        return Optional.of(owner);
    }

    /** The first literal name at or after a segment index, skipping variables and empty segments. */
    Optional<String> firstNameFrom(int index) {
        for (int i = index; i < segments.size(); i++) {
            if (segments.get(i) instanceof Literal literal && !literal.text().isEmpty()) {
                var name = KeyTemplates.nameOf(literal.text());
                if (name.isPresent()) {
                    return name;
                }
            }
        }
        return Optional.empty();
    }

    /** Whether a string key fits this template: same delimiter, same segment count, equal literals. */
    public boolean matches(String key) {
        if (type != ScalarType.S) {
            return false;
        }
        var parts = KeyTemplates.splitWith(key, delimiter);
        if (parts.size() != segments.size()) {
            return false;
        }
        for (int i = 0; i < parts.size(); i++) {
            if (segments.get(i) instanceof Literal literal && !literal.text().equals(parts.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether a key value fits this template; a number or binary key fits the template of its type. */
    public boolean matches(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return matches(s.value());
        } else if (value instanceof AttributeValue.Num) {
            return type == ScalarType.N;
        } else if (value instanceof AttributeValue.Bin) {
            return type == ScalarType.B;
        } else {
            return false;
        }
    }

    @Override
    public String toString() {
        return render();
    }
}
