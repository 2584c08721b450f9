package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a value sits in an item: a top-level attribute name followed by map keys and list indexes,
 * {@code assignee.name} or {@code lines[0].sku}. The first step is always a name.
 */
public record AttributePath(List<Step> steps) {
    public AttributePath {
        steps = List.copyOf(steps);
        if (steps.isEmpty() || !(steps.getFirst() instanceof Name)) {
            throw new IllegalArgumentException("An attribute path starts with an attribute name");
        }
    }

    /** One step of a path. */
    public sealed interface Step permits Name, Index {
    }

    /** A top-level attribute name or a map key; never empty (DynamoDB refuses empty names). */
    public record Name(String name) implements Step {
        public Name {
            Objects.requireNonNull(name, "name");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("An attribute name must not be empty");
            }
        }
    }

    /** A list element. */
    public record Index(int index) implements Step {
        public Index {
            if (index < 0) {
                throw new IllegalArgumentException("A list index must not be negative: " + index);
            }
        }
    }

    /** A top-level attribute. */
    public static AttributePath of(String name) {
        return new AttributePath(List.of(new Name(name)));
    }

    /** A path of names only: {@code of("assignee", "name")}. */
    public static AttributePath of(String first, String... more) {
        var steps = new ArrayList<Step>();
        steps.add(new Name(first));
        for (var name : more) {
            steps.add(new Name(name));
        }
        return new AttributePath(steps);
    }

    /** Parses the path part of a rule SPEC ({@code assignee.name}, {@code lines[0]."odd.key"}). */
    public static AttributePath parse(String text) {
        return RuleSpec.parsePath(text);
    }

    public AttributePath child(String name) {
        var copy = new ArrayList<>(steps);
        copy.add(new Name(name));
        return new AttributePath(copy);
    }

    /** The top-level attribute this path reads. */
    public String attributeName() {
        return ((Name) steps.getFirst()).name();
    }

    public boolean isTopLevel() {
        return steps.size() == 1;
    }

    /** The value at this path, if every step exists and has the right shape. */
    public Optional<AttributeValue> read(Item item) {
        AttributeValue current = item.attributes().get(attributeName());
        for (int i = 1; i < steps.size() && current != null; i++) {
            current = switch (steps.get(i)) {
                case Name name -> current instanceof AttributeValue.MapValue map ? map.values().get(name.name()) : null;
                case Index index -> current instanceof AttributeValue.ListValue list && index.index() < list.values().size()
                        ? list.values().get(index.index()) : null;
            };
        }
        return Optional.ofNullable(current);
    }

    /** {@code assignee.name}; names that need it are quoted as in a rule SPEC. */
    public String render() {
        return RuleSpec.renderPath(this);
    }

    @Override
    public String toString() {
        return render();
    }
}
