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

    /**
     * What of an item a reference reads: an attribute's whole value ({@code variable} 0), or the n-th variable (from 1)
     * of its key template as entity inference reads it ({@code SK:2} is {@code my-slug} in {@code POST#2024-01-18#my-slug}).
     * Written {@code path} or {@code path:n} in a SPEC.
     */
    public record KeyPart(AttributePath attribute, int variable) {
        public KeyPart {
            Objects.requireNonNull(attribute, "attribute");
            if (variable < 0) {
                throw new IllegalArgumentException("A key variable is numbered from 1; 0 is the whole value: " + variable);
            }
        }

        public static KeyPart whole(String attribute) {
            return new KeyPart(AttributePath.of(attribute), 0);
        }

        public boolean isWhole() {
            return variable == 0;
        }
    }

    /** How a copy finds its source. A source is one item, named in findings by its whole primary key. */
    public sealed interface Reference permits Reference.ByAttribute, Reference.ByOwnKey, Reference.ByKeyPart {

        /**
         * An attribute of the copy (or one variable of its key template) holds the source's id or its whole partition
         * key; the source is the one item of its entity in that partition (a root).
         *
         * @param attribute where the reference sits in the copy ({@code authorId}, {@code author.id}, {@code SK})
         * @param variable  0 for the attribute's whole value, n for the n-th variable of its key template
         *                  ({@code SK:2}: the slug of {@code POST#<date>#<slug>})
         * @param shape     what the value is: the id ({@code 102} for {@code USER#102}) or the key itself
         */
        record ByAttribute(AttributePath attribute, int variable, IdShape shape) implements Reference {
            public ByAttribute {
                Objects.requireNonNull(attribute, "attribute");
                Objects.requireNonNull(shape, "shape");
                if (variable < 0) {
                    throw new IllegalArgumentException("A key variable is numbered from 1; 0 is the whole value: " + variable);
                }
            }

            /** The attribute's whole value holds the id or the key. */
            public ByAttribute(AttributePath attribute, IdShape shape) {
                this(attribute, 0, shape);
            }

            public KeyPart part() {
                return new KeyPart(attribute, variable);
            }
        }

        /**
         * The copy lives in its source's partition: its partition key is the source's partition key
         * (a task in {@code PROJECT#9} copies the title of {@code PROJECT#9}'s root item).
         */
        record ByOwnKey() implements Reference {
            public static final ByOwnKey INSTANCE = new ByOwnKey();
        }

        /**
         * A part of the copy equals a part of the source, whichever key carries it: {@code PK=SK} (a task in
         * {@code PROJECT#P-1} and the project stored as {@code ORG#acme / PROJECT#P-1}), {@code SK:2=GSI1PK:1}. Several
         * items of the source entity with the same part: the one with the smallest primary key (DynamoDB's key order) is
         * the source. A source part in the table's partition key reads roots only, as {@link ByAttribute} does.
         */
        record ByKeyPart(KeyPart copy, KeyPart source) implements Reference {
            public ByKeyPart {
                Objects.requireNonNull(copy, "copy");
                Objects.requireNonNull(source, "source");
            }
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

    /** {@code byKeyPart("PROJECT.title", "TASK.projectTitle", "PK", "SK")}: parts written as in a SPEC, {@code SK:2}. */
    public static DenormalizationRule byKeyPart(String source, String copy, String copyPart, String sourcePart) {
        return new DenormalizationRule(endpoint(source), endpoint(copy), new Reference.ByKeyPart(part(copyPart), part(sourcePart)));
    }

    private static KeyPart part(String text) {
        int colon = text.lastIndexOf(':');
        if (colon > 0 && colon < text.length() - 1 && text.substring(colon + 1).chars().allMatch(Character::isDigit)) {
            return new KeyPart(AttributePath.parse(text.substring(0, colon)), Integer.parseInt(text.substring(colon + 1)));
        }
        return new KeyPart(AttributePath.parse(text), 0);
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
