package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.AttributePath;
import java.util.Objects;

/**
 * A value copied from one item onto the items that read it: {@code USER.name} copied to
 * {@code POST.authorName}, each post finding its user through {@code authorId}.
 *
 * @param source    the entity and attribute the value comes from
 * @param copy      the entity and attribute holding the copy
 * @param reference how a copy finds its source item
 */
public record DenormalizationRule(Endpoint source, Endpoint copy, Reference reference) {
    public DenormalizationRule {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(copy, "copy");
        Objects.requireNonNull(reference, "reference");
    }

    /** An entity name (as entity inference names it) and an attribute path in its items. */
    public record Endpoint(String entity, AttributePath attribute) {
        public Endpoint {
            Objects.requireNonNull(entity, "entity");
            Objects.requireNonNull(attribute, "attribute");
            if (entity.isEmpty()) {
                throw new IllegalArgumentException("An entity name must not be empty");
            }
        }

        public static Endpoint of(String entity, String path) {
            return new Endpoint(entity, AttributePath.parse(path));
        }

        @Override
        public String toString() {
            return entity + "." + attribute.render();
        }
    }

    /** How a copy finds its source. */
    public sealed interface Reference permits Reference.ByAttribute, Reference.ByOwnKey {

        /**
         * An attribute of the copy holds the source's id or its whole partition key.
         *
         * @param attribute where the reference sits in the copy ({@code authorId}, {@code author.id}, {@code SK})
         * @param shape     what the value is: the id ({@code 102} for {@code USER#102}) or the key itself
         */
        record ByAttribute(AttributePath attribute, IdShape shape) implements Reference {
            public ByAttribute {
                Objects.requireNonNull(attribute, "attribute");
                Objects.requireNonNull(shape, "shape");
            }
        }

        /**
         * The copy lives in its source's partition: its partition key is the source's partition key
         * (a task in {@code PROJECT#9} copies the title of {@code PROJECT#9}'s root item).
         */
        record ByOwnKey() implements Reference {
            public static final ByOwnKey INSTANCE = new ByOwnKey();
        }
    }

    /** What a reference attribute holds. */
    public enum IdShape {
        /** The variable part of the source's partition key: {@code 102} for {@code USER#102}. */
        ID,
        /** The source's whole partition key value: {@code USER#102}. */
        KEY
    }

    public static DenormalizationRule byAttribute(String source, String copy, String referencePath, IdShape shape) {
        return new DenormalizationRule(endpoint(source), endpoint(copy), new Reference.ByAttribute(AttributePath.parse(referencePath), shape));
    }

    public static DenormalizationRule byOwnKey(String source, String copy) {
        return new DenormalizationRule(endpoint(source), endpoint(copy), Reference.ByOwnKey.INSTANCE);
    }

    /** {@code ENTITY.path} split at the first dot. */
    private static Endpoint endpoint(String entityDotPath) {
        int dot = entityDotPath.indexOf('.');
        if (dot <= 0) {
            throw new IllegalArgumentException("Expected ENTITY.attribute: " + entityDotPath);
        }
        return Endpoint.of(entityDotPath.substring(0, dot), entityDotPath.substring(dot + 1));
    }

    /** The rule as a SPEC string ({@link RuleSpec}). */
    public String toSpec() {
        return RuleSpec.render(this);
    }

    @Override
    public String toString() {
        return toSpec();
    }
}
